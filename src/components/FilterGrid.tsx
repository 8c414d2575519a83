// The filters of a search (price, locality and distance, the category's own fields, with photos,
// order): on /cautare inside its form, and at the top of every category listing (docs/search.md).
import type { CategoryTree } from '../db/categories';
import { DISTANCES_KM } from '../lib/geo';
import type { FieldFilterDef, SearchFormState, SearchSort } from '../lib/search-params';

const SORT_LABELS: Record<SearchSort, string> = {
  relevanta: 'Relevanță',
  noi: 'Cele mai noi',
  pret_asc: 'Preț crescător',
  pret_desc: 'Preț descrescător',
};

export interface FilterGridProps {
  form: SearchFormState;
  tree: CategoryTree;
  /** The chosen category's own fields. */
  fieldDefs: FieldFilterDef[];
  localities: readonly string[];
  /** A category listing fixes its category (a hidden field): no category choice. */
  hideCategory?: boolean;
}

/** The grid of filter fields; the form around it is the caller's. */
/** The two ends of a numeric field's range: the `_min` and `_max` parameters of /cautare. */
const RANGE_ENDS = [
  { suffix: '_min', label: 'minim', placeholder: 'de la' },
  { suffix: '_max', label: 'maxim', placeholder: 'până la' },
] as const;

export function FilterGrid(props: FilterGridProps) {
  const { form, tree, fieldDefs, localities } = props;
  return (
    <div className="search-form__grid">
      {props.hideCategory ? null : (
        <label className="field">
          <span>Categorie</span>
          <select name="categorie" defaultValue={form.category}>
            <option value="">Toate categoriile</option>
            {tree.roots.map((root) => (
              <optgroup key={root.id} label={root.name}>
                <option value={root.slug}>{`${root.name} (toate)`}</option>
                {root.children.map((sub) => (
                  <option key={sub.id} value={sub.slug}>
                    {sub.name}
                  </option>
                ))}
              </optgroup>
            ))}
          </select>
        </label>
      )}
      <fieldset className="field field--price">
        <legend>Preț</legend>
        <PriceBound label="Preț minim" name="pret_min" placeholder="de la" value={form.priceMin} />
        <PriceBound label="Preț maxim" name="pret_max" placeholder="până la" value={form.priceMax} />
        <label>
          <span className="visually-hidden">Moneda</span>
          <select name="moneda" defaultValue={form.currency}>
            <option value="RON">lei</option>
            <option value="EUR">€</option>
          </select>
        </label>
      </fieldset>
      <label className="field">
        <span>Localitate</span>
        <select name="localitate" defaultValue={form.locality}>
          <option value="">Oriunde</option>
          {localities.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </select>
      </label>
      <label className="field">
        <span>Distanță</span>
        <select name="distanta" defaultValue={String(form.distance)}>
          {DISTANCES_KM.map((km) => (
            <option key={km} value={String(km)}>
              {km === 0 ? 'Doar localitatea' : `+ ${km} km`}
            </option>
          ))}
        </select>
      </label>
      {fieldDefs.map(({ field, param }) =>
        field.type === 'choice' ? (
          <label key={param} className="field">
            <span>{field.label}</span>
            <select name={param} defaultValue={form.fields[param] ?? ''}>
              <option value="">Oricare</option>
              {(field.choices ?? []).map((choice) => (
                <option key={choice} value={choice}>
                  {choice}
                </option>
              ))}
            </select>
          </label>
        ) : (
          <fieldset key={param} className="field field--range">
            <legend>
              {field.label}
              {field.unit ? ` (${field.unit})` : ''}
            </legend>
            {RANGE_ENDS.map((end) => (
              <label key={end.suffix}>
                <span className="visually-hidden">{`${field.label} ${end.label}`}</span>
                <input
                  type="text"
                  inputMode="numeric"
                  name={`${param}${end.suffix}`}
                  placeholder={end.placeholder}
                  defaultValue={form.fields[`${param}${end.suffix}`] ?? ''}
                  size={6}
                />
              </label>
            ))}
          </fieldset>
        ),
      )}
      <label className="field field--check">
        <input type="checkbox" name="cu_poze" value="1" defaultChecked={form.withPhotos} />
        <span>Doar cu poze</span>
      </label>
      <label className="field">
        <span>Ordonare</span>
        <select name="ordine" defaultValue={form.sort}>
          {(Object.keys(SORT_LABELS) as SearchSort[]).map((sort) => (
            <option key={sort} value={sort}>
              {SORT_LABELS[sort]}
            </option>
          ))}
        </select>
      </label>
    </div>
  );
}

/** One end of the price range: a numeric text box with its hidden label. */
function PriceBound(props: { label: string; name: string; placeholder: string; value?: number }) {
  return (
    <label>
      <span className="visually-hidden">{props.label}</span>
      <input
        type="text"
        inputMode="numeric"
        name={props.name}
        placeholder={props.placeholder}
        defaultValue={props.value ?? ''}
        size={8}
      />
    </label>
  );
}
