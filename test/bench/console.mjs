// @ts-check
// The operators' console at the size of the county (docs/moderation.md#large-data-set): adds the large
// data set (5,000 people, 20,000 ads, 2,000 reports) to the bench's local site through
// `POST /__dev/seed-large`, signs in as the demo operator and times, from Node, the queue (first and a
// later page), the search (words, a phone in another spelling, part of an e-mail, an id) and person
// pages. Each figure is a whole request to the local Worker (wrangler dev), run one after another.
// Target: p95 under 50 ms for each of the three pages.
// `export async function benchConsole(base)` returns the figures; run directly (PORT, default 8836)
// it starts its own site first and prints a table.
import { seedLarge } from '../../src/tools/seed-large.mjs';

const ROUNDS = Number(process.env.CONSOLE_BENCH_ROUNDS ?? 40);
const TARGET_P95 = 50;
const OPERATOR = { email: 'elena.moldovan@example.ro', name: 'Elena Moldovan' };

const pct = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)] ?? 0;
};
const round = (n) => Math.round(n * 10) / 10;

/** The demo operator's session cookies, through the local sign-in form. */
async function operatorCookie(base) {
  const res = await fetch(`${base}/clerk/sign-in`, {
    method: 'POST',
    redirect: 'manual',
    headers: { origin: base, accept: 'text/html', 'cf-connecting-ip': '10.250.0.1' },
    body: new URLSearchParams(OPERATOR),
  });
  const cookies = res.headers.getSetCookie().map((c) => c.split(';')[0]);
  if (!cookies.some((c) => c.startsWith('__session='))) throw new Error(`operator sign-in: ${res.status}`);
  return cookies.join('; ');
}

/** @param {string} base */
export async function benchConsole(base) {
  const t0 = performance.now();
  const seeded = await seedLarge(base);
  const seedSeconds = round((performance.now() - t0) / 1000);
  const cookie = await operatorCookie(base);
  const get = async (path) => {
    const t = performance.now();
    const res = await fetch(`${base}${path}`, { headers: { cookie, accept: 'text/html' } });
    const body = await res.text();
    const ms = performance.now() - t;
    if (res.status !== 200) throw new Error(`${path}: ${res.status} ${body.slice(0, 200)}`);
    return { ms, body };
  };
  // Ids to visit: people and ads of the large set, read from the pages themselves.
  const queueHtml = (await get('/moderare')).body;
  const personIds = [...new Set([...queueHtml.matchAll(/\/moderare\/utilizator\/(\d+)"/g)].map((m) => m[1]))];
  const adIds = [...new Set([...queueHtml.matchAll(/id="anunt-(\d+)"/g)].map((m) => m[1]))];
  const counts = /(\d[\d.]*) (?:de )?anunțuri<\/strong> în coadă/.exec(queueHtml)?.[1] ?? '?';
  const pages = {
    queue: ['/moderare', '/moderare?pagina=2', '/moderare?pagina=8'],
    search: [
      '/moderare/cautare?q=apartament',
      '/moderare/cautare?q=golf+diesel',
      '/moderare/cautare?q=%2B40+720+000+123',
      '/moderare/cautare?q=0720.001.234',
      '/moderare/cautare?q=persoana123%40',
      `/moderare/cautare?q=%23${adIds[0] ?? 1}`,
      '/moderare/cautare?q=apartament&stare=published',
    ],
    person: personIds.slice(0, 8).map((id) => `/moderare/utilizator/${id}`),
  };
  /** @type {Record<string, any>} */
  const figures = {};
  for (const [name, paths] of Object.entries(pages)) {
    for (const p of paths) await get(p); // warm-up
    const ms = [];
    for (let i = 0; i < ROUNDS; i++) ms.push((await get(paths[i % paths.length])).ms);
    figures[name] = {
      requests: ms.length,
      p50: round(pct(ms, 50)),
      p95: round(pct(ms, 95)),
      max: round(Math.max(...ms)),
    };
  }
  const targets = Object.entries(figures).map(([name, f]) => ({
    name: `console ${name} p95 < ${TARGET_P95} ms`,
    ok: f.p95 < TARGET_P95,
    value: `${f.p95} ms`,
  }));
  return { seeded, seedSeconds, queueItems: counts, rounds: ROUNDS, figures, targets };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { startSite } = await import('../e2e/server.mjs');
  const site = await startSite({ port: Number(process.env.PORT ?? 8836), label: 'console-bench' });
  try {
    const r = await benchConsole(site.base);
    console.log(`${r.seeded} (request ${r.seedSeconds} s); queue: ${r.queueItems} items`);
    console.log('| page | requests | p50 ms | p95 ms | max ms |\n|---|---|---|---|---|');
    for (const [name, f] of Object.entries(r.figures))
      console.log(`| ${name} | ${f.requests} | ${f.p50} | ${f.p95} | ${f.max} |`);
    for (const t of r.targets) console.log(`${t.ok ? 'ok  ' : 'FAIL'} ${t.name}: ${t.value}`);
  } finally {
    await site.stop();
  }
}
