// The pieces the message routes share: a conversation's Durable Object, reading the typed text,
// delivering a message (object + D1 index), and rendering the start form and one conversation.
import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { keepOwnWrite } from '../d1-session';
import { DELETED_ACCOUNT_NAME, isDeletedAccount } from '../db/account-deletion';
import { getCategoryTreeCached } from '../db/categories';
import {
  CONVERSATION_REPORT_REASONS,
  getConversation,
  getMessageTarget,
  type MessageTarget,
  markConversationRead,
  recordMessage,
} from '../db/conversations';
import {
  blockBetween,
  DAILY_MESSAGES,
  dayOf,
  releaseDailyMessage,
  reserveDailyMessage,
} from '../db/message-limits';
import type { Conversation } from '../db/schema';
import { findUserById } from '../db/users';
import type { AppEnv, CurrentUser } from '../env';
import { adState, REFUSALS, readAccess, writeRefusal } from '../lib/conversation-access';
import { bucharestDay, formatDate, isoDate } from '../lib/dates';
import { HttpError, NotFound } from '../lib/errors';
import { postHref, route } from '../lib/links';
import { plural } from '../lib/plural';
import { UNAVAILABLE_AD } from '../lib/post-status';
import { needsScamWarning } from '../lib/scam';
import { MAX_CONVERSATION_MESSAGES, type RoomInfo, type RoomMessage, type RoomPage } from '../messages/room';
import { ConversationPage, MESSAGES_FORMS, MessageStartPage } from '../pages/MessagesPages';
import {
  LIMIT_PERIOD_SECONDS,
  MESSAGE_RATE_REFUSAL,
  messageAllowed,
  prefersJson,
} from '../platform/rate-limits';
import { idParam } from './helpers';

const CONVERSATION_NOT_FOUND = 'Conversația nu a fost găsită.';

/** The conversation's Durable Object (one per D1 row, named by its id). */
export function roomOf(c: { env: AppEnv['Bindings'] }, id: number) {
  return c.env.CONVERSATIONS.get(c.env.CONVERSATIONS.idFromName(String(id)));
}

export function roomInfo(conversation: Conversation): RoomInfo {
  return { conversationId: conversation.id, buyerId: conversation.buyerId, sellerId: conversation.sellerId };
}

export async function formText(c: Context<AppEnv>): Promise<unknown> {
  const type = c.req.header('content-type') ?? '';
  if (type.includes('application/json')) {
    try {
      const body = (await c.req.json()) as { text?: unknown };
      return body?.text;
    } catch {
      return undefined;
    }
  }
  try {
    return (await c.req.formData()).get('text');
  } catch {
    return undefined;
  }
}

export async function adPath(c: Context<AppEnv>, target: Pick<MessageTarget, 'id' | 'slug' | 'categoryId'>) {
  const tree = await getCategoryTreeCached(c.get('db'));
  return postHref(tree, target);
}

/** Why a message was not sent: the status, the Romanian reason, and `Retry-After` when it helps. */
export interface MessageRefusal {
  status: 409 | 429;
  notice: string;
  retryAfter?: number;
}

const DAILY_MESSAGES_REFUSAL = `Ați trimis deja ${plural(DAILY_MESSAGES, MESSAGES_FORMS)} astăzi, cât se poate într-o zi. Puteți scrie din nou mâine.`;
export const CONVERSATION_FULL = `Această conversație a ajuns la ${plural(MAX_CONVERSATION_MESSAGES, MESSAGES_FORMS)}, cât poate păstra: nu se mai pot trimite mesaje în ea.`;

/**
 * Lets one message of `senderId` through the limits, or says why not: the per-minute binding
 * (REPLY_LIMITER), then one slot of the day's DAILY_MESSAGES reserved in D1 by one statement. A
 * reserved slot not used (the message was then refused) is given back with `releaseMessage`.
 */
export async function admitMessage(
  c: Context<AppEnv>,
  senderId: number,
  now: number,
): Promise<MessageRefusal | null> {
  if (!(await messageAllowed(c, senderId)))
    return { status: 429, notice: MESSAGE_RATE_REFUSAL, retryAfter: LIMIT_PERIOD_SECONDS };
  if (!(await reserveDailyMessage(c.get('db'), senderId, now))) {
    const nextDay = (dayOf(now) + 1) * 86_400_000;
    return { status: 429, notice: DAILY_MESSAGES_REFUSAL, retryAfter: Math.ceil((nextDay - now) / 1000) };
  }
  return null;
}

export function releaseMessage(c: Context<AppEnv>, senderId: number, now: number) {
  return releaseDailyMessage(c.get('db'), senderId, now);
}

