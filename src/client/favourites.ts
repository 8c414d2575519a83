// The hearts ("Salvate"). Public pages carry neutral heart forms (they are cached for everyone): this
// island marks the saved ones. Anonymous: the list lives in localStorage and hearts toggle there;
// /salvate is asked with the ids. Signed in: the browser's list is posted once to the account
// (idempotent, capped there), then hearts follow the account and toggle through the same forms.
import { looksSignedIn } from './prefetch';

const KEY = 'salvate';
const MAX = 100;

function readLocal(): number[] {
  try {
    const ids = JSON.parse(localStorage.getItem(KEY) ?? '[]');
    return Array.isArray(ids) ? ids.filter((id) => Number.isSafeInteger(id) && id > 0).slice(0, MAX) : [];
  } catch {
    return [];
  }
}

function writeLocal(ids: number[]) {
  try {
    if (ids.length) localStorage.setItem(KEY, JSON.stringify(ids.slice(0, MAX)));
    else localStorage.removeItem(KEY);
  } catch {}
}

function forms() {
  return document.querySelectorAll<HTMLFormElement>('form[data-save]');
}

function mark(saved: Set<number>) {
  for (const form of forms()) {
    const on = saved.has(Number(form.dataset.save));
    const button = form.querySelector('button');
    if (button && !form.querySelector('input[name="do"]')) button.setAttribute('aria-pressed', String(on));
  }
}

async function json(url: string, body?: unknown) {
  const res = await fetch(url, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      accept: 'application/json',
      ...(body instanceof FormData || body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body instanceof FormData ? body : body === undefined ? undefined : JSON.stringify(body),
    credentials: 'same-origin',
  });
  if (!res.ok) throw new Error(String(res.status));
  return res.json();
}

async function install() {
  const signedIn = looksSignedIn(document.cookie);
  let saved = new Set(readLocal());
  // An anonymous visitor's /salvate is rendered from the ids this browser keeps.
  if (!signedIn && location.pathname === '/salvate' && !location.search && saved.size) {
    location.replace(`/salvate?ids=${[...saved].join('.')}`);
    return;
  }
  if (!forms().length) return;
  if (signedIn) {
    try {
      const local = readLocal();
      const answer = local.length
        ? await json('/api/salvate/sincronizare', { ids: local })
        : await json('/api/salvate');
      if (local.length) writeLocal([]);
      saved = new Set(answer.ids);
    } catch {
      return; // the forms still work without the island
    }
  }
  mark(saved);
  // Capture phase: handled (and prevented) before the shell's overlay sees the submit.
  document.addEventListener(
    'submit',
    async (event) => {
      const form = event.target as HTMLFormElement;
      if (!form.matches('form[data-save]')) return;
      event.preventDefault();
      const id = Number(form.dataset.save);
      const remove = form.querySelector<HTMLInputElement>('input[name="do"]')?.value === 'scoate';
      const on = !remove && !saved.has(id);
      if (signedIn) {
        const body = new FormData(form);
        body.set('do', on ? 'adauga' : 'scoate');
        try {
          await json(form.action, body);
        } catch {
          form.submit();
          return;
        }
      }
      // Newest first, as /salvate lists them.
      if (on) saved = new Set([id, ...saved]);
      else saved.delete(id);
      if (!signedIn) writeLocal([...saved]);
      if (remove) form.closest('[data-saved-item]')?.remove();
      mark(saved);
    },
    true,
  );
}

void install();
