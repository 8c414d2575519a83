// Private messages between a buyer and an ad's seller: the first message about an ad
// (`/mesaje/anunt/<id>`), the inbox (`/mesaje`), one conversation and its reply form
// (`/mesaje/<id>`), its live WebSocket (`/mesaje/<id>/live`), blocking, reporting, and the
// seller's "Doar mesaje" switch per ad. Authorization is decided here, from the D1 index; the
// conversation's Durable Object (src/messages/room.ts) stores the messages and trusts this Worker.
import { Hono } from 'hono';
import { requireOperator, requireOwner, requireUser } from '../auth/guards';
import { siteOrigins } from '../auth/origin-check';
import {
  CONVERSATION_REPORT_REASONS,
  clearReport,
  findConversation,
  getConversation,
  getMessageTarget,
  listInbox,
  markConversationRead,
  openConversation,
  reportConversation,
  setPostMessagesOnly,
} from '../db/conversations';
import { parsePhotoRef } from '../db/fragments';
import { blockBetween, blockPerson, unblockPerson } from '../db/message-limits';
import type { AppEnv } from '../env';
import { setFlash } from '../flash';
import {
  admitMessage,
  adPath,
  deliver,
  formText,
  keepMessageOnFailure,
  load,
  maySeeNonPublic,
  releaseMessage,
  renderConversation,
  renderStart,
  renderUnavailable,
  retryAfter,
  roomOf,
  shortWhen,
  signInTo,
} from '../http/conversations';
import { idParam, privateAnswers } from '../http/helpers';
import { keepTypedMessage, takeTypedMessage } from '../http/message-drafts';
import {
  adState,
  isPublicAd,
  REFUSALS,
  type Refusal,
  refusalStatus,
  startRefusal,
  writeRefusal,
} from '../lib/conversation-access';
import { isoDate } from '../lib/dates';
import { BadInput, Forbidden, HttpError, NotAuthenticated, NotFound } from '../lib/errors';
import { areaPath, route, routePath } from '../lib/links';
import { parseMessageText } from '../lib/message-text';
import { purgeForPost } from '../page-purge';
import { type InboxItem, InboxPage } from '../pages/MessagesPages';
import { responsiveUrl } from '../photos/urls';
import {
  LIMIT_PERIOD_SECONDS,
  NEW_CONVERSATION_REFUSAL,
  newConversationAllowed,
  prefersJson,
} from '../platform/rate-limits';

export const messageRoutes = new Hono<AppEnv>();
// Every answer here is personal: private and never stored.
messageRoutes.use(routePath('messages'), privateAnswers);
messageRoutes.use(areaPath('messages'), privateAnswers);

// ---- the first message about an ad ----------------------------------------------------------

messageRoutes.get(routePath('messageAd'), async (c) => {
  const postId = idParam(c.req.param('postId'), 'Anunțul nu a fost găsit.');
  const user = c.get('user');
  if (!user) return signInTo(c, route('messageAd', { postId }));
  const target = await getMessageTarget(c.get('db'), postId);
  const existing = await findConversation(c.get('db'), postId, user.id);
  // A message typed before signing in waits in the conversation's reply box instead.
  if (existing) return c.redirect(route('conversation', { id: existing.id }), 303);
  const kept = (await takeTypedMessage(c, postId)) ?? undefined;
  if (!target || (!isPublicAd(target, Date.now()) && !maySeeNonPublic(user, target)))
    return renderUnavailable(c, postId, kept);
  const blockedBy = await blockBetween(c.get('db'), user.id, target.userId);
  const refusal = startRefusal(user, target.userId, adState(target, Date.now()), blockedBy);
  if (refusal)
    return renderStart(c, target, refusalStatus(refusal), { text: kept, notice: REFUSALS[refusal] });
  return renderStart(c, target, 200, { text: kept });
});

