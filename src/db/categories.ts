// The category tree (categories and subcategories), kept by each isolate for a minute.
import { asc } from 'drizzle-orm';
import type { Db } from '../env';
import type { CategoryKind } from '../lib/post-fields';
import type { CategoryLookup } from '../lib/search-params';
import type { Category } from './schema';
import { categories } from './schema';

/** A top-level category with its subcategories, in display order. */
export interface CategoryNode extends Category {
  children: Category[];
}

/** All categories, indexed every way the routes need them (there are about twenty rows). */
export interface CategoryTree {
  roots: CategoryNode[];
  byId: Map<number, Category>;
  bySlug: Map<string, Category>;
}

/** The query reading every category (to put in a `db.batch` with others). */
export function allCategoriesQuery(db: Db) {
  return db.select().from(categories).orderBy(asc(categories.parentId), asc(categories.position));
}

export function buildTree(rows: Category[]): CategoryTree {
  const byId = new Map<number, Category>();
  const bySlug = new Map<string, Category>();
  const roots: CategoryNode[] = [];
  for (const row of rows) {
    byId.set(row.id, row);
    bySlug.set(row.slug, row);
  }
  const sorted = [...rows].sort((a, b) => a.position - b.position || a.id - b.id);
  for (const row of sorted) if (row.parentId === null) roots.push({ ...row, children: [] });
  for (const row of sorted) {
    if (row.parentId === null) continue;
    roots.find((r) => r.id === row.parentId)?.children.push(row);
  }
  return { roots, byId, bySlug };
}

async function getCategoryTree(db: Db): Promise<CategoryTree> {
  return buildTree(await allCategoriesQuery(db));
}

/** The kind of fields an ad in this (sub)category carries: the subcategory's kind wins. */
export function kindOf(tree: CategoryTree, categoryId: number, subcategoryId: number | null): CategoryKind {
  const sub = subcategoryId ? tree.byId.get(subcategoryId) : undefined;
  return (sub?.kind ?? tree.byId.get(categoryId)?.kind ?? 'general') as CategoryKind;
}

/** Finds a search's category (or subcategory) by slug, with the kind that decides its field filters. */
export function categoryLookupOf(tree: CategoryTree): CategoryLookup {
  return (slug) => {
    const category = tree.bySlug.get(slug);
    if (!category) return undefined;
    const kind = kindOf(tree, category.parentId ?? category.id, category.parentId ? category.id : null);
    return { category, kind };
  };
}

// Categories are reference data (migrations insert them; nothing edits them at runtime), so each
// isolate keeps them for a minute: URL resolution then costs no extra round trip.
const TREE_TTL_MS = 60_000;
let cachedTree: { tree: CategoryTree; at: number } | null = null;

/** Drops this isolate's copy: after a restore, which replaces the categories with the backup's rows. */
export function forgetCategoryTree(): void {
  cachedTree = null;
}

export async function getCategoryTreeCached(db: Db, now = Date.now()): Promise<CategoryTree> {
  if (cachedTree && now - cachedTree.at < TREE_TTL_MS) return cachedTree.tree;
  let tree: CategoryTree;
  try {
    tree = await getCategoryTree(db);
  } catch (err) {
    // D1 unreachable: the copy this isolate already has is still right (categories never change at runtime).
    if (cachedTree) return cachedTree.tree;
    throw err;
  }
  if (tree.roots.length > 0) cachedTree = { tree, at: now };
  return tree;
}
