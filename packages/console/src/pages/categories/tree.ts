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

/**
 * Options for a category select, after `first`, in the tree's order, each named with its parents
 * ("Shoes › Trail (trail)"), so that the chosen one, shown alone in the closed select, says where it
 * sits (as the segment builder's category does).
 */
export function categoryOptions(categories: readonly Category[], first: Option): Option[] {
  const paths = new Map<string, string>();
  const options = [first];
  // Depth-first: a parent's path is known before its children's.
  for (const { node } of flattenTree(buildTree(categories))) {
    const parent = node.parent_code === null ? undefined : paths.get(node.parent_code);
    const path = parent === undefined ? node.name : `${parent} › ${node.name}`;
    paths.set(node.code, path);
    options.push({ value: node.code, label: `${path} (${node.code})` });
  }
  return options;
}

/** The path of codes from the root down to `code` (for a product's `category`). */
export function pathTo(categories: readonly Category[], code: string): Category[] {
  const byCode = new Map(categories.map((category) => [category.code, category]));
  const path: Category[] = [];
  for (let at = byCode.get(code); at && path.length <= categories.length; at = at.parent_code === null ? undefined : byCode.get(at.parent_code)) path.unshift(at);
  return path;
}
