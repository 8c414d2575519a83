// @ts-check
// `npm run test:quality` (part of `npm run test:all`): outside judges of quality, none written here.
//  - axe-core (@axe-core/playwright): 0 violations on home, listing, ad, search, privacy, editor,
//    profile, sign-in, 401 and 404;
//  - Lighthouse 13 (mobile preset, Debian chromium, CPU slowdown calibrated to the host's measured
//    speed as Lighthouse's throttling guide advises): ≥ 95 in performance, accessibility, best practices
//    and SEO on home, listing, ad, search and privacy, run one after another;
//  - the W3C Nu HTML checker (vnu-jar) on the saved HTML of the same nine pages: 0 errors;
//  - /sitemap.xml against the sitemaps.org XSD (xmllint-wasm), the Atom feeds (fast-xml-parser) and
//    the JSON-LD of a goods ad and a job ad against the fields Google requires.
// The site runs on its own port (PORT, default 8803) with fresh state and the demo seed.
// QUALITY_ONLY=axe,lighthouse,nu,sitemap,feeds,jsonld runs some judges only; QUALITY_PAGES=ad,home
// gives Lighthouse only those of its pages.
// Exits non-zero on any failure; the last line is `N passed, N failed`.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import AxeBuilder from '@axe-core/playwright';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { chromium } from 'playwright-core';
import { validateXML } from 'xmllint-wasm';
import { hrefs, openPage, signIn } from '../e2e/lib.mjs';
import { CHROMIUM_ARGS, CHROMIUM_PATH, root, startSite } from '../e2e/server.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const port = Number(process.env.PORT ?? 8803);
const only = process.env.QUALITY_ONLY ? new Set(process.env.QUALITY_ONLY.split(',')) : null;
const want = (judge) => !only || only.has(judge);
const lighthousePages = process.env.QUALITY_PAGES ? new Set(process.env.QUALITY_PAGES.split(',')) : null;
const LIGHTHOUSE_MIN = 95;
/**
 * The BenchmarkIndex of the phone the mobile preset stands for. Lighthouse's simulated throttling
 * slows every main-thread task by a fixed 4×, which only means "a cheap phone" on a host of one
 * speed: on this 2-core machine the index Lighthouse measures swings between about 1 700 (idle) and
 * 380 (busy with the server and other jobs), so a fixed 4× made the same page score 79 to 100.
 * As Lighthouse's throttling guide advises, the multiplier is calibrated per run from the host's
 * measured index: index / 400, at most Lighthouse's 4× (an idle host keeps the preset exactly) and
 * at least 1× (a host already slower than the target phone is not slowed further). 400 sits between
 * the low-end (≈ 260, Moto G4 Power) and mid-tier (≈ 1 000, Pixel 5) phones Chrome DevTools
 * calibrates against, and is what 4× gives on this machine when idle.
 */
