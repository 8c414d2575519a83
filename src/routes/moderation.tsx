// Reports from visitors (`POST /raporteaza/:postId`) and the operators' page `/moderare` with its
// actions on ads (`/moderare/anunt/:postId/<action>`) and users (`/moderare/utilizator/:userId/<action>`).
// Every operator action is written to moderation_log in the same batch as the change.
import type { Context } from 'hono';
import { Hono } from 'hono';
import { operatorIds } from '../auth/config';
import { requireOperator } from '../auth/guards';
import { getCategoryTreeCached } from '../db/categories';
import { deletePost, getPost, setHidden, setPromotion } from '../db/lifecycle';
import { getUser, type LogEntry, moderationData, resolveReports, setUserBanned } from '../db/moderation';
import { addReport, getReportTarget, reportHoldThreshold } from '../db/reports';
import { REPORT_REASONS } from '../db/schema';
import type { AppEnv } from '../env';
import { clientIdentity } from '../lib/client-address';
import { DAY_MS, formatDate } from '../lib/dates';
import { BadInput, NotFound } from '../lib/errors';
import { authorPath, link, listingPath, postPath, route } from '../lib/links';
import { purgeForAuthor, purgeForPost } from '../page-purge';
import { ModerationPage } from '../pages/ModerationPage';
import { limitReport } from '../platform/rate-limits';

export const moderationRoutes = new Hono<AppEnv>();

/** The query parameter the ad page receives after a report (for a thank-you notice). */
export const REPORTED_QUERY = 'raportat';

/** Salt of the anonymous reporter key: a client is its hashed address, never stored plainly. */
const REPORTER_SALT = 'eradauti-raport-v2';

function parseId(value: string | undefined, what = 'Anunțul nu a fost găsit'): number {
  if (!value || !/^[1-9]\d{0,9}$/.test(value)) throw new NotFound(what);
  const id = Number(value);
  if (id > 2 ** 31 - 1) throw new NotFound(what);
  return id;
}

async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * Who reports: `u:<userId>` when signed in; otherwise a salted hash of the client's address (an IPv6
 * client as its /64). Nothing else a client sends (User-Agent, cookies) changes who it is.
 */
async function reporterKey(c: Context<AppEnv>): Promise<string> {
  const user = c.get('user');
  if (user) return `u:${user.id}`;
  const address = c.req.header('cf-connecting-ip');
  const client = address ? clientIdentity(address) : 'local';
  return `a:${await sha256Hex(`${REPORTER_SALT}|${client}`)}`;
}

async function optionalForm(c: Context<AppEnv>): Promise<FormData> {
  try {
    return await c.req.formData();
  } catch {
    return new FormData();
  }
}

function textField(form: FormData, name: string, max: number): string {
  const v = form.get(name);
  return typeof v === 'string' ? v.trim().slice(0, max) : '';
}

moderationRoutes.post('/raporteaza/:postId', async (c) => {
  c.header('Cache-Control', 'private, no-store');
  await limitReport(c);
  const db = c.get('db');
  // An ad the public cannot see answers exactly like one that does not exist.
  const target = await getReportTarget(db, parseId(c.req.param('postId')));
  if (!target) throw new NotFound('Anunțul nu a fost găsit');
  const form = await optionalForm(c);
  const reason = textField(form, 'reason', 100);
  if (!(REPORT_REASONS as readonly string[]).includes(reason)) {
    throw new BadInput('Alegeți motivul raportării.', { reason: 'Alegeți motivul raportării.' });
  }
  // Once per ad per reporter: a second report is quietly accepted and changes nothing.
  const outcome = await addReport(
    db,
    {
      postId: target.id,
      reason,
      details: textField(form, 'details', 1000),
      reporterKey: await reporterKey(c),
      now: Date.now(),
    },
    reportHoldThreshold(c.env.REPORT_HOLD_THRESHOLD),
  );
  const tree = await getCategoryTreeCached(db);
  const slug = tree.byId.get(target.categoryId)?.slug ?? 'diverse';
  const adPath = postPath(target, slug);
  if (outcome.held) {
    // The ad left the public: nothing cached may show it, and the reporter goes to its listing.
    await purgeForPost(c.req.url, db, target);
    return c.redirect(link(listingPath(slug), {}, { [REPORTED_QUERY]: 1 }), 303);
  }
  return c.redirect(link(adPath, {}, { [REPORTED_QUERY]: 1 }), 303);
});

moderationRoutes.use('/moderare', async (c, next) => {
  c.header('Cache-Control', 'private, no-store');
  requireOperator(c);
  await next();
});
moderationRoutes.use('/moderare/*', async (c, next) => {
  c.header('Cache-Control', 'private, no-store');
  requireOperator(c);
  await next();
});

