// One private conversation: a Durable Object with SQLite storage holding its messages (text, sender,
// time, read mark), the WebSockets of the participants who have it open (hibernation API: they
// stay connected while the object sleeps), and the alarm that sends an e-mail notice when a message
// stays unread. The Worker authorizes every call (src/routes/messages.tsx); this object trusts it.
import { DurableObject } from 'cloudflare:workers';
import type { Bindings } from '../env';
import { MESSAGE_MAX } from '../lib/message-text';
import { notifyUnread } from './notices';

/** A message stays unread this long before its recipient is told by e-mail. */
export const NOTICE_DELAY_MS = 10 * 60_000;
/**
 * At most one notice job per conversation in this time; the mail itself is grouped per recipient and
 * goes out at most once an hour (src/jobs/message-unread.ts).
 */
export const NOTICE_GAP_MS = 10 * 60_000;
/** Messages one conversation keeps: past this, nothing more can be added (docs/messages.md#limits). */
export const MAX_CONVERSATION_MESSAGES = 1000;
/** Messages per page of a conversation (the newest first loaded, older ones on request). */
export const PAGE_SIZE = 50;
/** Open WebSockets per person on one conversation: a new one closes the oldest beyond this. */
export const MAX_SOCKETS_PER_PERSON = 5;

/** One page of a conversation, oldest first; `olderBefore` names the page before it, if any. */
export interface RoomPage {
  messages: RoomMessage[];
  olderBefore: number | null;
  total: number;
}

export interface RoomInfo {
  conversationId: number;
  buyerId: number;
  sellerId: number;
}

export interface RoomMessage {
  id: number;
  senderId: number;
  body: string;
  createdAt: number;
  readAt: number | null;
}

/** What the open pages of a conversation receive over their WebSocket. */
export type LiveEvent =
  | { type: 'message'; message: RoomMessage }
  | { type: 'read'; readerId: number; at: number };

type Row = Record<string, SqlStorageValue>;

function toMessage(row: Row): RoomMessage {
  return {
    id: Number(row.id),
    senderId: Number(row.sender_id),
    body: String(row.body),
    createdAt: Number(row.created_at),
    readAt: row.read_at === null ? null : Number(row.read_at),
  };
}

export class ConversationRoom extends DurableObject<Bindings> {
  private readonly sql: SqlStorage;
  /** False after `destroy` until the next message: the storage is empty, not even tables. */
  private ready = false;

  constructor(ctx: DurableObjectState, env: Bindings) {
    super(ctx, env);
    this.sql = ctx.storage.sql;
    this.createTables();
  }

  private createTables(): void {
    this.ready = true;
    this.sql.exec(`CREATE TABLE IF NOT EXISTS messages (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      sender_id INTEGER NOT NULL,
      body TEXT NOT NULL,
      created_at INTEGER NOT NULL,
      read_at INTEGER,
      notice_checked INTEGER NOT NULL DEFAULT 0
    )`);
    this.sql.exec('CREATE TABLE IF NOT EXISTS room (key TEXT PRIMARY KEY, value TEXT NOT NULL)');
  }

  private get(key: string): string | null {
    if (!this.ready) return null;
    const row = this.sql.exec('SELECT value FROM room WHERE key = ?', key).toArray()[0];
    return row ? String(row.value) : null;
  }

  private set(key: string, value: string): void {
    this.sql.exec(
      'INSERT INTO room (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value',
      key,
      value,
    );
  }

  /** Who the conversation is between (the same every call; the first one stores it). */
  info(): RoomInfo | null {
    const raw = this.get('info');
    return raw ? (JSON.parse(raw) as RoomInfo) : null;
  }

  /**
   * Stores a message from a participant, shows it on every open page, and arms the notice alarm.
   * Null when the conversation already holds MAX_CONVERSATION_MESSAGES (the object runs one call at
   * a time, so simultaneous messages cannot pass the cap).
   */
  async append(info: RoomInfo, senderId: number, body: string, now: number): Promise<RoomMessage | null> {
    if (!this.ready) this.createTables();
    if (!this.get('info')) this.set('info', JSON.stringify(info));
    if (senderId !== info.buyerId && senderId !== info.sellerId) throw new Error('not a participant');
    if (this.count() >= MAX_CONVERSATION_MESSAGES) return null;
    const text = [...body].slice(0, MESSAGE_MAX).join('');
    const row = this.sql
      .exec(
        'INSERT INTO messages (sender_id, body, created_at) VALUES (?, ?, ?) RETURNING *',
        senderId,
        text,
        now,
      )
      .one();
    const message = toMessage(row);
    this.broadcast({ type: 'message', message });
    const alarm = await this.ctx.storage.getAlarm();
    if (alarm === null) await this.ctx.storage.setAlarm(now + NOTICE_DELAY_MS);
    return message;
  }

  /** Every message, oldest first (the data export, the tests; pages use `page`). */
  list(): RoomMessage[] {
    if (!this.ready) return [];
    return this.sql.exec('SELECT * FROM messages ORDER BY id').toArray().map(toMessage);
  }

  /** How many messages the conversation holds. */
  count(): number {
    if (!this.ready) return 0;
    return Number(this.sql.exec('SELECT count(*) AS n FROM messages').one().n);
  }

