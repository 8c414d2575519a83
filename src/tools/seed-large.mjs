// @ts-check
// `npm run seed:large`: adds the large data set (5,000 people, 20,000 ads with photo rows, 2,000
// reports, rules and queue marks) to the local site running on PORT (default 8787, started with
// `npm start`). It asks the site for one step at a time (`POST /__dev/seed-large`) until the set is
// complete, so each request stays short; run again, it adds nothing; interrupted, it continues where
// it stopped. Local only: the worker answers 404 on any other site. See docs/moderation.md#large-data-set.
const port = Number(process.env.PORT ?? 8787);
const base = `http://127.0.0.1:${port}`;

/**
 * Runs every remaining step; answers the site's last line. `log` receives each step's line.
 * @param {string} [siteBase]
 * @param {(line: string) => void} [log]
 */
export async function seedLarge(siteBase = base, log = () => {}) {
  let restarts = 0;
  for (let i = 0; i < 100; i++) {
    const res = await fetch(`${siteBase}/__dev/seed-large`, {
      method: 'POST',
      headers: { origin: siteBase },
    });
    const text = (await res.text()).trim();
    // wrangler dev reloads the worker when a source file changes and answers 503 to the request it
    // cut short: each step commits all or nothing, so asking again is safe.
    if (res.status === 503 && /restarted/.test(text) && restarts++ < 5) {
      log(`the worker restarted mid-step: asking again (${restarts})`);
      await new Promise((r) => setTimeout(r, 2000));
      continue;
    }
    if (!res.ok) throw new Error(`seed:large: ${res.status} ${text.slice(0, 300)}`);
    log(text);
    if (res.headers.get('x-seed-large') === 'done') return text;
  }
  throw new Error('seed:large: the site did not finish in 100 steps');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  try {
    const t = Date.now();
    await seedLarge(base, (line) => console.log(`[seed:large] ${line}`));
    console.log(`[seed:large] ${((Date.now() - t) / 1000).toFixed(1)} s`);
  } catch (/** @type {any} */ err) {
    console.error(`[seed:large] ${err.message} (is the site running on ${base}? npm start)`);
    process.exit(1);
  }
}
