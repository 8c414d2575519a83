// `/static-page/<nume>`: a Markdown page from content/, already rendered and sanitised.
import { Breadcrumbs, type Crumb } from '../components/Breadcrumbs';

/** A page written in Markdown (content/*.md), already rendered and sanitised. */
export function StaticPage({ html, crumbs }: { html: string; crumbs: Crumb[] }) {
  return (
    <div className="static-page">
      <Breadcrumbs items={crumbs} />
      <article className="prose box" dangerouslySetInnerHTML={{ __html: html }} />
    </div>
  );
}
