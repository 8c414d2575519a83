// `/moderare/cautare` (operators): one box for ad ids, words, phones, e-mail addresses and person ids,
// filters by status, category and date; ads can be ticked for the bulk actions (docs/moderation.md#search).
import { Pagination } from '../components/Pagination';
import type { FoundAd, FoundPerson } from '../db/console-search';
import { POST_STATUSES } from '../db/schema';
import { formatDate } from '../lib/dates';
import { plural, RESULTS } from '../lib/plural';
import { STATUS_NAMES } from '../lib/post-status';
import { BulkForm } from './ModerationPage';

export interface ConsoleSearchPageProps {
  action: string;
  q: string;
  status: string;
  categoryId: number | null;
  from: string;
  until: string;
  categories: { id: number; name: string }[];
  total: number;
  ads: (FoundAd & { href: string; itemHref: string; personHref: string })[];
  people: (FoundPerson & { href: string })[];
  page: number;
  totalPages: number;
  hrefFor: (page: number) => string;
  bulkAction: string;
  hideReasons: readonly string[];
  queueHref: string;
}

const PEOPLE = { none: 'nicio persoană', one: '1 persoană', many: 'persoane' };

export function ConsoleSearchPage(props: ConsoleSearchPageProps) {
  return (
    <section className="moderation" id="cautare">
      <p>
        <a href={props.queueHref}>‹ Înapoi la coadă</a>
      </p>
      <h1>Căutare pentru moderare</h1>
      <form method="get" action={props.action} className="moderation__search box" role="search">
        <label htmlFor="cq">Nr. anunț, cuvinte, telefon, e-mail sau nr. persoană</label>
        <input id="cq" name="q" type="search" defaultValue={props.q} maxLength={200} />
        <label htmlFor="cs">Stare</label>
        <select id="cs" name="stare" defaultValue={props.status}>
          <option value="">Oricare</option>
          {POST_STATUSES.map((s) => (
            <option key={s} value={s}>
              {STATUS_NAMES[s]}
            </option>
          ))}
        </select>
        <label htmlFor="cc">Categorie</label>
        <select id="cc" name="categorie" defaultValue={props.categoryId ? String(props.categoryId) : ''}>
          <option value="">Oricare</option>
          {props.categories.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
        </select>
        <label htmlFor="cf">Adăugat de la</label>
        <input
          id="cf"
          name="de-la"
          type="text"
          inputMode="numeric"
          placeholder="zz.ll.aaaa"
          size={10}
          defaultValue={props.from}
        />
        <label htmlFor="cu">până la</label>
        <input
          id="cu"
          name="pana-la"
          type="text"
          inputMode="numeric"
          placeholder="zz.ll.aaaa"
          size={10}
          defaultValue={props.until}
        />
        <button type="submit" className="btn">
          Caută
        </button>
      </form>
      {props.people.length > 0 ? (
        <section aria-labelledby="people-title" className="moderation__section">
          <h2 id="people-title">{plural(props.people.length, PEOPLE)}</h2>
          <ul className="mod-people">
            {props.people.map((p) => (
              <li key={p.id}>
                <a href={p.href}>{p.name}</a>
                {` · #${p.id} · ${p.email ?? 'fără e-mail'} · cont din ${formatDate(p.createdAt)}`}
                {p.banned ? <strong> (blocat)</strong> : null}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <section aria-labelledby="ads-title" className="moderation__section">
        <h2 id="ads-title">{plural(props.total, RESULTS)}</h2>
        {props.ads.length > 0 ? (
          <>
            <BulkForm queue={{ bulkAction: props.bulkAction }} reasons={props.hideReasons} />
            <ul className="mod-results">
              {props.ads.map((a) => (
                <li key={a.id} id={`rezultat-${a.id}`}>
                  <input
                    type="checkbox"
                    name="ids"
                    value={a.id}
                    form="bulk"
                    aria-label={`Selectează anunțul #${a.id}`}
                  />{' '}
                  <a href={a.href}>{a.title}</a>
                  {` · #${a.id} · `}
                  <span className={`status status--${a.status}`}>{STATUS_NAMES[a.status]}</span>
                  {` · ${formatDate(a.createdAt)} · de `}
                  <a href={a.personHref}>{a.authorName}</a>
                  {' · '}
                  <a href={a.itemHref}>Decide</a>
                </li>
              ))}
            </ul>
          </>
        ) : null}
        <Pagination page={props.page} totalPages={props.totalPages} hrefFor={props.hrefFor} />
      </section>
    </section>
  );
}
