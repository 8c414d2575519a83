// Reports from visitors (`POST /raporteaza/:postId`) and the operators' page `/moderare` with its
// actions on ads (`/moderare/anunt/:postId/<action>`) and users (`/moderare/utilizator/:userId/<action>`).
// Every operator action is written to moderation_log in the same batch as the change.
import type { Context, MiddlewareHandler } from 'hono';
import { Hono } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import { operatorIds } from '../auth/config';
import { requireOperator } from '../auth/guards';
import { BanForm } from '../components/BanForm';
import { OperatorDeleteAccountForm } from '../components/OperatorDeleteAccountForm';
import { isDeletedAccount } from '../db/account-deletion';
import { getCategoryTreeCached } from '../db/categories';
import { deletePost } from '../db/lifecycle';
import {
  type LogEntry,
  logDecision,
  type ModerationPost,
  moderationData,
  moderationPageData,
  resolveReports,
  setHidden,
  setPromotion,
  setUserBanned,
} from '../db/moderation';
import { getPost, postsForHrefs, visibleAdIdsOf } from '../db/posts';
import { claimItem, nextQueueItem, type QueueItem, queueItemsOf } from '../db/queue';
import { addReport, getReportTarget, reportHoldThreshold } from '../db/reports';
import { HIDE_REASONS, REPORT_REASONS, type User } from '../db/schema';
import { findUserById } from '../db/users';
import type { AppEnv, CurrentUser, Db } from '../env';
import { setFlash } from '../flash';
import { announce, groundOf, hideWithStatement, statementLog, tellReporters } from '../http/decisions';
import { idParam, optionalForm, privateAnswers } from '../http/helpers';
import { deleteAccount } from '../jobs/account-deletion';
import { queueNotices, reporterJobs } from '../jobs/decision-notice';
import { alertHeld } from '../jobs/held-alert';
import { clientIdentity } from '../lib/client-address';
import { bucharestDay, DAY_MS, dayFromInput, formatDate, startOfBucharestDay } from '../lib/dates';
import { BadInput, HttpError, NotFound, SessionUnavailable } from '../lib/errors';
import type { FlashCode } from '../lib/flash';
import {
  areaPath,
  authorPath,
  categorySlugOf,
  listingPath,
  postHref,
  postPath,
  route,
  routePath,
  safeReturnPath,
} from '../lib/links';
import { isMailAddress } from '../mail/recipient';
import { purgeForAuthor, purgeForPost } from '../page-purge';
import { ModerationItemPage } from '../pages/ModerationItemPage';
import { ModerationPage, type ModerationRow } from '../pages/ModerationPage';
import { limitReport } from '../platform/rate-limits';

export const moderationRoutes = new Hono<AppEnv>();

/** Salt of the anonymous reporter key: a client is its keyed hash, never its address (docs/privacy.md). */
const REPORTER_SALT = 'eradauti-raport-v2';
/** The cookie naming a browser among reporters (docs/limits.md#reports). */
const DEVICE_COOKIE = 'eradauti_dispozitiv';
const POST_NOT_FOUND = 'Anunțul nu a fost găsit';
/** Operators' actions on a deleted ad: only the undo (console) applies. */
const DELETED_AD_REFUSAL =
  'Anunțul a fost șters: îl puteți doar restaura, din pagina autorului în consolă, în 30 de zile de la ștergere.';

/**
 * HMAC-SHA-256 (hex) of `text` under the site's secret (SIGNING_SECRET): unlike a plain hash with a
 * public salt, nobody without the secret can test the 4 billion IPv4 addresses against a stored key.
 */
async function keyedHashHex(secret: string, text: string): Promise<string> {
  const key = await crypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  const mac = await crypto.subtle.sign('HMAC', key, new TextEncoder().encode(text));
  return Array.from(new Uint8Array(mac), (b) => b.toString(16).padStart(2, '0')).join('');
}

/** Who reports, and the traces that tell apart credibly different people (docs/limits.md#reports). */
interface Reporter {
  /** `u:<userId>` when signed in; otherwise a salted hash of the client's address (IPv6 as its /64). */
  key: string;
  userId: number | null;
  addressKey: string;
  deviceKey: string;
}

