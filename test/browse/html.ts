// What the browse tests read out of a page: its JSON-LD blocks and its ad links.

/** The JSON-LD blocks of a page. */
export function jsonLdOf(html: string): Record<string, unknown>[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) =>
    JSON.parse(m[1]),
  );
}

/** The ad links (`/anunt/<cat>/<slug>-<id>`) of a page, in order, without duplicates. */
export function adLinks(html: string): string[] {
  return [...new Set([...html.matchAll(/href="(\/anunt\/[^"?#]+-\d+)"/g)].map((m) => m[1]))];
}

export function idsOf(html: string): number[] {
  return adLinks(html).map((h) => Number(/-(\d+)$/.exec(h)?.[1]));
}
