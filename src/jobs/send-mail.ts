// The `send-mail` job: a written mail to one person, if they still want it.
import { openDb } from '../db/session';
import type { Bindings } from '../env';
import { mailRecipient } from '../mail/recipient';
import { sendMail } from '../mail/send';
import type { SendMailJob } from './types';

export async function runSendMail(job: SendMailJob, env: Bindings): Promise<void> {
  const db = openDb(env.DB);
  const to = await mailRecipient(db, job.userId, job.mailKind);
  if (!to) return;
  await sendMail(env, {
    to: to.email,
    subject: job.subject,
    text: job.text,
    html: job.html,
    headers: job.headers,
  });
}
