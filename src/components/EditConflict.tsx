// Shown above the editor when the ad was saved elsewhere (another tab, another device, an operator)
// after this form was opened: what differs, field by field, and the two ways on.
import type { FieldChange } from '../lib/edit-guard';
import { PHOTOS, plural } from '../lib/plural';

export interface EditConflictProps {
  changes: FieldChange[];
  /** Thumbnails of photos added to the ad elsewhere (kept, and already in the form below). */
  photosAdded: { id: number; thumbUrl: string }[];
  /** How many photos this form still listed were removed elsewhere. */
  photosRemovedCount: number;
  /** The editor opened afresh at the ad's current version. */
  restartHref: string;
  /** The ad as it is now. */
  postHref: string;
}

export function EditConflict(props: EditConflictProps) {
  return (
    <div className="form-summary edit-conflict" role="alert" tabIndex={-1} id="edit-conflict">
      <h2 className="form-summary__title">Anunțul a fost modificat între timp</h2>
      <p>
        Altcineva (sau dumneavoastră, în altă fereastră) a salvat anunțul după ce ați deschis acest formular.
        Modificările dumneavoastră nu au fost salvate încă: le găsiți mai jos, neschimbate.
      </p>
      {props.changes.length > 0 ? (
        <table className="edit-conflict__table">
          <caption>Ce diferă față de versiunea actuală</caption>
          <thead>
            <tr>
              <th scope="col">Câmp</th>
              <th scope="col">Varianta dumneavoastră</th>
              <th scope="col">Varianta actuală</th>
            </tr>
          </thead>
          <tbody>
            {props.changes.map((c) => (
              <tr key={c.label}>
                <th scope="row">{c.label}</th>
                <td>{c.yours || '—'}</td>
                <td>{c.current || '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p>Textul și prețul sunt la fel în ambele variante.</p>
      )}
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
        Puteți salva varianta dumneavoastră peste cea actuală (butonul de la sfârșitul formularului), sau
        puteți <a href={props.restartHref}>începe din nou de la versiunea actuală</a> (modificările de mai jos
        se pierd). <a href={props.postHref}>Vezi anunțul așa cum este acum</a>.
      </p>
    </div>
  );
}
