// Private messages: the inbox `/mesaje`, one conversation `/mesaje/<id>`, and the page of the
// first message about an ad when it must be shown again (`/mesaje/anunt/<id>`).
import { ActionForm } from '../components/ActionForm';
import { CameraIcon } from '../components/Icons';
import { MessageForm } from '../components/MessageForm';
import { ReasonChoices } from '../components/ReasonChoices';
import type { InboxRow } from '../db/conversations';
import { route } from '../lib/links';
import { plural } from '../lib/plural';
import { SCAM_WARNING } from '../lib/scam';

export const UNREAD_MESSAGES = {
  none: 'niciun mesaj necitit',
  one: '1 mesaj necitit',
  many: 'mesaje necitite',
};
export const CONVERSATIONS = { none: 'nicio conversație', one: 'o conversație', many: 'conversații' };
export const MESSAGES_FORMS = { none: 'niciun mesaj', one: '1 mesaj', many: 'mesaje' };

export interface InboxItem extends InboxRow {
  href: string;
  photoUrl: string | null;
  when: string;
  whenIso: string;
  /** Block (or unblock, when the viewer blocked) the other person, from the inbox itself. */
  blockAction: string;
}

export function InboxPage({ items }: { items: InboxItem[] }) {
  const unread = items.filter((i) => i.unread > 0).length;
  return (
    <section className="inbox">
      <h1>Mesaje</h1>
      <p className="muted">
        {plural(items.length, CONVERSATIONS)}
        {unread > 0 ? ` · ${plural(unread, { none: '', one: 'una necitită', many: 'necitite' })}` : ''}
      </p>
      {items.length === 0 ? (
        <p className="box">
          Nu aveți încă mesaje. Pe pagina oricărui anunț puteți scrie vânzătorului cu „Trimite un mesaj”.
        </p>
      ) : (
        <ul className="inbox__list">
          {items.map((item) => (
            <li key={item.id} className={item.unread > 0 ? 'inbox__item inbox__item--unread' : 'inbox__item'}>
              <a className="inbox__link" href={item.href}>
                {item.photoUrl ? (
                  <img
                    className="inbox__photo"
                    src={item.photoUrl}
                    alt=""
                    width={72}
                    height={54}
                    loading="lazy"
                  />
                ) : (
                  <span className="inbox__photo inbox__photo--none" aria-hidden="true">
                    <CameraIcon size={22} />
                  </span>
                )}
                <span className="inbox__body">
                  <span className="inbox__top">
                    <span className="inbox__name">{item.otherName}</span>
                    <time className="inbox__time muted" dateTime={item.whenIso}>
                      {item.when}
                    </time>
                  </span>
                  <span className="inbox__title">
                    {item.postTitle}
                    {item.postDeleted ? <span className="muted"> (anunț șters)</span> : null}
                  </span>
                  <span className="inbox__preview muted">
                    {item.lastFromMe ? 'Dvs.: ' : ''}
                    {item.lastPreview}
                  </span>
                </span>
                {item.unread > 0 ? (
                  <span className="inbox__unread" title={plural(item.unread, UNREAD_MESSAGES)}>
                    <span aria-hidden="true">{item.unread}</span>
                    <span className="visually-hidden">{plural(item.unread, UNREAD_MESSAGES)}</span>
                  </span>
                ) : null}
              </a>
              {item.blocked && !item.blockedByMe ? null : (
                <form method="post" action={item.blockAction} className="inbox__block">
                  <input type="hidden" name="inapoi" value="mesaje" />
                  <button
                    type="submit"
                    className={item.blockedByMe ? 'btn btn--small' : 'btn btn--small btn--danger'}
                    aria-label={`${item.blockedByMe ? 'Deblochează' : 'Blochează'} pe ${item.otherName}`}
                  >
                    {item.blockedByMe ? 'Deblochează' : 'Blochează'}
                  </button>
                </form>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export interface ConversationMessage {
  id: number;
  mine: boolean;
  senderName: string;
  body: string;
  time: string;
  iso: string;
  /** Show the scam warning above it (only to its recipient). */
  warn: boolean;
}

export interface ConversationPageProps {
  id: number;
  meId: number;
  postTitle: string;
  postHref: string | null;
  otherName: string;
  messages: ConversationMessage[];
  /** Messages in the whole conversation (the page shows the newest, older ones on request). */
  total: number;
  /** The page of older messages, when there are any. */
  olderHref?: string;
  /** Back to the newest messages, on a page of older ones. */
  newestHref?: string;
  /** The reply form, or why there is none. */
  reply: { action: string; text?: string; error?: string } | null;
  cannotWrite?: string;
  /** A refused reply's text, given back so it is not lost. */
  refusedText?: string;
  blockAction?: string;
  unblockAction?: string;
  reportAction?: string;
  reportReasons: readonly string[];
  reported: boolean;
  /** An operator reading a reported conversation. */
  operatorView?: { buyerName: string; sellerName: string; reason: string; clearAction: string };
  postDeleted: boolean;
}

export function MessageBody({ text }: { text: string }) {
  const lines = text.split('\n');
  return (
    <p className="message__text">
      {lines.map((line, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: lines have no identity
        <span key={i}>
          {i > 0 ? <br /> : null}
          {line}
        </span>
      ))}
    </p>
  );
}

export function ConversationPage(props: ConversationPageProps) {
  return (
    <section
      className="conversation"
      data-conversation={props.id}
      data-me={props.meId}
      data-read-url={route('conversationRead', { id: props.id })}
      data-live-url={route('conversationLive', { id: props.id })}
    >
      <p className="conversation__back">
        <a href={route('messages')}>‹ Toate mesajele</a>
      </p>
      <h1 className="conversation__title">
        {props.operatorView
          ? `${props.operatorView.buyerName} și ${props.operatorView.sellerName}`
          : props.otherName}
      </h1>
      <p className="muted conversation__ad">
        Despre anunțul{' '}
        {props.postHref ? <a href={props.postHref}>{props.postTitle}</a> : <strong>{props.postTitle}</strong>}
        {props.postDeleted
          ? ' (anunțul a fost șters; conversația se păstrează 30 de zile după ștergerea lui definitivă)'
          : ''}
      </p>
      {/* Blocking is at the top: a flood of messages never stands between a person and this button. */}
      {props.blockAction || props.unblockAction ? (
        <div className="conversation__block">
          {props.blockAction ? (
            <ActionForm action={props.blockAction} label="Blochează persoana" danger />
          ) : null}
          {props.unblockAction ? (
            <ActionForm action={props.unblockAction} label="Deblochează persoana" />
          ) : null}
        </div>
      ) : null}
      {props.operatorView ? (
        <div className="notice notice--warn">
          <p>Conversație raportată. Motivul: {props.operatorView.reason}</p>
          <form method="post" action={props.operatorView.clearAction}>
            <button type="submit" className="btn btn--small">
              Închide raportul
            </button>
          </form>
        </div>
      ) : null}
      {props.olderHref || props.newestHref ? (
        <nav className="conversation__pages" aria-label="Pagini de mesaje">
          <span className="muted">{plural(props.total, MESSAGES_FORMS)} în total</span>
          {props.olderHref ? <a href={props.olderHref}>‹ Mesaje mai vechi</a> : null}
          {props.newestHref ? <a href={props.newestHref}>Cele mai noi mesaje ›</a> : null}
        </nav>
      ) : null}
      <ol className="messages" aria-live="polite" aria-label="Mesajele conversației">
        {props.messages.map((m) => (
          <li key={m.id} className={m.mine ? 'message message--mine' : 'message'} data-id={m.id}>
            {m.warn ? (
              <p className="notice notice--warn message__warning" role="note">
                {SCAM_WARNING}
              </p>
            ) : null}
            <div className="message__bubble">
              <p className="message__meta muted">
                <span className="message__sender">{m.mine ? 'Dvs.' : m.senderName}</span>{' '}
                <time dateTime={m.iso}>{m.time}</time>
              </p>
              <MessageBody text={m.body} />
            </div>
          </li>
        ))}
      </ol>
      {props.reply ? (
        <MessageForm
          action={props.reply.action}
          id="reply-text"
          label="Răspunsul dumneavoastră"
          submitLabel="Trimite"
          text={props.reply.text}
          error={props.reply.error}
        />
      ) : props.cannotWrite ? (
        <div className="notice notice--warn" role="status">
          <p>{props.cannotWrite}</p>
          {props.refusedText ? (
            <>
              <p>Mesajul dumneavoastră nu a fost trimis:</p>
              <textarea
                className="message__refused"
                readOnly
                rows={3}
                defaultValue={props.refusedText}
                aria-label="Mesajul netrimis"
              />
            </>
          ) : null}
        </div>
      ) : null}
      {props.reportAction ? (
        <div className="conversation__tools">
          {props.reportAction && !props.reported ? (
            <details className="report">
              <summary>Raportează conversația</summary>
              <form method="post" action={props.reportAction} className="report__form">
                <ReasonChoices reasons={props.reportReasons} />
                <button type="submit" className="btn">
                  Trimite raportul
                </button>
              </form>
            </details>
          ) : props.reported && !props.operatorView ? (
            <p className="muted">Ați raportat această conversație; operatorii o pot citi.</p>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}

export interface MessageStartPageProps {
  postTitle: string;
  /** Absent for an ad the viewer may not see: then nothing of it is shown ("Anunț indisponibil"). */
  postHref?: string;
  action: string;
  text?: string;
  error?: string;
  /** A refusal shown above the form (rate limit). */
  notice?: string;
}

/** The first message about an ad, on its own page (after signing in, or when a send was refused). */
export function MessageStartPage(props: MessageStartPageProps) {
  return (
    <section className="message-start">
      <h1>Trimite un mesaj</h1>
      {props.postTitle ? (
        <p className="muted">
          {props.postHref ? (
            <>
              Despre anunțul <a href={props.postHref}>{props.postTitle}</a>
            </>
          ) : (
            props.postTitle
          )}
        </p>
      ) : null}
      {props.notice ? (
        <p className="notice notice--error" role="alert">
          {props.notice}
        </p>
      ) : null}
      <MessageForm
        action={props.action}
        id="message-text"
        label="Mesajul dumneavoastră către vânzător"
        submitLabel="Trimite mesajul"
        text={props.text}
        error={props.error}
      />
    </section>
  );
}
