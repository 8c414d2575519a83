// How long an expired ad is kept (docs/privacy.md#retention): one rule, applied by the daily job
// (jobs/retention.ts, through db/retention.longExpiredAds) to v3's own ads and by the move-in
// (lib/import-map.decidePost) to the old site's, so an old ad is carried over exactly when the daily
// job would still keep it. Past the rule an ad is removed for good and its address answers 410
// (db/gone-posts.ts).
import { DAY_MS } from './dates';

/** An expired ad is kept this long after its expiry (renewable by its owner all that time). */
export const EXPIRED_AD_KEEP_MS = 730 * DAY_MS;

/** Ads whose expiry is at or before this time are gone for good at `now`. */
export function expiredAdCutoff(now: number): number {
  return now - EXPIRED_AD_KEEP_MS;
}

/** Whether an ad that expired (or expires) at `expiresAt` is gone for good at `now`. */
export function isExpiredForGood(expiresAt: number, now: number): boolean {
  return expiresAt <= expiredAdCutoff(now);
}
