// Demo content for local development: a dozen authors and a few hundred ads of Rădăuți and Suceava
// county, generated deterministically (seeded PRNG + templates) with dates relative to "now" so
// the site always looks alive. Written for this project; names, numbers and firms are invented.

import { LIFETIME_MS } from '../db/lifecycle';
import type { PostStatus } from '../db/schema';
import { LOCALITIES } from '../lib/localities';
import type { PostFields } from '../lib/post-fields';
import type { Currency } from '../lib/price';
import SEED_GOODS from './seed-goods.json';

const DAY = 86_400_000;
const HOUR = 3_600_000;

export interface DemoAuthor {
  /** `user_demo_<key>` is the identity-provider id. */
  key: string;
  name: string;
  email: string;
  phone: string | null;
  role: 'user' | 'operator';
  banned: boolean;
  joinedDaysAgo: number;
}

/** The first three are listed on the local sign-in page: a seller, a second seller, the operator. */
export const DEMO_AUTHORS: DemoAuthor[] = [
  {
    key: 'ion',
    name: 'Ion Popescu',
    email: 'ion.popescu@example.ro',
    phone: '0744123456',
    role: 'user',
    banned: false,
    joinedDaysAgo: 2100,
  },
  {
    key: 'maria',
    name: 'Maria Ionescu',
    email: 'maria.ionescu@example.ro',
    phone: '0755234567',
    role: 'user',
    banned: false,
    joinedDaysAgo: 900,
  },
  {
    key: 'elena',
    name: 'Elena Moldovan',
    email: 'elena.moldovan@example.ro',
    phone: '0766345678',
    role: 'operator',
    banned: false,
    joinedDaysAgo: 3800,
  },
  {
    key: 'vasile',
    name: 'Vasile Hrițcu',
    email: 'vasile.hritcu@example.ro',
    phone: '0745456789',
    role: 'user',
    banned: false,
    joinedDaysAgo: 1500,
  },
  {
    key: 'ana',
    name: 'Ana Rusu',
    email: 'ana.rusu@example.ro',
    phone: '0721567890',
    role: 'user',
    banned: false,
    joinedDaysAgo: 400,
  },
  {
    key: 'gheorghe',
    name: 'Gheorghe Lazăr',
    email: 'gheorghe.lazar@example.ro',
    phone: '0752678901',
    role: 'user',
    banned: false,
    joinedDaysAgo: 2700,
  },
  {
    key: 'mihaela',
    name: 'Mihaela Cojocaru',
    email: 'mihaela.cojocaru@example.ro',
    phone: '0733789012',
    role: 'user',
    banned: false,
    joinedDaysAgo: 650,
  },
  {
    key: 'autobucovina',
    name: 'Auto Bucovina',
    email: 'vanzari@autobucovina.example.ro',
    phone: '0230561234',
    role: 'user',
    banned: false,
    joinedDaysAgo: 3000,
  },
  {
    key: 'imoradauti',
    name: 'Imobiliare Rădăuți',
    email: 'office@imoradauti.example.ro',
    phone: '0740890123',
    role: 'user',
    banned: false,
    joinedDaysAgo: 3300,
  },
  {
    key: 'dorin',
    name: 'Dorin Ursuleac',
    email: 'dorin.ursuleac@example.ro',
    phone: '0757901234',
    role: 'user',
    banned: false,
    joinedDaysAgo: 220,
  },
  {
    key: 'cristina',
    name: 'Cristina Andrieș',
    email: 'cristina.andries@example.ro',
    phone: null,
    role: 'user',
    banned: false,
    joinedDaysAgo: 120,
  },
  {
    key: 'spam',
    name: 'Oferte Rapide',
    email: 'oferte.rapide@example.ro',
    phone: '0799000111',
    role: 'user',
    banned: true,
    joinedDaysAgo: 20,
  },
];

