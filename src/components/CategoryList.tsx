import type { CategoryTree } from '../db/categories';
import type { CategoryCounts } from '../db/posts';
import { listingPath } from '../lib/links';
import { ADS, plural } from '../lib/plural';

/** Every category with its ad count (`1 anunț`, `20 de anunțuri`) and its subcategories. */
export function CategoryList({
  tree,
  counts,
  withChildren = true,
}: {
  tree: CategoryTree;
  counts: CategoryCounts;
  withChildren?: boolean;
}) {
  return (
    <ul className="categories">
      {tree.roots.map((cat) => (
        <li key={cat.id} className="categories__item">
          <a className="categories__link" href={listingPath(cat.slug)}>
            <span className="categories__name">{cat.name}</span>
            <span className="categories__count">{plural(counts.byCategory.get(cat.id) ?? 0, ADS)}</span>
          </a>
          {withChildren && cat.children.length > 0 ? (
            <ul className="categories__subs">
              {cat.children.map((sub) => (
                <li key={sub.id}>
                  <a href={listingPath(cat.slug, sub.slug)}>
                    {sub.name} <span className="muted">({counts.byCategory.get(sub.id) ?? 0})</span>
                  </a>
                </li>
              ))}
            </ul>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