async function reporterOf(c: Context<AppEnv>): Promise<Reporter> {
  const user = c.get('user');
  const address = c.req.header('cf-connecting-ip');
  const client = address ? clientIdentity(address) : 'local';
  const secret = c.env.SIGNING_SECRET || REPORTER_SALT;
  const addressKey = await keyedHashHex(secret, `${REPORTER_SALT}|${client}`);
  // The browser: a random id the site keeps in a cookie (set on the first report). Clearing it only
  // loses this trace; the account's age and the address still count.
  let device = getCookie(c, DEVICE_COOKIE) ?? '';
  if (!/^[0-9a-f]{32}$/.test(device)) {
    device = Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) =>
      b.toString(16).padStart(2, '0'),
    ).join('');
    setCookie(c, DEVICE_COOKIE, device, {
      path: '/',
      httpOnly: true,
      sameSite: 'Lax',
      secure: new URL(c.req.url).protocol === 'https:',
      maxAge: 400 * 86_400,
    });
  }
  const deviceKey = await keyedHashHex(secret, `${REPORTER_SALT}|device|${device}`);
  return { key: user ? `u:${user.id}` : `a:${addressKey}`, userId: user?.id ?? null, addressKey, deviceKey };
}

function textField(form: FormData, name: string, max: number): string {
  const v = form.get(name);
  return typeof v === 'string' ? v.trim().slice(0, max) : '';
}

moderationRoutes.use(areaPath('report'), privateAnswers);

moderationRoutes.post(routePath('report'), async (c) => {
  // D1 failed at the session lookup: a signed-in reporter must not be counted as an anonymous one.
  if (c.get('sessionUnavailable')) throw new SessionUnavailable();
  await limitReport(c);
  const db = c.get('db');
  // An ad the public cannot see answers exactly like one that does not exist.
  const target = await getReportTarget(db, idParam(c.req.param('postId'), POST_NOT_FOUND));
  if (!target) throw new NotFound('Anunțul nu a fost găsit');
  const form = await optionalForm(c);
  const reason = textField(form, 'reason', 100);
  if (!(REPORT_REASONS as readonly string[]).includes(reason)) {
    throw new BadInput('Alegeți motivul raportării.', { reason: 'Alegeți motivul raportării.' });
  }
  // Notice and action: an optional address for the acknowledgement and the decision.
  const email = textField(form, 'email', 254);
  if (email && !isMailAddress(email)) {
    const message = 'Adresa de e-mail nu pare corectă (de exemplu nume@exemplu.ro); o puteți lăsa goală.';
    throw new BadInput(message, { email: message });
  }
  // Once per ad per reporter: a second report is quietly accepted and changes nothing.
  const reporter = await reporterOf(c);
  const outcome = await addReport(
    db,
    {
      postId: target.id,
      reason,
      details: textField(form, 'details', 1000),
      reporterKey: reporter.key,
      reporterUserId: reporter.userId,
      addressKey: reporter.addressKey,
      deviceKey: reporter.deviceKey,
      reporterEmail: email || null,
      now: Date.now(),
    },
    reportHoldThreshold(c.env.REPORT_HOLD_THRESHOLD),
  );
  if (outcome.added && email) await queueNotices(c.env, reporterJobs([email], 'ack', target));
  const tree = await getCategoryTreeCached(db);
  const slug = categorySlugOf(tree, target.categoryId);
  setFlash(c, 'raportat');
  if (outcome.held) {
    // The site held it by itself: logged (operator 0) with the statement the author is sent.
    const { ground } = await groundOf(c.get('db'), target.id);
    const reason =
      'Anunțul a primit raportări de la mai mulți vizitatori și este suspendat până decide un operator.';
    await logDecision(
      db,
      statementLog(
        {
          operatorUserId: 0,
          action: 'report-hold',
          targetType: 'post',
          targetId: target.id,
          details: target.title.slice(0, 120),
        },
        target.userId,
        reason,
        ground,
      ),
      Date.now(),
    );
    await announce(c.env, { userId: target.userId, decision: 'hold', post: target, reason, ground });
    await alertHeld(c.env, db, target.id, 'mai multe persoane l-au raportat', Date.now());
    // The ad left the public: nothing cached may show it, and the reporter goes to its listing.
    await purgeForPost(c.req.url, db, target);
    return c.redirect(listingPath(slug), 303);
  }
  return c.redirect(postPath(target, slug), 303);
});

/** The operators' pages and actions: nobody else, and never cached. */
const operatorsOnly: MiddlewareHandler<AppEnv> = async (c, next) => {
  requireOperator(c);
  await next();
};
moderationRoutes.use(routePath('moderation'), privateAnswers, operatorsOnly);
moderationRoutes.use(areaPath('moderation'), privateAnswers, operatorsOnly);

