// The operators' console beyond the queue (docs/moderation.md): search across ads and people, and bulk
// actions on ticked ads. Operators only (403 for everyone else signed in), never cached.

import type { MiddlewareHandler } from 'hono';
import { Hono } from 'hono';
import { operatorIds } from '../auth/config';
import { requireOperator } from '../auth/guards';
import { OperatorDeleteAccountForm } from '../components/OperatorDeleteAccountForm';
import { getCategoryTreeCached } from '../db/categories';
import { personForOperators } from '../db/console-person';
import { CONSOLE_PAGE_SIZE, searchForOperators } from '../db/console-search';
import { deletePost, restorableUntil, restoreDeletedPost } from '../db/lifecycle';
import { resolveReports, setHidden, setUserBanned } from '../db/moderation';
import { getPost } from '../db/posts';
import { HIDE_REASONS, POST_STATUSES, type PostStatus } from '../db/schema';
import { findUserById } from '../db/users';
import type { AppEnv } from '../env';
import { setFlash } from '../flash';
import { announce, groundOf, hideWithStatement, statementLog, tellReporters } from '../http/decisions';
import { idParam, optionalForm, privateAnswers } from '../http/helpers';
import { parseConsoleQuery } from '../lib/console-query';
import { dayFromInput, startOfBucharestDay } from '../lib/dates';
import { BadInput, HttpError, NotFound } from '../lib/errors';
import { authorPath, postHref, route, routePath, safeReturnPath } from '../lib/links';
import { purgeForAuthor, purgeForPost } from '../page-purge';
import { ConsoleSearchPage } from '../pages/ConsoleSearchPage';
import { PersonPage } from '../pages/PersonPage';
import { pageParam } from './moderation';

export const consoleRoutes = new Hono<AppEnv>();

const operatorsOnly: MiddlewareHandler<AppEnv> = async (c, next) => {
  requireOperator(c);
  await next();
};
for (const name of ['moderationSearch', 'moderationBulk', 'moderationPerson', 'moderationRestore'] as const) {
  consoleRoutes.use(routePath(name), privateAnswers, operatorsOnly);
}

/** `YYYY-MM-DD` as a Bucharest day's start, or null. */
function dayParam(typed: string | undefined): number | null {
  const value = dayFromInput(typed);
  if (!value) return null;
  const t = startOfBucharestDay(value);
  return Number.isFinite(t) ? t : null;
}

consoleRoutes.get(routePath('moderationSearch'), async (c) => {
  const db = c.get('db');
  const q = parseConsoleQuery(c.req.query('q'));
  const statusRaw = c.req.query('stare') ?? '';
  const status = (POST_STATUSES as readonly string[]).includes(statusRaw) ? (statusRaw as PostStatus) : null;
  const tree = await getCategoryTreeCached(db);
  const categoryRaw = Number(c.req.query('categorie'));
  const categoryId = Number.isInteger(categoryRaw) && tree.byId.has(categoryRaw) ? categoryRaw : null;
  const fromText = c.req.query('de-la') ?? '';
  const untilText = c.req.query('pana-la') ?? '';
  const from = dayParam(fromText);
  const untilStart = dayParam(untilText);
  const filters = {
    status,
    categoryId,
    from,
    until: untilStart === null ? null : untilStart + 86_400_000 - 1,
  };
  const page = pageParam(c.req.query('pagina'));
  const { total, ads, people } = await searchForOperators(db, q, filters, page);
  const totalPages = Math.max(1, Math.ceil(total / CONSOLE_PAGE_SIZE));
  const query = {
    q: q.text || null,
    stare: status,
    categorie: categoryId,
    'de-la': from ? fromText : null,
    'pana-la': untilStart ? untilText : null,
  };
  return c.render(
    <ConsoleSearchPage
      action={route('moderationSearch')}
      q={q.text}
      status={status ?? ''}
      categoryId={categoryId}
      from={from ? fromText : ''}
      until={untilStart ? untilText : ''}
      categories={tree.roots.map((r) => ({ id: r.id, name: r.name }))}
      total={total}
      ads={ads.map((a) => ({
        ...a,
        href: postHref(tree, a),
        itemHref: route('moderationItem', { postId: a.id }),
        personHref: route('moderationPerson', { userId: a.userId }),
      }))}
      people={people.map((p) => ({ ...p, href: route('moderationPerson', { userId: p.id }) }))}
      page={page}
      totalPages={totalPages}
      hrefFor={(n) => route('moderationSearch', {}, { ...query, pagina: n > 1 ? n : null })}
      bulkAction={route('moderationBulk')}
      hideReasons={HIDE_REASONS}
      queueHref={route('moderation')}
    />,
    { title: 'Căutare pentru moderare', noindex: true },
  );
});

