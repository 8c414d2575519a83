export interface PaginationProps {
  page: number;
  totalPages: number;
  /** The address of page n (page 1 without a suffix). */
  hrefFor: (page: number) => string;
}

/** The page numbers around the current one, with gaps: 1 … 4 5 [6] 7 8 … 20. */
export function pageWindow(page: number, totalPages: number, radius = 2): (number | null)[] {
  const pages = new Set<number>([1, totalPages]);
  for (let n = page - radius; n <= page + radius; n++) if (n >= 1 && n <= totalPages) pages.add(n);
  const sorted = [...pages].sort((a, b) => a - b);
  const out: (number | null)[] = [];
  for (const n of sorted) {
    const prev = out[out.length - 1];
    if (typeof prev === 'number' && n - prev > 1) out.push(null);
    out.push(n);
  }
  return out;
}

/** Plain links to every neighbouring page: works without JavaScript and for crawlers. */
export function Pagination({ page, totalPages, hrefFor }: PaginationProps) {
  if (totalPages <= 1) return null;
  return (
    <nav className="pagination" aria-label="Paginare">
      {page > 1 ? (
        <a className="pagination__step" href={hrefFor(page - 1)} rel="prev">
          ‹ Înapoi
        </a>
      ) : null}
      <ol className="pagination__pages">
        {pageWindow(page, totalPages).map((n, i) =>
          n === null ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: gaps have no identity
            <li key={`gap-${i}`} className="pagination__gap" aria-hidden="true">
              …
            </li>
          ) : (
            <li key={n}>
              {n === page ? (
                <span className="pagination__current" aria-current="page">
                  <span className="visually-hidden">Pagina </span>
                  {n}
                </span>
              ) : (
                <a href={hrefFor(n)}>
                  <span className="visually-hidden">Pagina </span>
                  {n}
                </a>
              )}
            </li>
          ),
        )}
      </ol>
      {page < totalPages ? (
        <a className="pagination__step" href={hrefFor(page + 1)} rel="next">
          Înainte ›
        </a>
      ) : null}
    </nav>
  );
}