/** The confirmation each operator action leaves for the next page. */
const DONE: Record<string, FlashCode> = {
  ascunde: 'ascuns',
  arata: 'aratat',
  sterge: 'sters',
  promoveaza: 'promovat',
  'opreste-promovarea': 'promovare-oprita',
  rezolva: 'rezolvat',
  blocheaza: 'blocat',
  deblocheaza: 'deblocat',
};

/** A page number from `?pagina=` (1 when absent or not a whole number ≥ 1). */
export function pageParam(value: string | undefined): number {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 && n <= 100_000 ? n : 1;
}

/** Rows of the moderation page from ads, with their addresses and actions (and queue details). */
export function moderationRows(
  tree: Awaited<ReturnType<typeof getCategoryTreeCached>>,
  list: ModerationPost[],
  now: number,
  queue: readonly QueueItem[] = [],
  others: Record<number, string> = {},
): ModerationRow[] {
  const byId = new Map(queue.map((q) => [q.postId, q]));
  return list.map((p) => {
    const q = byId.get(p.id);
    return {
      ...p,
      href: postHref(tree, p),
      authorHref: authorPath({ id: p.userId, name: p.authorName }),
      personHref: route('moderationPerson', { userId: p.userId }),
      itemHref: q ? route('moderationItem', { postId: p.id }) : undefined,
      queue: q ? { ...q, otherHrefs: others } : undefined,
      promotedNow: p.promotion > 0 && (p.promotedUntil ?? 0) > now,
      action: (action: string) => route('moderatePost', { postId: p.id, action }),
      userAction: (action: string) => route('moderateUser', { userId: p.userId, action }),
    };
  });
}

moderationRoutes.get(routePath('moderation'), async (c) => {
  const operator = requireOperator(c);
  const db = c.get('db');
  const now = Date.now();
  // The whole page in one D1 batch (docs/moderation.md#how-the-queue-stays-fast); the category tree is
  // this isolate's cached copy.
  const [data, tree] = await Promise.all([
    moderationPageData(db, pageParam(c.req.query('pagina')), now),
    getCategoryTreeCached(db),
  ]);
  const { counts, page, totalPages, items } = data;
  const others = Object.fromEntries(data.otherPosts.map((p) => [p.id, postHref(tree, p)]));
  const rows = (list: ModerationPost[]) => moderationRows(tree, list, now, items, others);
  return c.render(
    <ModerationPage
      reported={rows(data.reported)}
      queue={{
        counts,
        page,
        totalPages,
        hrefFor: (n) => route('moderation', {}, { pagina: n > 1 ? n : null }),
        bulkAction: route('moderationBulk'),
        searchAction: route('moderationSearch'),
        rulesHref: route('moderationRules'),
        statsHref: route('moderationStats'),
        operatorUserId: operator.id,
      }}
      changed={rows(data.changed)}
      hideReasons={HIDE_REASONS}
      newest={rows(data.newest)}
      log={data.log}
      reportedConversations={data.reportedConversations}
      minPromotionDate={bucharestDay(now + DAY_MS)}
      defaultPromotionDate={bucharestDay(now + 7 * DAY_MS)}
    />,
    { title: 'Moderare', noindex: true },
  );
});

/** The addresses of the other ads duplicates point at. */
async function otherAdHrefs(db: Db, items: readonly QueueItem[]): Promise<Record<number, string>> {
  const ids = [
    ...new Set(items.flatMap((i) => i.marks.map((m) => m.otherPostId)).filter((id): id is number => !!id)),
  ];
  if (ids.length === 0) return {};
  const [tree, others] = await Promise.all([getCategoryTreeCached(db), postsForHrefs(db, ids)]);
  return Object.fromEntries(others.map((p) => [p.id, postHref(tree, p)]));
}