/**
 * Stores an admitted message in the conversation's object and the index: the message as stored, or
 * the refusal of a conversation already holding MAX_CONVERSATION_MESSAGES (its slot given back).
 */
export async function deliver(
  c: Context<AppEnv>,
  conversation: Conversation,
  senderId: number,
  text: string,
  now = Date.now(),
): Promise<{ message: RoomMessage } | { refusal: MessageRefusal }> {
  const message = (await roomOf(c, conversation.id).append(
    roomInfo(conversation),
    senderId,
    text,
    now,
  )) as RoomMessage | null;
  if (!message) {
    await releaseMessage(c, senderId, now);
    return { refusal: { status: 409, notice: CONVERSATION_FULL } };
  }
  await recordMessage(c.get('db'), conversation, senderId, text, now);
  return { message };
}

/** Sets `Retry-After` for a refusal that has one. */
export function retryAfter(c: Context<AppEnv>, refusal: MessageRefusal) {
  if (refusal.retryAfter) c.header('Retry-After', String(refusal.retryAfter));
}

export async function renderStart(
  c: Context<AppEnv>,
  target: MessageTarget,
  status: number,
  opts: { text?: string; error?: string; notice?: string } = {},
) {
  if (prefersJson(c) && status >= 400) return c.json({ error: opts.error ?? opts.notice }, status as 400);
  c.status(status as 200);
  return c.render(
    <MessageStartPage
      postTitle={target.title}
      postHref={await adPath(c, target)}
      action={route('messageAd', { postId: target.id })}
      {...opts}
    />,
    { title: 'Trimite un mesaj', noindex: true },
  );
}

const UNAVAILABLE_NOTICE = 'Anunțul nu este disponibil: nu se pot trimite mesaje despre el.';

/**
 * The first-message page of an ad that is deleted, or not public (draft, hidden, held, author
 * banned) to someone who may not see it: a 404 that shows nothing of the ad, identical in every
 * one of these cases so that enumerating ids tells nothing apart. The typed text comes back.
 */
export function renderUnavailable(c: Context<AppEnv>, postId: number, text?: string) {
  if (prefersJson(c)) return c.json({ error: UNAVAILABLE_NOTICE }, 404);
  c.status(404);
  return c.render(
    <MessageStartPage
      postTitle={UNAVAILABLE_AD}
      action={route('messageAd', { postId })}
      text={text}
      notice={UNAVAILABLE_NOTICE}
    />,
    { title: UNAVAILABLE_AD, noindex: true },
  );
}

/** Whether the viewer may see this ad although it is not public: its author, or an operator. */
export function maySeeNonPublic(
  viewer: { id: number; isOperator: boolean; banned: boolean },
  target: MessageTarget,
) {
  return viewer.id === target.userId || (viewer.isOperator && !viewer.banned);
}

export function signInTo(c: Context<AppEnv>, back: string) {
  return c.redirect(route('login', {}, { redirect_url: back }), 303);
}

/** The inbox's time of the last message: the hour today, the date before. */
export function shortWhen(ms: number, now: number): string {
  return bucharestDay(ms) === bucharestDay(now) ? formatDate(ms, 'time') : formatDate(ms, 'short');
}

export interface Loaded {
  conversation: Conversation;
  access: 'participant' | 'operator';
  target: MessageTarget | null;
  /** The viewer's other side deleted their account (or is deleting it). */
  otherDeleted: boolean;
}

export async function load(c: Context<AppEnv>, user: CurrentUser): Promise<Loaded> {
  const id = idParam(c.req.param('id'), CONVERSATION_NOT_FOUND);
  const conversation = await getConversation(c.get('db'), id);
  const access = conversation ? readAccess(conversation, user) : null;
  // A conversation someone may not read answers like one that does not exist.
  if (!conversation || !access) throw new NotFound('Conversația nu a fost găsită.');
  const otherId = user.id === conversation.buyerId ? conversation.sellerId : conversation.buyerId;
  const [target, other, blockedBy] = await Promise.all([
    getMessageTarget(c.get('db'), conversation.postId),
    findUserById(c.get('db'), otherId),
    // A block is about the person: whoever blocked whom, on any ad, holds here too.
    access === 'participant'
      ? blockBetween(c.get('db'), user.id, otherId)
      : Promise.resolve(conversation.blockedBy),
  ]);
  return {
    conversation: { ...conversation, blockedBy },
    access,
    target,
    otherDeleted: isDeletedAccount(other),
  };
}

