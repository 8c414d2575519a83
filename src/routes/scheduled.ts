import type { Bindings } from '../env';

/** The daily cron: expires ads past their lifetime and removes orphaned drafts and photos. */
export async function runScheduled(_env: Bindings, _now: number): Promise<void> {}
