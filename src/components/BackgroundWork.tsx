// The one-line state of background work (the last backup, the last daily run, failed jobs and mails
// in 24 hours), for the operators' pages; links to /moderare/stare for the details.
import type { JobRun } from '../db/job-runs';
import { formatDate } from '../lib/dates';
import { route } from '../lib/links';
import { plural } from '../lib/plural';

export interface BackgroundWorkProps {
  lastBackupAt: number | null;
  lastDaily: JobRun | null;
  failedJobs: number;
  failedMails: number;
}

const FAILED_JOBS = { none: 'nicio lucrare eșuată', one: '1 lucrare eșuată', many: 'lucrări eșuate' };
const FAILED_MAILS = { none: 'niciun e-mail eșuat', one: '1 e-mail eșuat', many: 'e-mailuri eșuate' };

/** The sentence itself (also for mails and plain text). */
export function backgroundWorkLine({
  lastBackupAt,
  lastDaily,
  failedJobs,
  failedMails,
}: BackgroundWorkProps): string {
  const backup = lastBackupAt
    ? `ultima copie ${formatDate(lastBackupAt, 'longTime')}`
    : 'nicio copie de siguranță';
  const daily = lastDaily
    ? `lucrarea zilnică ${lastDaily.status === 'ok' ? 'reușită' : lastDaily.status === 'running' ? 'în curs' : 'eșuată'} ${formatDate(lastDaily.startedAt, 'longTime')}`
    : 'lucrarea zilnică nu a rulat încă';
  return `Lucrări de fundal: ${backup}; ${daily}; în 24 de ore ${plural(failedJobs, FAILED_JOBS)}, ${plural(failedMails, FAILED_MAILS)}.`;
}

export function BackgroundWork(props: BackgroundWorkProps) {
  const trouble =
    props.failedJobs > 0 ||
    props.failedMails > 0 ||
    !props.lastBackupAt ||
    props.lastDaily?.status === 'failed';
  return (
    <p className={trouble ? 'background-work background-work-trouble' : 'background-work'}>
      {backgroundWorkLine(props)} <a href={route('moderationStatus')}>Detalii</a>
    </p>
  );
}
