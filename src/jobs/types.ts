// Every kind of background job: a discriminated union on `kind`. Each feature adds its variant here
// and its handler in registry.ts (the compiler then insists on both).
import type { ExpiryStage } from '../db/expiry-reminders';
import type { Decision } from '../lib/decisions';
import type { MailKind } from '../lib/mail-kinds';

/**
 * A mail already written, to one person: the handler asks `mailRecipient` at send time, so a person
 * banned or unsubscribed in the meantime gets nothing.
 */
export interface SendMailJob {
  kind: 'send-mail';
  userId: number;
  mailKind: MailKind;
  subject: string;
  text: string;
  html: string;
  headers?: Record<string, string>;
}

/**
 * A person has private messages left unread ten minutes (src/jobs/message-unread.ts): one mail at
 * most an hour lists all their conversations with unread messages. `conversationId` names the
 * conversation that asked (jobs enqueued before the grouping also carried the message).
 */
export interface MessageUnreadJob {
  kind: 'message-unread';
  recipientId: number;
  conversationId?: number;
  senderId?: number;
  messageId?: number;
  excerpt?: string;
}

/** One person's daily saved-search digest; `upTo` bounds the new ads (the same on every retry). */
export interface SavedSearchDigestJob {
  kind: 'saved-search-digest';
  userId: number;
  /** The Bucharest day of the cron run: one digest per person and day. */
  day: string;
  upTo: number;
}

/** A saved ad's price went down in edit `version`: mail those who asked. */
export interface PriceDropJob {
  kind: 'price-drop';
  postId: number;
  version: number;
  newPrice: number;
}

export type { ExpiryStage } from '../db/expiry-reminders';

/** One mail to an owner listing their ads whose reminder of this stage was claimed and not yet sent. */
export interface ExpiryReminderJob {
  kind: 'expiry-reminder';
  userId: number;
  stage: ExpiryStage;
}

/** The author of an ad an operator hid (with the reason) or that reports put on hold. */
export interface ModerationNoticeJob {
  kind: 'moderation-notice';
  postId: number;
  action: 'hidden' | 'held';
}

/**
 * A statement of reasons (or the news of a decision lifted) to the person concerned
 * (docs/moderation.md#notices): written from these fields when the job runs.
 */
export interface DecisionNoticeJob {
  kind: 'decision-notice';
  userId: number;
  decision: Decision;
  postId: number | null;
  title: string;
  reason: string;
  ground: string;
}

/** A reporter who left an address: the acknowledgement of their report, or the decision. */
export interface ReportNoticeJob {
  kind: 'report-notice';
  to: string;
  stage: 'ack' | 'decision';
  postId: number;
  title: string;
  decision: string;
}

/** The hourly digest of new reports, to one operator: reports created in (`since`, `until`] (ms). */
export interface ReportsDigestJob {
  kind: 'reports-digest';
  userId: number;
  since: number;
  until: number;
}

/** The instant alert to one operator: an ad was held automatically (`ground`: why, in words). */
export interface HeldAlertJob {
  kind: 'held-alert';
  userId: number;
  postId: number;
  ground: string;
}

/** The nightly backup's first step: every table into the bucket (src/backup/run.ts). */
export interface BackupTablesJob {
  kind: 'backup-tables';
  name: string;
}

/** One part of a backup's photo originals to copy (the last part finishes the backup). */
export interface BackupPhotosJob {
  kind: 'backup-photos';
  name: string;
  part: number;
  ids: number[];
}

/** Removes the backups and photo copies past retention. */
export interface BackupRetentionJob {
  kind: 'backup-retention';
}

export type Job =
  | BackupTablesJob
  | BackupPhotosJob
  | BackupRetentionJob
  | SendMailJob
  | ExpiryReminderJob
  | ModerationNoticeJob
  | DecisionNoticeJob
  | ReportNoticeJob
  | ReportsDigestJob
  | HeldAlertJob
  | MessageUnreadJob
  | SavedSearchDigestJob
  | PriceDropJob;
export type JobKind = Job['kind'];
export type JobOf<K extends JobKind> = Extract<Job, { kind: K }>;
