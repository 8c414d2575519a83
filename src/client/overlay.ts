// Full-screen overlay (docs/product.md#page-shell): shown or hidden, at once or after a delay; a newer toggle cancels a
// pending one; content can be swapped; the default content (spinner + "Un moment...") appears only
// once the overlay has been up for more than 200 ms.

export const SPINNER_DELAY_MS = 200;

export interface Overlay {
  toggle(show: boolean, delayMs?: number): void;
  setContent(content: Node | null): void;
  showError(message: string): void;
  readonly visible: boolean;
}

export function createOverlay(root: HTMLElement): Overlay {
  const content = root.querySelector<HTMLElement>('.overlay__content');
  const defaultContent = content ? Array.from(content.childNodes) : [];
  let pending: ReturnType<typeof setTimeout> | undefined;
  let spinner: ReturnType<typeof setTimeout> | undefined;

  function apply(show: boolean) {
    clearTimeout(spinner);
    root.hidden = !show;
    root.classList.remove('overlay--spinner');
    if (show) spinner = setTimeout(() => root.classList.add('overlay--spinner'), SPINNER_DELAY_MS);
    else setContent(null);
  }

  function setContent(node: Node | null) {
    if (!content) return;
    content.replaceChildren(...(node ? [node] : defaultContent));
    root.classList.toggle('overlay--custom', !!node);
  }

  return {
    toggle(show, delayMs = 0) {
      clearTimeout(pending);
      if (delayMs > 0) pending = setTimeout(() => apply(show), delayMs);
      else apply(show);
    },
    setContent,
    showError(message) {
      const box = document.createElement('div');
      box.className = 'error-box error-box--error';
      box.setAttribute('role', 'alert');
      const text = document.createElement('p');
      text.textContent = message;
      const close = document.createElement('button');
      close.type = 'button';
      close.className = 'btn';
      close.textContent = 'Închide';
      close.addEventListener('click', () => this.toggle(false));
      box.append(text, close);
      clearTimeout(pending);
      apply(true);
      setContent(box);
      root.classList.add('overlay--spinner');
    },
    get visible() {
      return !root.hidden;
    },
  };
}

/** Wires the overlay to navigations: up on link clicks and form submits, closed on every page show. */
export function installOverlay(doc: Document = document): Overlay | null {
  const root = doc.getElementById('overlay');
  if (!root) return null;
  const overlay = createOverlay(root);
  const w = doc.defaultView as (Window & { eOverlay?: Overlay }) | null;
  if (w) w.eOverlay = overlay;

  doc.addEventListener('click', (event) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey)
      return;
    const a = (event.target as Element | null)?.closest?.('a');
    if (!a || a.target || a.hasAttribute('download')) return;
    const url = new URL(a.href, doc.baseURI);
    if (url.origin !== location.origin || (url.pathname === location.pathname && url.hash)) return;
    overlay.toggle(true);
  });
  doc.addEventListener('submit', (event) => {
    if (!event.defaultPrevented) overlay.toggle(true);
  });
  // Closed on every route change, including back/forward cache restores.
  w?.addEventListener('pageshow', () => overlay.toggle(false));
  w?.addEventListener('popstate', () => overlay.toggle(false));
  return overlay;
}
