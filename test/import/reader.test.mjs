// The COPY reader and the importer's plan, in Node (run by test/import/run.mjs).
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { Readable } from 'node:stream';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { argon2Digest, passwordKind, planImport, validateRows } from '../../src/tools/lib/import-plan.mjs';
import { DumpError, readDump, timestampMs, unescapeField } from '../../src/tools/lib/pg-copy.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const DUMP = join(here, 'fixture', 'old-site.dump.sql');
const TABLES = ['User', 'Post', 'Image', 'Category'];

const dumpOf = (body) =>
  Readable.from([
    `--\n-- PostgreSQL database dump\n--\n\n${body}\n--\n-- PostgreSQL database dump complete\n--\n`,
  ]);

test('unescapes every escape of the text format', () => {
  assert.equal(unescapeField('\\N'), null);
  assert.equal(unescapeField('plain ș ț 😀'), 'plain ș ț 😀');
  assert.equal(unescapeField('a\\tb\\nc\\rd\\\\e'), 'a\tb\nc\rd\\e');
  assert.equal(unescapeField('\\b\\f\\v'), '\b\f\v');
  // Octal and hex escapes are bytes, decoded together as UTF-8: ș is C8 99.
  assert.equal(unescapeField('\\310\\231'), 'ș');
  assert.equal(unescapeField('\\xc8\\x99 \\x41\\101'), 'ș AA');
  assert.equal(unescapeField('\\7x'), '\u0007x');
  // Any other escaped character stands for itself.
  assert.equal(unescapeField('\\.\\a\\"'), '.a"');
  assert.equal(unescapeField('\\\\N'), '\\N');
  assert.throws(() => unescapeField('end\\'), DumpError);
});

test('reads the fixture dump made by PostgreSQL 15: tabs, new lines, backslashes, quotes, emoji, NULLs', async () => {
  const raw = await readDump(DUMP, TABLES);
  assert.equal(raw.Category.length, 9);
  const p101 = raw.Post.find((r) => r.values.id === '101').values;
  assert.equal(
    p101.body,
    'Vând apartament:\n\t- etaj 2\n\t- "renovat" și \'mobilat\'\nCale: C:\\Users\\ana\nSunați la 0745 123 456 😀',
  );
  const u6 = raw.User.find((r) => r.values.id === '6').values;
  assert.equal(u6.fullName, '\tȘtefan\n Țurcanu 😀 ');
  assert.equal(u6.activationKey, null);
  assert.equal(raw.Post.find((r) => r.values.id === '110').values.body, 'Backslash la final \\');
  assert.equal(
    raw.Post.find((r) => r.values.id === '106').values.title,
    'Ofer servicii & reparaţii € ieftine',
  );
  assert.equal(timestampMs(p101.expiresAt), Date.UTC(2026, 10, 15, 8, 0, 0, 456));
});

test('refuses a file that is not a dump, or is cut short, naming why', async () => {
  await assert.rejects(readDump(Readable.from(['SELECT 1;\n']), TABLES), /not a pg_dump file/);
  await assert.rejects(readDump(Readable.from(['']), TABLES), /empty/);
  const text = readFileSync(DUMP, 'utf8');
  const dir = mkdtempSync(join(tmpdir(), 'import-cut-'));
  // Cut inside the Post block: the block has no closing line.
  const cut = text.slice(0, text.indexOf('\n205\t') + 1);
  writeFileSync(join(dir, 'cut.sql'), cut);
  await assert.rejects(
    readDump(join(dir, 'cut.sql'), TABLES),
    /cut short: the COPY block of "Post".*no closing/,
  );
  // Cut after the last block: the closing comment is missing.
  writeFileSync(join(dir, 'cut2.sql'), text.slice(0, text.indexOf('-- PostgreSQL database dump complete')));
  await assert.rejects(readDump(join(dir, 'cut2.sql'), TABLES), /closing line/);
  // A block whose lines have the wrong number of fields.
  await assert.rejects(
    readDump(dumpOf('COPY public."Category" (id, title) FROM stdin;\n1\ta\tb\n\\.\n'), ['Category']),
    /expects 2 fields/,
  );
  // A table missing altogether.
  await assert.rejects(readDump(dumpOf(''), ['User']), /no COPY block for "User"/);
});

test('validates rows and plans the import: merges by letter case, categories, photo order, passwords', async () => {
  const { rows, invalid } = validateRows(await readDump(DUMP, TABLES));
  assert.deepEqual(
    invalid.map((i) => [i.table, i.id]),
    [['User', '8']],
  );
  const plan = planImport(rows, { 18: 8 });
  assert.deepEqual(plan.merges, [{ email: 'ana.popescu@example.com', kept: 3, merged: [2] }]);
  assert.equal(plan.survivorOf.get(2), 3);
  assert.equal(plan.posts.find((p) => p.id === 102).userId, 3);
  assert.deepEqual(plan.unmapped, []);
  assert.deepEqual(planImport(rows).unmapped, [18]);
  assert.equal(plan.posts.find((p) => p.id === 105).categoryId, null);
  assert.equal(plan.posts.find((p) => p.id === 108).categoryId, 8);
  assert.deepEqual(plan.missingAuthors, [111]);
  // Newest photo first: 1002 (2 Oct) is the main one; 1003 and 1001 share a date, higher id first.
  const of101 = plan.photos.filter((p) => p.postId === 101).sort((a, b) => a.position - b.position);
  assert.deepEqual(
    of101.map((p) => p.id),
    [1002, 1003, 1001],
  );
  // Ads go in by the old "last changed", oldest first.
  const order = plan.posts.map((p) => p.lastChangedAt);
  assert.deepEqual(
    order,
    [...order].sort((a, b) => a - b),
  );
  const kinds = Object.fromEntries(rows.User.map((u) => [u.id, passwordKind(u.hashedPassword)]));
  assert.deepEqual(kinds, {
    1: 'argon2id',
    2: 'reset',
    3: 'argon2i',
    4: 'clerk',
    5: 'reset',
    6: 'none',
    7: 'clerk',
  });
  assert.match(
    argon2Digest(rows.User.find((u) => u.id === 1).hashedPassword),
    /^\$argon2id\$v=19\$m=65536,t=2,p=1\$/,
  );
});
