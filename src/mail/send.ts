// The only place that hands a mail to Cloudflare Email Service. Callers run inside a queue job
// (src/jobs/), never in a page's request: a failed send throws and the job is retried.
import { recordEvent } from '../db/job-runs';
import { openDb } from '../db/session';
import type { Bindings } from '../env';
import { oneLineText } from '../lib/text';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  headers?: Record<string, string>;
  /** Where replies go (the statement of reasons: the address that hears contests). */
  replyTo?: string;
}

/** Each mail's outcome is counted in job_runs (kind `mail`) for /moderare/stare, when DB is given. */
export async function sendMail(
  env: Pick<Bindings, 'EMAIL' | 'MAIL_FROM'> & Partial<Pick<Bindings, 'DB'>>,
  message: MailMessage,
) {
  try {
    const sent = await env.EMAIL.send({
      from: env.MAIL_FROM,
      to: message.to,
      // One line whatever the caller built it from: nothing a person typed can add a header.
      subject: oneLineText(message.subject),
      text: message.text,
      html: message.html,
      ...(message.headers ? { headers: message.headers } : {}),
      ...(message.replyTo ? { replyTo: message.replyTo } : {}),
    });
    await recordMail(env, true);
    return sent;
  } catch (err) {
    await recordMail(env, false, err instanceof Error ? err.message : String(err));
    throw err;
  }
}

async function recordMail(env: Partial<Pick<Bindings, 'DB'>>, ok: boolean, detail?: string) {
  if (!env.DB) return;
  try {
    await recordEvent(openDb(env.DB), 'mail', ok ? 'ok' : 'failed', Date.now(), detail);
  } catch (err) {
    console.error('mail outcome not recorded', err);
  }
}
