// The download of a person's data (`GET /cont/date`, docs/privacy.md): one JSON document written
// into the response as it is read, a kind (and for ads a page) at a time, so a long history never
// sits whole in memory. Photo addresses are absolute; messages come from each conversation's object.
import {
  type ExportedPhoto,
  exportAdsPage,
  exportConversations,
  exportFavourites,
  exportLoosePhotos,
  exportMailOptouts,
  exportModerationDecisions,
  exportProfile,
  exportReportsMade,
  exportSavedSearches,
} from '../db/account-data';
import { DELETED_ACCOUNT_NAME } from '../db/account-deletion';
import type { Bindings, Db } from '../env';
import { absoluteUrl } from '../lib/links';
import { MAIL_KIND_NAMES } from '../lib/mail-kinds';
import type { RoomMessage } from '../messages/room';
import { photoUrl } from '../photos/urls';
import { searchPathOf } from '../saved/search-match';

/** Ads read per query. */
const ADS_PAGE = 100;

/** `eradauti-date-<YYYY-MM-DD>.json`: the attachment's name (the Bucharest day is in `day`). */
export function exportFileName(day: string): string {
  return `eradauti-date-${day}.json`;
}

function iso(ms: number | null | undefined): string | null {
  return ms === null || ms === undefined ? null : new Date(ms).toISOString();
}

/**
 * The person's data as a stream of UTF-8 JSON, pulled: the next piece is read from D1 only when the
 * reader has taken the previous one.
 */
export function accountExportStream(env: Bindings, db: Db, userId: number, now: number): ReadableStream {
  const encoder = new TextEncoder();
  const chunks = exportChunks(env, db, userId, now);
  return new ReadableStream({
    async pull(controller) {
      try {
        const { value, done } = await chunks.next();
        if (done) controller.close();
        else controller.enqueue(encoder.encode(value));
      } catch (err) {
        console.error('Data export failed', userId, err);
        controller.error(err);
      }
    },
    async cancel() {
      await chunks.return(undefined);
    },
  });
}

async function* exportChunks(env: Bindings, db: Db, userId: number, now: number): AsyncGenerator<string> {
  const photoAddress = (p: ExportedPhoto) => ({
    id: p.id,
    width: p.width,
    height: p.height,
    url: absoluteUrl(env.SITE_URL, photoUrl(p)),
  });
  const field = (name: string, value: unknown, last = false) =>
    `${JSON.stringify(name)}:${JSON.stringify(value)}${last ? '' : ','}`;
  const profile = await exportProfile(db, userId);
  yield '{';
  yield field('site', 'eRădăuți');
  yield field('siteUrl', env.SITE_URL);
  yield field('generatedAt', iso(now));
  yield field(
    'profile',
    profile && {
      ...profile,
      createdAt: iso(profile.createdAt),
      updatedAt: iso(profile.updatedAt),
    },
  );
  // Ads, a page at a time.
  yield '"ads":[';
  let after = 0;
  let first = true;
  for (;;) {
    const page = await exportAdsPage(db, userId, after, ADS_PAGE);
    for (const ad of page) {
      yield first ? '' : ',';
      first = false;
      yield JSON.stringify({
        ...ad,
        photos: ad.photos.map(photoAddress),
        createdAt: iso(ad.createdAt),
        updatedAt: iso(ad.updatedAt),
        publishedAt: iso(ad.publishedAt),
        renewedAt: iso(ad.renewedAt),
        expiresAt: iso(ad.expiresAt),
        closedAt: iso(ad.closedAt),
      });
    }
    if (page.length < ADS_PAGE) break;
    after = page[page.length - 1].id;
  }
  yield '],';
  yield field('otherPhotos', (await exportLoosePhotos(db, userId)).map(photoAddress));
  yield field(
    'favourites',
    (await exportFavourites(db, userId)).map((f) => ({ ...f, savedAt: iso(f.savedAt) })),
  );
  yield field(
    'savedSearches',
    (await exportSavedSearches(db, userId)).map((s) => ({
      ...s,
      url: absoluteUrl(env.SITE_URL, searchPathOf(s.query)),
      createdAt: iso(s.createdAt),
      lastSentAt: iso(s.lastSentAt),
    })),
  );
  const off = new Set((await exportMailOptouts(db, userId)).map((o) => o.kind));
  yield field('mailPreferences', Object.fromEntries(MAIL_KIND_NAMES.map((kind) => [kind, !off.has(kind)])));
  // Conversations, each with its messages read from its object.
  yield '"conversations":[';
  const list = await exportConversations(db, userId);
  for (const [i, conv] of list.entries()) {
    const room = env.CONVERSATIONS.get(env.CONVERSATIONS.idFromName(String(conv.id)));
    const messages = (await room.list()) as RoomMessage[];
    const otherName = conv.otherName ?? DELETED_ACCOUNT_NAME;
    yield i === 0 ? '' : ',';
    yield JSON.stringify({
      id: conv.id,
      adId: conv.postId,
      adTitle: conv.postTitle,
      role: conv.role === 'buyer' ? 'cumpărător' : 'vânzător',
      otherPerson: otherName,
      startedAt: iso(conv.createdAt),
      blockedByMe: !!conv.blockedByMe,
      reportedByMe: !!conv.reportedByMe,
      reportReason: conv.reportReason,
      messages: messages.map((m) => ({
        from: m.senderId === userId ? 'eu' : otherName,
        text: m.body,
        sentAt: iso(m.createdAt),
        readAt: iso(m.readAt),
      })),
    });
  }
  yield '],';
  yield field(
    'reportsMade',
    (await exportReportsMade(db, userId)).map((r) => ({
      ...r,
      createdAt: iso(r.createdAt),
      resolvedAt: iso(r.resolvedAt),
    })),
  );
  yield field(
    'moderationDecisions',
    (await exportModerationDecisions(db, userId)).map((d) => ({ ...d, createdAt: iso(d.createdAt) })),
    true,
  );
  yield '}';
}
