// @ts-check
// `npm run restore -- --file <backup file> [--site <url>]` or `--from <backup name>`: restores a backup
// (docs/operations.md#restore) into an empty site such as `npm start -- --empty`. The whole file is
// read and checked first (checksums, counts, end line); the site refuses when it is not empty or
// older than the backup; nothing is written before both pass. Run the same command again to resume
// an interrupted restore. `--from` reads the backup from the site's own BACKUPS bucket.
import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { BackupFileError, readBackupFile, restoreBackup } from './lib/backup-file.mjs';
import { adminTokenFor, DEFAULT_SITE, siteClient, ToolError } from './lib/site-client.mjs';

const { values } = parseArgs({
  options: { file: { type: 'string' }, from: { type: 'string' }, site: { type: 'string' } },
});

async function main() {
  const site = (values.site ?? DEFAULT_SITE).replace(/\/+$/, '');
  if (!values.file === !values.from)
    throw new ToolError('folosiți fie --file <fișier>, fie --from <numele copiei>');
  let bytes;
  if (values.file) {
    if (!existsSync(values.file)) throw new ToolError(`fișierul ${values.file} nu există`);
    bytes = new Uint8Array(readFileSync(values.file));
  } else {
    const name = /** @type {string} */ (values.from);
    const res = await fetch(`${site}/__admin/backups/${encodeURIComponent(name)}`, {
      headers: { authorization: `Bearer ${adminTokenFor(site)}` },
    });
    if (!res.ok)
      throw new ToolError(`copia ${name} nu poate fi citită din bucket: ${res.status} ${await res.text()}`);
    bytes = new Uint8Array(await res.arrayBuffer());
  }
  const backup = await readBackupFile(bytes);
  const { manifest } = backup;
  console.log(
    `copia ${manifest.name}: ${Object.keys(manifest.tables).length} tabele, ${backup.photos.length} fotografii, migrarea ${manifest.lastMigration}`,
  );
  // Photos already sent to this site, one id a line: a resumed restore skips them.
  const siteKey = new URL(site).host.replace(/[^a-z0-9]+/gi, '-');
  const progress = values.file
    ? `${values.file}.${siteKey}.restore-progress`
    : join(tmpdir(), `eradauti-${manifest.name}.${siteKey}.restore-progress`);
  const donePhotos = new Set(
    existsSync(progress) ? readFileSync(progress, 'utf8').split('\n').filter(Boolean).map(Number) : [],
  );
  const client = siteClient({ site });
  const status = await restoreBackup(client, backup, {
    donePhotos,
    onPhoto: (id) => appendFileSync(progress, `${id}\n`),
    log: (line) => console.log(`  ${line}`),
  });
  console.log(
    `restaurare terminată pe ${site}: ${status.counts.posts ?? 0} anunțuri, ${status.counts.users ?? 0} utilizatori`,
  );
}

main().catch((err) => {
  if (err instanceof ToolError || err instanceof BackupFileError) {
    console.error(`restore: ${err.message}`);
    process.exit(1);
  }
  console.error(err);
  process.exit(2);
});
