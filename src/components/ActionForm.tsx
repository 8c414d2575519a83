// One small button that POSTs to an action (the owner's lifecycle buttons, the moderation queue's
// quick actions, blocking a person in a conversation): a form of its own, so it works without JavaScript.

export interface ActionFormProps {
  action: string;
  label: string;
  primary?: boolean;
  /** A button that removes or cuts off something (red). */
  danger?: boolean;
  /** Hidden fields sent with it (e.g. `returnTo`); an undefined value is left out. */
  fields?: Record<string, string | undefined>;
}

export function ActionForm({ action, label, primary, danger, fields = {} }: ActionFormProps) {
  return (
    <form method="post" action={action} className="post-actions__form">
      {Object.entries(fields).map(([name, value]) =>
        value ? <input key={name} type="hidden" name={name} value={value} /> : null,
      )}
      <button
        type="submit"
        className={
          primary ? 'btn btn--primary btn--small' : danger ? 'btn btn--small btn--danger' : 'btn btn--small'
        }
      >
        {label}
      </button>
    </form>
  );
}
