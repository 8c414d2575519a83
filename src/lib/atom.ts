// Atom 1.0 (RFC 4287) feeds: pure, string in, string out. Every text is XML-escaped and cleared of
// characters XML 1.0 forbids; every URL is expected to be absolute already.

export const ATOM_CONTENT_TYPE = 'application/atom+xml; charset=utf-8';

export interface AtomEntry {
  /** A permanent, absolute IRI (the ad's canonical URL). */
  id: string;
  title: string;
  url: string;
  /** ISO 8601. */
  updated: string;
  published?: string;
  summary?: string;
  category?: string;
}

export interface AtomFeed {
  id: string;
  title: string;
  subtitle?: string;
  /** The feed's own absolute URL. */
  selfUrl: string;
  /** The HTML page the feed mirrors. */
  alternateUrl: string;
  /** ISO 8601; the newest entry's date, or now for an empty feed. */
  updated: string;
  authorName: string;
  entries: AtomEntry[];
}

/** Removes characters XML 1.0 does not allow (control characters, lone surrogates, U+FFFE/FFFF). */
export function xmlClean(text: string): string {
  let out = '';
  for (const ch of text) {
    const c = ch.codePointAt(0) ?? 0;
    const ok =
      c === 0x9 ||
      c === 0xa ||
      c === 0xd ||
      (c >= 0x20 && c <= 0xd7ff) ||
      (c >= 0xe000 && c <= 0xfffd) ||
      (c >= 0x10000 && c <= 0x10ffff);
    if (ok) out += ch;
  }
  return out;
}

/** Escapes text for XML content and attribute values. */
export function xmlEscape(text: string): string {
  return xmlClean(text)
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

function el(name: string, text: string, indent: string): string {
  return `${indent}<${name}>${xmlEscape(text)}</${name}>`;
}

/** The feed document. */
export function renderAtom(feed: AtomFeed): string {
  const lines = [
    '<?xml version="1.0" encoding="utf-8"?>',
    '<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="ro">',
    el('id', feed.id, '  '),
    el('title', feed.title, '  '),
  ];
  if (feed.subtitle) lines.push(el('subtitle', feed.subtitle, '  '));
  lines.push(
    el('updated', feed.updated, '  '),
    `  <link rel="self" type="application/atom+xml" href="${xmlEscape(feed.selfUrl)}"/>`,
    `  <link rel="alternate" type="text/html" href="${xmlEscape(feed.alternateUrl)}"/>`,
    `  <author>${el('name', feed.authorName, '')}</author>`,
  );
  for (const e of feed.entries) {
    lines.push(
      '  <entry>',
      el('id', e.id, '    '),
      el('title', e.title, '    '),
      `    <link rel="alternate" type="text/html" href="${xmlEscape(e.url)}"/>`,
      el('updated', e.updated, '    '),
    );
    if (e.published) lines.push(el('published', e.published, '    '));
    if (e.category) lines.push(`    <category term="${xmlEscape(e.category)}"/>`);
    if (e.summary) lines.push(`    <summary type="text">${xmlEscape(e.summary)}</summary>`);
    lines.push('  </entry>');
  }
  lines.push('</feed>', '');
  return lines.join('\n');
}
