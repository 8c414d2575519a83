// `/moderare/stare` (operators): the last backups with their size, counts and download, the last cron
// runs, queue jobs that failed or wait for a retry, and the mails of the last 24 hours.
import type { JobRun } from '../db/job-runs';
import { formatDate } from '../lib/dates';
import { route } from '../lib/links';
import { PHOTOS, plural } from '../lib/plural';

/** One backup as the status page lists it (its manifest, summarised). */
export interface BackupSummary {
  name: string;
  createdAt: number;
  finishedAt: number | null;
  /** Bytes of its tables and photo originals. */
  bytes: number;
  rows: Record<string, number>;
  photos: number;
}

export interface StatusPageProps {
  backups: BackupSummary[];
  daily: JobRun[];
  hourly: JobRun[];
  backupRuns: JobRun[];
  troubled: JobRun[];
  mails: { sent: number; failed: number };
}

const ADS = { none: 'niciun anunț', one: '1 anunț', many: 'anunțuri' };
const BACKUPS_SHOWN = { none: 'nicio copie', one: '1 copie', many: 'copii' };
const USERS = { none: 'niciun utilizator', one: '1 utilizator', many: 'utilizatori' };
const MAILS_SENT = { none: 'niciun e-mail trimis', one: '1 e-mail trimis', many: 'e-mailuri trimise' };
const MAILS_FAILED = { none: 'niciun e-mail eșuat', one: '1 e-mail eșuat', many: 'e-mailuri eșuate' };

const STATUS_LABELS: Record<JobRun['status'], string> = {
  running: 'în curs',
  ok: 'reușită',
  failed: 'eșuată',
  retrying: 'așteaptă reîncercarea',
};

/** 1 234 567 bytes → `1,2 MB`. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB', 'TB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value.toFixed(1).replace('.', ',')} ${units[unit]}`;
}

function Runs({ title, runs }: { title: string; runs: JobRun[] }) {
  return (
    <section>
      <h2>{title}</h2>
      {runs.length === 0 ? (
        <p>Nu a rulat încă.</p>
      ) : (
        <ul>
          {runs.map((r) => (
            <li key={r.id} data-status={r.status}>
              {formatDate(r.startedAt, 'longTime')}: <strong>{STATUS_LABELS[r.status]}</strong>
              {r.status === 'failed' && r.detail ? ` (${r.detail})` : ''}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export function StatusPage({ backups, daily, hourly, backupRuns, troubled, mails }: StatusPageProps) {
  return (
    <main className="page-narrow status-page">
      <h1>Starea lucrărilor de fundal</h1>
      <p>
        <a href={route('moderation')}>Înapoi la moderare</a>
      </p>
      <section>
        <h2>Copii de siguranță</h2>
        {backups.length === 0 ? (
          <p>Nu există încă nicio copie de siguranță terminată.</p>
        ) : (
          <table className="status-backups">
            <thead>
              <tr>
                <th scope="col">Copia</th>
                <th scope="col">Mărime</th>
                <th scope="col">Conținut</th>
                <th scope="col">Descărcare</th>
              </tr>
            </thead>
            <tbody>
              {backups.map((b) => (
                <tr key={b.name}>
                  <td>{formatDate(b.createdAt, 'longTime')}</td>
                  <td>{formatBytes(b.bytes)}</td>
                  <td>
                    {plural(b.rows.posts ?? 0, ADS)}, {plural(b.rows.users ?? 0, USERS)},{' '}
                    {plural(b.photos, PHOTOS)}
                  </td>
                  <td>
                    <a
                      href={route('backupDownload', { name: b.name })}
                      download={`eradauti-${b.name}.backup`}
                    >
                      Descarcă
                    </a>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
      <Runs title="Copia de siguranță (ultimele rulări)" runs={backupRuns} />
      <Runs title="Lucrarea zilnică" runs={daily} />
      <Runs title="Lucrarea orară" runs={hourly} />
      <section>
        <h2>Lucrări eșuate sau în așteptare (24 de ore)</h2>
        {troubled.length === 0 ? (
          <p>Niciuna.</p>
        ) : (
          <ul>
            {troubled.map((j) => (
              <li key={j.id} data-status={j.status}>
                {formatDate(j.startedAt, 'longTime')}: {j.kind.replace(/^job:/, '')},{' '}
                {STATUS_LABELS[j.status]}
                {j.detail ? ` (${j.detail})` : ''}
              </li>
            ))}
          </ul>
        )}
      </section>
      <section>
        <h2>E-mailuri (24 de ore)</h2>
        <p>
          {plural(mails.sent, MAILS_SENT)}, {plural(mails.failed, MAILS_FAILED)}.
        </p>
      </section>
      <p className="status-total">Total afișat: {plural(backups.length, BACKUPS_SHOWN)}.</p>
    </main>
  );
}
