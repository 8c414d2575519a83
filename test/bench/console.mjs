// @ts-check
// The operators' console at the size of the county (docs/moderation.md#large-data-set): its own local
// site (wrangler dev, fresh state, demo seed) on PORT + 4 (its inspector on PORT + 5), the large data
// set added by `npm run seed:large`'s steps (5,000 people, 20,000 ads, 2,000 reports, rules, marks),
// then, signed in as the demo operator through the local sign-in form, sequential requests (after a
// warm-up) of the queue (first and a later page), the search (an ad id, words, a phone in another
// spelling, part of an e-mail) and the page of a person with many ads and reports. Each figure is a
// whole request to the local Worker, from Node. Target: p95 under 50 ms for each page.
// `export async function benchConsole({ port })` returns the figures (`npm run bench` calls it once
// its own site stopped); run directly (`PORT=8806 node test/bench/console.mjs`) it prints them.
// Environment: CONSOLE_BENCH_ROUNDS (requests per address, default 100).

import { seedLarge } from '../../src/tools/seed-large.mjs';
import { startSite } from '../e2e/server.mjs';

const ROUNDS = Number(process.env.CONSOLE_BENCH_ROUNDS ?? 100);
const WARM_UP = 10;
const TARGET_P95 = 50;
const OPERATOR = { email: 'elena.moldovan@example.ro', name: 'Elena Moldovan' };

/** @param {number[]} xs @param {number} p */
const pct = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)] ?? 0;
};
/** @param {number} n */
const round = (n) => Math.round(n * 10) / 10;

/**
 * Each request from its own client address (wrangler dev keeps `CF-Connecting-IP`), so the per-client
 * rate limits measure pages, not refusals.
 */
let clientSeq = 0;
const clientIp = () => {
  clientSeq++;
  return `10.${200 + ((clientSeq >> 16) & 31)}.${(clientSeq >> 8) & 255}.${clientSeq & 255}`;
};

/** The demo operator's session cookies, through the local sign-in form. @param {string} base */
async function operatorCookie(base) {
  const res = await fetch(`${base}/clerk/sign-in`, {
    method: 'POST',
    redirect: 'manual',
    headers: { origin: base, accept: 'text/html', 'cf-connecting-ip': clientIp() },
    body: new URLSearchParams(OPERATOR),
  });
  const cookies = res.headers.getSetCookie().map((c) => c.split(';')[0]);
  if (!cookies.some((c) => c.startsWith('__session='))) throw new Error(`operator sign-in: ${res.status}`);
  return cookies.join('; ');
}

/**
 * @param {{ port?: number }} [options] `port`: the main bench's port; this site uses port + 4 and + 5.
 */