messageRoutes.post(routePath('messageAd'), async (c) => {
  const postId = idParam(c.req.param('postId'), 'Anunțul nu a fost găsit.');
  const raw = await formText(c);
  const typed = typeof raw === 'string' ? raw : '';
  // The session could not be looked up (D1 failing): the message comes back, not a sign-in page.
  if (c.get('sessionUnavailable')) return keepMessageOnFailure(c, route('messageAd', { postId }), typed);
  const user = c.get('user');
  if (!user) {
    if (prefersJson(c)) throw new NotAuthenticated();
    // What was typed waits for the sign-in (docs/messages.md#drafts).
    await keepTypedMessage(c, postId, await formText(c));
    return signInTo(c, route('messageAd', { postId }));
  }
  const db = c.get('db');
  const now = Date.now();
  try {
    const target = await getMessageTarget(db, postId);
    let conversation = await findConversation(db, postId, user.id);
    if (!target || (!conversation && !isPublicAd(target, now) && !maySeeNonPublic(user, target)))
      return renderUnavailable(c, postId, typed);
    // A block is about the person: neither of the two may write to the other about any ad.
    const blockedBy = await blockBetween(db, user.id, target.userId);
    const refusal: Refusal | null = conversation
      ? writeRefusal({ ...conversation, blockedBy }, user, adState(target, now))
      : startRefusal(user, target.userId, adState(target, now), blockedBy);
    if (refusal)
      return renderStart(c, target, refusalStatus(refusal), { text: typed, notice: REFUSALS[refusal] });
    const parsed = parseMessageText(raw);
    if (!parsed.ok) return renderStart(c, target, 400, { text: typed, error: parsed.error });

    if (!conversation) {
      // A new conversation counts against the per-minute limit; a concurrent first message that
      // already opened it is simply continued.
      if (!(await newConversationAllowed(c, user.id))) {
        conversation = await findConversation(db, postId, user.id);
        if (!conversation) {
          c.header('Retry-After', String(LIMIT_PERIOD_SECONDS));
          return renderStart(c, target, 429, { text: typed, notice: NEW_CONVERSATION_REFUSAL });
        }
      }
    }
    // Every message, the first one too, counts against the per-minute and daily message limits.
    const limited = await admitMessage(c, user.id, now);
    if (limited) {
      retryAfter(c, limited);
      return renderStart(c, target, limited.status, { text: typed, notice: limited.notice });
    }
    if (!conversation) {
      const opened = await openConversation(db, {
        postId,
        buyerId: user.id,
        sellerId: target.userId,
        postTitle: target.title,
        now,
      });
      if (!opened) {
        await releaseMessage(c, user.id, now);
        c.header('Retry-After', '3600');
        return renderStart(c, target, 429, {
          text: typed,
          notice:
            'Ați început prea multe conversații noi astăzi (cel mult 20 pe zi). Încercați din nou mâine.',
        });
      }
      conversation = opened.conversation;
    }
    const sent = await deliver(c, conversation, user.id, parsed.text, now);
    if ('refusal' in sent)
      return renderStart(c, target, sent.refusal.status, { text: typed, notice: sent.refusal.notice });
    if (prefersJson(c)) return c.json({ conversationId: conversation.id, message: sent.message }, 201);
    return c.redirect(route('conversation', { id: conversation.id }), 303);
  } catch (err) {
    return keepMessageOnFailure(c, route('messageAd', { postId }), typed, err);
  }
});

// ---- the inbox ---------------------------------------------------------------------------

messageRoutes.get(routePath('messages'), async (c) => {
  const user = c.get('user');
  if (!user) return signInTo(c, route('messages'));
  const rows = await listInbox(c.get('db'), user.id);
  const now = Date.now();
  const items: InboxItem[] = rows.map((row) => {
    const photo = parsePhotoRef(row.photo);
    return {
      ...row,
      href: route('conversation', { id: row.id }),
      photoUrl: photo ? responsiveUrl(photo, 320) : null,
      when: shortWhen(row.lastMessageAt, now),
      whenIso: isoDate(row.lastMessageAt),
      blockAction: route('conversationBlock', {
        id: row.id,
        action: row.blockedByMe ? 'deblocheaza' : 'blocheaza',
      }),
    };
  });
  return c.render(<InboxPage items={items} />, { title: 'Mesaje', noindex: true });
});

// ---- one conversation ----------------------------------------------------------------------

messageRoutes.get(routePath('conversation'), async (c) => {
  const user = c.get('user');
  if (!user) return signInTo(c, new URL(c.req.url).pathname);
  const loaded = await load(c, user);
  const kept =
    loaded.access === 'participant' && loaded.conversation.buyerId === user.id
      ? await takeTypedMessage(c, loaded.conversation.postId)
      : null;
  return renderConversation(c, user, loaded, 200, kept === null ? {} : { text: kept });
});

messageRoutes.post(routePath('conversation'), async (c) => {
  const raw = await formText(c);
  const typed = typeof raw === 'string' ? raw : '';
  const here = new URL(c.req.url).pathname;
  if (c.get('sessionUnavailable')) return keepMessageOnFailure(c, here, typed);
  const user = requireUser(c);
  const loaded = await load(c, user).catch((err) => {
    if (err instanceof HttpError) throw err;
    return keepMessageOnFailure(c, here, typed, err);
  });
  if (loaded instanceof Response) return loaded;
  try {
    const now = Date.now();
    const refusal = writeRefusal(loaded.conversation, user, adState(loaded.target, now), loaded.otherDeleted);
    if (refusal) {
      if (prefersJson(c)) return c.json({ error: REFUSALS[refusal] }, refusalStatus(refusal));
      // The page again, with the reason and what was typed (to copy elsewhere).
      return renderConversation(c, user, loaded, refusalStatus(refusal), { refusedText: typed });
    }
    const parsed = parseMessageText(raw);
    if (!parsed.ok) {
      if (prefersJson(c)) return c.json({ error: parsed.error, fields: { text: parsed.error } }, 400);
      return renderConversation(c, user, loaded, 400, { text: typed, error: parsed.error });
    }
    const limited = await admitMessage(c, user.id, now);
    const sent = limited
      ? { refusal: limited }
      : await deliver(c, loaded.conversation, user.id, parsed.text, now);
    if ('refusal' in sent) {
      retryAfter(c, sent.refusal);
      if (prefersJson(c))
        return c.json(
          { error: sent.refusal.notice, retryAfter: sent.refusal.retryAfter },
          sent.refusal.status,
        );
      return renderConversation(c, user, loaded, sent.refusal.status, {
        text: typed,
        error: sent.refusal.notice,
      });
    }
    if (prefersJson(c)) return c.json({ message: sent.message }, 201);
    return c.redirect(route('conversation', { id: loaded.conversation.id }), 303);
  } catch (err) {
    return keepMessageOnFailure(c, here, typed, err);
  }
});

