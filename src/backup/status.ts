// What /moderare/stare shows and the one-line summary of background work for /moderare/statistici.

import type { BackgroundWorkProps } from '../components/BackgroundWork';
import { lastRuns, lastSuccess, mailCounts, troubledJobs } from '../db/job-runs';
import type { Db } from '../env';
import type { BackupSummary, StatusPageProps } from '../pages/StatusPage';
import type { Manifest } from './format';
import { completeBackups } from './store';

/** Everything /moderare/stare shows: exactly the page's props. */
export type BackgroundStatus = StatusPageProps;

const DAY_MS = 86_400_000;
/** The longest delay before a failed job's next attempt (retryDelaySeconds in src/jobs/consumer.ts). */
const RETRY_WAIT_MS = 3_600_000;

export function summarize(m: Manifest): BackupSummary {
  return {
    name: m.name,
    createdAt: m.createdAt,
    finishedAt: m.finishedAt,
    bytes: Object.values(m.tables).reduce((s, t) => s + t.bytes, 0) + m.photos.bytes,
    rows: Object.fromEntries(Object.entries(m.tables).map(([t, e]) => [t, e.rows])),
    photos: m.photos.count,
  };
}

export async function backgroundStatus(db: Db, bucket: R2Bucket, now: number): Promise<BackgroundStatus> {
  const [backups, daily, hourly, backupRuns, troubled, mails] = await Promise.all([
    completeBackups(bucket, 10),
    lastRuns(db, 'daily', 3),
    lastRuns(db, 'hourly', 3),
    lastRuns(db, 'backup', 3),
    troubledJobs(db, now - DAY_MS),
    mailCounts(db, now - DAY_MS),
  ]);
  return { backups: backups.map(summarize), daily, hourly, backupRuns, troubled, mails };
}

/**
 * The props of <BackgroundWork> (src/components/BackgroundWork.tsx), the one-line summary another
 * operators' page shows: `<BackgroundWork {...await backgroundWorkProps(db, Date.now())} />`.
 */
export async function backgroundWorkProps(db: Db, now: number): Promise<BackgroundWorkProps> {
  const [lastBackupAt, daily, hourly, troubled, mails] = await Promise.all([
    lastSuccess(db, 'backup'),
    lastRuns(db, 'daily', 1),
    lastRuns(db, 'hourly', 1),
    troubledJobs(db, now - DAY_MS, 100),
    mailCounts(db, now - DAY_MS),
  ]);
  return {
    lastBackupAt,
    lastDaily: daily[0] ?? null,
    lastHourly: hourly[0] ?? null,
    failedJobs: troubled.filter((j) => j.status === 'failed').length,
    sentMails: mails.sent,
    failedMails: mails.failed,
    // A retry waits at most an hour (src/jobs/consumer.ts): older retries have run since.
    waitingJobs: troubled.filter((j) => j.status === 'retrying' && j.startedAt > now - RETRY_WAIT_MS).length,
  };
}
