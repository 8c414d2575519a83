// The "Distribuie anunțul" island: the phone's own share sheet when the browser has one (the plain
// links stay for browsers without it), and "Copiază adresa" copying to the clipboard.
function installShare() {
  const box = document.querySelector<HTMLElement>('.share[data-share-url]');
  if (!box) return;
  const url = box.dataset.shareUrl ?? location.href;
  const title = box.dataset.shareTitle ?? document.title;
  const status = box.querySelector<HTMLElement>('.share__status');
  const say = (text: string) => {
    if (status) status.textContent = text;
  };
  const native = box.querySelector<HTMLButtonElement>('.share__native');
  const links = box.querySelector<HTMLElement>('.share__links');
  if (native && typeof navigator.share === 'function') {
    native.hidden = false;
    if (links) links.hidden = true;
    native.addEventListener('click', async () => {
      try {
        await navigator.share({ title, url });
      } catch (error) {
        // Closing the sheet is not a failure; anything else falls back to the links.
        if ((error as DOMException)?.name !== 'AbortError' && links) links.hidden = false;
      }
    });
  }
  const copy = box.querySelector<HTMLAnchorElement>('.share__copy');
  copy?.addEventListener('click', async (event) => {
    if (!navigator.clipboard) return;
    event.preventDefault();
    try {
      await navigator.clipboard.writeText(url);
      say('Adresa anunțului a fost copiată.');
    } catch {
      say(`Copiați adresa: ${url}`);
    }
  });
}

installShare();