/** One queue item on its own page: opening it claims it for this operator (others see who has it). */
moderationRoutes.get(routePath('moderationItem'), async (c) => {
  const operator = requireOperator(c);
  const db = c.get('db');
  const postId = idParam(c.req.param('postId'), POST_NOT_FOUND);
  const post = await getPost(db, postId);
  if (!post) throw new NotFound(POST_NOT_FOUND);
  const now = Date.now();
  const claim = await claimItem(db, postId, operator.id, now);
  const [data, tree, items] = await Promise.all([
    moderationData(db, [postId], 1),
    getCategoryTreeCached(db),
    queueItemsOf(db, [postId], now),
  ]);
  const others = await otherAdHrefs(db, items);
  const [row] = moderationRows(tree, data.reported, now, items, others);
  if (!row) throw new NotFound(POST_NOT_FOUND);
  return c.render(
    <ModerationItemPage
      row={row}
      claim={claim}
      operatorUserId={operator.id}
      queueHref={route('moderation')}
      hideReasons={HIDE_REASONS}
      minPromotionDate={bucharestDay(now + DAY_MS)}
      defaultPromotionDate={bucharestDay(now + 7 * DAY_MS)}
    />,
    { title: `Moderare: ${post.title}`, noindex: true },
  );
});

/** `YYYY-MM-DD` → the end of that day in Bucharest, if it is after now and within a year. */
function parsePromotionDate(typed: string, now: number): number | null {
  const value = dayFromInput(typed) ?? '';
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return null;
  const start = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  const date = new Date(start);
  if (
    Number.isNaN(start) ||
    date.getUTCFullYear() !== Number(m[1]) ||
    date.getUTCMonth() !== Number(m[2]) - 1 ||
    date.getUTCDate() !== Number(m[3])
  )
    return null;
  const nextDay = new Date(start + DAY_MS).toISOString().slice(0, 10);
  const until = startOfBucharestDay(nextDay) - 1;
  if (until <= now || until > now + 366 * DAY_MS) return null;
  return until;
}

/**
 * Where an operator action lands, with its confirmation: the page the form came from (the ad page),
 * else the moderation page at the row acted on.
 */
async function back(c: Context<AppEnv>, form: FormData, action: string, anchor: string): Promise<string> {
  setFlash(c, DONE[action]);
  if (form.get('next') === '1') return nextItemPath(c, Number(anchor.replace(/\D/g, '')) || 0);
  const raw = form.get('returnTo');
  return safeReturnPath(typeof raw === 'string' ? raw : null, '') || `${route('moderation')}#${anchor}`;
}

/** After a decision taken on an item's page: the next item this operator may take, else the queue. */
async function nextItemPath(c: Context<AppEnv>, decided: number): Promise<string> {
  const operator = requireOperator(c);
  const next = await nextQueueItem(c.get('db'), Date.now(), operator.id, decided);
  return next ? route('moderationItem', { postId: next }) : `${route('moderation')}#coada`;
}

/** The reason an operator gives for hiding an ad: one from the list, plus their own words. */
function hideReason(form: FormData): string | null {
  const picked = textField(form, 'hideReason', 100);
  const words = textField(form, 'hideDetails', 400);
  if (picked && !(HIDE_REASONS as readonly string[]).includes(picked)) return null;
  if (!picked && !words) return null;
  return [picked, words].filter(Boolean).join(': ');
}

