// The one-line state of background work (the last backup, the last daily and hourly runs, mails sent
// and failed and failed jobs in 24 hours, jobs waiting for a retry), for the operators' pages; links to
// /moderare/stare for the details.
import type { JobRun } from '../db/job-runs';
import { formatDate } from '../lib/dates';
import { route } from '../lib/links';
import { plural } from '../lib/plural';

export interface BackgroundWorkProps {
  lastBackupAt: number | null;
  lastDaily: JobRun | null;
  lastHourly: JobRun | null;
  failedJobs: number;
  sentMails: number;
  failedMails: number;
  /** Queue jobs that failed an attempt in the last hour and wait for the next one. */
  waitingJobs: number;
}

const FAILED_JOBS = { none: 'nicio lucrare eșuată', one: '1 lucrare eșuată', many: 'lucrări eșuate' };
const FAILED_MAILS = { none: 'niciun e-mail eșuat', one: '1 e-mail eșuat', many: 'e-mailuri eșuate' };
const SENT_MAILS = { none: 'niciun e-mail trimis', one: '1 e-mail trimis', many: 'e-mailuri trimise' };
const WAITING_JOBS = {
  none: 'nicio lucrare nu așteaptă reîncercarea',
  one: '1 lucrare așteaptă reîncercarea',
  many: 'lucrări așteaptă reîncercarea',
};

function runText(name: string, run: JobRun | null): string {
  if (!run) return `${name} nu a rulat încă`;
  const state = run.status === 'ok' ? 'reușită' : run.status === 'running' ? 'în curs' : 'eșuată';
  return `${name} ${state} ${formatDate(run.startedAt, 'longTime')}`;
}

/** The sentence itself (also for mails and plain text). */
export function backgroundWorkLine({
  lastBackupAt,
  lastDaily,
  lastHourly,
  failedJobs,
  sentMails,
  failedMails,
  waitingJobs,
}: BackgroundWorkProps): string {
  const backup = lastBackupAt
    ? `ultima copie ${formatDate(lastBackupAt, 'longTime')}`
    : 'nicio copie de siguranță';
  return `Lucrări de fundal: ${backup}; ${runText('lucrarea zilnică', lastDaily)}; ${runText('lucrarea orară', lastHourly)}; în 24 de ore ${plural(sentMails, SENT_MAILS)}, ${plural(failedMails, FAILED_MAILS)}, ${plural(failedJobs, FAILED_JOBS)}; ${plural(waitingJobs, WAITING_JOBS)}.`;
}

export function BackgroundWork(props: BackgroundWorkProps) {
  const trouble =
    props.failedJobs > 0 ||
    props.failedMails > 0 ||
    !props.lastBackupAt ||
    props.lastDaily?.status === 'failed' ||
    props.lastHourly?.status === 'failed';
  return (
    <p className={trouble ? 'background-work background-work-trouble' : 'background-work'}>
      {backgroundWorkLine(props)} <a href={route('moderationStatus')}>Detalii</a>
    </p>
  );
}