export interface DemoAd {
  authorKey: string;
  categoryId: number;
  subcategoryId: number | null;
  title: string;
  description: string;
  price: number;
  currency: Currency;
  negotiable: boolean;
  locality: string;
  phone: string | null;
  status: PostStatus;
  promotion: number;
  promotedUntil: number | null;
  fields: PostFields | null;
  createdAt: number;
  updatedAt: number;
  publishedAt: number | null;
  bumpedAt: number | null;
  expiresAt: number | null;
  closedAt: number | null;
  /** Base name of the demo JPEG that suits the ad (content/demo-photos/<name>.jpg). */
  photo: string | null;
}

/** mulberry32: small, fast, deterministic. */
export function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)],
    chance: (p: number) => next() < p,
    /** A few distinct items. */
    some: <T>(items: readonly T[], n: number): T[] => {
      const pool = [...items];
      const out: T[] = [];
      while (out.length < n && pool.length) out.push(pool.splice(Math.floor(next() * pool.length), 1)[0]);
      return out;
    },
  };
}
type Rng = ReturnType<typeof prng>;

const round = (n: number, step: number) => Math.max(step, Math.round(n / step) * step);

const ZONES = [
  'zona Centru',
  'zona Gării',
  'zona Policlinicii',
  'zona Bogdan Vodă',
  'zona Pieței',
  'zona Parcului',
  'zona Spitalului',
  'cartierul Obcina',
  'zona Calea Bucovinei',
  'zona Mănăstirii Bogdana',
];
const STREETS = [
  'str. Ștefan cel Mare',
  'str. Republicii',
  'str. Volovățului',
  'str. Sucevei',
  'str. Putnei',
  'str. Mihai Viteazu',
  'str. Tineretului',
  'str. Nicolae Bălcescu',
  'Calea Bucovinei',
  'str. Horodnicului',
  'str. Piața Unirii',
];
const CLOSINGS = [
  'Rog seriozitate.',
  'Aștept telefoane doar de la persoane serioase.',
  'Vizionare oricând, cu programare.',
  'Nu răspund la mesaje anonime.',
  'Accept și variante de schimb.',
  'Prețul se discută la fața locului.',
  'Pentru detalii sunați după ora 17.',
  'Factură și garanție la cerere.',
  '',
];

/** A number typed into the description, in the many ways people write them. */
function typedPhone(rng: Rng, national: string): string {
  const p = national;
  const formats = [
    `${p.slice(0, 4)} ${p.slice(4, 7)} ${p.slice(7)}`,
    `${p.slice(0, 4)}.${p.slice(4, 7)}.${p.slice(7)}`,
    `${p.slice(0, 4)}-${p.slice(4, 7)}-${p.slice(7)}`,
    `+40 ${p.slice(1, 4)} ${p.slice(4, 7)} ${p.slice(7)}`,
    p,
    `${p.slice(0, 4)}/${p.slice(4)}`,
  ];
  const intro = rng.pick(['Telefon:', 'Tel.', 'Sunați la', 'Info la', 'Contact:', 'Pentru vizionare:']);
  return `${intro} ${rng.pick(formats)}`;
}

interface Draft {
  title: string;
  paragraphs: string[];
  price: number;
  currency: Currency;
  negotiable?: boolean;
  fields?: PostFields;
  photo?: string | null;
}

type Template = (rng: Rng, locality: string) => Draft;

// ——— Imobiliare ———————————————————————————————————————————————