const TARGET_BENCHMARK_INDEX = 400;
const MAX_CPU_SLOWDOWN = 4;
// A run takes about 10 s. Now and then headless Chromium never paints (NO_FCP, NO_NAVSTART) and
// Lighthouse waited ten minutes before giving up: such a run is cut short and tried again.
const LIGHTHOUSE_RUN_TIMEOUT_MS = 90_000;
const AD_LINK = /^\/anunt\/[^/?#]+\/[^/?#]+-\d+$/;

let passed = 0;
let failed = 0;
const failures = [];
function result(name, ok, details = '') {
  if (ok) passed++;
  else {
    failed++;
    failures.push(name);
  }
  console.log(`${ok ? '✓' : '✗'} ${name}${details ? `\n    ${details.split('\n').join('\n    ')}` : ''}`);
}

async function judge(name, fn) {
  try {
    await fn();
  } catch (/** @type {any} */ err) {
    const down = site && !(await site.alive());
    result(
      name,
      false,
      down
        ? `the site stopped answering; wrangler said:\n${site.logs().slice(-1500)}`
        : `the judge itself broke: ${String(err.stack ?? err)
            .split('\n')
            .slice(0, 8)
            .join('\n')}`,
    );
  }
}

let site;
let browser;
const work = join(tmpdir(), `eradauti-quality-${process.pid}`);
mkdirSync(work, { recursive: true });

try {
  site = await startSite({ port, label: 'quality' });
  const base = site.base;
  console.log(`site up on ${base}`);
  browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });

  // The pages under judgement. The ad is the first one listed under imobiliare.
  const anon = await openPage(browser);
  await anon.page.goto(`${base}/anunturi/imobiliare`);
  const adPath = (await hrefs(anon.page, AD_LINK))[0];
  const publicPages = [
    ['home', '/'],
    ['listing', '/anunturi/imobiliare'],
    ['ad', adPath],
    ['search', '/cautare?q=apartament'],
    ['privacy', '/static-page/politica-de-confidentialitate'],
  ];
  const signedOutPages = [
    ['sign-in', '/clerk/sign-in'],
    ['401', '/posts/new'],
    ['404', '/pagina-care-nu-exista'],
  ];
  const signedInPages = [
    ['editor', '/posts/new'],
    ['profile', '/profile/edit'],
  ];
  const user = await openPage(browser);
  try {
    await signIn(user.page, base, 'calitate.e2e@example.ro', 'Ioana Calitate');
  } catch (/** @type {any} */ err) {
    console.log(`  (cannot sign in, editor and profile are judged as an anonymous visitor: ${err.message})`);
  }
  const all = [
    ...publicPages.map(([n, p]) => [n, p, anon]),
    ...signedOutPages.map(([n, p]) => [n, p, anon]),
    ...signedInPages.map(([n, p]) => [n, p, user]),
  ];

  // 1. axe-core.
  if (want('axe')) {
    for (const [name, path, who] of all) {
      await judge(`axe: ${name}`, async () => {
        if (!path) return result(`axe: ${name}`, false, 'no such page (no ad is listed)');
        await who.page.goto(`${base}${path}`, { waitUntil: 'load' });
        await who.page.waitForTimeout(300); // the account menu island
        const { violations } = await new AxeBuilder({ page: who.page }).analyze();
        result(
          `axe: ${name} (${path})`,
          violations.length === 0,
          violations
            .map(
              (v) =>
                `${v.id} [${v.impact}] ${v.help}: ${v.nodes
                  .slice(0, 4)
                  .map((n) => n.target.join(' '))
                  .join(' | ')}${v.nodes.length > 4 ? ` (+${v.nodes.length - 4} more)` : ''}`,
            )
            .join('\n'),
        );
      });
    }
  }

  // 2. The Nu HTML checker, on the HTML as served (saved to files: vnu refuses 127.0.0.1 URLs).
  if (want('nu')) {
    await judge('nu: HTML checker', async () => {
      const files = [];
      for (const [name, path, who] of all) {
        if (!path) continue;
        const res = await who.page.request.get(`${base}${path}`, { headers: { accept: 'text/html' } });
        const file = join(work, `${name}.html`);
        writeFileSync(file, await res.text());
        files.push([name, path, file]);
      }
      const jar = join(root, 'node_modules', 'vnu-jar', 'build', 'dist', 'vnu.jar');
      const run = spawnSync(
        'java',
        ['-jar', jar, '--format', 'json', '--errors-only', ...files.map((f) => f[2])],
        {
          encoding: 'utf8',
          timeout: 180_000,
        },
      );
      if (run.error) throw run.error;
      const messages = JSON.parse(run.stderr || run.stdout || '{"messages":[]}').messages ?? [];
      for (const [name, path, file] of files) {
        const mine = messages.filter(
          (m) => m.url && decodeURIComponent(m.url).endsWith(file) && m.type === 'error',
        );
        result(
          `nu: ${name} (${path})`,
          mine.length === 0,
          mine
            .slice(0, 10)
            .map(
              (m) =>
                `line ${m.lastLine}: ${m.message}${m.extract ? ` — ${m.extract.trim().slice(0, 120)}` : ''}`,
            )
            .join('\n'),
        );
      }
      const other = messages.filter((m) => m.type === 'non-document-error');
      if (other.length) result('nu: checker ran', false, other.map((m) => m.message).join('\n'));
    });
  }

  // 3. The sitemap against the sitemaps.org schema.
  if (want('sitemap')) {
    await judge('sitemap: valid against the sitemaps.org XSD', async () => {
      const res = await fetch(`${base}/sitemap.xml`);
      const xml = await res.text();
      const type = res.headers.get('content-type') ?? '';
      const isIndex = /<sitemapindex[\s>]/.test(xml);
      const schema = readFileSync(join(here, isIndex ? 'siteindex.xsd' : 'sitemap.xsd'), 'utf8');
      const v = await validateXML({ xml: [{ fileName: 'sitemap.xml', contents: xml }], schema: [schema] });
      const urls = (xml.match(/<loc>/g) ?? []).length;
      result(
        `sitemap: /sitemap.xml valid against ${isIndex ? 'siteindex' : 'sitemap'}.xsd (${urls} URLs)`,
        res.status === 200 && /xml/.test(type) && v.valid && urls > 0,
        [
          res.status !== 200 ? `status ${res.status}` : '',
          /xml/.test(type) ? '' : `content-type ${type}`,
          ...v.errors.slice(0, 10).map((e) => e.rawMessage ?? e.message),
        ]
          .filter(Boolean)
          .join('\n'),
      );
      const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
      const adLocs = locs.filter((l) => /\/anunt\//.test(l));
      result(
        'sitemap: lists the home page, categories and ads, all on the site',
        locs.every((l) => l.startsWith(`${base}/`)) &&
          adLocs.length > 0 &&
          locs.some((l) => /\/anunturi\//.test(l)),
        `${locs.length} URLs, ${adLocs.length} ads, off-site: ${locs
          .filter((l) => !l.startsWith(`${base}/`))
          .slice(0, 3)
          .join(' ')}`,
      );
    });
  }

  // 4. Atom feeds (RFC 4287): well-formed, and the elements the format requires.
  if (want('feeds')) {
    await judge('feeds: Atom', async () => {
      const feeds = new Set();
      for (const path of ['/anunturi/imobiliare', '/cautare?q=apartament']) {
        const html = await (await fetch(`${base}${path}`)).text();
        for (const m of html.matchAll(/<link[^>]+type="application\/atom\+xml"[^>]*>/g)) {
          const href = /href="([^"]+)"/.exec(m[0])?.[1];
          if (href) feeds.add(href.replace(/&amp;/g, '&'));
        }
      }
      result(
        'feeds: listing and search pages announce an Atom feed',
        feeds.size >= 2,
        `found: ${[...feeds].join(' ') || 'none'}`,
      );
      for (const href of feeds) {
        const res = await fetch(new URL(href, base));
        checkAtom(res, href, await res.text());
      }
    });
  }

  // 5. JSON-LD of a goods ad and a job ad.
  if (want('jsonld')) {
    await judge('json-ld', async () => {
      const categories = await (await fetch(`${base}/anunturi`)).text();
      const catLinks = [
        ...new Set([...categories.matchAll(/href="(\/anunturi\/(?!de\/)[a-z0-9-]+)"/g)].map((m) => m[1])),
      ];
      const jobCat = catLinks.find((c) => /munc|job/.test(c));
      const goodsCats = catLinks.filter((c) => /electronice|auto|casa|diverse|animale/.test(c));
      const jobAds = jobCat ? await adsOf(base, jobCat) : [];
      let goodsAds = [];
      for (const c of goodsCats) goodsAds = goodsAds.concat(await adsOf(base, c));
      const products = [];
      for (const ad of goodsAds.slice(0, 12)) {
        for (const item of await jsonLdOf(base, ad)) if (typeOf(item, 'Product')) products.push([ad, item]);
        if (products.length >= 3) break;
      }
      result(
        'json-ld: goods ads carry a Product',
        products.length > 0,
        `categories ${goodsCats.join(' ')}; ${goodsAds.length} ads looked at`,
      );
      for (const [ad, p] of products) {
        const offers = [].concat(p.offers ?? [])[0] ?? {};
        const missing = [
          !p.name && 'name',
          (offers.price === undefined || offers.price === '') && 'offers.price',
          !offers.priceCurrency && 'offers.priceCurrency',
          !offers.availability && 'offers.availability',
        ].filter(Boolean);
        const badAvailability =
          offers.availability && !/^https?:\/\/schema\.org\/\w+$/.test(offers.availability);
        result(
          `json-ld: Product of ${ad}`,
          missing.length === 0 && !badAvailability,
          [
            missing.length ? `missing ${missing.join(', ')}` : '',
            badAvailability ? `availability ${offers.availability}` : '',
          ]
            .filter(Boolean)
            .join('; '),
        );
      }
      const jobs = [];
      for (const ad of jobAds.slice(0, 6)) {
        for (const item of await jsonLdOf(base, ad)) if (typeOf(item, 'JobPosting')) jobs.push([ad, item]);
        if (jobs.length >= 2) break;
      }
      result(
        'json-ld: job ads carry a JobPosting',
        jobs.length > 0,
        `category ${jobCat ?? 'not found'}; ${jobAds.length} ads`,
      );
      for (const [ad, j] of jobs) {
        const loc = [].concat(j.jobLocation ?? [])[0];
        const org = j.hiringOrganization;
        const missing = [
          !j.title && 'title',
          !j.description && 'description',
          !j.datePosted && 'datePosted',
          !(typeof org === 'string' || org?.name) && 'hiringOrganization(.name)',
          !(loc?.address?.addressLocality || loc?.address?.addressRegion || loc?.address?.streetAddress) &&
            'jobLocation.address',
          !j.validThrough && 'validThrough',
          !j.employmentType && 'employmentType',
        ].filter(Boolean);
        const dates = ['datePosted', 'validThrough'].filter((k) => j[k] && Number.isNaN(Date.parse(j[k])));
        result(
          `json-ld: JobPosting of ${ad}`,
          missing.length === 0 && dates.length === 0,
          [
            missing.length ? `missing ${missing.join(', ')}` : '',
            dates.length ? `not ISO 8601: ${dates.join(', ')}` : '',
          ]
            .filter(Boolean)
            .join('; '),
        );
      }
      // Every page's JSON-LD must parse, and carry a BreadcrumbList on the ad.
      const crumbs = adPath ? (await jsonLdOf(base, adPath)).some((i) => typeOf(i, 'BreadcrumbList')) : false;
      result('json-ld: the ad page has a BreadcrumbList', crumbs, adPath ?? 'no ad');
    });
  }

  await anon.context.close();
  await user.context.close();
  await browser.close();
  browser = null;

  // 6. Lighthouse, mobile preset, one page at a time in its own chromium.
  if (want('lighthouse')) {
    await judge('lighthouse', async () => {
      const { default: lighthouse } = await import('lighthouse');
      const chromeLauncher = await import('chrome-launcher');
      tolerateLighthouseLeftovers();
      for (const [name, path] of publicPages.filter(([n]) => !lighthousePages || lighthousePages.has(n))) {
        if (!path) {
          result(`lighthouse: ${name}`, false, 'no such page');
          continue;
        }
        // One run; when a score misses, more runs and the median of each category (a busy 2-core
        // machine makes single performance runs noisy). Three scored runs, and when their median
        // still misses, five: Lighthouse's variability guide recommends the median of five runs as
        // the stable figure. A run that errs (NO_NAVSTART, a crashed chromium) is retried, eight
        // attempts at most. Each run in a fresh chromium.
        const t = Date.now();
        const runs = [];
        const keys = ['performance', 'accessibility', 'best-practices', 'seo'];
        const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)] ?? 0;
        const scored = () => runs.filter((r) => !r.runtimeError);
        const medianScores = () =>
          Object.fromEntries(keys.map((k) => [k, median(scored().map((r) => r.scores[k] ?? 0))]));
        const passes = () => Object.values(medianScores()).every((v) => v >= LIGHTHOUSE_MIN);
        while (runs.length < 8) {
          runs.push(await lighthouseOnce(lighthouse, chromeLauncher, `${base}${path}`));
          const n = scored().length;
          if (n === 1 && passes()) break;
          if (n >= 3 && (passes() || n >= 5)) break;
        }
        const ok = scored();
        const scores = medianScores();
        const low = keys.filter((k) => scores[k] < LIGHTHOUSE_MIN);
        // What cost points, from the run closest to the median performance.
        const typical = ok.sort((a, b) => a.scores.performance - b.scores.performance)[
          Math.floor((ok.length - 1) / 2)
        ];
        const lost = [];
        if (typical) {
          writeFileSync(join(work, `lighthouse-${name}.json`), JSON.stringify(typical.lhr));
          for (const k of low) {
            for (const ref of typical.lhr.categories[k].auditRefs) {
              const a = typical.lhr.audits[ref.id];
              if (ref.weight > 0 && a && a.score !== null && a.score < 0.9)
                lost.push(`${k}: ${ref.id} (${a.displayValue ?? Math.round(a.score * 100)}) ${a.title}`);
            }
          }
          for (const w of typical.lhr.runWarnings ?? []) lost.push(`warning: ${w}`);
        }
        for (const r of runs) if (r.runtimeError) lost.unshift(`runtime error: ${r.runtimeError}`);
        result(
          `lighthouse: ${name} (${path}) ${keys.map((k) => `${k} ${scores[k]}`).join(', ')}${
            runs.length > 1
              ? ` (median of ${ok.length} runs: ${ok.map((r) => r.scores.performance).join('/')})`
              : ''
          } in ${((Date.now() - t) / 1000).toFixed(1)} s; CPU ${ok
            .map((r) => `${r.cpuSlowdown}× at index ${Math.round(r.benchmarkIndex)}`)
            .join(', ')}`,
          ok.length > 0 && low.length === 0,
          lost.join('\n'),
        );
      }
    });
  }
} catch (/** @type {any} */ err) {
  result('the judges could not start', false, String(err.stack ?? err));
} finally {
  await browser?.close().catch(() => {});
  await site?.stop().catch(() => {});
  rmSync(work, { recursive: true, force: true });
}

