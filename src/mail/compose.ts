// How a job writes a mail: a template (subject, text and HTML from the same props) is rendered here
// and handed to the one sender. A mail a person can turn off (`sendKindMail`) also gets, in this one
// place, its signed unsubscribe link, the shared footer's links and the List-Unsubscribe headers.
import { createElement, type ReactElement } from 'react';
import type { Bindings } from '../env';
import { absoluteUrl, route } from '../lib/links';
import type { MailKind } from '../lib/mail-kinds';
import type { MailFooterProps } from './footer';
import { renderMailHtml } from './layout';
import type { MailRecipient } from './recipient';
import { type MailMessage, sendMail } from './send';
import { listUnsubscribeHeaders, unsubscribeUrl } from './unsubscribe';

/** One kind of mail: its subject, plain text and HTML, all written from the same props. */
export interface MailTemplate<P> {
  subject: (props: P) => string;
  text: (props: P) => string;
  Html: (props: P) => ReactElement;
}

type MailEnv = Pick<Bindings, 'EMAIL' | 'MAIL_FROM' | 'DB' | 'SIGNING_SECRET' | 'SITE_URL'>;

/** Renders a template with its props and sends it to one address (transactional mails use this directly). */
export function sendTemplateMail<P extends object>(
  env: Pick<Bindings, 'EMAIL' | 'MAIL_FROM' | 'DB'>,
  to: string,
  template: MailTemplate<P>,
  props: P,
  extra: Pick<MailMessage, 'headers' | 'replyTo'> = {},
) {
  return sendMail(env, {
    to,
    subject: template.subject(props),
    text: template.text(props),
    html: renderMailHtml(createElement(template.Html, props)),
    ...extra,
  });
}

/**
 * Sends a mail of a kind the person can turn off: `build` gets the footer's links (the unsubscribe
 * link is signed for this person and kind) and returns the template's props.
 */
export async function sendKindMail<P extends object>(
  env: MailEnv,
  to: MailRecipient,
  kind: MailKind,
  template: MailTemplate<P>,
  build: (footer: MailFooterProps) => P,
  now = Date.now(),
) {
  const unsubscribe = await unsubscribeUrl(env, to.userId, kind, undefined, now);
  const footer: MailFooterProps = {
    kind,
    unsubscribeUrl: unsubscribe,
    preferencesUrl: absoluteUrl(env.SITE_URL, route('mailPreferences')),
  };
  return sendTemplateMail(env, to.email, template, build(footer), {
    headers: listUnsubscribeHeaders(unsubscribe),
  });
}