/** At most this many ads in one bulk action. */
const BULK_MAX = 100;
const BULK_ACTIONS = ['ascunde', 'rezolva', 'sterge', 'blocheaza'] as const;

consoleRoutes.post(routePath('moderationBulk'), async (c) => {
  const operator = requireOperator(c);
  const db = c.get('db');
  const form = await optionalForm(c);
  const action = String(form.get('action') ?? '');
  if (!(BULK_ACTIONS as readonly string[]).includes(action)) {
    throw new BadInput('Alegeți acțiunea.', { action: 'Alegeți acțiunea.' });
  }
  const ids = [
    ...new Set(
      form
        .getAll('ids')
        .map((v) => (typeof v === 'string' && /^\d{1,9}$/.test(v) ? Number(v) : 0))
        .filter((n) => n > 0),
    ),
  ];
  if (ids.length === 0)
    throw new BadInput('Bifați cel puțin un anunț.', { ids: 'Bifați cel puțin un anunț.' });
  if (ids.length > BULK_MAX) throw new BadInput(`Cel mult ${BULK_MAX} de anunțuri odată.`);
  if (form.get('confirm') !== 'da') {
    throw new BadInput('Bifați căsuța pentru a confirma acțiunea.', {
      confirm: 'Bifați căsuța pentru a confirma acțiunea.',
    });
  }
  const picked = String(form.get('hideReason') ?? '').slice(0, 100);
  const words = String(form.get('hideDetails') ?? '')
    .trim()
    .slice(0, 400);
  if (picked && !(HIDE_REASONS as readonly string[]).includes(picked))
    throw new BadInput('Alegeți motivul din listă.');
  const reason = [picked, words].filter(Boolean).join(': ');
  if ((action === 'ascunde' || action === 'blocheaza') && !reason) {
    const message = 'Alegeți motivul (autorii îl vor vedea).';
    throw new BadInput(message, { hideReason: message });
  }
  const now = Date.now();
  const banned = new Set<number>();
  const operators = operatorIds(c.env);
  for (const id of ids) {
    const post = await getPost(db, id);
    // A deleted ad is only ever restored (moderationRestore), never hidden or resolved back to life.
    if (!post || post.status === 'deleted') continue;
    // The same ground and notices as a single decision (docs/moderation.md#notices).
    const { ground, reporterEmails } = await groundOf(db, post.id);
    const subject = { id: post.id, title: post.title };
    const log = (name: string) => ({
      operatorUserId: operator.id,
      action: name,
      targetType: 'post' as const,
      targetId: post.id,
      details: `${post.title.slice(0, 80)}${reason ? ` — ${reason}` : ''}`,
      reason,
      ground: `${ground} (acțiune în masă)`,
    });
    if (action === 'ascunde' && post.status !== 'hidden') {
      await hideWithStatement(db, c.env, post, log('hide'), reason, { ground, reporterEmails }, now);
    } else if (action === 'rezolva') {
      if (post.status === 'held') {
        const shown = 'Anunțul respectă regulile site-ului.';
        await setHidden(db, post, false, statementLog(log('resolve'), post.userId, shown, ground), now);
        await announce(c.env, {
          userId: post.userId,
          decision: 'show',
          post: subject,
          reason: shown,
          ground,
          reporterEmails,
          reporterDecision: 'resolve',
        });
      } else {
        await resolveReports(db, post.id, log('resolve'), now);
        await tellReporters(c.env, subject, reporterEmails, 'resolve');
      }
    } else if (action === 'sterge') {
      const why = reason || 'Anunțul încalcă regulile site-ului.';
      const entry = statementLog(log('delete'), post.userId, why, ground);
      await deletePost(db, post.id, now, entry);
      await announce(c.env, {
        userId: post.userId,
        decision: 'delete',
        post: subject,
        reason: why,
        ground,
        reporterEmails,
      });
    } else if (action === 'blocheaza' && !banned.has(post.userId)) {
      const author = await findUserById(db, post.userId);
      if (
        author &&
        author.role !== 'operator' &&
        author.id !== operator.id &&
        !operators.has(author.clerkId)
      ) {
        banned.add(author.id);
        await setUserBanned(
          db,
          author.id,
          true,
          statementLog(
            {
              ...log('ban'),
              targetType: 'user',
              targetId: author.id,
              details: `${author.name.slice(0, 80)} — ${reason}`,
            },
            author.id,
            reason,
            ground,
          ),
          now,
        );
        await announce(c.env, {
          userId: author.id,
          decision: 'ban',
          post: subject,
          reason,
          ground,
          reporterEmails,
        });
        await purgeForAuthor(c.req.url, db, author.id);
      }
    }
    await purgeForPost(c.req.url, db, post);
  }
  setFlash(
    c,
    action === 'ascunde'
      ? 'ascuns'
      : action === 'rezolva'
        ? 'rezolvat'
        : action === 'sterge'
          ? 'sters'
          : 'blocat',
  );
  const raw = form.get('returnTo');
  return c.redirect(
    safeReturnPath(typeof raw === 'string' ? raw : null, '') || `${route('moderation')}#coada`,
    303,
  );
});