const apartments: Template = (rng, loc) => {
  const rooms = rng.pick([1, 2, 2, 2, 3, 3, 4]);
  const area =
    rooms === 1
      ? rng.int(24, 38)
      : rooms === 2
        ? rng.int(44, 58)
        : rooms === 3
          ? rng.int(60, 78)
          : rng.int(80, 98);
  const floor = rng.pick([
    'parter',
    'etajul 1',
    'etajul 2',
    'etajul 3',
    'etajul 4',
    'ultimul etaj, mansardat',
  ]);
  const kind = rooms === 1 ? 'Garsonieră' : `Apartament ${rooms} camere`;
  const layout = rng.pick(['decomandat', 'semidecomandat', 'nedecomandat']);
  const zone = rng.pick(ZONES);
  const extras = rng.some(
    [
      'centrală termică proprie',
      'geamuri termopan',
      'ușă metalică',
      'balcon închis',
      'bucătărie mobilată',
      'parchet laminat',
      'gresie și faianță noi',
      'boxă la subsol',
      'loc de parcare',
      'izolat termic exterior',
      'contoare individuale',
    ],
    rng.int(3, 6),
  );
  return {
    title: `${kind} ${rooms > 1 ? `${layout}, ` : ''}${zone}${loc !== 'Rădăuți' ? `, ${loc}` : ''}`,
    paragraphs: [
      `Vând ${kind.toLowerCase()} ${rooms > 1 ? layout : ''}, ${area} mp utili, situat la ${floor}, în ${zone}${loc !== 'Rădăuți' ? ` din ${loc}` : ''}.`,
      `Dotări: ${extras.join(', ')}.`,
      rng.pick([
        'Aproape de școală, grădiniță și magazine. Liber imediat.',
        'Bloc liniștit, vecini de treabă, asociație de proprietari fără datorii.',
        'Acte la zi, intabulat, se poate cumpăra și prin credit ipotecar.',
        'Apartamentul a fost renovat complet în urmă cu doi ani.',
      ]),
      rng.pick(CLOSINGS),
    ],
    price: round(rooms * rng.int(16, 24) * 1000 + rng.int(0, 9000), 500),
    currency: 'EUR',
    negotiable: rng.chance(0.6),
    fields: { rooms, area },
    photo: 'apartament-bloc',
  };
};

const houses: Template = (rng, loc) => {
  const rooms = rng.int(3, 7);
  const area = rng.int(85, 240);
  const land = rng.int(4, 30) * 100;
  const material = rng.pick(['cărămidă', 'BCA', 'lemn, tencuită', 'cărămidă și lemn']);
  return {
    title: rng.pick([
      `Casă ${rooms} camere cu ${land} mp teren, ${loc}`,
      `Casă de vânzare în ${loc}, ${area} mp`,
      `Vilă P+M, ${rooms} camere, ${loc}`,
      `Casă bătrânească cu grădină mare, ${loc}`,
    ]),
    paragraphs: [
      `Vând casă construită din ${material}, ${rooms} camere, ${area} mp utili, pe un teren de ${land} mp, în ${loc}.`,
      rng.pick([
        'Are apă curentă, canalizare, gaz la poartă și curent trifazic.',
        'Încălzire cu centrală pe lemne, fântână în curte, anexe gospodărești și garaj.',
        'Acoperiș nou din tablă, geamuri termopan, baie modernizată.',
      ]),
      rng.pick([
        'Grădină cu pomi fructiferi, acces direct din drumul asfaltat.',
        'Zonă liniștită, la 5 minute de centru.',
        'Potrivită pentru o familie cu copii; școala este la 300 m.',
        '',
      ]),
      rng.pick(CLOSINGS),
    ],
    price: round(rng.int(45, 190) * 1000, 1000),
    currency: 'EUR',
    negotiable: rng.chance(0.7),
    fields: { rooms, area },
    photo: 'casa-gradina',
  };
};

const land: Template = (rng, loc) => {
  const area = rng.pick([500, 700, 800, 1000, 1200, 1500, 2500, 5000, 10_000]);
  const intra = rng.chance(0.6);
  return {
    title: `Teren ${intra ? 'intravilan' : 'extravilan'} ${area >= 10_000 ? `${area / 10_000} ha` : `${area} mp`}, ${loc}`,
    paragraphs: [
      `Vând teren ${intra ? 'intravilan, bun pentru construcție' : 'extravilan, arabil'}, suprafață ${area} mp, în ${loc}.`,
      intra
        ? rng.pick([
            'Utilități la limita proprietății: curent, apă, gaz.',
            'Deschidere de 20 m la drum asfaltat.',
            'Certificat de urbanism pentru casă P+1.',
          ])
        : rng.pick([
            'Teren plat, fără pietre, lucrat până anul trecut.',
            'Acces pe drum de exploatare, bun și pentru livadă.',
          ]),
      'Acte în regulă, cadastru și intabulare.',
      rng.pick(CLOSINGS),
    ],
    price: round(area * (intra ? rng.int(12, 35) : rng.int(1, 4)), 500),
    currency: 'EUR',
    negotiable: rng.chance(0.5),
    photo: 'teren-camp',
  };
};

