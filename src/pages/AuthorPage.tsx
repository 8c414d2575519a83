// `/anunturi/de/<nume>-<id>`: one author's published ads, 20 a page.
import { Breadcrumbs, type Crumb } from '../components/Breadcrumbs';
import { CircleUserIcon } from '../components/Icons';
import { Pagination } from '../components/Pagination';
import { PostGrid } from '../components/PostCard';
import type { CategoryTree } from '../db/categories';
import type { PostCardData } from '../db/posts';
import type { PublicAuthor } from '../db/users';
import { formatDate } from '../lib/dates';
import { ADS, plural } from '../lib/plural';

export interface AuthorPageProps {
  author: PublicAuthor;
  crumbs: Crumb[];
  tree: CategoryTree;
  posts: PostCardData[];
  total: number;
  page: number;
  totalPages: number;
  hrefFor: (page: number) => string;
  /** An operator on a banned person's page: the console page of that person. */
  bannedNotice?: string;
}

/** `/anunturi/de/<nume>-<id>`: one author's published ads. */
export function AuthorPage({
  author,
  crumbs,
  tree,
  posts,
  total,
  page,
  totalPages,
  hrefFor,
  bannedNotice,
}: AuthorPageProps) {
  return (
    <div className="listing">
      <Breadcrumbs items={crumbs} />
      <header className="author-head box">
        <CircleUserIcon size={48} />
        <div>
          <h1>
            Anunțurile publicate de {author.name}
            {page > 1 ? <span className="listing__page"> — pagina {page}</span> : null}
          </h1>
          <p className="muted">
            {plural(total, ADS)} · pe eRădăuți din {formatDate(author.createdAt, 'long')}
          </p>
        </div>
      </header>
      {bannedNotice ? (
        <p className="notice notice--warning" role="status">
          Cont blocat: doar operatorii văd această pagină.{' '}
          <a href={bannedNotice}>Pagina de moderare a persoanei</a>
        </p>
      ) : null}
      {posts.length > 0 ? (
        <PostGrid posts={posts} tree={tree} eagerFirst headingLevel="h2" />
      ) : (
        <p className="empty box">Acest autor nu are anunțuri active acum.</p>
      )}
      <Pagination page={page} totalPages={totalPages} hrefFor={hrefFor} />
    </div>
  );
}
