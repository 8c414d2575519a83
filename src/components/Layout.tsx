import type { ReactNode } from 'react';
import { absoluteUrl, privacyPath, route } from '../lib/links';
import { CircleUserIcon } from './Icons';
import { HeartIcon } from './SaveHeart';
import { SearchBox } from './SearchBox';

export const SITE_NAME = 'eRădăuți';
export const DEFAULT_TITLE = `${SITE_NAME} v3`;
export const DEFAULT_DESCRIPTION =
  'Anunțuri gratuite din Rădăuți și județul Suceava: imobiliare, auto, locuri de muncă, servicii și multe altele.';
export const LOGO = { path: route('logo'), width: 200, height: 200 };

export interface PageImage {
  /** Absolute or site-relative URL. */
  url: string;
  width: number;
  height: number;
}

/** What a page tells the shell about itself. */
export interface PageMeta {
  /** Page title; rendered as `<title> | eRădăuți v3`. */
  title?: string;
  description?: string;
  /** Canonical path (site-relative); defaults to the request path. */
  canonical?: string;
  image?: PageImage;
  noindex?: boolean;
  /** Structured data blocks (schema.org), rendered as JSON-LD. */
  jsonLd?: object[];
  /** Extra client islands this page needs besides the shell (e.g. `editor`). */
  islands?: string[];
  /** Extra <link rel=alternate> feeds. */
  feeds?: { title: string; href: string }[];
}

/** Per-request facts the shell needs, filled by the renderer from the environment. */
export interface SiteContext {
  siteUrl: string;
  path: string;
  year: number;
  /** Hashed asset URLs by name (`css`, `shell`, `editor`, …). */
  assets: Record<string, string>;
  /** Extra script URLs the page loads (Clerk's browser script, analytics) — already allowed by the CSP. */
  externalScripts?: { src: string; attrs?: Record<string, string> }[];
  analytics?: { scriptUrl: string; domain: string } | null;
  /** The one-time confirmation of the person's last action (never on a cached page). */
  flash?: string;
}

export interface LayoutProps extends PageMeta {
  site: SiteContext;
  children: ReactNode;
}

function jsonLdText(data: object): string {
  // Escape `<` so no `</script>` can close the block early.
  return JSON.stringify(data).replace(/</g, '\\u003c');
}

/** The shared page shell (docs/product.md#page-shell): head metadata, header, footer, overlay. */
export function Layout({
  site,
  title,
  description,
  canonical,
  image,
  noindex,
  jsonLd,
  islands = [],
  feeds = [],
  children,
}: LayoutProps) {
  const fullTitle = title ? `${title} | ${DEFAULT_TITLE}` : DEFAULT_TITLE;
  const desc = description ?? DEFAULT_DESCRIPTION;
  const canonicalUrl = absoluteUrl(site.siteUrl, canonical ?? site.path);
  const img = image ?? LOGO;
  const imgUrl = absoluteUrl(site.siteUrl, 'path' in img ? (img as typeof LOGO).path : img.url);
  return (
    <html lang="ro">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{fullTitle}</title>
        <meta name="description" content={desc} />
        {noindex ? <meta name="robots" content="noindex, follow" /> : null}
        <link rel="canonical" href={canonicalUrl} />
        <meta property="og:site_name" content={SITE_NAME} />
        <meta property="og:locale" content="ro_RO" />
        <meta property="og:type" content="website" />
        <meta property="og:title" content={title ?? DEFAULT_TITLE} />
        <meta property="og:description" content={desc} />
        <meta property="og:url" content={canonicalUrl} />
        <meta property="og:image" content={imgUrl} />
        <meta property="og:image:width" content={String(img.width)} />
        <meta property="og:image:height" content={String(img.height)} />
        <meta name="twitter:card" content={image ? 'summary_large_image' : 'summary'} />
        <meta name="theme-color" content="#0b5cad" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <link rel="icon" href="/favicon.ico" sizes="32x32" />
        <link rel="apple-touch-icon" href={LOGO.path} />
        <link rel="stylesheet" href={site.assets.css} />
        {feeds.map((f) => (
          <link key={f.href} rel="alternate" type="application/atom+xml" title={f.title} href={f.href} />
        ))}
        {(jsonLd ?? []).map((data, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: static list
          <script key={i} type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonLdText(data) }} />
        ))}
        <script type="module" src={site.assets.shell} />
        {islands.map((name) =>
          site.assets[name] ? <script key={name} type="module" src={site.assets[name]} /> : null,
        )}
        {(site.externalScripts ?? []).map((s) => (
          <script key={s.src} src={s.src} defer crossOrigin="anonymous" {...s.attrs} />
        ))}
      </head>
      <body data-analytics={site.analytics ? site.analytics.domain : undefined}>
        <a className="skip-link" href="#continut">
          Sari la conținut
        </a>
        <header className="site-header">
          <div className="wrap site-header__bar">
            <a className="logo" href={route('home')} aria-label={`${SITE_NAME} — prima pagină`}>
              <img src="/logo.svg" width={132} height={32} alt={SITE_NAME} />
            </a>
            <SearchBox
              className="header-search"
              ariaLabel="Căutare rapidă"
              inputId="header-q"
              inputLabel="Caută în anunțuri"
              placeholder="Caută: apartament, mașină…"
              iconButton
            />
            <nav className="site-header__actions" aria-label="Cont și publicare">
              <a className="btn btn--accent publish-link" href={route('newPost')}>
                Publică anunț
              </a>
              <a className="btn saved-link" href={route('favourites')} title="Anunțuri salvate">
                <HeartIcon size={20} />
                <span className="visually-hidden">Salvate</span>
              </a>
              <div id="account-menu" className="account-menu" data-island="account-menu">
                <a className="btn account-menu__button" href={route('account')}>
                  <CircleUserIcon size={20} />
                  <span>Cont</span>
                </a>
              </div>
            </nav>
          </div>
        </header>
        <main id="continut" className="wrap site-main">
          {site.flash ? (
            <p className="notice notice--ok flash" role="status">
              {site.flash}
            </p>
          ) : null}
          {children}
        </main>
        <footer className="site-footer">
          <div className="wrap">
            <nav aria-label="Linkuri utile">
              <ul className="footer-links">
                <li>
                  <a href={route('newPost')}>Publică un anunț</a>
                </li>
                <li>
                  <a href={route('search')}>Căutare</a>
                </li>
                <li>
                  <a href={route('staticPage', { params: 'termeni-si-conditii' })}>Termeni și condiții</a>
                </li>
                <li>
                  <a href={privacyPath()}>Confidențialitate</a>
                </li>
                <li>
                  <a href={route('staticPage', { params: 'despre-anunturile-promovate' })}>
                    Anunțuri promovate
                  </a>
                </li>
                <li>
                  <a href={route('staticPage', { params: 'taxi-radauti' })}>Taxi Rădăuți</a>
                </li>
              </ul>
            </nav>
            <p className="copyright">{`© ${site.year} ${SITE_NAME}`}</p>
          </div>
        </footer>
        <div id="overlay" className="overlay" hidden>
          <div className="overlay__content" role="status" aria-live="polite">
            <span className="spinner" aria-hidden="true" />
            <span>Un moment...</span>
          </div>
        </div>
      </body>
    </html>
  );
}