  /** The `size` newest messages before message `before` (the newest of all without it), oldest first. */
  page(before: number | null, size = PAGE_SIZE): RoomPage {
    if (!this.ready) return { messages: [], olderBefore: null, total: 0 };
    const limit = Math.max(1, Math.min(size, PAGE_SIZE));
    const rows = this.sql
      .exec(
        'SELECT * FROM messages WHERE id < ? ORDER BY id DESC LIMIT ?',
        before ?? Number.MAX_SAFE_INTEGER,
        limit + 1,
      )
      .toArray()
      .map(toMessage);
    const more = rows.length > limit;
    const messages = rows.slice(0, limit).reverse();
    return {
      messages,
      olderBefore: more && messages.length > 0 ? messages[0].id : null,
      total: this.count(),
    };
  }

  /** Marks the other participant's messages read by `readerId`; how many were unread. */
  markRead(readerId: number, now: number): number {
    if (!this.ready) return 0;
    const changed = this.sql.exec(
      'UPDATE messages SET read_at = ? WHERE sender_id != ? AND read_at IS NULL',
      now,
      readerId,
    ).rowsWritten;
    if (changed > 0) this.broadcast({ type: 'read', readerId, at: now });
    return changed;
  }

  /**
   * A participant's account was deleted: every message they wrote leaves the conversation (the other
   * side keeps their own). Answers how many went.
   */
  eraseSender(senderId: number): number {
    if (!this.ready) return 0;
    return this.sql.exec('DELETE FROM messages WHERE sender_id = ?', senderId).rowsWritten;
  }

  /** Removes the conversation for good: sockets closed, alarm and storage gone. */
  async destroy(): Promise<void> {
    for (const ws of this.ctx.getWebSockets()) {
      try {
        ws.close(1000, 'removed');
      } catch {
        // already closing
      }
    }
    await this.ctx.storage.deleteAlarm();
    await this.ctx.storage.deleteAll();
    this.ready = false;
  }

  /** The WebSocket upgrade, already authorized by the Worker: `X-Room-User` is the participant. */
  override async fetch(request: Request): Promise<Response> {
    if (request.headers.get('upgrade')?.toLowerCase() !== 'websocket')
      return new Response('WebSocket expected', { status: 426 });
    const userId = request.headers.get('x-room-user');
    if (!userId || !/^\d+$/.test(userId)) return new Response('no participant', { status: 400 });
    // One person holds at most MAX_SOCKETS_PER_PERSON here: a new page closes their oldest one, so
    // thousands of upgrades cost this object nothing that stays.
    const open = this.ctx.getWebSockets(userId).filter((ws) => ws.readyState === WebSocket.OPEN);
    for (const old of open.slice(0, Math.max(0, open.length - MAX_SOCKETS_PER_PERSON + 1))) {
      try {
        old.close(4008, 'too many connections');
      } catch {
        // already closing
      }
    }
    const pair = new WebSocketPair();
    const [client, server] = Object.values(pair);
    this.ctx.acceptWebSocket(server, [userId]);
    return new Response(null, { status: 101, webSocket: client });
  }

  /** The page's keep-alive: `ping` is answered `pong`; nothing else is accepted from a socket. */
  override async webSocketMessage(ws: WebSocket, message: string | ArrayBuffer): Promise<void> {
    if (message === 'ping') ws.send('pong');
  }

  override async webSocketClose(ws: WebSocket, code: number): Promise<void> {
    // 1005 means "no code given" and may not be sent back.
    try {
      ws.close(code === 1005 || code < 1000 ? 1000 : code, 'closing');
    } catch {
      // already closed
    }
  }

  override async webSocketError(ws: WebSocket): Promise<void> {
    try {
      ws.close(1011, 'error');
    } catch {
      // already closed
    }
  }

  private broadcast(event: LiveEvent): void {
    const data = JSON.stringify(event);
    for (const ws of this.ctx.getWebSockets()) {
      try {
        ws.send(data);
      } catch {
        // a socket closing as we speak
      }
    }
  }

  /**
   * Ten minutes after a message: messages still unread that long are noticed once: their recipient's
   * `message-unread` job is enqueued (at most one per NOTICE_GAP_MS from this conversation), which
   * mails them at most once an hour, listing every conversation with unread messages. Re-armed for
   * messages that are not yet ten minutes old.
   */
  override async alarm(): Promise<void> {
    const now = Date.now();
    const info = this.info();
    if (!info) return;
    const due = this.sql
      .exec(
        'SELECT * FROM messages WHERE notice_checked = 0 AND created_at <= ? ORDER BY id',
        now - NOTICE_DELAY_MS,
      )
      .toArray()
      .map(toMessage);
    const unread = due.filter((m) => m.readAt === null);
    const last = Number(this.get('last_notice_at') ?? 0);
    // The recipient's job groups every conversation with unread messages into at most one mail an hour.
    if (unread.length > 0 && now - last >= NOTICE_GAP_MS) {
      const latest = unread[unread.length - 1];
      const recipientId = latest.senderId === info.buyerId ? info.sellerId : info.buyerId;
      await notifyUnread(this.env, { conversationId: info.conversationId, recipientId });
      this.set('last_notice_at', String(now));
    }
    if (due.length > 0)
      this.sql.exec('UPDATE messages SET notice_checked = 1 WHERE id <= ?', due[due.length - 1].id);
    const next = this.sql
      .exec('SELECT min(created_at) AS t FROM messages WHERE notice_checked = 0 AND read_at IS NULL')
      .one().t;
    if (next !== null) await this.ctx.storage.setAlarm(Math.max(Number(next) + NOTICE_DELAY_MS, now + 1000));
  }
}
