// The open conversation (`/mesaje/<id>`): new messages arrive live over a WebSocket to the
// conversation's Durable Object, and the reply form sends without a page load. Without JavaScript
// (or when the connection fails) the page still works by reloading and posting the form.
import { needsScamWarning, SCAM_WARNING } from '../lib/scam';

interface LiveMessage {
  id: number;
  senderId: number;
  body: string;
  createdAt: number;
}

type LiveEvent = { type: 'message'; message: LiveMessage } | { type: 'read'; readerId: number; at: number };

function timeOf(ms: number): string {
  return new Intl.DateTimeFormat('ro-RO', {
    timeZone: 'Europe/Bucharest',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  })
    .format(new Date(ms))
    .replace(',', '')
    .replace(' la', '');
}

function install() {
  const root = document.querySelector<HTMLElement>('[data-conversation]');
  const list = root?.querySelector<HTMLOListElement>('ol.messages');
  if (!root || !list) return;
  const me = Number(root.dataset.me);
  // The addresses come from the page (the server's route table), never joined here.
  const readUrl = root.dataset.readUrl ?? '';
  const liveUrl = root.dataset.liveUrl ?? '';
  const otherName = root.querySelector('h1')?.textContent ?? '';
  const form = root.querySelector<HTMLFormElement>('form[data-message-form]');
  const seen = new Set(Array.from(list.querySelectorAll<HTMLElement>('li[data-id]'), (li) => li.dataset.id));

  const add = (m: LiveMessage) => {
    if (seen.has(String(m.id))) return;
    seen.add(String(m.id));
    const li = document.createElement('li');
    li.className = m.senderId === me ? 'message message--mine' : 'message';
    li.dataset.id = String(m.id);
    if (m.senderId !== me && needsScamWarning(m.body)) {
      const w = document.createElement('p');
      w.className = 'notice notice--warn message__warning';
      w.setAttribute('role', 'note');
      w.textContent = SCAM_WARNING;
      li.append(w);
    }
    const bubble = document.createElement('div');
    bubble.className = 'message__bubble';
    const meta = document.createElement('p');
    meta.className = 'message__meta muted';
    const who = document.createElement('span');
    who.className = 'message__sender';
    who.textContent = m.senderId === me ? 'Dvs.' : otherName;
    const time = document.createElement('time');
    time.dateTime = new Date(m.createdAt).toISOString();
    time.textContent = timeOf(m.createdAt);
    meta.append(who, ' ', time);
    const text = document.createElement('p');
    text.className = 'message__text';
    text.textContent = m.body;
    bubble.append(meta, text);
    li.append(bubble);
    list.append(li);
    li.scrollIntoView({ block: 'nearest' });
    if (m.senderId !== me && document.visibilityState === 'visible') markRead();
  };

  let readTimer = 0;
  const markRead = () => {
    clearTimeout(readTimer);
    readTimer = window.setTimeout(() => {
      fetch(readUrl, {
        method: 'POST',
        headers: { accept: 'application/json' },
        credentials: 'same-origin',
      }).catch(() => undefined);
    }, 300);
  };

  let retries = 0;
  const connect = () => {
    const ws = new WebSocket(`${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}${liveUrl}`);
    let ping = 0;
    ws.addEventListener('open', () => {
      retries = 0;
      root.dataset.live = 'on';
      ping = window.setInterval(() => ws.send('ping'), 30_000);
    });
    ws.addEventListener('message', (event) => {
      if (event.data === 'pong') return;
      try {
        const data = JSON.parse(String(event.data)) as LiveEvent;
        if (data.type === 'message') add(data.message);
      } catch {
        // not ours
      }
    });
    ws.addEventListener('close', () => {
      clearInterval(ping);
      root.dataset.live = 'off';
      if (retries++ < 5) window.setTimeout(connect, 1000 * 2 ** retries);
    });
  };
  connect();

  if (!form) return;
  const textarea = form.querySelector('textarea');
  const button = form.querySelector<HTMLButtonElement>('button[type=submit]');
  form.addEventListener('submit', async (event) => {
    if (!textarea || !button) return;
    event.preventDefault();
    button.disabled = true;
    form.querySelector('.field__error')?.remove();
    try {
      const res = await fetch(form.action, {
        method: 'POST',
        body: new URLSearchParams({ text: textarea.value }),
        headers: { accept: 'application/json' },
        credentials: 'same-origin',
      });
      const data = (await res.json()) as { message?: LiveMessage; error?: string };
      if (!res.ok || !data.message) throw new Error(data.error ?? 'Mesajul nu a fost trimis.');
      add(data.message);
      textarea.value = '';
    } catch (err) {
      const p = document.createElement('p');
      p.className = 'field__error';
      p.setAttribute('role', 'alert');
      p.textContent =
        err instanceof Error && err.message !== 'Failed to fetch'
          ? err.message
          : 'Mesajul nu a fost trimis. Verificați conexiunea și încercați din nou.';
      textarea.before(p);
    } finally {
      button.disabled = false;
      textarea.focus();
    }
  });
  // Messages that arrived while the tab was hidden are read when it is shown again.
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') markRead();
  });
}

install();
