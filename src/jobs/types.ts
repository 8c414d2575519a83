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

export type Job = SendMailJob;
export type JobKind = Job['kind'];
export type JobOf<K extends JobKind> = Extract<Job, { kind: K }>;