moderationRoutes.post(routePath('moderatePost'), async (c) => {
  const operator = requireOperator(c);
  const db = c.get('db');
  const name = c.req.param('action');
  if (!['ascunde', 'arata', 'sterge', 'promoveaza', 'opreste-promovarea', 'rezolva'].includes(name))
    throw new NotFound();
  const post = await getPost(db, idParam(c.req.param('postId'), POST_NOT_FOUND));
  if (!post) throw new NotFound('Anunțul nu a fost găsit');
  if (post.status === 'deleted') throw new HttpError(409, DELETED_AD_REFUSAL);
  const form = await optionalForm(c);
  const now = Date.now();
  // Whatever the action, every page showing this ad changes for visitors now (after the write).
  const forget = () => purgeForPost(c.req.url, db, post);
  const log = (action: string, details = post.title.slice(0, 120)): LogEntry => ({
    operatorUserId: operator.id,
    action,
    targetType: 'post',
    targetId: post.id,
    details,
  });
  // The ground (open reports) and the reporters to tell, read before the decision resolves them.
  const { ground, reporterEmails } = await groundOf(db, post.id);
  const subject = { id: post.id, title: post.title };
  /** Showing a hidden or held ad again: the author hears of it, the reporters of the decision. */
  const showAgain = async (action: string) => {
    const reason = 'Anunțul respectă regulile site-ului.';
    await setHidden(db, post, false, statementLog(log(action), post.userId, reason, ground), now);
    await announce(c.env, {
      userId: post.userId,
      decision: 'show',
      post: subject,
      reason,
      ground,
      reporterEmails,
      reporterDecision: 'resolve',
    });
  };
  switch (name) {
    case 'ascunde': {
      const reason = hideReason(form);
      if (!reason) {
        const message = 'Alegeți motivul pentru care ascundeți anunțul (autorul îl va vedea).';
        throw new BadInput(message, { hideReason: message });
      }
      const entry = log('hide', `${post.title.slice(0, 80)} — ${reason}`);
      await hideWithStatement(db, c.env, post, entry, reason, { ground, reporterEmails }, now);
      break;
    }
    case 'arata':
      if (post.status === 'hidden' || post.status === 'held') await showAgain('unhide');
      else await setHidden(db, post, false, log('unhide'), now);
      break;
    case 'sterge': {
      if (form.get('confirm') !== 'da') {
        throw new BadInput('Bifați căsuța pentru a confirma ștergerea.', {
          confirm: 'Bifați căsuța pentru a confirma ștergerea.',
        });
      }
      const reason = hideReason(form) ?? 'Anunțul încalcă regulile site-ului.';
      const entry = statementLog(log('delete'), post.userId, reason, ground);
      await deletePost(db, post.id, now, entry);
      await announce(c.env, {
        userId: post.userId,
        decision: 'delete',
        post: subject,
        reason,
        ground,
        reporterEmails,
      });
      await forget();
      setFlash(c, 'sters');
      if (form.get('next') === '1') return c.redirect(await nextItemPath(c, post.id), 303);
      // The ad's page is gone: back to the moderation page.
      return c.redirect(`${route('moderation')}#anunturi-noi`, 303);
    }
    case 'promoveaza': {
      const until = parsePromotionDate(textField(form, 'promotedUntil', 20), now);
      if (!until) {
        const message = 'Alegeți o dată de sfârșit a promovării, între mâine și peste un an.';
        throw new BadInput(message, { promotedUntil: message });
      }
      await setPromotion(db, post.id, until, log('promote', `până la ${formatDate(until)}`), now);
      break;
    }
    case 'opreste-promovarea':
      await setPromotion(db, post.id, null, log('unpromote'), now);
      break;
    case 'rezolva':
      // Dismissing the reports of an ad they put on hold shows it again (and its author hears of it).
      if (post.status === 'held') await showAgain('resolve');
      else {
        await resolveReports(db, post.id, log('resolve'), now);
        await tellReporters(c.env, subject, reporterEmails, 'resolve');
      }
      break;
  }
  await forget();
  return c.redirect(await back(c, form, name, `anunt-${post.id}`), 303);
});

moderationRoutes.post(routePath('moderateUser'), async (c) => {
  const operator = requireOperator(c);
  const db = c.get('db');
  const name = c.req.param('action');
  if (!['blocheaza', 'deblocheaza', 'sterge-contul', 'ascunde-anunturile'].includes(name))
    throw new NotFound();
  const target = await findUserById(db, idParam(c.req.param('userId'), 'Utilizatorul nu a fost găsit'));
  if (!target || isDeletedAccount(target)) throw new NotFound('Utilizatorul nu a fost găsit');
  if (name === 'sterge-contul') return deleteAccountOnRequest(c, operator, target);
  if (name === 'ascunde-anunturile') return hideAllAds(c, operator, target);
  const banning = name === 'blocheaza';
  const form = await optionalForm(c);
  if (
    banning &&
    (target.role === 'operator' || target.id === operator.id || operatorIds(c.env).has(target.clerkId))
  ) {
    throw new BadInput('Un operator nu poate fi blocat.');
  }
  // Always a reason (the person is told it) and a ticked confirmation, never one unconfirmed click.
  const picked = textField(form, 'hideReason', 100);
  const details = textField(form, 'hideDetails', 400);
  const reason = banning ? hideReason(form) : details || (picked ? hideReason(form) : null);
  const refusal = !reason
    ? banning
      ? 'Alegeți motivul blocării (persoana îl primește pe e-mail).'
      : 'Scrieți motivul deblocării (persoana îl primește pe e-mail).'
    : form.get('confirm') !== 'da'
      ? banning
        ? 'Bifați căsuța pentru a confirma blocarea.'
        : 'Bifați căsuța pentru a confirma deblocarea.'
      : null;
  const returnRaw = form.get('returnTo');
  const returnTo = safeReturnPath(typeof returnRaw === 'string' ? returnRaw : null, '') || undefined;
  if (!reason || refusal) {
    c.status(400);
    return c.render(
      <section className="box">
        <h1>{banning ? `Blocarea contului: ${target.name}` : `Deblocarea contului: ${target.name}`}</h1>
        <BanForm
          action={route('moderateUser', { userId: target.id, action: name })}
          banned={!banning}
          reasons={HIDE_REASONS}
          idPrefix="ban"
          returnTo={returnTo}
          picked={picked}
          details={details}
          error={refusal ?? undefined}
        />
      </section>,
      { title: banning ? 'Blocarea contului' : 'Deblocarea contului', noindex: true },
    );
  }
  const ground = 'decizia unui operator, după verificarea contului și a anunțurilor';
  await setUserBanned(
    db,
    target.id,
    banning,
    statementLog(
      {
        operatorUserId: operator.id,
        action: banning ? 'ban' : 'unban',
        targetType: 'user',
        targetId: target.id,
        details: `${target.name.slice(0, 80)} — ${reason}`,
      },
      target.id,
      reason,
      ground,
    ),
    Date.now(),
  );
  await announce(c.env, { userId: target.id, decision: banning ? 'ban' : 'unban', reason, ground });
  await purgeForAuthor(c.req.url, db, target.id);
  return c.redirect(await back(c, form, name, 'moderare'), 303);
});

