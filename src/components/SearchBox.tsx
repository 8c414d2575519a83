// The search box: a GET form to `/cautare` with its `q` field, in the header, on the search page
// (with its filters) and on the 404 page.
import type { ReactNode } from 'react';
import { route } from '../lib/links';
import { SearchIcon } from './Icons';

export interface SearchBoxProps {
  /** The form's class, which decides its look (`header-search`, `search-form`, `search-inline`). */
  className: string;
  /** The form's name for assistive technology. */
  ariaLabel: string;
  inputId: string;
  /** The field's (visually hidden) label. */
  inputLabel: string;
  placeholder: string;
  /** What was searched, shown in the field. */
  value?: string;
  maxLength?: number;
  autoComplete?: string;
  enterKeyHint?: 'search';
  /** The header's compact magnifier button instead of a "Caută" button. */
  iconButton?: boolean;
  /** Wraps the field and its button (the search page, whose filters follow them). */
  fieldClassName?: string;
  /** What follows the field inside the form (the search page's filters). */
  children?: ReactNode;
}

export function SearchBox(props: SearchBoxProps) {
  const field = (
    <>
      <label className="visually-hidden" htmlFor={props.inputId}>
        {props.inputLabel}
      </label>
      <input
        id={props.inputId}
        type="search"
        name="q"
        defaultValue={props.value}
        maxLength={props.maxLength}
        placeholder={props.placeholder}
        autoComplete={props.autoComplete}
        enterKeyHint={props.enterKeyHint}
      />
      {props.iconButton ? (
        <button type="submit" aria-label="Caută">
          <SearchIcon size={20} />
        </button>
      ) : (
        <button className="btn btn--primary" type="submit">
          Caută
        </button>
      )}
    </>
  );
  return (
    <form
      className={props.className}
      action={route('search')}
      method="get"
      role="search"
      aria-label={props.ariaLabel}
    >
      {props.fieldClassName ? <div className={props.fieldClassName}>{field}</div> : field}
      {props.children}
    </form>
  );
}