// The undo of an ad's deletion (docs/privacy.md#deleted-ads): back to the state it was deleted from,
// within 30 days of the deletion; logged as `restore`.
consoleRoutes.post(routePath('moderationRestore'), async (c) => {
  const operator = requireOperator(c);
  const db = c.get('db');
  const post = await getPost(db, idParam(c.req.param('postId'), 'Anunțul nu a fost găsit'));
  if (!post) throw new NotFound('Anunțul nu a fost găsit');
  const form = await optionalForm(c);
  const refusal = await restoreDeletedPost(db, post.id, Date.now(), {
    operatorUserId: operator.id,
    action: 'restore',
    targetType: 'post',
    targetId: post.id,
    details: post.title.slice(0, 120),
  });
  if (refusal === 'not-deleted') throw new HttpError(409, 'Anunțul nu este șters: nu are ce fi restaurat.');
  if (refusal === 'too-late')
    throw new HttpError(
      409,
      'Au trecut cele 30 de zile de la ștergere: anunțul nu mai poate fi restaurat și va fi șters definitiv.',
    );
  await purgeForPost(c.req.url, db, post);
  setFlash(c, 'restaurat');
  const raw = form.get('returnTo');
  return c.redirect(
    safeReturnPath(typeof raw === 'string' ? raw : null, '') ||
      route('moderationPerson', { userId: post.userId }),
    303,
  );
});

consoleRoutes.get(routePath('moderationPerson'), async (c) => {
  const db = c.get('db');
  const userId = idParam(c.req.param('userId'), 'Utilizatorul nu a fost găsit');
  const [person, tree] = await Promise.all([personForOperators(db, userId), getCategoryTreeCached(db)]);
  if (!person) throw new NotFound('Utilizatorul nu a fost găsit');
  return c.render(
    <PersonPage
      person={person}
      adHref={(a) => postHref(tree, a)}
      personHref={(id) => route('moderationPerson', { userId: id })}
      authorHref={authorPath(person.user)}
      selfHref={route('moderationPerson', { userId })}
      hideAllAction={route('moderateUser', { userId, action: 'ascunde-anunturile' })}
      conversationHref={(id) => route('conversation', { id })}
      banAction={route('moderateUser', { userId, action: 'blocheaza' })}
      unbanAction={route('moderateUser', { userId, action: 'deblocheaza' })}
      hideReasons={HIDE_REASONS}
      queueHref={route('moderation')}
      restoreAction={(postId) => route('moderationRestore', { postId })}
      restorableUntil={restorableUntil}
      returnTo={route('moderationPerson', { userId })}
      now={Date.now()}
      extraActions={
        person.user.role === 'operator' ? null : (
          <OperatorDeleteAccountForm
            userId={person.user.id}
            name={person.user.name}
            returnTo={route('moderationPerson', { userId: person.user.id })}
          />
        )
      }
    />,
    { title: `Moderare: ${person.user.name}`, noindex: true },
  );
});
