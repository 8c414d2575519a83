/** A route of spec §2 whose screen is not built yet: says so in Romanian. */
export function ComingSoonPage({ title }: { title: string }) {
  return (
    <section className="error-box">
      <h1>{title}</h1>
      <p>Această pagină este în pregătire și va fi disponibilă în curând.</p>
    </section>
  );
}
