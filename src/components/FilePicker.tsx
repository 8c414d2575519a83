// A file input that speaks Romanian: the browser's own "Choose File / No file chosen" follows the
// browser's language, not the page's, so the input is visually hidden (still focusable, still the
// form's field) and a label styled as a button says what to do. Without JavaScript the chosen file's
// name is not shown (the browser would have shown it in its own language); the shell script shows it.

export interface FilePickerProps {
  id: string;
  name: string;
  /** The button's words, e.g. "Alegeți fotografii". */
  buttonText: string;
  accept?: string;
  multiple?: boolean;
  /** aria-describedby / aria-invalid of the field (FormFields.describedBy). */
  described?: Record<string, string | boolean | undefined>;
}

export function FilePicker({ id, name, buttonText, accept, multiple, described }: FilePickerProps) {
  return (
    <span className="file-pick">
      <input
        id={id}
        name={name}
        type="file"
        className="file-pick__input"
        accept={accept}
        multiple={multiple}
        {...described}
      />
      <label htmlFor={id} className="btn file-pick__button">
        {buttonText}
      </label>
      <span className="file-pick__chosen" data-file-chosen="" aria-live="polite" hidden />
    </span>
  );
}
