import { describe, expect, it } from 'vitest';
import { linkHosts, needsScamWarning, SCAM_WARNING, type ScamSign, scamSigns } from '../../../src/lib/scam';

const TABLE: [string, ScamSign[]][] = [
  // Ordinary talk between a buyer and a seller.
  ['Bună ziua, mai este disponibil apartamentul?', []],
  ['Pot veni mâine la ora 18:00 să văd mașina?', []],
  ['Prețul este negociabil? Plătesc cash la predare.', []],
  ['Am trimis poza pe aici, vedeți anunțul de pe eradauti.ro/anunt/auto/golf-12', []],
  ['Vă aștept la 17.30 în centru, lângă poștă.', []],
  ['Cardul de acces la parcare e inclus?', []],
  // Links to other sites, with or without a scheme.
  ['Completați aici: https://olx-livrare.com/plata/123', ['link']],
  ['intrati pe www.fan-curier-plata.online', ['link', 'courier']],
  ['Detalii pe bit.ly/3xYz', ['link']],
  ['HTTP://EXEMPLU.RO/x', ['link']],
  // Card details, with and without diacritics.
  ['Trimiteți-mi datele cardului ca să vă virez banii', ['card']],
  ['Am nevoie de numărul cardului și codul CVV', ['card']],
  ['imi dai datele de pe card si data de expirare?', ['card']],
  ['Send me your card details please', ['card']],
  // Courier payments.
  ['Trimit curierul, dar trebuie să achitați taxa de transport de 15 lei', ['courier']],
  ['Plata se face prin link, livrarea prin Fan Courier', ['courier']],
  ['Folosim plată securizată prin curier', ['courier']],
  ['Primiți banii pe card după ce curierul ridică coletul', ['card', 'courier']],
];

describe('the scam detector', () => {
  it.each(TABLE)('%j → %j', (text, signs) => {
    expect(scamSigns(text)).toEqual(signs);
    expect(needsScamWarning(text)).toBe(signs.length > 0);
  });

  it('does not count links to this site as outside links', () => {
    expect(linkHosts('vedeți https://eradauti.ro/anunt/x-1 și www.eradauti.ro')).toEqual([
      'eradauti.ro',
      'www.eradauti.ro',
    ]);
    expect(scamSigns('https://eradauti.ro/anunt/x-1')).toEqual([]);
  });

  it('stays fast on hostile input (long runs of dots and letters)', () => {
    const hostile = `${'a.'.repeat(1000)}${'x'.repeat(500)}`;
    const t = Date.now();
    scamSigns(hostile);
    expect(Date.now() - t).toBeLessThan(200);
  });

  it('warns in Romanian that the site never asks for card details', () => {
    expect(SCAM_WARNING).toMatch(/^eRădăuți nu vă cere niciodată datele cardului/);
  });
});
