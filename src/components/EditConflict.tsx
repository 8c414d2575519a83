// Shown above the editor when the ad was saved elsewhere (another tab, another device, an operator)
// after this form was opened. The form below is already merged (docs/freshness.md#versions-no-lost-updates):
// the fields this form changed carry its values, every other field the other save's. The table names
// what saving it will change; the fields kept from the other save are named too.
import type { FieldChange } from '../lib/edit-guard';
import { PHOTOS, plural } from '../lib/plural';

export interface EditConflictProps {
  /** What saving the merged form changes in the ad as it is now. */
  changes: FieldChange[];
  /** Fields the other save changed and this form did not: kept as the other save left them. */
  keptFromOther: string[];
  /** Thumbnails of photos added to the ad elsewhere (kept, and already in the form below). */
  photosAdded: { id: number; thumbUrl: string }[];
  /** How many photos this form still listed were removed elsewhere. */
  photosRemovedCount: number;
  /** The editor opened afresh at the ad's current version. */
  restartHref: string;
  /** The ad as it is now. */
  postHref: string;
}

/** "Prețul", "Prețul și Titlul", "Prețul, Titlul și Camere". */
function listOf(labels: string[]): string {
  if (labels.length <= 1) return labels.join('');
  return `${labels.slice(0, -1).join(', ')} și ${labels[labels.length - 1]}`;
}

/** A long description is shown by its beginning. */
function brief(text: string): string {
  const chars = [...text];
  return chars.length > 160 ? `${chars.slice(0, 160).join('').trimEnd()}…` : text;
}

export function EditConflict(props: EditConflictProps) {
  return (
    <div className="form-summary edit-conflict" role="alert" tabIndex={-1} id="edit-conflict">
      <h2 className="form-summary__title">Anunțul a fost modificat între timp</h2>
      <p>
        Altcineva (sau dumneavoastră, în altă fereastră) a salvat anunțul după ce ați deschis acest formular.
        Nimic din ce ați schimbat nu s-a pierdut și nimic nu a fost salvat încă: formularul de mai jos are
        modificările dumneavoastră peste versiunea actuală.
      </p>
      {props.changes.length > 0 ? (
        <table className="edit-conflict__table">
          <caption>
            Dacă salvați, se schimbă {props.changes.length === 1 ? 'acest câmp' : 'aceste câmpuri'}
          </caption>
          <thead>
            <tr>
              <th scope="col">Câmp</th>
              <th scope="col">Acum</th>
              <th scope="col">După salvare</th>
            </tr>
          </thead>
          <tbody>
            {props.changes.map((c) => (
              <tr key={c.label} data-field={c.label}>
                <th scope="row">
                  {c.label}
                  {c.both ? (
                    <span className="edit-conflict__both"> (schimbat și în cealaltă salvare)</span>
                  ) : null}
                </th>
                <td data-label="Acum">{brief(c.current) || '—'}</td>
                <td data-label="După salvare">{brief(c.yours) || '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p>Ce ați schimbat are deja aceleași valori în versiunea actuală: salvarea nu schimbă niciun câmp.</p>
      )}
      {props.keptFromOther.length > 0 ? (
        <p className="edit-conflict__kept">
          Rămân cum le-a salvat cealaltă modificare (nu le-ați schimbat aici): {listOf(props.keptFromOther)}.
        </p>
      ) : null}
      {props.photosAdded.length > 0 ? (
        <div>
          <p>
            Adăugate între timp: {plural(props.photosAdded.length, PHOTOS)}. Sunt păstrate și apar la
            sfârșitul listei de mai jos.
          </p>
          <ul className="edit-conflict__photos">
            {props.photosAdded.map((p, i) => (
              <li key={p.id}>
                <img
                  src={p.thumbUrl}
                  alt={`Fotografie adăugată între timp ${i + 1}`}
                  width={80}
                  height={60}
                />
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {props.photosRemovedCount > 0 ? (
        <p>Șterse între timp: {plural(props.photosRemovedCount, PHOTOS)}.</p>
      ) : null}
      <p>
        Puteți salva varianta dumneavoastră (butonul „Salvează varianta mea” de la sfârșitul formularului),
        sau puteți <a href={props.restartHref}>începe din nou de la versiunea actuală</a> (modificările
        dumneavoastră se pierd). <a href={props.postHref}>Vezi anunțul așa cum este acum</a>.
      </p>
    </div>
  );
}
