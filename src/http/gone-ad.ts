// The one rule for an ad gone for good (db/gone-posts.ts): whoever asks for its address — the ad page,
// an old site's address of it — gets 410 with the same text, not 404.
import type { Context } from 'hono';
import { isGonePost } from '../db/gone-posts';
import type { AppEnv } from '../env';
import { Gone } from '../lib/errors';

/** What an ad removed for good answers (410). */
export const GONE_AD = 'Acest anunț a fost șters definitiv și nu mai este disponibil.';

/** Throws the 410 when the ad `id` is gone for good; returns otherwise (the caller answers 404 or more). */
export async function refuseGoneAd(c: Context<AppEnv>, id: number): Promise<void> {
  if (await isGonePost(c.get('db'), id)) throw new Gone(GONE_AD);
}
