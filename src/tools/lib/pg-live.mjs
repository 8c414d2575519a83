// @ts-check
// `--pg <postgres://…>`: reads the old tables from a live database instead of a dump, all inside one
// read-only REPEATABLE READ transaction, so every table comes from the same snapshot. Values are read
// as text in the very form a dump's COPY block carries them (booleans `t`/`f`), so the same
// validation applies (src/tools/lib/import-plan.mjs).
import pg from 'pg';

/**
 * @param {string} url
 * @param {string[]} tables
 * @returns {Promise<Record<string, { line: number, values: Record<string, string | null> }[]>>}
 */
export async function readPostgres(url, tables) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    /** @type {Record<string, { line: number, values: Record<string, string | null> }[]>} */
    const out = {};
    for (const table of tables) {
      const cols = await client.query(
        `SELECT column_name, data_type FROM information_schema.columns
          WHERE table_schema = 'public' AND table_name = $1 ORDER BY ordinal_position`,
        [table],
      );
      if (cols.rows.length === 0) throw new Error(`the database has no table "${table}"`);
      const select = cols.rows
        .map(({ column_name: c, data_type: t }) => {
          const q = `"${c.replace(/"/g, '""')}"`;
          return t === 'boolean'
            ? `CASE WHEN ${q} THEN 't' WHEN NOT ${q} THEN 'f' END AS ${q}`
            : `${q}::text AS ${q}`;
        })
        .join(', ');
      const res = await client.query(`SELECT ${select} FROM public."${table}" ORDER BY id`);
      out[table] = res.rows.map((values, i) => ({ line: i + 1, values }));
    }
    await client.query('COMMIT');
    return out;
  } catch (err) {
    await client.query('ROLLBACK').catch(() => {});
    throw err;
  } finally {
    await client.end();
  }
}
