// The profile form's island: a photo straight from a phone camera (12 megapixels and more) is shrunk
// in the browser before the form is sent, as the ad editor does (./shrink.ts), so it fits what the
// server decodes. The form stays a plain multipart form: the shrunk file replaces the chosen one in
// the same input, and without JavaScript the server says why a photo is too big.
import { showChosen } from './file-pick';
import { type ShrinkLimits, shrinkForUpload } from './shrink';

function installProfile(form: HTMLFormElement) {
  const input = form.querySelector<HTMLInputElement>('input[type=file][name=avatar]');
  const status = form.querySelector<HTMLElement>('#avatar-status');
  const submit = form.querySelector<HTMLButtonElement>('button[type=submit]');
  if (!input || typeof DataTransfer !== 'function') return;
  const limits: ShrinkLimits = {
    maxSide: Number(form.dataset.photoMaxSide ?? 2560),
    maxBytes: Number(form.dataset.photoMaxBytes ?? 10 * 1024 * 1024),
    maxPixels: Number(form.dataset.photoMaxPixels ?? 4_000_000),
    maxPixelsPng: Number(form.dataset.photoMaxPixelsPng ?? 3_000_000),
  };
  const say = (text: string) => {
    if (status) status.textContent = text;
  };
  let pending: Promise<void> = Promise.resolve();
  let busy = false;

  input.addEventListener('change', () => {
    const file = input.files?.[0];
    if (!file) return;
    busy = true;
    if (submit) submit.disabled = true;
    say('Se pregătește fotografia…');
    pending = shrinkForUpload(file, limits)
      .then((shrunk) => {
        // A newer choice replaced this one meanwhile: leave it alone.
        if (input.files?.[0] !== file || shrunk === file) return;
        const files = new DataTransfer();
        files.items.add(shrunk);
        input.files = files.files;
        showChosen(input);
      })
      .catch(() => undefined)
      .finally(() => {
        busy = false;
        if (submit) submit.disabled = false;
        say('');
      });
  });

  // Sent while the photo is still being shrunk: wait for it, then send.
  form.addEventListener('submit', (event) => {
    if (!busy) return;
    event.preventDefault();
    void pending.then(() => form.requestSubmit());
  });
}

const profileForm = document.querySelector<HTMLFormElement>('form.profile-form');
if (profileForm) installProfile(profileForm);