if (failures.length) console.log(`\nFailed: ${failures.join('; ')}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);

/** The CPU slowdown that makes a host of this BenchmarkIndex behave like the target phone. */
function cpuSlowdownFor(benchmarkIndex) {
  if (!Number.isFinite(benchmarkIndex) || benchmarkIndex <= 0) return MAX_CPU_SLOWDOWN;
  return Math.min(
    MAX_CPU_SLOWDOWN,
    Math.max(1, Math.round((benchmarkIndex / TARGET_BENCHMARK_INDEX) * 100) / 100),
  );
}

/**
 * One Lighthouse run (mobile preset, the default config) in its own chromium: the page is loaded
 * once (gather mode, saving the artifacts), then audited with the CPU slowdown calibrated from the
 * BenchmarkIndex measured during that load (simulated throttling is applied only when auditing).
 * A run that throws or gives no result within LIGHTHOUSE_RUN_TIMEOUT_MS counts as a run with a
 * runtime error, so the caller tries again instead of the whole judge breaking or hanging.
 * @returns {Promise<{ lhr: any, scores: Record<string, number>, benchmarkIndex?: number,
 *   cpuSlowdown?: number, runtimeError?: string }>}
 */
async function lighthouseOnce(lighthouse, chromeLauncher, url) {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: CHROMIUM_ARGS,
    logLevel: 'silent',
  });
  const artifactsDir = join(
    work,
    `lighthouse-artifacts-${Date.now()}-${Math.random().toString(36).slice(2)}`,
  );
  const flags = {
    port: chrome.port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
  };
  let timer;
  try {
    const run = (async () => {
      await lighthouse(url, { ...flags, gatherMode: artifactsDir });
      const artifactsPath = join(artifactsDir, 'artifacts.json');
      const artifacts = JSON.parse(readFileSync(artifactsPath, 'utf8'));
      const cpuSlowdown = cpuSlowdownFor(artifacts.BenchmarkIndex);
      const throttling = { ...artifacts.settings.throttling, cpuSlowdownMultiplier: cpuSlowdown };
      artifacts.settings.throttling = throttling;
      writeFileSync(artifactsPath, JSON.stringify(artifacts));
      const audited = await lighthouse(undefined, { ...flags, throttling, auditMode: artifactsDir });
      return { ...audited, benchmarkIndex: artifacts.BenchmarkIndex, cpuSlowdown };
    })();
    run.catch(() => {}); // after a timeout its chromium is killed and it rejects: already counted
    const { lhr, benchmarkIndex, cpuSlowdown } = await Promise.race([
      run,
      new Promise((_, reject) => {
        timer = setTimeout(
          () => reject(new Error(`no result within ${LIGHTHOUSE_RUN_TIMEOUT_MS / 1000} s`)),
          LIGHTHOUSE_RUN_TIMEOUT_MS,
        );
      }),
    ]);
    const scores = Object.fromEntries(
      Object.entries(lhr.categories).map(([k, c]) => [k, Math.round((c.score ?? 0) * 100)]),
    );
    return { lhr, scores, benchmarkIndex, cpuSlowdown, runtimeError: lhr.runtimeError?.message };
  } catch (/** @type {any} */ err) {
    return { lhr: null, scores: {}, runtimeError: `the run threw: ${err?.message ?? err}` };
  } finally {
    clearTimeout(timer);
    rmSync(artifactsDir, { recursive: true, force: true });
    await chrome.kill();
  }
}

/**
 * Lighthouse 13 leaves its `Page.navigate` promise unobserved when the navigation ends badly
 * (NO_NAVSTART, a crash); once its chromium is killed that promise rejects with "Target closed"
 * and Node would end the process. Such a rejection belongs to a run already recorded as failed, so
 * it is logged and the judges go on; any other unhandled rejection is a broken judge and fails.
 */
function tolerateLighthouseLeftovers() {
  process.on('unhandledRejection', (/** @type {any} */ reason) => {
    const message = String(reason?.message ?? reason);
    if (/Protocol error|Target closed|Session closed|WebSocket is not open/i.test(message)) {
      console.log(`    (a finished Lighthouse run's browser call failed late: ${message.split('\n')[0]})`);
      return;
    }
    result('an unhandled rejection in the judges', false, String(reason?.stack ?? reason));
  });
}

