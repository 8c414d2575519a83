// Fills the header's account slot in the browser (docs/product.md#page-shell): public pages stay the same for everyone
// and cacheable; the menu comes from a private endpoint.

import { plural } from '../lib/plural';

const UNREAD = { none: '', one: 'o conversație necitită', many: 'conversații necitite' };

export interface AccountInfo {
  signedIn: boolean;
  name?: string;
  avatarUrl?: string | null;
  /** Conversations with unread messages: a badge on the button. */
  unreadMessages?: number;
  links: { label: string; href: string; method?: 'post' }[];
}

const USER_ICON =
  '<svg class="icon" width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true"><circle cx="12" cy="12" r="10"/><circle cx="12" cy="10" r="3"/><path d="M7 20.662V19a2 2 0 0 1 2-2h6a2 2 0 0 1 2 2v1.662"/></svg>';

export function renderAccountMenu(slot: HTMLElement, info: AccountInfo): void {
  const doc = slot.ownerDocument;
  const button = doc.createElement('button');
  button.type = 'button';
  button.className = 'btn account-menu__button';
  button.setAttribute('aria-expanded', 'false');
  button.setAttribute('aria-controls', 'account-menu-list');
  if (info.signedIn && info.avatarUrl) {
    const img = doc.createElement('img');
    img.src = info.avatarUrl;
    img.alt = '';
    img.width = 20;
    img.height = 20;
    img.className = 'avatar';
    button.append(img);
  } else {
    button.insertAdjacentHTML('beforeend', USER_ICON);
  }
  const label = doc.createElement('span');
  label.textContent = info.signedIn && info.name ? info.name : 'Cont';
  button.append(label);
  const unread = info.signedIn ? (info.unreadMessages ?? 0) : 0;
  if (unread > 0) {
    const badge = doc.createElement('strong');
    badge.className = 'account-menu__badge';
    badge.textContent = unread > 99 ? '99+' : String(unread);
    badge.setAttribute('aria-hidden', 'true');
    button.append(badge);
  }
  if (info.signedIn && info.name)
    button.setAttribute(
      'aria-label',
      unread > 0 ? `Contul meu: ${info.name}, ${plural(unread, UNREAD)}` : `Contul meu: ${info.name}`,
    );

  const list = doc.createElement('ul');
  list.id = 'account-menu-list';
  list.className = 'account-menu__list';
  list.hidden = true;
  list.setAttribute('aria-label', 'Meniul contului');
  for (const item of info.links) {
    const li = doc.createElement('li');
    if (item.method === 'post') {
      const form = doc.createElement('form');
      form.method = 'post';
      form.action = item.href;
      const submit = doc.createElement('button');
      submit.type = 'submit';
      submit.textContent = item.label;
      form.append(submit);
      li.append(form);
    } else {
      const a = doc.createElement('a');
      a.href = item.href;
      a.textContent = item.label;
      li.append(a);
    }
    list.append(li);
  }

  const setOpen = (open: boolean) => {
    list.hidden = !open;
    button.setAttribute('aria-expanded', String(open));
  };
  button.addEventListener('click', () => {
    const open = list.hidden;
    setOpen(open);
    if (open) list.querySelector<HTMLElement>('a,button')?.focus();
  });
  const items = () => Array.from(list.querySelectorAll<HTMLElement>('a,button'));
  slot.addEventListener('keydown', (e) => {
    if (e.key === 'Escape' && !list.hidden) {
      setOpen(false);
      button.focus();
      return;
    }
    // Arrow keys move between the entries (Tab works too).
    if ((e.key === 'ArrowDown' || e.key === 'ArrowUp') && !list.hidden) {
      const all = items();
      const at = all.indexOf(doc.activeElement as HTMLElement);
      const next = e.key === 'ArrowDown' ? (at + 1) % all.length : (at - 1 + all.length) % all.length;
      all[next]?.focus();
      e.preventDefault();
    }
  });
  // Tabbing out of the menu closes it.
  slot.addEventListener('focusout', (e) => {
    const to = (e as FocusEvent).relatedTarget as Node | null;
    if (to && !slot.contains(to)) setOpen(false);
  });
  doc.addEventListener('click', (e) => {
    if (!slot.contains(e.target as Node)) setOpen(false);
  });
  slot.replaceChildren(button, list);
}

export async function installAccountMenu(doc: Document = document): Promise<void> {
  const slot = doc.getElementById('account-menu');
  if (!slot) return;
  try {
    const res = await fetch('/api/cont', {
      headers: { accept: 'application/json' },
      credentials: 'same-origin',
    });
    if (!res.ok) return;
    renderAccountMenu(slot, (await res.json()) as AccountInfo);
  } catch {
    // Offline or failed: the plain "Cont" link keeps working.
  }
}
