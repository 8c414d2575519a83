// @ts-check
// A client of the site's machine-to-machine routes under `/__admin` (src/http/admin-token.ts), shared
// by the Node tools (the importer, backups). The token:
//  - a local site (http on loopback): `ADMIN_API_TOKEN` from the `.dev.vars` that `npm start` wrote;
//  - any other site: the environment variable `ADMIN_API_TOKEN` (the value given to
//    `wrangler secret put ADMIN_API_TOKEN`); without it the client refuses to start.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

export const DEFAULT_SITE = 'http://127.0.0.1:8787';

/** Whether a site address is this machine's local development site (plain http on loopback). */
export function isLocalSite(site) {
  const url = new URL(site);
  return url.protocol === 'http:' && ['127.0.0.1', 'localhost', '[::1]', '::1'].includes(url.hostname);
}

/** The value of `NAME=…` in a `.dev.vars` text (quotes removed), or null. */
export function devVar(text, name) {
  const match = new RegExp(`^${name}=(.*)$`, 'm').exec(text);
  if (!match) return null;
  const raw = match[1].trim();
  return raw.replace(/^"(.*)"$/, '$1').replace(/^'(.*)'$/, '$1');
}

/** An error the tools print as it is, without a stack (a refusal, not a crash). */
export class ToolError extends Error {}

/**
 * The admin token for `site`.
 * @param {string} site
 * @param {{ env?: Record<string, string | undefined>, devVarsFile?: string }} [opts]
 */
export function adminTokenFor(site, opts = {}) {
  const env = opts.env ?? process.env;
  if (isLocalSite(site)) {
    const file = opts.devVarsFile ?? join(root, '.dev.vars');
    const fromFile = existsSync(file) ? devVar(readFileSync(file, 'utf8'), 'ADMIN_API_TOKEN') : null;
    const token = fromFile || env.ADMIN_API_TOKEN;
    if (!token)
      throw new ToolError(
        `no ADMIN_API_TOKEN in ${file}: run \`npm start\` once (it writes one), then start the site again`,
      );
    return token;
  }
  const token = env.ADMIN_API_TOKEN;
  if (!token)
    throw new ToolError(
      `refusing to talk to ${new URL(site).origin} without a token: set the environment variable ADMIN_API_TOKEN ` +
        'to the value given to `wrangler secret put ADMIN_API_TOKEN`',
    );
  return token;
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/**
 * A client of one site.
 * @param {{ site?: string, token?: string, env?: Record<string, string | undefined>, devVarsFile?: string,
 *   retries?: number, timeoutMs?: number }} [opts]
 */
export function siteClient(opts = {}) {
  const site = (opts.site ?? DEFAULT_SITE).replace(/\/+$/, '');
  const token = opts.token ?? adminTokenFor(site, opts);
  const retries = opts.retries ?? 4;
  const timeoutMs = opts.timeoutMs ?? 120_000;

  /**
   * One call; network errors, 429 and 5xx answers are retried with a growing pause (the admin routes
   * are idempotent). The JSON answer, or a ToolError with the site's message.
   * @param {string} method
   * @param {string} path
   * @param {{ body?: BodyInit, type?: string, headers?: Record<string, string> }} [req]
   */
  async function call(method, path, req = {}) {
    let lastError;
    for (let attempt = 0; attempt <= retries; attempt++) {
      if (attempt > 0) await sleep(Math.min(30_000, 500 * 2 ** attempt));
      let res;
      try {
        res = await fetch(`${site}${path}`, {
          method,
          body: req.body,
          redirect: 'manual',
          signal: AbortSignal.timeout(timeoutMs),
          headers: {
            authorization: `Bearer ${token}`,
            accept: 'application/json',
            ...(req.type ? { 'content-type': req.type } : {}),
            ...req.headers,
          },
        });
      } catch (err) {
        lastError = new ToolError(`${method} ${path}: ${/** @type {Error} */ (err).message}`);
        continue;
      }
      const text = await res.text();
      let data;
      try {
        data = text ? JSON.parse(text) : null;
      } catch {
        data = null;
      }
      if (res.ok) return data;
      const message = data?.error ?? text.slice(0, 300);
      lastError = new ToolError(`${method} ${path}: ${res.status} ${message}`);
      /** @type {any} */ (lastError).status = res.status;
      /** @type {any} */ (lastError).data = data;
      if (res.status !== 429 && res.status < 500) throw lastError;
    }
    throw lastError;
  }

  return {
    site,
    /** @param {string} path */
    getJson: (path) => call('GET', path),
    /** @param {string} path @param {unknown} body */
    postJson: (path, body) => call('POST', path, { body: JSON.stringify(body), type: 'application/json' }),
    /**
     * @param {string} path
     * @param {Uint8Array} bytes
     * @param {Record<string, string>} [headers]
     */
    postBinary: (path, bytes, headers = {}) =>
      call('POST', path, {
        body: /** @type {BodyInit} */ (/** @type {unknown} */ (bytes)),
        type: 'application/octet-stream',
        headers,
      }),
    call,
  };
}