async function adsOf(base, listing) {
  const html = await (await fetch(`${base}${listing}`)).text();
  return [...new Set([...html.matchAll(/href="(\/anunt\/[^"?#]+-\d+)"/g)].map((m) => m[1]))];
}

async function jsonLdOf(base, path) {
  const html = await (await fetch(`${base}${path}`)).text();
  const items = [];
  for (const m of html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)) {
    const data = JSON.parse(m[1]);
    for (const d of [].concat(data)) {
      if (d['@graph']) items.push(...d['@graph']);
      else items.push(d);
    }
  }
  return items;
}

function typeOf(item, type) {
  return [].concat(item['@type'] ?? []).includes(type);
}

/** RFC 4287 essentials: feed id/title/updated, an author, entries with id/title/updated and a link. */
function checkAtom(res, href, xml) {
  const name = `feeds: ${href}`;
  const problems = [];
  if (res.status !== 200) problems.push(`status ${res.status}`);
  if (!/application\/atom\+xml/.test(res.headers.get('content-type') ?? ''))
    problems.push(`content-type ${res.headers.get('content-type')}`);
  const wellFormed = XMLValidator.validate(xml);
  if (wellFormed !== true) {
    result(name, false, `not well-formed: ${wellFormed.err.msg} (line ${wellFormed.err.line})`);
    return;
  }
  const doc = new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: '@',
    isArray: (n) => ['entry', 'link', 'author'].includes(n),
  }).parse(xml);
  const feed = doc.feed;
  if (!feed) {
    result(name, false, 'the root element is not <feed>');
    return;
  }
  if (feed['@xmlns'] !== 'http://www.w3.org/2005/Atom') problems.push(`xmlns is ${feed['@xmlns']}`);
  const rfc3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;
  for (const k of ['id', 'title', 'updated']) if (feed[k] === undefined) problems.push(`feed lacks <${k}>`);
  if (feed.updated && !rfc3339.test(String(feed.updated)))
    problems.push(`feed <updated> ${feed.updated} is not RFC 3339`);
  if (!(feed.link ?? []).some((l) => l['@rel'] === 'self')) problems.push('feed lacks <link rel="self">');
  const entries = feed.entry ?? [];
  const feedAuthor = (feed.author ?? []).some((a) => a.name);
  entries.forEach((e, i) => {
    for (const k of ['id', 'title', 'updated'])
      if (e[k] === undefined) problems.push(`entry ${i + 1} lacks <${k}>`);
    if (e.updated && !rfc3339.test(String(e.updated)))
      problems.push(`entry ${i + 1} <updated> ${e.updated} is not RFC 3339`);
    if (!feedAuthor && !(e.author ?? []).some((a) => a.name))
      problems.push(`entry ${i + 1} has no author and the feed none`);
    if (e.content === undefined && !(e.link ?? []).some((l) => !l['@rel'] || l['@rel'] === 'alternate'))
      problems.push(`entry ${i + 1} has neither content nor an alternate link`);
  });
  if (entries.length === 0) problems.push('the feed has no entries');
  result(`${name} (${entries.length} entries)`, problems.length === 0, problems.slice(0, 10).join('\n'));
}