const commercial: Template = (rng, loc) => {
  const area = rng.int(30, 400);
  const rent = rng.chance(0.5);
  const what = rng.pick(['spațiu comercial', 'birou', 'hală', 'spațiu pentru cabinet', 'magazin']);
  return {
    title: `${rent ? 'Închiriez' : 'Vând'} ${what} ${area} mp, ${rng.pick(STREETS)}, ${loc}`,
    paragraphs: [
      `${rent ? 'Dau în chirie' : 'Vând'} ${what} de ${area} mp, ${rng.pick(['la stradă', 'la parterul unui bloc', 'în clădire de birouri', 'cu vitrină mare'])}, pe ${rng.pick(STREETS)}.`,
      rng.pick([
        'Potrivit pentru magazin, farmacie sau cabinet.',
        'Are grup sanitar, centrală proprie și alarmă.',
        'Vad comercial foarte bun, trafic pietonal intens.',
      ]),
      rng.pick(CLOSINGS),
    ],
    price: rent ? round(area * rng.int(4, 9), 50) : round(area * rng.int(500, 900), 1000),
    currency: 'EUR',
    negotiable: true,
    photo: 'spatiu-comercial',
  };
};

const rentals: Template = (rng, loc) => {
  const rooms = rng.pick([1, 1, 2, 2, 3]);
  const area = rooms === 1 ? rng.int(25, 38) : rooms === 2 ? rng.int(45, 58) : rng.int(60, 75);
  const eur = rng.chance(0.4);
  return {
    title: `Închiriez ${rooms === 1 ? 'garsonieră' : `apartament ${rooms} camere`} ${rng.pick(['mobilat', 'semimobilat', 'nemobilat'])}, ${rng.pick(ZONES)}`,
    paragraphs: [
      `Dau în chirie ${rooms === 1 ? 'garsonieră' : `apartament cu ${rooms} camere`}, ${area} mp, ${rng.pick(['mobilat și utilat complet', 'cu mașină de spălat și frigider', 'proaspăt zugrăvit'])}, în ${loc}.`,
      rng.pick([
        'Prefer familie sau persoane serioase, fără animale.',
        'Potrivit pentru studenți sau un cuplu tânăr.',
        'Contract pe minimum un an, o lună garanție.',
      ]),
      rng.pick(['Utilitățile se plătesc separat, după contoare.', 'Internet și cablu incluse în preț.', '']),
      rng.pick(CLOSINGS),
    ],
    price: eur ? rng.int(15, 40) * 10 : rng.int(8, 25) * 100,
    currency: eur ? 'EUR' : 'RON',
    negotiable: rng.chance(0.3),
    fields: { rooms, area },
    photo: 'apartament-bloc',
  };
};

// ——— Auto-moto ————————————————————————————————————————————————

const CARS = [
  ['Dacia', ['Logan', 'Sandero', 'Duster', 'Lodgy']],
  ['Volkswagen', ['Golf 6', 'Golf 7', 'Passat B7', 'Polo', 'Touran']],
  ['Skoda', ['Octavia', 'Fabia', 'Superb']],
  ['Opel', ['Astra H', 'Astra J', 'Corsa D', 'Insignia']],
  ['Ford', ['Focus', 'Fiesta', 'Mondeo']],
  ['Renault', ['Clio', 'Megane', 'Kangoo']],
  ['BMW', ['Seria 3', 'Seria 5', 'X3']],
  ['Audi', ['A4', 'A6', 'Q5']],
  ['Toyota', ['Corolla', 'Yaris', 'RAV4']],
] as const;

