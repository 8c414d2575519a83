// Every kind of background job: a discriminated union on `kind`. Each feature adds its variant here
// and its handler in registry.ts (the compiler then insists on both).
import type { MailKind } from '../mail/kinds';

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

/** Before an ad expires ('soon') and once after it has ('expired'). */
export type ExpiryStage = 'soon' | 'expired';

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

/** The hourly digest of new reports, to one operator: reports created in (`since`, `until`] (ms). */
export interface ReportsDigestJob {
  kind: 'reports-digest';
  userId: number;
  since: number;
  until: number;
}

export type Job = SendMailJob | ExpiryReminderJob | ModerationNoticeJob | ReportsDigestJob;
export type JobKind = Job['kind'];
export type JobOf<K extends JobKind> = Extract<Job, { kind: K }>;
