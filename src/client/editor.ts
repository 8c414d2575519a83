// The ad editor island. Without it the form still works (files go with the form, the main photo is a
// radio button, removal a checkbox). With it: photos upload to /api/poze as soon as they are chosen,
// with a progress bar and a preview; each can be moved before/after (buttons, so keyboards work, and
// drag), made the main photo, or removed; only the chosen category's own fields are shown. A photo
// larger than the server keeps is shrunk in the browser first (./shrink.ts).

import { PHOTOS, plural } from '../lib/plural';
import { batchSummary } from '../lib/upload-summary';
import { type ShrinkLimits, shrinkForUpload } from './shrink';

interface Uploaded {
  id: number;
  thumbUrl: string;
}

const form = document.querySelector<HTMLFormElement>('#editor-form');

function installEditor(form: HTMLFormElement) {
  const list = form.querySelector<HTMLOListElement>('#photo-list');
  const input = form.querySelector<HTMLInputElement>('input[type=file][name=photos]');
  const status = form.querySelector<HTMLElement>('#photo-status');
  const category = form.querySelector<HTMLSelectElement>('select[name=category]');
  const uploadUrl = form.dataset.uploadUrl ?? '/api/poze';
  const maxPhotos = Number(form.dataset.maxPhotos ?? 10);
  const limits: ShrinkLimits = {
    maxSide: Number(form.dataset.photoMaxSide ?? 2560),
    maxBytes: Number(form.dataset.photoMaxBytes ?? 10 * 1024 * 1024),
    maxPixels: Number(form.dataset.photoMaxPixels ?? 4_000_000),
    maxPixelsPng: Number(form.dataset.photoMaxPixelsPng ?? 3_000_000),
  };
  let pending = 0;
  // The current batch: how many went up, and which failed and why.
  let uploaded = 0;
  let failures: string[] = [];
  // Photos are shrunk one after the other: ten 24 MP photos decoded at once would need about a
  // gigabyte, more than a cheap phone has.
  let shrinking: Promise<unknown> = Promise.resolve();
  form.classList.add('editor--js');

  const say = (text: string) => {
    if (status) status.textContent = text;
  };

  // Category fields: only the chosen kind's fieldset, the others hidden and disabled (not sent).
  const syncKind = () => {
    if (!category) return;
    const kind = category.selectedOptions[0]?.dataset.kind ?? '';
    for (const fs of form.querySelectorAll<HTMLFieldSetElement>('fieldset[data-kind]')) {
      const on = fs.dataset.kind === kind;
      fs.hidden = !on;
      fs.disabled = !on;
    }
  };
  category?.addEventListener('change', syncKind);
  syncKind();

  if (!list || !input) return;

  const items = () => Array.from(list.querySelectorAll<HTMLLIElement>('li.photo-item'));
  const ready = () => items().filter((li) => li.dataset.id);

  /** Numbers, alt texts, the main-photo radio and button states follow the order. */
  const refresh = () => {
    const all = ready();
    all.forEach((li, i) => {
      const img = li.querySelector('img');
      if (img) img.alt = i === 0 ? `Fotografia ${i + 1} (principală)` : `Fotografia ${i + 1}`;
      const radio = li.querySelector<HTMLInputElement>('input[name=mainPhoto]');
      if (radio) radio.checked = i === 0;
      li.classList.toggle('photo-item--main', i === 0);
      const before = li.querySelector<HTMLButtonElement>('[data-move=before]');
      const after = li.querySelector<HTMLButtonElement>('[data-move=after]');
      const main = li.querySelector<HTMLButtonElement>('[data-move=main]');
      if (before) before.disabled = i === 0;
      if (after) after.disabled = i === all.length - 1;
      if (main) main.disabled = i === 0;
    });
    input.disabled = items().length >= maxPhotos;
  };

  const button = (label: string, move: string, onClick: () => void) => {
    const b = document.createElement('button');
    b.type = 'button';
    b.className = 'btn btn--small';
    b.textContent = label;
    b.dataset.move = move;
    b.addEventListener('click', onClick);
    return b;
  };

  const move = (li: HTMLLIElement, where: 'before' | 'after' | 'main', focusMove: string) => {
    if (where === 'before' && li.previousElementSibling) list.insertBefore(li, li.previousElementSibling);
    else if (where === 'after' && li.nextElementSibling) list.insertBefore(li.nextElementSibling, li);
    else if (where === 'main') list.insertBefore(li, list.firstElementChild);
    refresh();
    const position = ready().indexOf(li) + 1;
    say(`Fotografia a fost mutată pe poziția ${position}${position === 1 ? ' (principală)' : ''}.`);
    const again = li.querySelector<HTMLButtonElement>(`[data-move=${focusMove}]`);
    (again && !again.disabled
      ? again
      : li.querySelector<HTMLButtonElement>('button:not(:disabled)')
    )?.focus();
  };

  /** Replaces the no-JavaScript controls of a photo with buttons. */
  const enhance = (li: HTMLLIElement) => {
    const controls = li.querySelector<HTMLElement>('.photo-item__controls');
    if (!controls || controls.dataset.enhanced) return;
    controls.dataset.enhanced = '1';
    for (const label of controls.querySelectorAll<HTMLElement>('.photo-item__main, .photo-item__remove'))
      label.hidden = true;
    const buttons = document.createElement('div');
    buttons.className = 'photo-item__buttons';
    buttons.append(
      button('Mută înainte', 'before', () => move(li, 'before', 'before')),
      button('Mută după', 'after', () => move(li, 'after', 'after')),
      button('Fotografie principală', 'main', () => move(li, 'main', 'after')),
      button('Elimină', 'remove', () => {
        const next = (li.nextElementSibling ?? li.previousElementSibling) as HTMLElement | null;
        li.remove();
        refresh();
        say('Fotografia a fost eliminată din anunț.');
        (next?.querySelector<HTMLButtonElement>('button') ?? input)?.focus();
      }),
    );
    controls.append(buttons);
    li.draggable = true;
  };

  // Drag and drop (pointer users); the buttons do the same for everyone else.
  let dragged: HTMLLIElement | null = null;
  list.addEventListener('dragstart', (e) => {
    dragged = (e.target as HTMLElement).closest('li.photo-item');
    if (dragged) {
      dragged.classList.add('photo-item--dragging');
      e.dataTransfer?.setData('text/plain', dragged.dataset.id ?? '');
    }
  });
  list.addEventListener('dragover', (e) => {
    if (!dragged) return;
    e.preventDefault();
    const over = (e.target as HTMLElement).closest<HTMLLIElement>('li.photo-item');
    if (!over || over === dragged) return;
    const box = over.getBoundingClientRect();
    const after = e.clientX > box.left + box.width / 2 || e.clientY > box.bottom - 4;
    list.insertBefore(dragged, after ? over.nextElementSibling : over);
  });
  list.addEventListener('dragend', () => {
    dragged?.classList.remove('photo-item--dragging');
    dragged = null;
    refresh();
  });

  const uploadOne = async (file: File) => {
    const li = document.createElement('li');
    li.className = 'photo-item photo-item--uploading';
    const preview = document.createElement('img');
    preview.className = 'photo-item__img';
    preview.width = 160;
    preview.height = 120;
    preview.alt = `Se încarcă ${file.name}`;
    // What went wrong with this photo, for the summary when the batch is done.
    const fail = (why: string) => {
      li.classList.remove('photo-item--uploading');
      li.classList.add('photo-item--failed');
      progress.remove();
      preview.alt = `${file.name}: nu a fost încărcată`;
      note.textContent = `${file.name}: ${why}`;
      failures.push(`${file.name} (${why})`);
      li.append(
        button('Elimină', 'remove', () => {
          li.remove();
          URL.revokeObjectURL(url);
          refresh();
        }),
      );
    };
    const url = URL.createObjectURL(file);
    preview.src = url;
    const progress = document.createElement('progress');
    progress.max = 100;
    progress.className = 'photo-item__progress';
    progress.setAttribute('aria-label', `Încărcare ${file.name}`);
    const note = document.createElement('p');
    note.className = 'photo-item__note';
    li.append(preview, progress, note);
    list.append(li);
    pending++;

    // Indeterminate while the photo is being shrunk (it never fails: at worst the file goes as it is),
    // a percentage once it is on its way.
    const shrunk = shrinking.then(() => shrinkForUpload(file, limits));
    shrinking = shrunk;
    const upload = await shrunk;
    progress.value = 0;
    const body = new FormData();
    body.append('photo', upload);
    body.append('kind', 'post');
    const title = form.querySelector<HTMLInputElement>('input[name=title]')?.value.trim();
    if (title) body.append('title', title);
    const xhr = new XMLHttpRequest();
    xhr.open('POST', uploadUrl);
    xhr.setRequestHeader('accept', 'application/json');
    xhr.upload.addEventListener('progress', (e) => {
      if (e.lengthComputable) progress.value = Math.round((e.loaded / e.total) * 100);
    });
    const done = () => {
      pending--;
      if (pending > 0) return;
      say(batchSummary(uploaded, failures));
      uploaded = 0;
      failures = [];
    };
    xhr.addEventListener('load', () => {
      let data: Partial<Uploaded> & { error?: string; fields?: Record<string, string> } = {};
      try {
        data = JSON.parse(xhr.responseText);
      } catch {
        // not JSON: reported below
      }
      if (xhr.status === 201 && data.id && data.thumbUrl) {
        li.dataset.id = String(data.id);
        li.classList.remove('photo-item--uploading');
        progress.remove();
        preview.alt = file.name;
        uploaded++;
        const hidden = document.createElement('input');
        hidden.type = 'hidden';
        hidden.name = 'photoIds';
        hidden.value = String(data.id);
        const radio = document.createElement('input');
        radio.type = 'radio';
        radio.name = 'mainPhoto';
        radio.value = String(data.id);
        radio.hidden = true;
        const controls = document.createElement('div');
        controls.className = 'photo-item__controls';
        li.append(hidden, radio, controls);
        const img = new Image(160, 120);
        img.onload = () => {
          preview.src = img.src;
          URL.revokeObjectURL(url);
        };
        img.src = data.thumbUrl;
        enhance(li);
        refresh();
      } else {
        fail(data.fields?.photos ?? data.error ?? 'încărcarea a eșuat');
      }
      done();
    });
    xhr.addEventListener('error', () => {
      fail('încărcarea a eșuat, verificați conexiunea');
      done();
    });
    xhr.send(body);
  };

  input.addEventListener('change', () => {
    const files = Array.from(input.files ?? []);
    const room = maxPhotos - items().length;
    if (files.length > room)
      say(
        `Un anunț poate avea cel mult ${plural(maxPhotos, PHOTOS)}; se încarcă doar ${plural(Math.max(room, 0), PHOTOS)}.`,
      );
    else say(`Se încarcă ${files.length === 1 ? 'o fotografie' : plural(files.length, PHOTOS)}…`);
    for (const file of files.slice(0, Math.max(room, 0))) uploadOne(file);
    // Already on their way: the form must not send them a second time.
    input.value = '';
    refresh();
  });

  form.addEventListener('submit', (e) => {
    if (pending > 0) {
      e.preventDefault();
      say('Așteptați să se termine încărcarea fotografiilor, apoi trimiteți din nou.');
      status?.focus();
    }
  });

  for (const li of items()) enhance(li);
  refresh();
}

if (form) installEditor(form);
