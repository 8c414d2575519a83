// A page-view event 100 ms after each completed navigation (docs/product.md#page-shell), only when an analytics
// provider is configured (the server then loads its script and marks <body data-analytics>).

export const PAGEVIEW_DELAY_MS = 100;

type Tracker = (event: string, options?: Record<string, unknown>) => void;

export function installAnalytics(doc: Document = document): void {
  if (!doc.body.dataset.analytics) return;
  const send = () =>
    setTimeout(() => {
      const track = (window as Window & { plausible?: Tracker }).plausible;
      track?.('pageview', { u: location.href });
    }, PAGEVIEW_DELAY_MS);
  if (doc.readyState === 'complete') send();
  else window.addEventListener('load', send, { once: true });
  window.addEventListener('pageshow', (e) => {
    if (e.persisted) send();
  });
}
