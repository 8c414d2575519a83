// Every URL family of the site, filled with hostile pieces (used by the fuzz tests).
import fc from 'fast-check';
import { plausibleSegment, queryString, segment } from './hostile';

/** Every URL family of the site (docs/product.md#urls), filled with hostile pieces. */
export const paths: fc.Arbitrary<string> = fc.oneof(
  fc.tuple(queryString).map(([q]) => `/?${q}`),
  fc.tuple(plausibleSegment, queryString).map(([a, q]) => `/anunturi/${a}?${q}`),
  fc
    .tuple(plausibleSegment, plausibleSegment, plausibleSegment)
    .map(([a, b, c]) => `/anunturi/${a}/${b}/${c}`),
  fc.tuple(plausibleSegment, fc.integer({ min: -3, max: 1e9 })).map(([a, n]) => `/anunturi/${a}/pagina-${n}`),
  fc
    .tuple(plausibleSegment, plausibleSegment, fc.boolean())
    .map(([a, b, contact]) => `/anunt/${a}/${b}${contact ? '?contact' : ''}`),
  fc
    .tuple(plausibleSegment, plausibleSegment, fc.integer({ min: -1, max: 2 ** 53 }), queryString)
    .map(([a, b, id, q]) => `/anunt/${a}/${b}-${id}?${q}`),
  fc.tuple(plausibleSegment, plausibleSegment).map(([a, b]) => `/anunturi/de/${a}/${b}`),
  fc.tuple(queryString).map(([q]) => `/cautare?${q}`),
  fc.tuple(segment, plausibleSegment).map(([a, b]) => `/cautare/${a}/${b}`),
  fc.tuple(segment).map(([a]) => `/cautare/${a}`),
  fc.tuple(plausibleSegment, segment).map(([a, b]) => `/static-page/${a}/${b}`),
  fc.tuple(queryString).map(([q]) => `/sitemap.xml?${q}`),
  fc.tuple(plausibleSegment, segment).map(([a, b]) => `/foto-radauti/${a}${b}`),
  fc
    .tuple(plausibleSegment, plausibleSegment, fc.boolean(), fc.oneof(fc.integer().map(String), segment))
    .map(([id, file, responsive, w]) => `/api/poze/${responsive ? 'responsive/' : ''}${id}/${file}?w=${w}`),
  fc.tuple(plausibleSegment, queryString).map(([a, q]) => `/posts/edit/${a}?${q}`),
  fc.tuple(queryString).map(([q]) => `/posts/new?${q}`),
  fc.tuple(queryString).map(([q]) => `/posts/mine?${q}`),
  fc.tuple(queryString).map(([q]) => `/profile/edit?${q}`),
  fc.tuple(queryString).map(([q]) => `/api/cont?${q}`),
  fc.tuple(plausibleSegment, queryString).map(([id, q]) => `/api/vazut/${id}?${q}`),
  fc.tuple(queryString).map(([q]) => `/moderare?${q}`),
  fc
    .tuple(fc.constantFrom('login', 'signup', 'forgot-password', 'reset-password', 'verify'), queryString)
    .map(([p, q]) => `/auth/${p}?${q}`),
  fc
    .tuple(fc.constantFrom('sign-in', 'sign-up', 'after-auth', 'sign-out'), segment, queryString)
    .map(([p, s, q]) => `/clerk/${p}/${s}?${q}`),
  fc.tuple(plausibleSegment).map(([a]) => `/raporteaza/${a}`),
  fc.tuple(queryString).map(([q]) => `/mesaje?${q}`),
  fc
    .tuple(plausibleSegment, fc.constantFrom('', '/live', '/citit'))
    .map(([a, tail]) => `/mesaje/${a}${tail}`),
  fc.tuple(plausibleSegment).map(([a]) => `/mesaje/anunt/${a}`),
  fc.tuple(segment, segment).map(([a, b]) => `/${a}/${b}`),
  fc.constantFrom(
    '/404',
    '/robots.txt',
    '/anunturi',
    '/anunturi/',
    '/anunturi//',
    '/anunt',
    '/anunt/',
    '/cautare/',
    '/%2e%2e/%2e%2e/wrangler.toml',
    '/static-page/..%2f..%2fwrangler.toml',
    '/static-page/%2e%2e%2f.dev.vars',
    '/static-page/../../.dev.vars',
    '/__dev/seed',
    '/api/poze/responsive/',
    '/api/poze//',
    '/feed',
    '/anunturi/imobiliare/feed',
  ),
);