/** Every ad of a person the public may see (and held ones) hidden with one reason, each author notice sent. */
async function hideAllAds(c: Context<AppEnv>, operator: CurrentUser, target: User) {
  const db = c.get('db');
  const form = await optionalForm(c);
  const reason = hideReason(form);
  if (!reason) {
    const message = 'Alegeți motivul pentru care ascundeți anunțurile (autorul îl va vedea).';
    throw new BadInput(message, { hideReason: message });
  }
  if (form.get('confirm') !== 'da') {
    const message = 'Bifați căsuța pentru a confirma ascunderea tuturor anunțurilor.';
    throw new BadInput(message, { confirm: message });
  }
  const now = Date.now();
  for (const id of await visibleAdIdsOf(db, target.id)) {
    const post = await getPost(db, id);
    if (!post || post.status === 'hidden' || post.status === 'draft') continue;
    const entry = {
      operatorUserId: operator.id,
      action: 'hide',
      targetType: 'post',
      targetId: post.id,
      details: `${post.title.slice(0, 80)} — ${reason}`,
    } as const;
    await hideWithStatement(db, c.env, post, entry, reason, await groundOf(db, post.id), now);
    await purgeForPost(c.req.url, db, post);
  }
  setFlash(c, 'anunturi-ascunse');
  const raw = form.get('returnTo');
  return c.redirect(
    safeReturnPath(typeof raw === 'string' ? raw : null, '') ||
      route('moderationPerson', { userId: target.id }),
    303,
  );
}

/**
 * An operator deletes a person's account on their request (docs/privacy.md): the reason is required
 * and logged, the confirmation ticked; an operator's account is never deleted this way. A refusal
 * gives the form back (400) with the reason typed.
 */
async function deleteAccountOnRequest(c: Context<AppEnv>, operator: CurrentUser, target: User) {
  const form = await optionalForm(c);
  const reason = textField(form, 'reason', 400);
  const returnTo = safeReturnPath(
    typeof form.get('returnTo') === 'string' ? (form.get('returnTo') as string) : null,
    route('moderation'),
  );
  let error: string | null = null;
  if (target.role === 'operator' || target.id === operator.id || operatorIds(c.env).has(target.clerkId))
    error = 'Contul unui operator nu se șterge de aici.';
  else if (!reason) error = 'Scrieți motivul: cine a cerut ștergerea, când și pe ce cale.';
  else if (form.get('confirm') !== 'da') error = 'Bifați confirmarea că persoana a cerut ștergerea.';
  if (error) {
    c.status(400);
    return c.render(
      <section className="box">
        <h1>Contul nu a fost șters</h1>
        <OperatorDeleteAccountForm
          userId={target.id}
          name={target.name}
          returnTo={returnTo}
          reason={reason}
          error={error}
        />
      </section>,
      { title: 'Ștergerea contului', noindex: true },
    );
  }
  const db = c.get('db');
  await purgeForAuthor(c.req.url, db, target.id);
  try {
    await deleteAccount(c.env, db, target, { requestedBy: operator.id, reason }, Date.now());
  } catch {
    // Started and recorded: the daily job finishes it.
  }
  setFlash(c, 'cont-sters-operator');
  return c.redirect(route('moderation'), 303);
}

moderationRoutes.all(areaPath('moderation'), () => {
  throw new NotFound();
});
