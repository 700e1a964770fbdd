import type { GetResult } from '../../api/queries.js';
import type { Option } from '../../components/form.js';

// GET /categories answers every category, flat, in creation order, each with its parent's code:
// the tree is built here (used by the categories page and the catalogue's category filter).

export type Category = GetResult<'/categories'>[number];
export interface CategoryNode extends Category {
  children: CategoryNode[];
}

/** The roots, each with its children, in the listing's (creation) order. */
export function buildTree(categories: readonly Category[]): CategoryNode[] {
  const nodes = new Map<string, CategoryNode>();
  for (const category of categories) nodes.set(category.code, { ...category, children: [] });
  const roots: CategoryNode[] = [];
  for (const node of nodes.values()) {
    const parent = node.parent_code === null ? undefined : nodes.get(node.parent_code);
    if (parent) parent.children.push(node);
    else roots.push(node);
  }
  return roots;
}

/** Depth-first, each with its depth: the order a tree is read in. */
export function flattenTree(roots: readonly CategoryNode[], depth = 0): { node: CategoryNode; depth: number }[] {
  return roots.flatMap((node) => [{ node, depth }, ...flattenTree(node.children, depth + 1)]);
}

/** Options for a category select, indented by depth ("Shoes", "— Trail"), after `first`. */
export function categoryOptions(categories: readonly Category[], first: Option): Option[] {
  return [first, ...flattenTree(buildTree(categories)).map(({ node, depth }) => ({ value: node.code, label: `${'— '.repeat(depth)}${node.name} (${node.code})` }))];
}

/** The path of codes from the root down to `code` (for a product's `category`). */
export function pathTo(categories: readonly Category[], code: string): Category[] {
  const byCode = new Map(categories.map((category) => [category.code, category]));
  const path: Category[] = [];
  for (let at = byCode.get(code); at && path.length <= categories.length; at = at.parent_code === null ? undefined : byCode.get(at.parent_code)) path.unshift(at);
  return path;
}
