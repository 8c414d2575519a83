// @ts-check
// Small helpers shared by the browser journeys and the judges: pages that watch for script errors,
// CSP refusals and any request leaving 127.0.0.1; local sign-in; plain assertions.
import { existsSync, mkdirSync, readdirSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { root } from './server.mjs';

export const SCREENSHOT_DIR = join(root, 'test', 'e2e', 'screenshots');

/**
 * One browser journey: its name, the journey whose result it needs in `state` (if any), and the
 * run itself.
 * @typedef {object} Journey
 * @property {string} name
 * @property {string} [needs]
 * @property {number} [timeoutMs] longer than the runner's default (two minutes) when the journey needs it
 * @property {(site: { browser: import('playwright-core').Browser; base: string; state: Record<string, any>; stateDir: string }) => Promise<void>} run
 */

export class JourneyError extends Error {}

export function assert(condition, message) {
  if (!condition) throw new JourneyError(message);
}

export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1280, height: 800 };

/**
 * A fresh browser context (its own cookies) and page. Uncaught script errors, CSP refusals and
 * requests to any host but 127.0.0.1/localhost are collected in `problems` and fail the journey.
 */
export async function openPage(browser, { viewport = PHONE, javaScript = true } = {}) {
  const context = await browser.newContext({
    viewport,
    isMobile: viewport.width < 500,
    hasTouch: viewport.width < 500,
    javaScriptEnabled: javaScript,
    locale: 'ro-RO',
    timezoneId: 'Europe/Bucharest',
    serviceWorkers: 'block',
  });
  context.setDefaultTimeout(15_000);
  context.setDefaultNavigationTimeout(30_000);
  const page = await context.newPage();
  const problems = [];
  page.on('pageerror', (err) => problems.push(`script error on ${page.url()}: ${err.message}`));
  page.on('console', (msg) => {
    const text = msg.text();
    if (msg.type() === 'error' && /Content Security Policy|Refused to/i.test(text))
      problems.push(`CSP refusal on ${page.url()}: ${text}`);
  });
  await context.route('**/*', (route) => {
    const url = new URL(route.request().url());
    if (
      ['127.0.0.1', 'localhost'].includes(url.hostname) ||
      url.protocol === 'data:' ||
      url.protocol === 'blob:'
    )
      return route.continue();
    problems.push(`request left the machine: ${url.href} (from ${page.url()})`);
    return route.abort('blockedbyclient');
  });
  return { context, page, problems };
}

/**
 * Navigates and returns the response; fails on a network error.
 * @param {import('playwright-core').Page} page
 * @param {string} url
 * @param {{ status?: number }} [expected]
 */
export async function go(page, url, { status } = {}) {
  const res = await page.goto(url, { waitUntil: 'load' });
  assert(res, `no response for ${url}`);
  if (status !== undefined)
    assert(res.status() === status, `${url}: expected status ${status}, got ${res.status()}`);
  return res;
}

/** Clicks something that navigates, and waits for the new document. */
export async function clickAndWait(page, locator) {
  await Promise.all([page.waitForNavigation({ waitUntil: 'load' }), locator.first().click()]);
}

/** Submits the form the locator is in (or the button itself) and waits for the next document. */
export async function submitAndWait(page, button) {
  const [res] = await Promise.all([page.waitForNavigation({ waitUntil: 'load' }), button.first().click()]);
  return res;
}

/**
 * Local sign-in (no Clerk keys): `/clerk/sign-in` has a form with `input[name=email]` (and a name
 * field for new accounts). Leaves the page wherever the site sends the person afterwards.
 */
export async function signIn(page, base, email, name) {
  // The journeys sign in more often than a person would: past the sign-in limit (10 a minute per
  // client) the form comes back with 429 and Retry-After; wait that long once, as a person would.
  for (let attempt = 0; ; attempt++) {
    const res = await signInOnce(page, base, email, name);
    if (res?.status() !== 429 || attempt > 0) break;
    const wait = Math.min(61, Number(res.headers()['retry-after'] ?? 60) || 60);
    await new Promise((resolve) => setTimeout(resolve, wait * 1000 + 500));
  }
  const cookies = await page.context().cookies(base);
  assert(
    cookies.some((c) => c.name === '__session'),
    `local sign-in as ${email} set no __session cookie (now at ${page.url()})`,
  );
}

async function signInOnce(page, base, email, name) {
  await go(page, `${base}/clerk/sign-in`);
  const form = page.locator('form:has(input[name=email])').first();
  assert((await form.count()) > 0, '/clerk/sign-in has no form with input[name=email]');
  await form.locator('input[name=email]').fill(email);
  const nameInput = form.locator('input[name=name]');
  if (name && (await nameInput.count()) > 0) await nameInput.first().fill(name);
  return submitAndWait(page, form.locator('button[type=submit], button:not([type]), input[type=submit]'));
}

/** The account menu, filled in the browser from /api/cont. */
export async function accountMenuButton(page) {
  const button = page.locator('#account-menu button.account-menu__button, #account-menu button').first();
  await button.waitFor({ state: 'visible', timeout: 10_000 });
  return button;
}

