// Sharing an ad: the phone's own share sheet where the browser has one (the `share` island shows
// its button and hides the links), otherwise plain links for WhatsApp, Facebook and the address
// itself. Every link carries the ad's canonical address; no third-party script is loaded.

export interface ShareLinksProps {
  /** The ad's absolute canonical address. */
  url: string;
  title: string;
}

export function whatsappShareHref(url: string, title: string): string {
  return `https://api.whatsapp.com/send?text=${encodeURIComponent(`${title} ${url}`)}`;
}

export function facebookShareHref(url: string): string {
  return `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(url)}`;
}

export function ShareLinks({ url, title }: ShareLinksProps) {
  return (
    <section
      className="box share"
      aria-labelledby="share-title"
      data-share-url={url}
      data-share-title={title}
    >
      <h2 id="share-title" className="share__title">
        Distribuie anunțul
      </h2>
      <button type="button" className="btn share__native" hidden>
        Distribuie…
      </button>
      <ul className="share__links">
        <li>
          <a href={whatsappShareHref(url, title)} rel="noopener noreferrer" target="_blank">
            WhatsApp
          </a>
        </li>
        <li>
          <a href={facebookShareHref(url)} rel="noopener noreferrer" target="_blank">
            Facebook
          </a>
        </li>
        <li>
          <a href={url} className="share__copy" title="Țineți apăsat sau clic dreapta pentru a copia adresa">
            Copiază adresa
          </a>
        </li>
      </ul>
      <p className="share__status muted" role="status" aria-live="polite" />
    </section>
  );
}
