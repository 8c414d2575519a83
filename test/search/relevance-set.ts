// The search relevance set (docs/search.md, "Relevance"): queries people type, over the demo ads
// (src/dev/seed-data.ts), each with the ads a person expects on top, as a pattern of their titles.
// A query passes when one of its first three results matches. Used by test/search/relevance.test.ts
// (workerd) and by the search bench (test/bench/search.mjs), which both report the share passed.

export interface RelevanceCase {
  q: string;
  /** The title of an ad the person expects among the first three results. */
  top: RegExp;
}

const CAR = /^(Dacia|Volkswagen|Skoda|Opel|Ford|Renault|BMW|Audi|Toyota) /;
const PHONE = /^(iPhone|Samsung Galaxy S)/;
const FURNITURE = /^(Canapea|Masă din lemn|Dormitor|Dulap)/;
const DOG = /^(Cățel|Pui de Ciobănesc)/;

export const RELEVANCE_SET: readonly RelevanceCase[] = [
  // Cars: brands, abbreviations, models, the everyday words.
  { q: 'vw golf', top: /^Volkswagen Golf/ },
  { q: 'VW', top: /^Volkswagen/ },
  { q: 'volkswagen', top: /^Volkswagen/ },
  { q: 'volswagen golf', top: /^Volkswagen Golf/ },
  { q: 'golf', top: /^Volkswagen Golf/ },
  { q: 'passat', top: /^Volkswagen Passat/ },
  { q: 'bmw', top: /^BMW/ },
  { q: 'dacia', top: /^Dacia/ },
  { q: 'dacia duster', top: /^Dacia Duster/ },
  { q: 'opel astra', top: /^Opel Astra/ },
  { q: 'audi', top: /^Audi/ },
  { q: 'opel', top: /^Opel/ },
  { q: 'ford fiesta', top: /^Ford Fiesta/ },
  { q: 'skoda', top: /^Skoda/ },
  { q: 'masina', top: CAR },
  { q: 'mașină', top: CAR },
  { q: 'masini', top: CAR },
  { q: 'mașini de vânzare', top: CAR },
  { q: 'autoturism', top: CAR },
  { q: 'autoturisme', top: CAR },
  { q: 'masina motorina', top: CAR },
  // Motorbikes, machinery, parts.
  { q: 'motocicleta', top: /^(Honda|Suzuki|Piaggio|Vespa|ATV|Yamaha|Kawasaki|KTM)/ },
  { q: 'scuter', top: /^(Piaggio|Vespa|Honda|Suzuki|ATV)/ },
  { q: 'vespa', top: /^Vespa/ },
  { q: 'tractor', top: /^(Tractor|Remorcă tractor)/ },
  { q: 'tractoare', top: /^(Tractor|Remorcă tractor)/ },
  { q: 'anvelope iarna', top: /^Set anvelope/ },
  { q: 'cauciucuri', top: /^Set anvelope/ },
  { q: 'baterie auto', top: /^Baterie auto/ },
  // Electronics.
  { q: 'telefon', top: PHONE },
  { q: 'telefoane', top: PHONE },
  { q: 'telefonul', top: PHONE },
  { q: 'iphone', top: /^iPhone/ },
  { q: 'aifon', top: /^iPhone/ },
  { q: 'samsung galaxy', top: /^(Samsung Galaxy|Tabletă Samsung)/ },
  { q: 'frigider', top: /^Frigider/ },
  { q: 'combina frigorifica', top: /^Frigider/ },
  { q: 'masina de spalat', top: /^Mașină de spălat/ },
  { q: 'televizor', top: /^Televizor/ },
  { q: 'televizoare', top: /^Televizor/ },
  { q: 'laptop', top: /^Laptop/ },
  { q: 'tableta', top: /^Tabletă/ },
  { q: 'playstation', top: /^PlayStation/ },
  // Home and garden.
  { q: 'mobila', top: FURNITURE },
  { q: 'mobilă', top: FURNITURE },
  { q: 'mobilier', top: FURNITURE },
  { q: 'canapea', top: /^Canapea/ },
  { q: 'canapele', top: /^Canapea/ },
  { q: 'dulapuri', top: /^Dulap/ },
  { q: 'lemne de foc', top: /^Lemne de foc/ },
  { q: 'drujba', top: /^Drujbă/ },
  { q: 'cartofi', top: /^Cartofi/ },
  { q: 'soba teracota', top: /^Sobă/ },
  // Animals.
  { q: 'caini', top: DOG },
  { q: 'câine', top: DOG },
  { q: 'câini de vânzare', top: DOG },
  { q: 'catel', top: DOG },
  { q: 'cățeluși', top: DOG },
  { q: 'pisici', top: /^Pisoi/ },
  { q: 'pisică', top: /^Pisoi/ },
  { q: 'pisoi', top: /^Pisoi/ },
  { q: 'vaca', top: /^Vacă/ },
  { q: 'vaci', top: /^Vacă/ },
  { q: 'găini', top: /^Găini/ },
  { q: 'gaina', top: /^Găini/ },
  { q: 'cal', top: /^Cal de muncă/ },
  { q: 'cai de munca', top: /^Cal de muncă/ },
  { q: 'acvariu', top: /^Acvariu/ },
  // Real estate.
  { q: 'apartament', top: /^Apartament/ },
  { q: 'apartamente 3 camere', top: /^Apartament 3 camere/ },
  { q: 'ap 2 camere', top: /apartament 2 camere/i },
  { q: 'garsoniera', top: /garsonieră/i },
  { q: 'garsoniere', top: /garsonieră/i },
  { q: 'casa', top: /^(Casă|Vilă)/ },
  { q: 'case de vanzare', top: /^(Casă|Vilă)/ },
  { q: 'vila', top: /^Vilă/ },
  { q: 'teren', top: /^Teren/ },
  { q: 'terenuri intravilane', top: /^Teren intravilan/ },
  { q: 'hala', top: /hală/ },
  { q: 'chirie garsoniera', top: /^Închiriez garsonieră/ },
  { q: 'inchiriez apartament', top: /^Închiriez apartament/ },
  // Jobs and services.
  { q: 'angajam bucatar', top: /^Angajăm bucătar/ },
  { q: 'job electrician', top: /^Angajăm electrician/ },
  { q: 'mecanic auto', top: /^Angajăm mecanic auto/ },
  { q: 'loc de munca contabilitate', top: /^Caut loc de muncă în contabilitate/ },
  { q: 'meditatii matematica', top: /^Meditații/ },
  { q: 'fotograf nunta', top: /^Fotograf/ },
  { q: 'transport persoane', top: /^Transport persoane/ },
  // Miscellaneous.
  { q: 'bicicleta', top: /^Bicicletă/ },
  { q: 'biciclete copii', top: /^Bicicletă copii/ },
  { q: 'trotineta electrica', top: /^Trotinetă/ },
  { q: 'acordeon', top: /^Acordeon/ },
  { q: 'carti', top: /^Colecție de cărți/ },
  { q: 'costum popular', top: /^Costum popular/ },
  { q: 'patut', top: /^Pătuț/ },
];

/** Whether one of the first three titles is an expected one. */
export function topThreeHit(c: RelevanceCase, titles: readonly string[]): boolean {
  return titles.slice(0, 3).some((t) => c.top.test(t));
}
