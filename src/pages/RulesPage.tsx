// `/moderare/reguli` (operators): the rules applied on publish and on every edit, each with who added
// it and when, the form that adds one (kind, value, action) and a button that removes each.
import { formatDate } from '../lib/dates';
import { plural } from '../lib/plural';
import { RULE_ACTION_NAMES, RULE_KIND_NAMES, type RuleActionName, type RuleKindName } from '../lib/rules';

export interface RulesPageRule {
  id: number;
  kind: RuleKindName;
  value: string;
  action: RuleActionName;
  createdAt: number;
  createdByName: string | null;
  removeAction: string;
}

export interface RulesPageProps {
  rules: RulesPageRule[];
  addAction: string;
  queueHref: string;
  /** The form as sent, when it came back refused. */
  values?: { kind: string; value: string; action: string };
  error?: string;
}

const RULES = { none: 'nicio regulă', one: '1 regulă', many: 'reguli' };

const HINTS: Record<RuleKindName, string> = {
  phone: 'în orice scriere (0745 123 456, +40745123456, 0745.123.456), în câmpul de telefon și în text',
  email:
    'adresa contului sau o adresă scrisă în text; un domeniu (spam.ro) sau un model cu * (*@spam.ro, oferte*@*)',
  word: 'cuvinte sau o expresie, fără diacritice și majuscule ca la căutare; * ține locul oricăror litere (credit*)',
};

export function RulesPage(props: RulesPageProps) {
  const values = props.values ?? { kind: 'phone', value: '', action: 'hold' };
  return (
    <section className="moderation" id="reguli">
      <p>
        <a href={props.queueHref}>‹ Înapoi la coadă</a>
      </p>
      <h1>Reguli de moderare</h1>
      <p className="muted">
        Fiecare regulă se aplică la publicarea și la fiecare modificare a unui anunț. „Refuză publicarea”
        întoarce formularul cu un mesaj care nu numește regula; „Reține în verificare” salvează anunțul ascuns
        și îl pune primul în coadă; „Publică și semnalează” îl publică și îl marchează în coadă.
      </p>
      <form method="post" action={props.addAction} className="box rules-form">
        <h2>Adaugă o regulă</h2>
        {props.error ? (
          <p className="notice notice--error" role="alert" id="rule-error">
            {props.error}
          </p>
        ) : null}
        <fieldset>
          <legend>Ce urmărește</legend>
          {(Object.keys(RULE_KIND_NAMES) as RuleKindName[]).map((k) => (
            <label key={k} className="radio">
              <input type="radio" name="kind" value={k} defaultChecked={values.kind === k} required />{' '}
              <strong>{RULE_KIND_NAMES[k]}</strong> <span className="muted">{`— ${HINTS[k]}`}</span>
            </label>
          ))}
        </fieldset>
        <label htmlFor="rule-value">Valoarea</label>
        <input
          id="rule-value"
          name="value"
          type="text"
          required
          maxLength={200}
          defaultValue={values.value}
          aria-describedby={props.error ? 'rule-error' : undefined}
          aria-invalid={props.error ? true : undefined}
        />
        <fieldset>
          <legend>Ce face</legend>
          {(Object.keys(RULE_ACTION_NAMES) as RuleActionName[]).map((a) => (
            <label key={a} className="radio">
              <input type="radio" name="action" value={a} defaultChecked={values.action === a} required />{' '}
              {RULE_ACTION_NAMES[a]}
            </label>
          ))}
        </fieldset>
        <button type="submit" className="btn">
          Adaugă regula
        </button>
      </form>
      <section className="moderation__section" aria-labelledby="rules-title">
        <h2 id="rules-title">{plural(props.rules.length, RULES)}</h2>
        {props.rules.length === 0 ? null : (
          <div className="table-scroll">
            <table className="rules-table">
              <thead>
                <tr>
                  <th scope="col">Tip</th>
                  <th scope="col">Valoare</th>
                  <th scope="col">Acțiune</th>
                  <th scope="col">Adăugată de</th>
                  <th scope="col">
                    <span className="visually-hidden">Șterge</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {props.rules.map((r) => (
                  <tr key={r.id} id={`regula-${r.id}`}>
                    <td>{`#${r.id} · ${RULE_KIND_NAMES[r.kind]}`}</td>
                    <td>
                      <code>{r.value}</code>
                    </td>
                    <td>{RULE_ACTION_NAMES[r.action]}</td>
                    <td data-label="Adăugată de">{`${r.createdByName ?? 'un operator'}, ${formatDate(r.createdAt, 'longTime')}`}</td>
                    <td>
                      <form method="post" action={r.removeAction}>
                        <button type="submit" className="btn btn--small btn--danger">
                          Șterge
                        </button>
                      </form>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </section>
  );
}
