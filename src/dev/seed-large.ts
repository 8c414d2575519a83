// `npm run seed:large` (docs/moderation.md#large-data-set): 5,000 people, 20,000 ads and 2,000 reports
// added to a local site that has its demo seed, for the operators' console at the size of the county.
// The ads repeat the demo ads' texts (masked and stemmed as a writer stores them), numbered.
import { adTextColumns } from '../db/ad-text';
import {
  anyOperatorId,
  type LargeCounts,
  type LargeProgress,
  type LargeTemplate,
  runLargeStep,
} from '../db/seed-large';
import type { Db } from '../env';
import { demoAds } from './seed-data';

export const LARGE_COUNTS: LargeCounts = { people: 5_000, ads: 20_000, reports: 2_000 };

/** At most this many templates (their literals go into one statement). */
const TEMPLATES = 80;

export function largeTemplates(now: number): LargeTemplate[] {
  const seen = new Set<string>();
  const out: LargeTemplate[] = [];
  for (const ad of demoAds(now)) {
    if (seen.has(ad.title) || out.length >= TEMPLATES) continue;
    seen.add(ad.title);
    const text = adTextColumns(ad.title, ad.description);
    out.push({
      categoryId: ad.categoryId,
      subcategoryId: ad.subcategoryId,
      title: text.title,
      slug: text.slug,
      description: ad.description,
      searchText: text.searchText,
      searchStems: text.searchStems,
      price: ad.price,
    });
  }
  return out;
}

/** Whether an operator exists (the demo seed's): the generated decisions are logged as theirs. */
export async function hasOperator(db: Db): Promise<boolean> {
  return (await anyOperatorId(db)) !== null;
}

/**
 * Runs the next step of the large set (one request each, so each stays short); answers what it did
 * and whether more steps remain. Needs the demo seed first (its operator and photos).
 */
export async function seedLargeStep(
  db: Db,
  now: number,
): Promise<LargeProgress & { ran: number | null; ms: number }> {
  const t0 = Date.now();
  const operator = await anyOperatorId(db);
  if (operator === null) throw new Error('no operator: run the demo seed first');
  const p = await runLargeStep(db, largeTemplates(now), LARGE_COUNTS, operator, now);
  return { ...p, ms: Date.now() - t0 };
}
