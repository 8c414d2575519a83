// The handler of each kind of job (types.ts): the consumer dispatches by `kind`. A handler throws to
// have its job retried; it returns normally when the job is done or has nothing left to do.
import { runBackupPhotos, runBackupRetention, runBackupTables } from '../backup/run';
import type { Bindings } from '../env';
import { runDecisionNotice, runReportNotice } from './decision-notice';
import { runExpiryReminder } from './expiry-reminder';
import { runHeldAlert } from './held-alert';
import { runMessageUnread } from './message-unread';
import { runModerationNotice, runReportsDigest } from './moderation';
import { runPriceDrop } from './price-drop';
import { runSavedSearchDigest } from './saved-search-digest';
import { runSendMail } from './send-mail';
import type { JobKind, JobOf } from './types';

export const JOB_HANDLERS: { [K in JobKind]: (job: JobOf<K>, env: Bindings) => Promise<void> } = {
  'send-mail': runSendMail,
  'message-unread': runMessageUnread,
  'saved-search-digest': runSavedSearchDigest,
  'price-drop': runPriceDrop,
  'expiry-reminder': (job, env) => runExpiryReminder(job, env),
  'moderation-notice': runModerationNotice,
  'reports-digest': runReportsDigest,
  'decision-notice': runDecisionNotice,
  'report-notice': runReportNotice,
  'held-alert': runHeldAlert,
  'backup-tables': (job, env) => runBackupTables(job, env),
  'backup-photos': runBackupPhotos,
  'backup-retention': (_job, env) => runBackupRetention(env),
};