const DONE: Record<string, string> = {
  ascunde: 'Anunțul a fost ascuns.',
  arata: 'Anunțul este din nou vizibil.',
  sterge: 'Anunțul a fost șters.',
  promoveaza: 'Anunțul a fost promovat.',
  'opreste-promovarea': 'Promovarea a fost oprită.',
  rezolva: 'Rapoartele au fost marcate ca rezolvate.',
  blocheaza: 'Utilizatorul a fost blocat: anunțurile lui nu mai apar.',
  deblocheaza: 'Utilizatorul a fost deblocat.',
};

moderationRoutes.get('/moderare', async (c) => {
  const db = c.get('db');
  const [data, tree] = await Promise.all([moderationData(db), getCategoryTreeCached(db)]);
  const now = Date.now();
  const ok = c.req.query('ok');
  const hrefOf = (p: { id: number; slug: string; categoryId: number }) =>
    postPath(p, tree.byId.get(p.categoryId)?.slug ?? 'diverse');
  const rows = (list: typeof data.newest) =>
    list.map((p) => ({
      ...p,
      href: hrefOf(p),
      authorHref: authorPath({ id: p.userId, name: p.authorName }),
      promotedNow: p.promotion > 0 && (p.promotedUntil ?? 0) > now,
      action: (action: string) => route('moderatePost', { postId: p.id, action }),
      userAction: (action: string) => route('moderateUser', { userId: p.userId, action }),
    }));
  return c.render(
    <ModerationPage
      notice={ok ? DONE[ok] : undefined}
      reported={rows(data.reported)}
      newest={rows(data.newest)}
      log={data.log}
      minPromotionDate={formatIsoDay(now + DAY_MS)}
      defaultPromotionDate={formatIsoDay(now + 7 * DAY_MS)}
    />,
    { title: 'Moderare', noindex: true },
  );
});

function formatIsoDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** `YYYY-MM-DD` → the end of that day (UTC), if it is after now and within a year. */
function parsePromotionDate(value: string, now: number): number | null {
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
  const until = start + DAY_MS - 1;
  if (until <= now || until > now + 366 * DAY_MS) return null;
  return until;
}

function back(action: string, anchor: string) {
  return `${route('moderation', {}, { ok: action })}#${anchor}`;
}

moderationRoutes.post('/moderare/anunt/:postId/:action', async (c) => {
  const operator = requireOperator(c);
  const db = c.get('db');
  const name = c.req.param('action');
  if (!['ascunde', 'arata', 'sterge', 'promoveaza', 'opreste-promovarea', 'rezolva'].includes(name))
    throw new NotFound();
  const post = await getPost(db, parseId(c.req.param('postId')));
  if (!post) throw new NotFound('Anunțul nu a fost găsit');
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
  switch (name) {
    case 'ascunde':
      await setHidden(db, post, true, log('hide'), now);
      break;
    case 'arata':
      await setHidden(db, post, false, log('unhide'), now);
      break;
    case 'sterge':
      if (form.get('confirm') !== 'da') {
        throw new BadInput('Bifați căsuța pentru a confirma ștergerea.', {
          confirm: 'Bifați căsuța pentru a confirma ștergerea.',
        });
      }
      await deletePost(c.env, db, post.id, now, log('delete'));
      await forget();
      return c.redirect(back(name, 'anunturi-noi'), 303);
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
      // Dismissing the reports of an ad they put on hold shows it again.
      if (post.status === 'held') await setHidden(db, post, false, log('resolve'), now);
      else await resolveReports(db, post.id, log('resolve'), now);
      break;
  }
  await forget();
  return c.redirect(back(name, `anunt-${post.id}`), 303);
});

moderationRoutes.post('/moderare/utilizator/:userId/:action', async (c) => {
  const operator = requireOperator(c);
  const db = c.get('db');
  const name = c.req.param('action');
  if (name !== 'blocheaza' && name !== 'deblocheaza') throw new NotFound();
  const target = await getUser(db, parseId(c.req.param('userId'), 'Utilizatorul nu a fost găsit'));
  if (!target) throw new NotFound('Utilizatorul nu a fost găsit');
  const banning = name === 'blocheaza';
  if (
    banning &&
    (target.role === 'operator' || target.id === operator.id || operatorIds(c.env).has(target.clerkId))
  ) {
    throw new BadInput('Un operator nu poate fi blocat.');
  }
  await setUserBanned(
    db,
    target.id,
    banning,
    {
      operatorUserId: operator.id,
      action: banning ? 'ban' : 'unban',
      targetType: 'user',
      targetId: target.id,
      details: target.name.slice(0, 120),
    },
    Date.now(),
  );
  await purgeForAuthor(c.req.url, db, target.id);
  return c.redirect(back(name, 'moderare'), 303);
});

moderationRoutes.all('/moderare/*', () => {
  throw new NotFound();
});