export async function renderConversation(
  c: Context<AppEnv>,
  user: CurrentUser,
  loaded: Loaded,
  status: number,
  form: { text?: string; error?: string; refusedText?: string } = {},
) {
  const before = Number(c.req.query('inainte'));
  const { conversation, access, target } = loaded;
  const db = c.get('db');
  const room = roomOf(c, conversation.id);
  const now = Date.now();
  if (access === 'participant') {
    const unread = user.id === conversation.buyerId ? conversation.unreadBuyer : conversation.unreadSeller;
    await room.markRead(user.id, now);
    if (unread > 0) {
      await markConversationRead(db, conversation, user.id);
      // The menu's badge the person sees next must count this conversation as read.
      keepOwnWrite(c);
    }
  }
  const page = (await room.page(Number.isSafeInteger(before) && before > 0 ? before : null)) as RoomPage;
  const messages = page.messages;
  const here = route('conversation', { id: conversation.id });
  const [buyer, seller] = await Promise.all([
    findUserById(db, conversation.buyerId),
    findUserById(db, conversation.sellerId),
  ]);
  const nameOf = (id: number) =>
    id === buyer?.id ? buyer.name : id === seller?.id ? seller.name : DELETED_ACCOUNT_NAME;
  const otherId = user.id === conversation.buyerId ? conversation.sellerId : conversation.buyerId;
  const refusal =
    access === 'participant'
      ? writeRefusal(conversation, user, adState(target, now), loaded.otherDeleted)
      : null;
  const base = (action: string) => route('conversationAction', { id: conversation.id, action });
  c.status(status as 200);
  return c.render(
    <ConversationPage
      id={conversation.id}
      meId={user.id}
      postTitle={conversation.postTitle}
      postHref={target ? await adPath(c, target) : null}
      otherName={nameOf(otherId)}
      messages={messages.map((m) => ({
        id: m.id,
        mine: m.senderId === user.id,
        senderName: nameOf(m.senderId),
        body: m.body,
        time: formatDate(m.createdAt, 'longTime'),
        iso: isoDate(m.createdAt),
        warn: m.senderId !== user.id && needsScamWarning(m.body),
      }))}
      total={page.total}
      olderHref={
        page.olderBefore
          ? route('conversation', { id: conversation.id }, { inainte: page.olderBefore })
          : undefined
      }
      newestHref={Number.isSafeInteger(before) && before > 0 ? here : undefined}
      reply={
        access === 'participant' && !refusal ? { action: here, text: form.text, error: form.error } : null
      }
      cannotWrite={refusal ? REFUSALS[refusal] : undefined}
      refusedText={form.refusedText}
      blockAction={
        access === 'participant' && conversation.blockedBy === null ? base('blocheaza') : undefined
      }
      unblockAction={
        access === 'participant' && conversation.blockedBy === user.id ? base('deblocheaza') : undefined
      }
      reportAction={access === 'participant' ? base('raporteaza') : undefined}
      reportReasons={CONVERSATION_REPORT_REASONS}
      reported={conversation.reportedAt !== null}
      operatorView={
        access === 'operator'
          ? {
              buyerName: nameOf(conversation.buyerId),
              sellerName: nameOf(conversation.sellerId),
              reason: conversation.reportReason ?? '',
              clearAction: base('inchide-raportul'),
            }
          : undefined
      }
      postDeleted={!target}
    />,
    {
      title: `Mesaje — ${conversation.postTitle}`,
      noindex: true,
      islands: access === 'participant' ? ['messages'] : [],
    },
  );
}

/** Seconds the person is asked to wait before sending a message again when D1 fails. */
const RETRY_AFTER_S = 10;
const MESSAGE_NOT_SAVED =
  'Mesajul nu a putut fi trimis acum: baza de date nu răspunde. L-am păstrat mai jos; încercați din nou peste câteva secunde.';

/**
 * When D1 fails (at the session lookup or later) while a message is sent, nothing typed is lost:
 * the message form comes back with the text, posting to the same address, as a 503 with
 * `Retry-After` (as the editor does, src/http/editor-form.tsx). Refusals (4xx) are not failures.
 */
export function keepMessageOnFailure(c: Context<AppEnv>, action: string, text: string, err?: unknown) {
  if (err instanceof HttpError || err instanceof HTTPException) throw err;
  if (err) console.error('Sending a message failed', c.req.method, c.req.path, err);
  c.header('Retry-After', String(RETRY_AFTER_S));
  c.header('Cache-Control', 'no-store');
  if (prefersJson(c)) return c.json({ error: MESSAGE_NOT_SAVED, retryAfter: RETRY_AFTER_S }, 503);
  c.status(503);
  return c.render(<MessageStartPage postTitle="" action={action} text={text} notice={MESSAGE_NOT_SAVED} />, {
    title: 'Mesajul nu a fost trimis',
    noindex: true,
  });
}