const cars: Template = (rng, _loc) => {
  const [make, models] = rng.pick(CARS);
  const model = rng.pick(models);
  const year = rng.int(2004, 2022);
  const km = round((2026 - year) * rng.int(9, 22) * 1000, 1000);
  const fuel = rng.pick(['benzină', 'motorină', 'motorină', 'GPL', 'hibrid'] as const);
  const engine = rng.pick(['1.2', '1.4', '1.5 dCi', '1.6', '1.9 TDI', '2.0 TDI', '1.0 TSI', '2.0']);
  const extras = rng.some(
    [
      'climatronic',
      'senzori de parcare',
      'scaune încălzite',
      'navigație',
      'jante de aliaj',
      'pilot automat',
      'cârlig de remorcare',
      'cameră marșarier',
      'faruri LED',
      'set roți de iarnă',
    ],
    rng.int(2, 5),
  );
  return {
    title: `${make} ${model} ${engine} ${fuel}, ${year}, ${km.toLocaleString('ro-RO')} km`,
    paragraphs: [
      `Vând ${make} ${model}, motor ${engine}, ${fuel}, an ${year}, ${km.toLocaleString('ro-RO')} km reali${rng.chance(0.5) ? ', carte de service' : ''}.`,
      `Dotări: ${extras.join(', ')}.`,
      rng.pick([
        'Înmatriculat în România, ITP valabil, fără accidente.',
        'Adus recent din Germania, toate taxele plătite.',
        'Schimbat distribuția și uleiul la ultima revizie.',
        'Necesită mici retușuri la vopsea, mecanic impecabil.',
      ]),
      rng.pick(CLOSINGS),
    ],
    price: round((year - 2000) * rng.int(400, 1100), 100),
    currency: 'EUR',
    negotiable: rng.chance(0.6),
    fields: { year, km, fuel },
    photo: 'autoturism',
  };
};

const motorbikes: Template = (rng) => {
  const bike = rng.pick([
    'Honda CBF 600',
    'Yamaha MT-07',
    'Suzuki Bandit 650',
    'Piaggio Liberty 125',
    'Kawasaki Z750',
    'KTM Duke 390',
    'ATV Linhai 300',
    'Vespa Primavera 50',
  ]);
  const year = rng.int(2005, 2022);
  const km = rng.int(3, 60) * 1000;
  return {
    title: `${bike}, ${year}`,
    paragraphs: [
      `Vând ${bike}, an ${year}, ${km.toLocaleString('ro-RO')} km, benzină.`,
      rng.pick([
        'Cauciucuri noi, revizie făcută primăvara aceasta.',
        'Garat iarna, folosit doar pe vreme bună.',
        'Vine cu cască și geantă laterală cadou.',
      ]),
      rng.pick(CLOSINGS),
    ],
    price: round(rng.int(8, 75) * 100, 100),
    currency: 'EUR',
    negotiable: rng.chance(0.5),
    fields: { year, km, fuel: 'benzină' },
    photo: 'motocicleta',
  };
};

const machinery: Template = (rng) => {
  const what = rng.pick([
    'Tractor U650',
    'Tractor Fiat 780',
    'Motocultor Ruris',
    'Remorcă tractor 5 t',
    'Plug reversibil',
    'Cositoare rotativă',
    'Camion Iveco Daily 3.5 t',
    'Buldoexcavator JCB 3CX',
  ]);
  const year = rng.int(1985, 2018);
  return {
    title: `${what}, an ${year}`,
    paragraphs: [
      `Vând ${what.toLowerCase()}, an fabricație ${year}, în stare bună de funcționare.`,
      rng.pick([
        'Acte la zi, se poate vedea în funcțiune.',
        'Folosit doar în gospodărie.',
        'Motor refăcut, anvelope bune.',
      ]),
      rng.pick(CLOSINGS),
    ],
    price: round(rng.int(15, 350) * 100, 100),
    currency: rng.chance(0.7) ? 'EUR' : 'RON',
    negotiable: true,
    fields: { year, fuel: 'motorină' },
    photo: 'tractor',
  };
};

const parts: Template = (rng) => {
  const what = rng.pick([
    'Set anvelope iarnă 205/55 R16',
    'Jante aliaj 16" VW',
    'Far stânga Dacia Logan',
    'Alternator Opel Astra',
    'Baterie auto 74 Ah',
    'Portbagaj plafon Thule',
    'Scaun copil auto Isofix',
    'Set bare transversale',
    'Cutie de viteze Golf 5',
  ]);
  return {
    title: what,
    paragraphs: [
      `Vând ${what.toLowerCase()}, ${rng.pick(['ca nou', 'folosit un sezon', 'în stare bună', 'original'])}.`,
      rng.pick(['Trimit prin curier în toată țara.', 'Se poate proba la mine în curte.', 'Preț fix.']),
    ],
    price: rng.int(5, 150) * 10,
    currency: 'RON',
    negotiable: rng.chance(0.4),
    photo: 'anvelope',
  };
};

