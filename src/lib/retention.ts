// Which backups to keep (docs/operations.md#retention): the newest of each of the last 7 days that
// have a backup, of each of the last 4 weeks (Monday to Sunday, UTC) and of each of the last 12
// months. Everything else is removed. Pure: names in, names out.

export const KEEP_DAILY = 7;
export const KEEP_WEEKLY = 4;
export const KEEP_MONTHLY = 12;

const DAY_MS = 86_400_000;

function dayOf(t: number) {
  return Math.floor(t / DAY_MS);
}

/** Monday-start week number since the epoch (1970-01-01 was a Thursday). */
function weekOf(t: number) {
  return Math.floor((dayOf(t) + 3) / 7);
}

function monthOf(t: number) {
  const d = new Date(t);
  return d.getUTCFullYear() * 12 + d.getUTCMonth();
}

/** The backups to keep, given each one's time. */
export function backupsToKeep(backups: readonly { name: string; at: number }[]): Set<string> {
  const newestFirst = [...backups].sort((a, b) => b.at - a.at);
  const keep = new Set<string>();
  for (const [period, count] of [
    [dayOf, KEEP_DAILY],
    [weekOf, KEEP_WEEKLY],
    [monthOf, KEEP_MONTHLY],
  ] as const) {
    const seen = new Set<number>();
    for (const b of newestFirst) {
      const p = period(b.at);
      if (seen.has(p)) continue;
      if (seen.size >= count) break;
      seen.add(p);
      keep.add(b.name);
    }
  }
  return keep;
}
