// Where mails lead: the mail preferences (`/cont/notificari`, signed in), the one-click unsubscribe
// (`/dezabonare/<token>`: GET asks, POST does it, without a session) and the one-click renewal of an
// expiry reminder (`/reinnoire/<token>`: GET shows the ad, only the POST renews, once).
import { type Context, Hono } from 'hono';
import { requireUser } from '../auth/guards';
import { getCategoryTreeCached } from '../db/categories';
import { applyLifecycle } from '../db/lifecycle';
import { mailKindsOff, setMailKinds } from '../db/mail-prefs';
import { getPost } from '../db/posts';
import { isTokenUsed, releaseToken, useTokenOnce } from '../db/used-tokens';
import { findUserById } from '../db/users';
import type { AppEnv } from '../env';
import { setFlash } from '../flash';
import { privateAnswers, submittedForm } from '../http/helpers';
import { formatDate } from '../lib/dates';
import { HttpError, NotFound } from '../lib/errors';
import { postHref, route, routePath } from '../lib/links';
import { isAlwaysSent, isMailKind, MAIL_KIND_NAMES, MAIL_KINDS, type MailKind } from '../lib/mail-kinds';
import { shownStatus, statusLine } from '../lib/post-status';
import { checkRenewToken } from '../mail/renew-link';
import { applyUnsubscribe, describeUnsubscribe, readUnsubscribeToken } from '../mail/unsubscribe';
import { purgeForPost } from '../page-purge';
import { MailPreferencesPage, RenewPage, UnsubscribePage } from '../pages/MailPages';

export const mailLinkRoutes = new Hono<AppEnv>();
// Personal pages and one-time links: private and never stored.
for (const path of [routePath('mailPreferences'), routePath('unsubscribe'), routePath('renewByMail')])
  mailLinkRoutes.use(path, privateAnswers);

/** Kinds switched on the preferences page: the operators' digest only to operators; never those always sent. */
function kindsFor(isOperator: boolean): MailKind[] {
  return MAIL_KIND_NAMES.filter((k) => (k !== 'reports' || isOperator) && !isAlwaysSent(k));
}

mailLinkRoutes.get(routePath('mailPreferences'), async (c) => {
  const user = requireUser(c);
  const off = await mailKindsOff(c.get('db'), user.id);
  const rows = kindsFor(user.isOperator).map((kind) => ({
    kind,
    label: MAIL_KINDS[kind].label,
    description: MAIL_KINDS[kind].description,
    on: !off.has(kind),
  }));
  const always = MAIL_KIND_NAMES.filter(isAlwaysSent).map((kind) => ({
    kind,
    label: MAIL_KINDS[kind].label,
    description: MAIL_KINDS[kind].description,
    on: true,
  }));
  return c.render(
    <MailPreferencesPage rows={rows} always={always} action={route('mailPreferences')} email={user.email} />,
    {
      title: 'Notificări prin e-mail',
      noindex: true,
    },
  );
});

mailLinkRoutes.post(routePath('mailPreferences'), async (c) => {
  const user = requireUser(c);
  // A body that is not a form is refused (400), never read as "every mail off".
  const form = await submittedForm(c);
  const chosen = new Set(
    form.getAll('on').filter((v): v is string => typeof v === 'string' && isMailKind(v)),
  );
  const on = Object.fromEntries(kindsFor(user.isOperator).map((k) => [k, chosen.has(k)])) as Record<
    MailKind,
    boolean
  >;
  await setMailKinds(c.get('db'), user.id, on);
  setFlash(c, 'notificari-salvate');
  return c.redirect(route('mailPreferences'), 303);
});

const BAD_UNSUBSCRIBE =
  'Linkul de dezabonare nu este valid. Puteți alege ce mesaje primiți din „Notificări prin e-mail”, după conectare.';

async function unsubscribeTarget(c: { env: AppEnv['Bindings'] }, token: string) {
  const target = await readUnsubscribeToken(c.env, token);
  if (!target) throw new HttpError(400, BAD_UNSUBSCRIBE);
  return target;
}