export async function screenshot(page, name) {
  if (!existsSync(SCREENSHOT_DIR)) mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const file = join(SCREENSHOT_DIR, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}

/** Same-origin hrefs on the page matching a pattern, in document order, deduplicated. */
export async function hrefs(page, pattern) {
  const all = await page.$$eval('a[href]', (as) => as.map((a) => a.getAttribute('href')));
  const seen = new Set();
  const out = [];
  for (const h of all) {
    if (!h || seen.has(h) || !pattern.test(h)) continue;
    seen.add(h);
    out.push(h);
  }
  return out;
}

/** Whole visible text, whitespace folded. */
export async function textOf(page) {
  return (await page.locator('body').innerText()).replace(/\s+/g, ' ');
}

/** Lower-case, no Romanian diacritics (both comma and cedilla forms): for tolerant text checks. */
export function plain(text) {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
}

/**
 * Small but real JPEG files for uploads (different colours and sizes, a few KB each), made with sharp
 * into a temporary directory. Falls back to the project's demo photos.
 */
export async function makeJpegs(count, dir) {
  mkdirSync(dir, { recursive: true });
  const files = [];
  try {
    const sharp = (await import('sharp')).default;
    for (let i = 0; i < count; i++) {
      const file = join(dir, `poza-${i + 1}.jpg`);
      const width = 800 + i * 160;
      const height = 600 + i * 40;
      const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
        <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stop-color="hsl(${i * 110},70%,55%)"/><stop offset="1" stop-color="hsl(${i * 110 + 60},60%,30%)"/>
        </linearGradient></defs>
        <rect width="100%" height="100%" fill="url(#g)"/>
        <circle cx="${width / 2}" cy="${height / 2}" r="${height / 4}" fill="white" fill-opacity="0.4"/>
      </svg>`;
      await sharp(Buffer.from(svg)).jpeg({ quality: 80 }).toFile(file);
      files.push(file);
    }
    return files;
  } catch {
    const { readdirSync } = await import('node:fs');
    const demo = join(root, 'content', 'demo-photos');
    if (!existsSync(demo)) return files;
    return readdirSync(demo)
      .filter((f) => f.endsWith('.jpg'))
      .sort()
      .slice(0, count)
      .map((f) => join(demo, f));
  }
}

/**
 * Sideways overflow at the current width: how many pixels the page is wider than the viewport, and
 * the outermost elements sticking out on the right (tag#id.class and their right edge).
 */
export async function sidewaysOverflow(page, width) {
  // Mobile emulation widens the layout viewport to fit overflowing content, so compare with the
  // device width rather than window.innerWidth.
  return page.evaluate((width) => {
    const extra = document.documentElement.scrollWidth - width;
    const culprits = [];
    if (extra > 1) {
      const name = (el) =>
        `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${
          typeof el.className === 'string' && el.className
            ? `.${el.className.trim().split(/\s+/).join('.')}`
            : ''
        }`;
      const sticking = [...document.querySelectorAll('body *')].filter((el) => {
        const r = el.getBoundingClientRect();
        return r.width > 0 && r.right > width + 1;
      });
      // The outermost ones (their parent fits) and the innermost ones (no child sticks out).
      const outer = sticking.filter((el) => !sticking.includes(el.parentElement));
      const inner = sticking.filter((el) => !sticking.some((o) => o !== el && el.contains(o)));
      for (const el of [...new Set([...outer.slice(0, 3), ...inner.slice(0, 3)])])
        culprits.push(`${name(el)} (right edge ${Math.round(el.getBoundingClientRect().right)} px)`);
    }
    return { extra, culprits };
  }, width);
}

/**
 * Every mail file wrangler dev wrote since `since` (ms): it writes each mail under the temp dir as
 * miniflare-<id>/files/email<…>/<…>.eml, .txt and .html (and logs the path). `ending`: which files
 * (the HTML bodies by default).
 * @param {number} since
 * @param {RegExp} [ending]
 * @returns {string[]}
 */
export function mailFilesSince(since, ending = /\.html$/) {
  /** @type {string[]} */
  const found = [];
  /** @param {string} dir @param {number} depth */
  const walk = (dir, depth) => {
    if (depth > 6) return;
    let entries;
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const e of entries) {
      const path = join(dir, e.name);
      if (e.isDirectory()) walk(path, depth + 1);
      else if (ending.test(e.name) && /email/.test(dir) && statSync(path).mtimeMs >= since) found.push(path);
    }
  };
  for (const name of readdirSync(tmpdir()).filter((n) => n.startsWith('miniflare-')))
    walk(join(tmpdir(), name), 0);
  return found;
}

/**
 * The operator among the demo accounts listed on the local sign-in page.
 * @param {import('playwright-core').Page} page
 * @param {string} base
 * @returns {Promise<string>}
 */
export async function operatorEmail(page, base) {
  await go(page, `${base}/clerk/sign-in`);
  const lines = (await page.locator('main').innerText()).split('\n').filter((l) => /@/.test(l));
  const line = lines.find((l) => /operator|moderator/i.test(l));
  const email = (line ?? '').match(/[\w.+-]+@[\w.-]+\.\w+/)?.[0];
  assert(email, `the local sign-in page lists no operator account (lines: ${lines.join(' | ')})`);
  return /** @type {string} */ (email);
}

/**
 * Publishes an ad in the editor's first category (101) as the signed-in person; its address.
 * @param {import('playwright-core').Page} page
 * @param {string} base
 * @param {{ title: string, description: string, price: string, currency?: 'RON' | 'EUR' }} ad
 */
export async function publishAd(page, base, ad) {
  await go(page, `${base}/posts/new`, { status: 200 });
  const form = page
    .locator('main form')
    .filter({ has: page.locator('[name=title]') })
    .first();
  await form.locator('select[name=category]').selectOption('101');
  await form.locator('[name=title]').fill(ad.title);
  await form.locator('[name=description]').fill(ad.description);
  await form.locator('[name=price]').fill(ad.price);
  if (ad.currency) await form.locator('select[name=currency]').selectOption(ad.currency);
  await form.locator('[name=phone]').fill('0744 123 456');
  const res = await submitAndWait(page, form.locator('button[type=submit]').last());
  assert(res?.status() === 200, `publishing answered ${res?.status()}`);
  return new URL(page.url()).pathname;
}
