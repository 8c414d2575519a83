// @ts-check
// `npm run seed:large`: adds the large data set (5,000 people, 20,000 ads, 2,000 reports) to the
// local site running on PORT (default 8787, started with `npm start`), once. Local only: the worker
// answers 404 on any other site. See docs/moderation.md#large-data-set.
const port = Number(process.env.PORT ?? 8787);
const base = `http://127.0.0.1:${port}`;

export async function seedLarge(siteBase = base) {
  const res = await fetch(`${siteBase}/__dev/seed-large`, { method: 'POST', headers: { origin: siteBase } });
  const text = await res.text();
  if (!res.ok) throw new Error(`seed:large: ${res.status} ${text.slice(0, 300)}`);
  return text.trim();
}

if (import.meta.url === `file://${process.argv[1]}`) {
  try {
    console.log(`[seed:large] ${await seedLarge()}`);
  } catch (/** @type {any} */ err) {
    console.error(`[seed:large] ${err.message} (is the site running on ${base}? npm start)`);
    process.exit(1);
  }
}