mailLinkRoutes.get(routePath('unsubscribe'), async (c) => {
  const token = c.req.param('token');
  const target = await unsubscribeTarget(c, token);
  const what = await describeUnsubscribe(c.get('db'), target);
  return c.render(
    <UnsubscribePage
      label={MAIL_KINDS[target.kind].label}
      done={null}
      what={what}
      action={route('unsubscribe', { token })}
      preferencesHref={route('mailPreferences')}
      savedSearchesHref={route('savedSearches')}
    />,
    { title: 'Dezabonare', noindex: true },
  );
});

mailLinkRoutes.post(routePath('unsubscribe'), async (c) => {
  const target = await unsubscribeTarget(c, c.req.param('token'));
  const outcome = await applyUnsubscribe(c.get('db'), target);
  return c.render(
    <UnsubscribePage
      label={MAIL_KINDS[target.kind].label}
      done={{ scope: outcome.scope, what: outcome.what }}
      what={outcome.what}
      action={route('unsubscribe', { token: c.req.param('token') })}
      preferencesHref={route('mailPreferences')}
      savedSearchesHref={route('savedSearches')}
    />,
    { title: 'Dezabonare', noindex: true },
  );
});

const RENEW_INVALID =
  'Linkul de reînnoire nu este valid. Reînnoiți anunțul din „Anunțurile mele”, după conectare.';
const RENEW_EXPIRED =
  'Linkul de reînnoire a expirat (este valabil 7 zile). Reînnoiți anunțul din „Anunțurile mele”, după conectare.';
const RENEW_USED = 'Linkul de reînnoire a fost deja folosit. Fiecare link se poate folosi o singură dată.';

/** A used link says the ad was renewed, and until when it stays published (when it still is). */
async function usedMessage(c: Context<AppEnv>, postId: number): Promise<string> {
  const post = await getPost(c.get('db'), postId);
  const now = Date.now();
  if (post && shownStatus(post, now) === 'published' && post.expiresAt)
    return `Linkul de reînnoire a fost deja folosit: anunțul a fost reînnoit și este publicat până pe ${formatDate(post.expiresAt, 'long')}.`;
  return RENEW_USED;
}

/** The ad a renewal link names, if the link is genuine, in time, unused and the author may still act. */
async function renewalTarget(c: Context<AppEnv>, token: string) {
  const check = await checkRenewToken(c.env, token);
  if (!check.ok)
    throw new HttpError(
      check.reason === 'expired' ? 410 : 400,
      check.reason === 'expired' ? RENEW_EXPIRED : RENEW_INVALID,
    );
  const db = c.get('db');
  if (await isTokenUsed(db, check.claim.id))
    throw new HttpError(410, await usedMessage(c, check.claim.postId));
  const post = await getPost(db, check.claim.postId);
  if (!post || post.userId !== check.claim.userId || post.status === 'draft')
    throw new NotFound('Anunțul nu mai există.');
  const author = await findUserById(db, post.userId);
  if (!author || author.banned)
    throw new HttpError(403, 'Contul autorului este suspendat: anunțul nu poate fi reînnoit.');
  const tree = await getCategoryTreeCached(db);
  return {
    claim: check.claim,
    post,
    href: postHref(tree, post),
  };
}

mailLinkRoutes.get(routePath('renewByMail'), async (c) => {
  const { post, href } = await renewalTarget(c, c.req.param('token'));
  return c.render(
    <RenewPage
      title={post.title}
      postHref={href}
      status={statusLine(post, Date.now())}
      action={route('renewByMail', { token: c.req.param('token') })}
    />,
    { title: 'Reînnoire anunț', noindex: true },
  );
});

mailLinkRoutes.post(routePath('renewByMail'), async (c) => {
  const { claim, post, href } = await renewalTarget(c, c.req.param('token'));
  const db = c.get('db');
  const now = Date.now();
  if (!(await useTokenOnce(db, claim.id, now))) throw new HttpError(410, await usedMessage(c, post.id));
  try {
    // The site's own renewal rules (state, once a day) decide; a refusal leaves the link usable.
    await applyLifecycle(db, post, 'renew', now);
  } catch (err) {
    await releaseToken(db, claim.id);
    throw err;
  }
  await purgeForPost(c.req.url, db, post);
  setFlash(c, 'reinnoit');
  return c.redirect(href, 303);
});
