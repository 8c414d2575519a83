// The Romanian file pickers (components/FilePicker.tsx): says which files were chosen, in Romanian,
// where the browser's own input would have said it in the browser's language.
import { formatNumber, plural } from '../lib/plural';

const CHOSEN = { none: 'niciun fișier ales', one: 'un fișier ales', many: 'fișiere alese' };

function sizeText(bytes: number): string {
  if (bytes < 1024 * 1024) return `${formatNumber(Math.max(1, Math.round(bytes / 1024)))} KB`;
  const mb = Math.round((bytes / (1024 * 1024)) * 10) / 10;
  return `${String(mb).replace('.', ',')} MB`;
}

/** The words for the files now in `input`: "poza.jpg (2,3 MB)", "3 fișiere alese", "". */
export function chosenText(input: HTMLInputElement): string {
  const files = input.files ? [...input.files] : [];
  if (files.length === 0) return '';
  if (files.length === 1) return `${files[0].name} (${sizeText(files[0].size)})`;
  return plural(files.length, CHOSEN);
}

export function showChosen(input: HTMLInputElement): void {
  const out = input.parentElement?.querySelector<HTMLElement>('[data-file-chosen]');
  if (!out) return;
  const text = chosenText(input);
  out.textContent = text;
  out.hidden = text === '';
}

export function installFilePickers(): void {
  document.addEventListener('change', (event) => {
    const input = event.target;
    if (input instanceof HTMLInputElement && input.classList.contains('file-pick__input')) showChosen(input);
  });
}
