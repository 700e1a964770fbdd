import { fold } from '../../lib/fold.js';

// SG1: a segment's slug comes from its title at creation and never changes afterwards.

/** Longest slug base kept; a clash suffix (`-2`, `-3`…) may follow it. */
const BASE_MAX = 200;

/**
 * Accents dropped and lower-cased (the U3 fold, so `ß` gives `ss`), every run of characters other
 * than ASCII letters and digits one `-`, no `-` at either end, cut to 200 characters. An all-digit
 * result gets the prefix `segment-` (a slug can then never be mistaken for a numeric id), and an
 * empty one is `segment`.
 */
export function slugBase(title: string): string {
  const slug = fold(title)
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, BASE_MAX)
    .replace(/-+$/, '');
  if (slug === '') return 'segment';
  return /^[0-9]+$/.test(slug) ? `segment-${slug}` : slug;
}

/** The base itself when free, else the base with the lowest suffix `-2`, `-3`… that is free. */
export function firstFreeSlug(base: string, taken: ReadonlySet<string>): string {
  if (!taken.has(base)) return base;
  for (let n = 2; ; n += 1) {
    const candidate = `${base}-${n}`;
    if (!taken.has(candidate)) return candidate;
  }
}
