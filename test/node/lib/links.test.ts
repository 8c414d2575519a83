import { describe, expect, it } from 'vitest';
import {
  absoluteUrl,
  authorPath,
  link,
  listingPath,
  postPath,
  route,
  safeReturnPath,
} from '../../../src/lib/links';

describe('link: patterns filled, falsy params and query values skipped', () => {
  it('replaces bracketed parameters with supplied values', () => {
    expect(link('/posts/edit/[postId]', { postId: 42 })).toBe('/posts/edit/42');
    expect(link('/api/poze/[id]/[fileName]', { id: 7, fileName: 'a.webp' })).toBe('/api/poze/7/a.webp');
  });
  it('fills optional catch-all segments from arrays', () => {
    expect(link('/anunturi/[[...params]]', { params: ['imobiliare', 'apartamente', 'pagina-2'] })).toBe(
      '/anunturi/imobiliare/apartamente/pagina-2',
    );
  });
  it('skips falsy values', () => {
    expect(link('/anunturi/[[...params]]', { params: ['auto-moto', null, '', undefined, false] })).toBe(
      '/anunturi/auto-moto',
    );
    expect(link('/anunturi/[[...params]]')).toBe('/anunturi');
    expect(link('/cautare/[[...params]]', {}, { q: 'masina', pagina: 0, empty: '' })).toBe(
      '/cautare?q=masina&pagina=0',
    );
  });
  it('encodes values so they cannot add path segments', () => {
    expect(link('/cautare/[[...params]]', { params: 'a/b c' })).toBe('/cautare/a%2Fb%20c');
  });
  it('builds by route name', () => {
    expect(route('staticPage', { params: 'taxi-radauti' })).toBe('/static-page/taxi-radauti');
    expect(route('home')).toBe('/');
  });
});

describe('absoluteUrl: relative paths made absolute with the site base URL', () => {
  it("makes relative addresses absolute with the site's base URL", () => {
    expect(absoluteUrl('https://eradauti.ro', '/anunt/x-1')).toBe('https://eradauti.ro/anunt/x-1');
    expect(absoluteUrl('http://127.0.0.1:8787/', '/logo-200.png')).toBe('http://127.0.0.1:8787/logo-200.png');
  });
});

describe('safeReturnPath', () => {
  it('keeps same-site paths', () => {
    expect(safeReturnPath('/posts/new?x=1')).toBe('/posts/new?x=1');
  });
  it('refuses other sites and tricks', () => {
    for (const bad of [
      'https://evil.example',
      '//evil.example',
      '/\\evil.example',
      'javascript:alert(1)',
      '',
    ]) {
      expect(safeReturnPath(bad)).toBe('/');
    }
  });
});

describe('ad, listing and author paths keep the live site URL shapes', () => {
  it('builds /anunt/<categorie>/<slug>-<id>', () => {
    expect(postPath({ id: 12, slug: 'apartament-2-camere' }, 'imobiliare')).toBe(
      '/anunt/imobiliare/apartament-2-camere-12',
    );
  });
  it('builds listings with the page suffix only past page 1', () => {
    expect(listingPath()).toBe('/anunturi');
    expect(listingPath('imobiliare')).toBe('/anunturi/imobiliare');
    expect(listingPath('imobiliare', 'apartamente', 1)).toBe('/anunturi/imobiliare/apartamente');
    expect(listingPath('imobiliare', 'apartamente', 3)).toBe('/anunturi/imobiliare/apartamente/pagina-3');
    expect(listingPath('auto-moto', null, 2)).toBe('/anunturi/auto-moto/pagina-2');
  });
  it('builds /anunturi/de/<nume>-<id>', () => {
    expect(authorPath({ id: 5, name: 'Ion Popescu' })).toBe('/anunturi/de/ion-popescu-5');
    expect(authorPath({ id: 5, name: 'Ion Popescu' }, 2)).toBe('/anunturi/de/ion-popescu-5/pagina-2');
  });
});

describe('absoluteUrl with hostile request paths', () => {
  it('keeps a path that starts with // or /\\ on this site', () => {
    expect(absoluteUrl('https://eradauti.ro', '//evil.example/x')).toBe('https://eradauti.ro/evil.example/x');
    expect(absoluteUrl('https://eradauti.ro', '//3f%3A81Y0<')).toMatch(/^https:\/\/eradauti\.ro\//);
    expect(absoluteUrl('https://eradauti.ro', '/\\evil')).toBe('https://eradauti.ro/evil');
  });
  it('passes absolute http(s) URLs through', () => {
    expect(absoluteUrl('https://eradauti.ro', 'https://img.example/a.png')).toBe('https://img.example/a.png');
  });
});