// ——— Locuri de muncă ——————————————————————————————————————————

const jobOffers: Template = (rng, loc) => {
  const job = rng.pick([
    'Vânzătoare magazin alimentar',
    'Șofer categoria C+E',
    'Ospătar/ospătăriță',
    'Bucătar',
    'Contabil',
    'Operator CNC',
    'Muncitor necalificat în construcții',
    'Electrician',
    'Asistentă medicală',
    'Croitoreasă',
    'Tâmplar',
    'Agent de vânzări',
    'Recepționer hotel',
    'Mecanic auto',
  ]);
  const partTime = rng.chance(0.25);
  const employer = rng.pick([
    'Firmă din Rădăuți',
    'Societate comercială',
    'Restaurant din centru',
    'Fabrică de mobilă',
    'Pensiune din Sucevița',
    'Service auto',
    'Clinică privată',
    'Magazin de cartier',
  ]);
  return {
    title: `Angajăm ${job.toLowerCase()}${partTime ? ' (part-time)' : ''}, ${loc}`,
    paragraphs: [
      `${employer} angajează ${job.toLowerCase()}, ${partTime ? 'program de 4 ore pe zi' : 'normă întreagă'}, în ${loc}.`,
      `Oferim: ${rng.some(['salariu motivant', 'bonuri de masă', 'transport decontat', 'contract pe perioadă nedeterminată', 'prime de sărbători', 'program de luni până vineri', 'instruire la locul de muncă'], 3).join(', ')}.`,
      `Cerințe: ${rng.pick(['experiența constituie avantaj', 'seriozitate și punctualitate', 'permis de conducere categoria B', 'studii medii', 'atestat profesional'])}.`,
      rng.pick([
        'CV-urile se depun la sediu sau se trimit pe e-mail.',
        'Interviurile au loc în fiecare zi între orele 9 și 15.',
        '',
      ]),
    ],
    price: rng.chance(0.7) ? round(rng.int(2900, 7000), 100) : 0,
    currency: 'RON',
    negotiable: false,
    fields: { jobType: partTime ? 'part-time' : 'normă întreagă' },
    photo: null,
  };
};

const jobRequests: Template = (rng, loc) => {
  const what = rng.pick([
    'Caut loc de muncă ca șofer',
    'Caut de lucru ca îngrijitoare bătrâni',
    'Tânăr serios caut loc de muncă',
    'Caut loc de muncă în contabilitate',
    'Caut muncă la zi în construcții',
    'Bonă cu experiență caut familie',
  ]);
  return {
    title: `${what}, ${loc}`,
    paragraphs: [
      `${what} în ${loc} sau împrejurimi.`,
      rng.pick([
        'Am experiență de peste 5 ani și recomandări.',
        'Sunt serios, punctual și nu consum alcool.',
        'Disponibil imediat, inclusiv în weekend.',
      ]),
    ],
    price: 0,
    currency: 'RON',
    fields: { jobType: rng.chance(0.6) ? 'normă întreagă' : 'part-time' },
    photo: null,
  };
};

// ——— Celelalte categorii ———————————————————————————————————————

const services: Template = (rng, loc) => {
  const what = rng.pick([
    'Transport marfă și mutări',
    'Instalator autorizat',
    'Zugrav, gresie, faianță',
    'Reparații electrocasnice la domiciliu',
    'Meditații matematică',
    'Curățenie apartamente și birouri',
    'Taiere lemne cu fierăstrăul',
    'Acoperișuri din tablă și jgheaburi',
    'Fotograf evenimente',
    'Croitorie și retușuri',
    'Transport persoane Rădăuți–Suceava',
  ]);
  return {
    title: `${what}${rng.chance(0.5) ? `, ${loc}` : ''}`,
    paragraphs: [
      `Ofer servicii de ${what.toLowerCase()} în ${loc} și în tot județul Suceava.`,
      rng.pick([
        'Lucrez cu materiale de calitate și ofer garanție.',
        'Prețuri corecte, deplasare gratuită în Rădăuți.',
        'Experiență de peste 10 ani, clienți mulțumiți.',
        'Program: luni–sâmbătă, 8–20.',
      ]),
      rng.pick(CLOSINGS),
    ],
    price: rng.chance(0.4) ? rng.int(5, 30) * 10 : 0,
    currency: 'RON',
    negotiable: rng.chance(0.5),
    photo: 'servicii',
  };
};