export async function benchConsole({ port = Number(process.env.PORT ?? 8806) } = {}) {
  const t0 = performance.now();
  const site = await startSite({ port: port + 4, inspectorPort: port + 5, label: 'console-bench' });
  const startSeconds = round((performance.now() - t0) / 1000);
  try {
    const base = site.base;
    const t1 = performance.now();
    /** @type {string[]} */
    const steps = [];
    const seeded = await seedLarge(base, (line) => steps.push(line)).catch((err) => {
      throw new Error(`${err.message}\nsteps: ${steps.join(' | ')}\nwrangler: ${site.logs().slice(-2000)}`);
    });
    const seedSeconds = round((performance.now() - t1) / 1000);
    const cookie = await operatorCookie(base);
    /** @param {string} path */
    const get = async (path) => {
      const t = performance.now();
      const res = await fetch(`${base}${path}`, {
        headers: { cookie, accept: 'text/html', 'cf-connecting-ip': clientIp() },
      });
      const body = await res.text();
      const ms = performance.now() - t;
      if (res.status !== 200) throw new Error(`${path}: ${res.status} ${body.slice(0, 200)}`);
      return { ms, body };
    };
    // What to ask for, read from the pages themselves: the queue's size, an ad of the large set, and
    // the heaviest person (person 1 of the large set: one of the ten with many ads and reports).
    const queueHtml = (await get('/moderare')).body;
    const queueItems = /(\d[\d.]*) (?:de )?anunțuri<\/strong> în coadă/.exec(queueHtml)?.[1] ?? '?';
    const adId = /id="anunt-(\d+)"/.exec(queueHtml)?.[1];
    const personHtml = (await get('/moderare/cautare?q=persoana1%40exemplu.ro')).body;
    const personId = /\/moderare\/utilizator\/(\d+)"/.exec(personHtml)?.[1];
    if (!adId || !personId) throw new Error('the queue or the search shows no ad or person of the large set');
    const lastPage = Math.max(1, Math.ceil(Number(queueItems.replace(/\./g, '')) / 20));
    /** @type {[page: string, what: string, path: string][]} */
    const targets = [
      ['queue', 'page 1', '/moderare'],
      ['queue', `page ${Math.min(20, lastPage)}`, `/moderare?pagina=${Math.min(20, lastPage)}`],
      ['search', 'ad id', `/moderare/cautare?q=%23${adId}`],
      ['search', 'words', '/moderare/cautare?q=apartament+decomandat'],
      ['search', 'phone, other spelling', '/moderare/cautare?q=%2B40+720+000+123'],
      ['search', 'part of an e-mail', '/moderare/cautare?q=persoana12%40'],
      ['person', 'many ads and reports', `/moderare/utilizator/${personId}`],
    ];
    /** @type {{ page: string, what: string, path: string, requests: number, p50: number, p95: number, max: number }[]} */
    const rows = [];
    /** @type {Record<string, number[]>} */
    const byPage = {};
    for (const [page, what, path] of targets) {
      for (let i = 0; i < WARM_UP; i++) await get(path);
      const ms = [];
      for (let i = 0; i < ROUNDS; i++) ms.push((await get(path)).ms);
      byPage[page] = [...(byPage[page] ?? []), ...ms];
      rows.push({
        page,
        what,
        path,
        requests: ms.length,
        p50: round(pct(ms, 50)),
        p95: round(pct(ms, 95)),
        max: round(Math.max(...ms)),
      });
    }
    const pages = Object.entries(byPage).map(([page, ms]) => ({
      page,
      requests: ms.length,
      p50: round(pct(ms, 50)),
      p95: round(pct(ms, 95)),
    }));
    return {
      seeded,
      startSeconds,
      seedSeconds,
      queueItems,
      rounds: ROUNDS,
      rows: rows.map((r) => ({ ...r, 'p50 ms': r.p50, 'p95 ms': r.p95, 'max ms': r.max })),
      pages,
      targets: [
        ...pages.map((p) => ({
          target: `${p.page} p95 < ${TARGET_P95} ms (${p.requests} requests)`,
          value: `${p.p95} ms`,
          pass: p.p95 < TARGET_P95,
        })),
        ...rows
          .filter((r) => r.p95 >= TARGET_P95)
          .map((r) => ({
            target: `${r.page}, ${r.what}: p95 < ${TARGET_P95} ms`,
            value: `${r.p95} ms`,
            pass: false,
          })),
      ],
      notes: [
        `site start ${startSeconds} s (demo seed included); large set ${seedSeconds} s: ${seeded}`,
        `queue: ${queueItems} items; ${ROUNDS} sequential requests per address after ${WARM_UP} of warm-up`,
      ],
    };
  } finally {
    await site.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const r = await benchConsole();
  for (const n of r.notes) console.log(n);
  console.log('| page | what | requests | p50 ms | p95 ms | max ms |\n|---|---|---|---|---|---|');
  for (const f of r.rows)
    console.log(`| ${f.page} | ${f.what} | ${f.requests} | ${f.p50} | ${f.p95} | ${f.max} |`);
  for (const p of r.pages) console.log(`| ${p.page} (all) | | ${p.requests} | ${p.p50} | ${p.p95} | |`);
  for (const t of r.targets) console.log(`${t.pass ? 'met   ' : 'MISSED'} ${t.target}: ${t.value}`);
}
