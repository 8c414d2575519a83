// One-time confirmations after an action that redirects: the action sets a short-lived cookie holding a
// code from this fixed catalogue (never text from the request), and the next HTML page shows the
// message once and clears the cookie. Pages carrying a message are private and never stored.

export const FLASH_COOKIE = 'flash';
/** Long enough to follow a redirect on a slow phone, short enough never to surprise later. */
export const FLASH_MAX_AGE = 60;

export const FLASH_MESSAGES = {
  publicat: 'Anunțul a fost publicat. Este vizibil pentru toți vizitatorii timp de 30 de zile.',
  salvat: 'Modificările au fost salvate.',
  'salvat-verificare':
    'Modificările au fost salvate. Anunțul rămâne ascuns până când un operator îl verifică din nou.',
  reinnoit: 'Anunțul a fost reînnoit pentru încă 30 de zile și apare din nou printre primele.',
  republicat: 'Anunțul a fost publicat din nou pentru 30 de zile.',
  vandut: 'Anunțul a fost marcat ca vândut.',
  retras: 'Anunțul a fost retras. Îl puteți publica din nou oricând.',
  sters: 'Anunțul a fost șters.',
  restaurat: 'Anunțul a fost restaurat în starea de dinainte de ștergere.',
  raportat: 'Mulțumim! Raportul a fost trimis operatorilor.',
  'profil-salvat': 'Profilul a fost salvat.',
  ascuns: 'Anunțul a fost ascuns. Autorul vede motivul.',
  aratat: 'Anunțul este din nou vizibil.',
  promovat: 'Anunțul a fost promovat.',
  'promovare-oprita': 'Promovarea a fost oprită.',
  rezolvat: 'Rapoartele au fost marcate ca rezolvate.',
  blocat: 'Autorul a fost blocat: anunțurile lui nu mai apar.',
  deblocat: 'Autorul a fost deblocat.',
  conectat: 'V-ați conectat.',
  deconectat: 'V-ați deconectat.',
  'persoana-blocata': 'Persoana a fost blocată: nu vă mai poate scrie în această conversație.',
  'persoana-deblocata': 'Persoana a fost deblocată.',
  'conversatie-raportata': 'Mulțumim! Conversația a fost trimisă operatorilor, care o pot citi acum.',
  'raport-inchis': 'Raportul conversației a fost închis.',
  'doar-mesaje': 'Numărul de telefon nu mai este afișat: cumpărătorii vă pot scrie doar prin mesaje.',
  'telefon-afisat': 'Numărul de telefon este din nou afișat la cerere.',
  'favorit-adaugat': 'Anunțul a fost adăugat la Salvate.',
  'favorit-scos': 'Anunțul a fost scos din Salvate.',
  'favorit-notificare': 'Preferința a fost salvată.',
  'cautare-salvata': 'Căutarea a fost salvată. Vă anunțăm pe e-mail când apar anunțuri noi.',
  'cautare-exista': 'Această căutare este deja salvată.',
  'cautare-modificata': 'Căutarea a fost modificată.',
  'cautare-stearsa': 'Căutarea a fost ștearsă.',
  'notificari-salvate': 'Preferințele de e-mail au fost salvate.',
  'cont-sters': 'Contul și datele dumneavoastră au fost șterse. Vă mulțumim că ați folosit eRădăuți.',
  'in-verificare':
    'Anunțul a fost salvat și este în verificare: devine vizibil după ce un operator îl verifică.',
  'regula-adaugata': 'Regula a fost adăugată. Se aplică de acum la fiecare publicare și modificare.',
  'regula-exista': 'O regulă cu această valoare există deja.',
  'regula-stearsa': 'Regula a fost ștearsă.',
  'anunturi-ascunse': 'Anunțurile persoanei au fost ascunse; autorul a primit motivul pe e-mail.',
  'cont-sters-operator': 'Contul persoanei a fost șters, cu toate anunțurile și datele sale.',
} as const;

export type FlashCode = keyof typeof FLASH_MESSAGES;

export function isFlashCode(value: string | null | undefined): value is FlashCode {
  return !!value && Object.hasOwn(FLASH_MESSAGES, value);
}

/** The flash code the request carries (only a known code counts), or null. */
export function readFlashCode(cookieHeader: string | null | undefined): FlashCode | null {
  if (!cookieHeader) return null;
  for (const pair of cookieHeader.split(';')) {
    const eq = pair.indexOf('=');
    if (eq < 0) continue;
    if (pair.slice(0, eq).trim() !== FLASH_COOKIE) continue;
    const value = pair.slice(eq + 1).trim();
    if (isFlashCode(value)) return value;
  }
  return null;
}

/** Whether the request carries a flash cookie at all (known code or not): such a request is personal. */
export function hasFlashCookie(cookieHeader: string | null | undefined): boolean {
  if (!cookieHeader) return false;
  return cookieHeader.split(';').some((pair) => pair.split('=')[0]?.trim() === FLASH_COOKIE);
}

/** The Set-Cookie value that carries `code` to the next page. */
export function flashSetCookie(code: FlashCode, secure: boolean): string {
  return `${FLASH_COOKIE}=${code}; Path=/; Max-Age=${FLASH_MAX_AGE}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
}

/** The Set-Cookie value that removes the flash once shown. */
export function flashClearCookie(secure: boolean): string {
  return `${FLASH_COOKIE}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
}
