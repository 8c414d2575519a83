// `/cont/sterge`: what deleting the account removes and what it keeps (and why), the download
// offered first, and a confirmation the person must type on purpose.
import { ErrorSummary, Field } from '../components/FormFields';
import { plural } from '../lib/plural';

export interface AccountCounts {
  ads: number;
  photos: number;
  favourites: number;
  savedSearches: number;
  conversations: number;
}

export interface DeleteAccountPageProps {
  name: string;
  counts: AccountCounts;
  action: string;
  dataHref: string;
  privacyHref: string;
  /** The word the person typed, given back with `error`. */
  typed?: string;
  error?: string;
}

/** The word to type. */
export const CONFIRM_WORD = 'ȘTERGE';

export function DeleteAccountPage({
  name,
  counts,
  action,
  dataHref,
  privacyHref,
  typed,
  error,
}: DeleteAccountPageProps) {
  return (
    <section className="box delete-account">
      <h1>Ștergerea contului</h1>
      <ErrorSummary title="Contul nu a fost șters" errors={error ? [['confirm', error]] : []} />
      <p>
        Sunteți conectat ca <strong>{name}</strong>. Ștergerea contului este definitivă: nu poate fi anulată,
        nici de un operator.
      </p>
      <p>
        Înainte de a continua, puteți <a href={dataHref}>descărca toate datele dumneavoastră</a> (un fișier
        JSON).
      </p>
      <h2>Ce se șterge</h2>
      <ul>
        <li>
          {plural(counts.ads, { none: 'niciun anunț', one: 'un anunț', many: 'anunțuri' })}, în orice stare,
          cu {plural(counts.photos, { none: 'nicio fotografie', one: 'o fotografie', many: 'fotografii' })}.
          Adresele anunțurilor vor răspunde că anunțul a fost șters.
        </li>
        <li>
          {plural(counts.favourites, {
            none: 'niciun anunț salvat',
            one: 'un anunț salvat',
            many: 'anunțuri salvate',
          })}{' '}
          și{' '}
          {plural(counts.savedSearches, {
            none: 'nicio căutare salvată',
            one: 'o căutare salvată',
            many: 'căutări salvate',
          })}
          ;
        </li>
        <li>
          preferințele de e-mail; nu veți mai primi niciun e-mail de la noi, nici pe cele deja programate;
        </li>
        <li>
          mesajele scrise de dumneavoastră în{' '}
          {plural(counts.conversations, {
            none: 'nicio conversație',
            one: 'o conversație',
            many: 'conversații',
          })}
          ; cealaltă persoană va vedea „Cont șters” și nu vă va mai putea scrie;
        </li>
        <li>
          numele, adresa de e-mail, telefonul și fotografia de profil, aici și la Clerk (serviciul de
          conectare).
        </li>
      </ul>
      <h2>Ce se păstrează și de ce</h2>
      <ul>
        <li>
          rapoartele trimise de dumneavoastră despre anunțuri, fără numele dumneavoastră: operatorii au nevoie
          de ele ca să decidă asupra anunțurilor raportate;
        </li>
        <li>
          deciziile operatorilor despre contul și anunțurile dumneavoastră, fără numele dumneavoastră și fără
          titlurile anunțurilor: trebuie să putem arăta ce am decis și de ce (Regulamentul european privind
          serviciile digitale);
        </li>
        <li>
          mesajele celeilalte persoane din conversațiile dumneavoastră: sunt ale ei; conversația dispare la 30
          de zile după ce anunțul sau amândouă conturile nu mai există;
        </li>
        <li>
          o amprentă (hash) a identificatorului contului, fără nicio altă dată, ca o sesiune deschisă înainte
          de ștergere să nu poată readuce contul.
        </li>
      </ul>
      <p>
        Dacă vă conectați din nou cu aceeași adresă de e-mail, veți începe un cont nou, gol. Detalii în{' '}
        <a href={privacyHref}>politica de confidențialitate</a>.
      </p>
      <form method="post" action={action} className="delete-account__form">
        <Field
          name="confirm"
          label={`Pentru confirmare, scrieți cuvântul ${CONFIRM_WORD}`}
          hint="Scrieți-l exact, ca să nu ștergeți contul dintr-o apăsare greșită."
          error={error}
        >
          {(control) => (
            <input
              {...control}
              type="text"
              autoComplete="off"
              required
              defaultValue={typed ?? ''}
              maxLength={40}
            />
          )}
        </Field>
        <button type="submit" className="btn btn--danger">
          Șterge definitiv contul
        </button>
      </form>
    </section>
  );
}
