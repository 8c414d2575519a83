// The "Informații de contact" island: fetches the `?contact` page and swaps its contact box in place,
// so the number appears without a page load. Without JavaScript the link simply opens that page.
function install() {
  const link = document.querySelector<HTMLAnchorElement>('#contact a.contact__reveal');
  if (!link) return;
  link.addEventListener('click', async (event) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey)
      return;
    event.preventDefault();
    link.setAttribute('aria-busy', 'true');
    try {
      const res = await fetch(link.href, { headers: { accept: 'text/html' }, credentials: 'same-origin' });
      if (!res.ok) throw new Error(String(res.status));
      const doc = new DOMParser().parseFromString(await res.text(), 'text/html');
      const fresh = doc.getElementById('contact');
      const current = document.getElementById('contact');
      if (!fresh || !current) throw new Error('no contact box');
      current.replaceWith(document.importNode(fresh, true));
      document.querySelector<HTMLAnchorElement>('#contact a[href^="tel:"]')?.focus();
    } catch {
      window.location.href = link.href;
    }
  });
}

install();
