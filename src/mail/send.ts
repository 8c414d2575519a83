// The only place that hands a mail to Cloudflare Email Service. Callers run inside a queue job
// (src/jobs/), never in a page's request: a failed send throws and the job is retried.
import type { Bindings } from '../env';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  headers?: Record<string, string>;
}

export async function sendMail(env: Pick<Bindings, 'EMAIL' | 'MAIL_FROM'>, message: MailMessage) {
  return env.EMAIL.send({
    from: env.MAIL_FROM,
    to: message.to,
    subject: message.subject,
    text: message.text,
    html: message.html,
    ...(message.headers ? { headers: message.headers } : {}),
  });
}