/** The open page saw new messages arrive live: they are read. */
messageRoutes.post(routePath('conversationRead'), async (c) => {
  const user = requireUser(c);
  const { conversation, access } = await load(c, user);
  if (access !== 'participant') throw new Forbidden(REFUSALS.notParticipant);
  await roomOf(c, conversation.id).markRead(user.id, Date.now());
  await markConversationRead(c.get('db'), conversation, user.id);
  return c.json({ ok: true });
});

messageRoutes.post(routePath('conversationBlock'), async (c) => {
  const user = requireUser(c);
  const { conversation, access } = await load(c, user);
  if (access !== 'participant') throw new Forbidden(REFUSALS.notParticipant);
  const block = c.req.param('action') === 'blocheaza';
  // A block is about the person: every conversation between the two, on any ad, and any new one.
  const otherId = user.id === conversation.buyerId ? conversation.sellerId : conversation.buyerId;
  if (block) await blockPerson(c.get('db'), user.id, otherId, Date.now());
  else await unblockPerson(c.get('db'), user.id, otherId);
  setFlash(c, block ? 'persoana-blocata' : 'persoana-deblocata');
  const form = await c.req.formData().catch(() => new FormData());
  if (form.get('inapoi') === 'mesaje') return c.redirect(route('messages'), 303);
  return c.redirect(route('conversation', { id: conversation.id }), 303);
});

messageRoutes.post(routePath('conversationReport'), async (c) => {
  const user = requireUser(c);
  const { conversation, access } = await load(c, user);
  if (access !== 'participant') throw new Forbidden(REFUSALS.notParticipant);
  const form = await c.req.formData().catch(() => new FormData());
  const reason = form.get('reason');
  if (typeof reason !== 'string' || !(CONVERSATION_REPORT_REASONS as readonly string[]).includes(reason))
    throw new BadInput('Alegeți motivul raportării.', { reason: 'Alegeți motivul raportării.' });
  await reportConversation(c.get('db'), conversation.id, user.id, reason, Date.now());
  setFlash(c, 'conversatie-raportata');
  return c.redirect(route('conversation', { id: conversation.id }), 303);
});

messageRoutes.post(routePath('conversationClearReport'), async (c) => {
  requireOperator(c);
  const id = idParam(c.req.param('id'), 'Conversația nu a fost găsită.');
  const conversation = await getConversation(c.get('db'), id);
  if (!conversation) throw new NotFound('Conversația nu a fost găsită.');
  await clearReport(c.get('db'), id);
  setFlash(c, 'raport-inchis');
  return c.redirect(route('moderation'), 303);
});

/**
 * The live connection of an open conversation: the Worker checks the session, the participant and
 * the page's origin, then hands the upgrade to the conversation's object.
 */
messageRoutes.get(routePath('conversationLive'), async (c) => {
  if (c.req.header('upgrade')?.toLowerCase() !== 'websocket')
    return c.json({ error: 'Această adresă primește doar conexiuni WebSocket.' }, 426);
  const origin = c.req.header('origin');
  if (!origin || !siteOrigins(c.req.url, c.env.SITE_URL).includes(origin))
    return c.json({ error: 'Conexiunea nu a pornit de pe acest site.' }, 403);
  const user = c.get('user');
  if (!user) return c.json({ error: 'Trebuie să vă conectați' }, 401);
  const { conversation, access } = await load(c, user);
  if (access !== 'participant') return c.json({ error: REFUSALS.notParticipant }, 403);
  const headers = new Headers({ upgrade: 'websocket', 'x-room-user': String(user.id) });
  const res = await roomOf(c, conversation.id).fetch(new Request('https://room/live', { headers }));
  if (res.status !== 101 || !res.webSocket)
    return c.json({ error: 'Conexiunea nu a putut fi deschisă.' }, 400);
  return new Response(null, { status: 101, webSocket: res.webSocket });
});

// ---- "Doar mesaje" for one ad ---------------------------------------------------------------

messageRoutes.post(routePath('messagesOnlyPost'), async (c) => {
  const postId = idParam(c.req.param('postId'), 'Anunțul nu a fost găsit.');
  const target = await getMessageTarget(c.get('db'), postId);
  if (!target) throw new NotFound('Anunțul nu a fost găsit.');
  requireOwner(c, target.userId);
  const form = await c.req.formData().catch(() => new FormData());
  const on = form.get('on') === '1';
  await setPostMessagesOnly(c.get('db'), postId, on);
  await purgeForPost(c.req.url, c.get('db'), target);
  setFlash(c, on ? 'doar-mesaje' : 'telefon-afisat');
  return c.redirect(await adPath(c, target), 303);
});
