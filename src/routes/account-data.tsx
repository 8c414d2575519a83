// A person's rights over their data (docs/privacy.md): `GET /cont/date` downloads everything the site
// holds about them as one JSON file; `GET/POST /cont/sterge` explains and then deletes the account.
// Signed-in only, personal: private and never stored.
import { type Context, Hono } from 'hono';
import { requireUser } from '../auth/guards';
import { countAccountData } from '../db/account-data';
import type { AppEnv } from '../env';
import { setFlash } from '../flash';
import { accountExportStream, exportFileName } from '../http/account-export';
import { optionalForm, privateAnswers } from '../http/helpers';
import { clearSessionCookies } from '../http/session-cookies';
import { deleteAccount } from '../jobs/account-deletion';
import { bucharestDay } from '../lib/dates';
import { privacyPath, route, routePath } from '../lib/links';
import { purgeForAuthor } from '../page-purge';
import { CONFIRM_WORD, DeleteAccountPage } from '../pages/DeleteAccountPage';
import { limitExport } from '../platform/rate-limits';

export const accountDataRoutes = new Hono<AppEnv>();

accountDataRoutes.use(routePath('accountData'), privateAnswers);
accountDataRoutes.use(routePath('accountDelete'), privateAnswers);

accountDataRoutes.get(routePath('accountData'), async (c) => {
  const user = requireUser(c);
  await limitExport(c, user.id);
  const now = Date.now();
  return new Response(accountExportStream(c.env, c.get('db'), user.id, now), {
    headers: {
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Disposition': `attachment; filename="${exportFileName(bucharestDay(now))}"`,
      'Cache-Control': 'private, no-store',
      'X-Content-Type-Options': 'nosniff',
    },
  });
});

/** The typed confirmation, whatever its case and with or without diacritics. */
function confirmed(value: FormDataEntryValue | null): boolean {
  if (typeof value !== 'string') return false;
  const plain = (s: string) =>
    s
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .trim()
      .toUpperCase();
  return plain(value) === plain(CONFIRM_WORD);
}

async function renderDeletePage(
  c: Context<AppEnv>,
  status: 200 | 400,
  form: { typed?: string; error?: string } = {},
) {
  const user = requireUser(c);
  c.status(status);
  return c.render(
    <DeleteAccountPage
      name={user.name}
      counts={await countAccountData(c.get('db'), user.id)}
      action={route('accountDelete')}
      dataHref={route('accountData')}
      privacyHref={privacyPath()}
      {...form}
    />,
    { title: 'Ștergerea contului', noindex: true },
  );
}

accountDataRoutes.get(routePath('accountDelete'), (c) => renderDeletePage(c, 200));

accountDataRoutes.post(routePath('accountDelete'), async (c) => {
  const user = requireUser(c);
  const form = await optionalForm(c);
  const typed = form.get('confirm');
  if (!confirmed(typed)) {
    return renderDeletePage(c, 400, {
      typed: typeof typed === 'string' ? typed.slice(0, 40) : '',
      error: `Scrieți cuvântul ${CONFIRM_WORD} ca să confirmați ștergerea contului.`,
    });
  }
  const db = c.get('db');
  // The pages that show the person's ads are forgotten by the edge cache while they still exist.
  await purgeForAuthor(c.req.url, db, user.id);
  try {
    await deleteAccount(c.env, db, user, { requestedBy: null, reason: '' }, Date.now());
  } catch {
    // Started and recorded: the daily job finishes it. The account is already unreachable.
  }
  clearSessionCookies(c);
  setFlash(c, 'cont-sters');
  return c.redirect(route('home'), 303);
});