/** One kind of second-hand goods: what it is, its price range in lei, and its demo photo. */
type Goods = readonly [what: string, low: number, high: number, photo: string | null];

/**
 * How the ads of one kind of goods are written (the data of `seed-goods.json`): the items, states one
 * of which may follow the item's name in the title, the second paragraphs ('' for none), and whether a
 * common closing line ends the ad.
 */
interface GoodsText {
  items: readonly Goods[];
  titleStates?: readonly string[];
  details: readonly string[];
  closing: boolean;
}

/** The first paragraph of an item (`what`: its name; `high`: its top price, 0 for a gift). */
type Opening = (rng: Rng, what: string, high: number) => string;

/**
 * A template for second-hand goods: one item picked from the list, its title and paragraphs from
 * `text` and `opening` (in the order the seed's generator has always drawn them, so the demo data
 * stays the same); the price is a round figure in its range (nothing when the range is 0: given away).
 */
function goods(text: GoodsText, opening: Opening): Template {
  return (rng) => {
    const [what, low, high, photo] = rng.pick(text.items);
    const title = text.titleStates ? `${what}, ${rng.pick(text.titleStates)}` : what;
    const paragraphs = [opening(rng, what, high), rng.pick(text.details)];
    if (text.closing) paragraphs.push(rng.pick(CLOSINGS));
    return {
      title,
      paragraphs,
      price: high === 0 ? 0 : round(rng.int(low, high), low < 10 ? 1 : 10),
      currency: 'RON',
      negotiable: rng.chance(0.5),
      photo,
    };
  };
}

/** The goods' data, typed: each item a [what, low, high, photo] tuple. */
const GOODS = SEED_GOODS as unknown as Record<keyof typeof SEED_GOODS, GoodsText>;

const electronics = goods(
  GOODS.electronics,
  (rng, what) =>
    `Vând ${what}, ${rng.pick(['cumpărat acum un an', 'folosit foarte puțin', 'fără zgârieturi', 'cu factură'])}.`,
);

const homeGarden = goods(
  GOODS.homeGarden,
  (rng, what) => `Vând ${what.toLowerCase()}${rng.chance(0.5) ? ', transport la domiciliu în Rădăuți' : ''}.`,
);

const animals = goods(GOODS.animals, (_rng, what, high) =>
  high === 0
    ? `${what}: sunt sănătoși, deparazitați și obișnuiți cu litiera.`
    : `Vând ${what.toLowerCase()}, sănătoși, crescuți în gospodărie.`,
);

const misc = goods(
  GOODS.misc,
  (rng, what) =>
    `Vând ${what.toLowerCase()}, ${rng.pick(['ca nou', 'folosit puțin', 'în stare bună', 'păstrat cu grijă'])}.`,
);

/** Category id, subcategory id, how many ads, the template, authors who post there. */
const PLAN: [number, number | null, number, Template, string[]][] = [
  [1, 101, 26, apartments, ['imoradauti', 'ion', 'maria', 'ana', 'spam']],
  [1, 102, 14, houses, ['imoradauti', 'gheorghe', 'vasile']],
  [1, 103, 10, land, ['gheorghe', 'vasile', 'imoradauti']],
  [1, 104, 6, commercial, ['imoradauti', 'dorin']],
  [1, 105, 12, rentals, ['maria', 'ana', 'cristina', 'imoradauti']],
  [2, 201, 28, cars, ['autobucovina', 'ion', 'dorin', 'vasile', 'spam']],
  [2, 202, 7, motorbikes, ['dorin', 'ion']],
  [2, 203, 7, machinery, ['gheorghe', 'vasile']],
  [2, 204, 9, parts, ['autobucovina', 'dorin']],
  [3, 301, 18, jobOffers, ['mihaela', 'elena', 'autobucovina', 'maria']],
  [3, 302, 7, jobRequests, ['cristina', 'vasile', 'ana']],
  [4, null, 20, services, ['vasile', 'dorin', 'mihaela', 'gheorghe']],
  [5, null, 24, electronics, ['ion', 'maria', 'cristina', 'dorin', 'spam']],
  [6, null, 22, homeGarden, ['gheorghe', 'ana', 'mihaela', 'vasile']],
  [7, null, 14, animals, ['gheorghe', 'cristina', 'ana']],
  [8, null, 18, misc, ['maria', 'mihaela', 'cristina', 'ion']],
];

