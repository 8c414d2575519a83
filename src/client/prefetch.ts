// Prefetch same-origin pages when their link comes within 200 px of the viewport (docs/product.md#page-shell).

export const PREFETCH_MARGIN_PX = 200;
const MAX_PREFETCHES = 20;

/** Links worth prefetching: same origin, a plain page, no side effects, not personal. */
export function isPrefetchable(href: string, origin: string, currentPath: string): boolean {
  let url: URL;
  try {
    url = new URL(href, origin);
  } catch {
    return false;
  }
  if (url.origin !== origin) return false;
  if (url.pathname === currentPath) return false;
  if (/^\/(api|auth|clerk|posts|profile|moderare)(\/|$)/.test(url.pathname)) return false;
  if (url.searchParams.has('contact') || /\.(xml|png|jpe?g|webp|gif|pdf)$/i.test(url.pathname)) return false;
  return true;
}

/**
 * Whether the browser holds a signed-in session: Clerk's `__client_uat` (readable by scripts) is the
 * time of the last sign-in, and `0` once signed out. Signed-in people are never prefetched for: a page
 * fetched ahead could be shown after their own next action (mark sold, save) and look stale to them.
 */
export function looksSignedIn(cookie: string): boolean {
  return cookie.split(';').some((pair) => {
    const eq = pair.indexOf('=');
    if (eq < 0) return false;
    const name = pair.slice(0, eq).trim();
    const value = pair.slice(eq + 1).trim();
    return /^__client_uat(_[A-Za-z0-9_-]+)?$/.test(name) && value !== '' && value !== '0';
  });
}

/**
 * Starts once the page has loaded and the browser is idle: prefetches serve the next navigation, so
 * they must not compete with this page's own images and scripts on a slow phone and network.
 */
export function installPrefetch(doc: Document = document): void {
  const nav = navigator as Navigator & { connection?: { saveData?: boolean } };
  if (nav.connection?.saveData || !('IntersectionObserver' in window) || looksSignedIn(doc.cookie)) return;
  const whenIdle = () =>
    'requestIdleCallback' in window
      ? requestIdleCallback(() => observeLinks(doc), { timeout: 2000 })
      : setTimeout(() => observeLinks(doc), 200);
  if (doc.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
}

function observeLinks(doc: Document): void {
  const done = new Set<string>();
  const observer = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue;
        const a = entry.target as HTMLAnchorElement;
        observer.unobserve(a);
        if (done.size >= MAX_PREFETCHES || done.has(a.href)) continue;
        if (!isPrefetchable(a.href, location.origin, location.pathname)) continue;
        done.add(a.href);
        const hint = doc.createElement('link');
        hint.rel = 'prefetch';
        hint.href = a.href;
        doc.head.append(hint);
      }
    },
    { rootMargin: `${PREFETCH_MARGIN_PX}px` },
  );
  for (const a of doc.querySelectorAll<HTMLAnchorElement>('a[href]')) observer.observe(a);
}
