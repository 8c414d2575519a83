// Renders the static pages (content/*.md) to sanitised HTML at build time, into
// src/generated/static-pages.json (with each page's title and summary), so the Worker ships
// neither the Markdown, nor a Markdown parser, nor an HTML sanitiser (run by `npm run build:client`, before start, tests, bench and deploy).
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { marked } from 'marked';
import sanitizeHtml from 'sanitize-html';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** @type {import('sanitize-html').IOptions} */
const SANITIZE = {
  allowedTags: [
    ...sanitizeHtml.defaults.allowedTags.filter((t) => t !== 'img'),
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
  ],
  allowedAttributes: { a: ['href', 'title', 'rel', 'target'], th: ['align'], td: ['align'] },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  transformTags: {
    a: (tagName, attribs) => {
      const external = /^https?:/i.test(attribs.href ?? '');
      return {
        tagName,
        attribs: external ? { ...attribs, rel: 'noopener nofollow', target: '_blank' } : attribs,
      };
    },
  },
};

/**
 * Per page: its HTML, its title (the first `# heading`) and its summary (the first paragraph
 * without Markdown marks; the route shortens it to the description).
 * @type {Record<string, { html: string, title: string, summary: string }>}
 */
const pages = {};
for (const file of (await readdir(join(root, 'content'))).sort()) {
  if (!file.endsWith('.md')) continue;
  const source = await readFile(join(root, 'content', file), 'utf8');
  const name = file.slice(0, -3);
  const title = /^#\s+(.+)$/m.exec(source)?.[1]?.trim() ?? name;
  const firstParagraph =
    source
      .split(/\n\s*\n/)
      .map((p) => p.trim())
      .find((p) => p && !/^[#>|\-*\d]/.test(p)) ?? title;
  pages[name] = {
    html: sanitizeHtml(/** @type {string} */ (marked.parse(source, { async: false, gfm: true })), SANITIZE),
    title,
    summary: firstParagraph.replace(/[*_`[\]]|\(.*?\)/g, '').replace(/\s+/g, ' '),
  };
}
await mkdir(join(root, 'src', 'generated'), { recursive: true });
await writeFile(join(root, 'src', 'generated', 'static-pages.json'), `${JSON.stringify(pages, null, 2)}\n`);