/** Mostly Rădăuți and the villages around it, some from elsewhere in the county. */
function pickLocality(rng: Rng): string {
  if (rng.chance(0.45)) return 'Rădăuți';
  return rng.pick(LOCALITIES);
}

function authorPhone(key: string): string | null {
  return DEMO_AUTHORS.find((a) => a.key === key)?.phone ?? null;
}

/** Every demo ad, deterministic for a given `now` (only the dates move). */
export function demoAds(now: number): DemoAd[] {
  const rng = prng(20_050_101);
  const ads: DemoAd[] = [];
  for (const [categoryId, subcategoryId, n, template, authors] of PLAN) {
    for (let i = 0; i < n; i++) {
      const locality = pickLocality(rng);
      const draft = template(rng, locality);
      const authorKey = rng.pick(authors);
      const phone = rng.chance(0.85) ? authorPhone(authorKey) : null;
      const paragraphs = draft.paragraphs.filter(Boolean);
      // Some people type their number into the text; the site masks it on display.
      const typed = phone && rng.chance(0.18) ? typedPhone(rng, phone) : null;
      if (typed) paragraphs.push(typed);
      // A few long ads, many short ones.
      const description = (
        rng.chance(0.25) ? paragraphs : paragraphs.slice(0, Math.max(2, paragraphs.length - 1))
      ).join(rng.chance(0.5) ? '\n\n' : '\n');

      const roll = rng.next();
      let status: PostStatus = 'published';
      if (roll < 0.08) status = 'expired';
      else if (roll < 0.13) status = 'sold';
      else if (roll < 0.145) status = 'hidden';
      else if (roll < 0.16) status = 'draft';

      const ageMs =
        status === 'expired'
          ? rng.int(31, 90) * DAY
          : rng.int(0, 29) * DAY + rng.int(0, 23) * HOUR + rng.int(0, 59) * 60_000;
      const bumpedAt = now - ageMs - rng.int(1, 50) * 60_000;
      const renewed = status === 'published' && rng.chance(0.2);
      const publishedAt = renewed ? bumpedAt - rng.int(30, 120) * DAY : bumpedAt;
      const createdAt = publishedAt - rng.int(5, 90) * 60_000;
      const promoted = status === 'published' && rng.chance(0.09);
      const lapsedPromotion = !promoted && status === 'published' && rng.chance(0.03);

      ads.push({
        authorKey,
        categoryId,
        subcategoryId,
        title: draft.title,
        description,
        price: draft.price,
        currency: draft.currency,
        negotiable: draft.price > 0 && !!draft.negotiable,
        locality,
        phone,
        status,
        promotion: promoted ? rng.pick([1, 1, 2]) : lapsedPromotion ? 1 : 0,
        promotedUntil: promoted
          ? now + rng.int(2, 14) * DAY
          : lapsedPromotion
            ? now - rng.int(1, 5) * DAY
            : null,
        fields: draft.fields ?? null,
        createdAt,
        updatedAt: bumpedAt,
        publishedAt: status === 'draft' ? null : publishedAt,
        bumpedAt: status === 'draft' ? null : bumpedAt,
        expiresAt: status === 'draft' ? null : bumpedAt + LIFETIME_MS,
        closedAt:
          status === 'sold' || status === 'hidden' ? Math.min(now, bumpedAt + rng.int(1, 48) * HOUR) : null,
        photo: draft.photo ?? null,
      });
    }
  }
  return ads;
}
