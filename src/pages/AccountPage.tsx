// `/cont`: the account page without JavaScript (the header's "Cont" link when its menu cannot open):
// the same links as the menu, sign-out as a POST form.

/** One link of the account menu (a POST form when `method` is set). */
export interface AccountMenuLink {
  label: string;
  href: string;
  method?: 'post';
}

export interface AccountPageProps {
  /** Null when signed out. */
  name: string | null;
  links: AccountMenuLink[];
}

export function AccountPage({ name, links }: AccountPageProps) {
  return (
    <section className="account-page box">
      <h1>Contul meu</h1>
      {name ? (
        <p>
          Sunteți conectat ca <strong>{name}</strong>.
        </p>
      ) : (
        <p>Nu sunteți conectat. Conectați-vă pentru a publica și a vă administra anunțurile.</p>
      )}
      <ul className="account-page__links">
        {links.map((l) =>
          l.method === 'post' ? (
            <li key={l.href}>
              <form method="post" action={l.href}>
                <button type="submit" className="btn">
                  {l.label}
                </button>
              </form>
            </li>
          ) : (
            <li key={l.href}>
              <a className="btn" href={l.href}>
                {l.label}
              </a>
            </li>
          ),
        )}
      </ul>
    </section>
  );
}
