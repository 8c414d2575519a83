// Alarm mails to the operators (docs/operations.md#alarms): the daily job failed, a backup failed, or
// no backup finished for 26 hours. Sent straight from the failing work (not through the queue, which
// may be what is broken), to every operator, whatever their mail preferences.
import { operatorIds } from '../auth/config';
import { alarmSentSince, firstRecorded, lastSuccess, recordEvent } from '../db/job-runs';
import { operatorAddresses } from '../db/mail-moderation';
import { openDb } from '../db/session';
import type { Bindings } from '../env';
import { absoluteUrl, route } from '../lib/links';
import { plural } from '../lib/plural';
import { sendMail } from '../mail/send';

export type AlarmReason = 'daily-failed' | 'backup-failed' | 'no-backup';

/** No finished backup for this long: the operators are told. */
export const BACKUP_MAX_AGE_MS = 26 * 3_600_000;
/** The "no backup" alarm is repeated at most this often. */
const NO_BACKUP_REPEAT_MS = 24 * 3_600_000;

const SUBJECTS: Record<AlarmReason, string> = {
  'daily-failed': 'Alarmă eRădăuți: lucrarea zilnică a eșuat',
  'backup-failed': 'Alarmă eRădăuți: copia de siguranță a eșuat',
  'no-backup': 'Alarmă eRădăuți: nicio copie de siguranță în ultimele 26 de ore',
};

const LEADS: Record<AlarmReason, string> = {
  'daily-failed': 'Lucrarea zilnică (expirări, curățenie, copia de siguranță) s-a oprit cu o eroare.',
  'backup-failed': 'Copia de siguranță de azi noapte nu a putut fi terminată, nici după reîncercări.',
  'no-backup': 'Nu s-a terminat nicio copie de siguranță în ultimele 26 de ore.',
};

const HOURS = { none: '0 ore', one: 'o oră', many: 'ore' };

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Mails every operator; answers how many mails were handed over. Never throws. */
export async function sendAlarm(env: Bindings, reason: AlarmReason, detail: string, now = Date.now()) {
  const db = openDb(env.DB);
  let sent = 0;
  try {
    const statusUrl = absoluteUrl(env.SITE_URL, route('moderationStatus'));
    const text = `${LEADS[reason]}\n\nDetalii: ${detail}\n\nStarea lucrărilor și ultimele copii: ${statusUrl}\nPașii de urmat: docs/operations.md.\n`;
    const html = `<p>${escapeHtml(LEADS[reason])}</p><p>Detalii: ${escapeHtml(detail)}</p><p><a href="${escapeHtml(statusUrl)}">Starea lucrărilor și ultimele copii</a></p>`;
    for (const to of await operatorAddresses(db, [...operatorIds(env)])) {
      try {
        await sendMail(env, { to, subject: SUBJECTS[reason], text, html });
        sent++;
      } catch (err) {
        console.error('alarm mail not sent', reason, err);
      }
    }
    await recordEvent(db, `alarm:${reason}`, sent > 0 ? 'ok' : 'failed', now, detail);
  } catch (err) {
    console.error('alarm not sent', reason, detail, err);
  }
  return sent;
}

/** The hourly check: alarms once a day while no backup has finished for BACKUP_MAX_AGE_MS. */
export async function checkBackupAge(env: Bindings, now: number): Promise<boolean> {
  const db = openDb(env.DB);
  const since = (await lastSuccess(db, 'backup')) ?? (await firstRecorded(db));
  if (since === null || now - since <= BACKUP_MAX_AGE_MS) return false;
  if (await alarmSentSince(db, 'no-backup', now - NO_BACKUP_REPEAT_MS)) return false;
  const hours = Math.floor((now - since) / 3_600_000);
  await sendAlarm(env, 'no-backup', `ultima copie terminată: acum ${plural(hours, HOURS)}`, now);
  return true;
}
