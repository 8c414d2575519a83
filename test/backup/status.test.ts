// What operators see of background work (docs/operations.md#alarms): /moderare/stare and its
// downloads (operators only), and the alarm mails when the daily job or a backup fails, or when no
// backup finished for 26 hours.
import { createExecutionContext, createMessageBatch, getQueueResult } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { checkBackupAge } from '../../src/backup/alarms';
import { backgroundWorkProps } from '../../src/backup/status';
import { backgroundWorkLine } from '../../src/components/BackgroundWork';
import { finishRun, startRun } from '../../src/db/job-runs';
import { handleJobs } from '../../src/jobs/consumer';
import { runDaily } from '../../src/jobs/runs';
import { db, get, getAs, person, signIn, textOf } from '../fixtures';
import { backupNow } from './support';

afterEach(() => {
  vi.restoreAllMocks();
});

type Mail = { to: string; subject: string; text: string };

function mailsTo(spy: { mock: { calls: unknown[][] } }, address: string): Mail[] {
  return spy.mock.calls.map((c: unknown[]) => c[0] as Mail).filter((m: Mail) => m.to === address);
}

describe('/moderare/stare', () => {
  it('shows operators the backups with a download, the runs and the mails; nobody else', async () => {
    const operator = await signIn('user_operator_env');
    const manifest = await backupNow();
    const res = await getAs('/moderare/stare', operator.cookie);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toContain('private');
    const html = await res.text();
    expect(textOf(html)).toContain('Starea lucrărilor de fundal');
    expect(html).toContain(`href="/moderare/stare/copii/${manifest.name}"`);
    expect(textOf(html)).toMatch(/E-mailuri \(24 de ore\)/);

    const someone = await person();
    expect((await getAs('/moderare/stare', someone.cookie)).status).toBe(403);
    expect((await getAs(`/moderare/stare/copii/${manifest.name}`, someone.cookie)).status).toBe(403);
    expect([401, 302, 303]).toContain((await get('/moderare/stare')).status);
    expect([401, 302, 303]).toContain((await get(`/moderare/stare/copii/${manifest.name}`)).status);
    // A name that is not a backup's: 404, not a listing of the bucket.
    expect((await getAs('/moderare/stare/copii/..%2F..%2Fphotos', operator.cookie)).status).toBe(404);
  });
});

describe('alarms', () => {
  it('mails the operators when a backup job is given up, and shows it as failed', async () => {
    const operator = await signIn('user_operator_env');
    const send = vi.spyOn(env.EMAIL, 'send').mockResolvedValue({ messageId: 'x' } as never);
    vi.spyOn(env.BACKUPS, 'put').mockRejectedValue(new Error('R2 indisponibil'));
    const name = '2026-03-01T03-17-00Z';
    const retry = createMessageBatch('eradauti-backup-jobs', [
      { id: 'a', timestamp: new Date(), attempts: 1, body: { kind: 'backup-tables', name } },
    ]);
    const ctx = createExecutionContext();
    await handleJobs(retry, env);
    expect((await getQueueResult(retry, ctx)).retryMessages).toHaveLength(1);
    expect(mailsTo(send, operator.user.email!)).toHaveLength(0);

    const last = createMessageBatch('eradauti-backup-jobs', [
      { id: 'b', timestamp: new Date(), attempts: 5, body: { kind: 'backup-tables', name } },
    ]);
    await handleJobs(last, env);
    const [mail] = mailsTo(send, operator.user.email!);
    expect(mail.subject).toContain('copia de siguranță a eșuat');
    expect(mail.text).toContain('R2 indisponibil');

    const html = textOf(await (await getAs('/moderare/stare', operator.cookie)).text());
    expect(html).toMatch(/1 e-mail trimis/);
    expect(html).toMatch(/backup-tables ?, eșuată/);
    expect(html).toMatch(/backup-tables ?, așteaptă reîncercarea/);
  });

  it('mails the operators when the daily job fails', async () => {
    const operator = await signIn('user_operator_env');
    const send = vi.spyOn(env.EMAIL, 'send').mockResolvedValue({ messageId: 'x' } as never);
    vi.spyOn(env.BACKUP_JOBS, 'sendBatch').mockRejectedValue(new Error('coada nu răspunde'));
    await expect(runDaily(env, Date.now())).rejects.toThrow('coada nu răspunde');
    const [mail] = mailsTo(send, operator.user.email!);
    expect(mail.subject).toContain('lucrarea zilnică a eșuat');
    const props = await backgroundWorkProps(db, Date.now());
    expect(props.lastDaily?.status).toBe('failed');
    expect(backgroundWorkLine(props)).toContain('lucrarea zilnică eșuată');
  });

  it('mails once a day while no backup has finished for 26 hours', async () => {
    const operator = await signIn('user_operator_env');
    const send = vi.spyOn(env.EMAIL, 'send').mockResolvedValue({ messageId: 'x' } as never);
    const lastBackup = await startRun(db, 'backup', Date.now(), 'x');
    const t0 = Date.now() + 30 * 86_400_000;
    await finishRun(db, lastBackup, true, t0);
    expect(await checkBackupAge(env, t0 + 25 * 3_600_000)).toBe(false);
    expect(await checkBackupAge(env, t0 + 27 * 3_600_000)).toBe(true);
    const [mail] = mailsTo(send, operator.user.email!);
    expect(mail.subject).toContain('nicio copie de siguranță în ultimele 26 de ore');
    expect(mail.text).toContain('acum 27 de ore');
    // Not again the same day…
    expect(await checkBackupAge(env, t0 + 30 * 3_600_000)).toBe(false);
    // …and not once a backup finished again.
    const next = await startRun(db, 'backup', t0 + 31 * 3_600_000, 'y');
    await finishRun(db, next, true, t0 + 31 * 3_600_000);
    expect(await checkBackupAge(env, t0 + 52 * 3_600_000)).toBe(false);
    expect(mailsTo(send, operator.user.email!)).toHaveLength(1);
  });
});
