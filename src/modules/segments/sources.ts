import { type Catalogue, type Node, parseDefinition } from './definition.js';

// The tables whose writes can change whether a customer meets a definition: the live membership's
// customer path evaluates a marked customer only against the segments that read the table of the
// mark (migration 0026 names it). Names are the tables the triggers mark from.

export function sourcesOf(root: Node, catalogue: Catalogue, open: Set<number> = new Set()): Set<string> {
  const sources = new Set<string>();
  const visit = (node: Node): void => {
    switch (node.type) {
      case 'all':
      case 'any':
        node.nodes.forEach(visit);
        return;
      case 'not':
        visit(node.node);
        return;
      case 'text':
      case 'number':
      case 'date':
        sources.add('attribute' in node.source ? 'attribute_values' : 'users');
        return;
      case 'tags':
      case 'boolean':
        sources.add('users');
        return;
      case 'purchases':
        sources.add('purchases');
        return;
      case 'event':
        sources.add('user_events');
        return;
      case 'blacklisted':
        // The customer's address changes (users) or the entry comes or goes (blacklist_entries).
        sources.add('users').add('blacklist_entries');
        return;
      case 'benefit':
        sources.add('coupons');
        return;
      case 'abandoned_cart':
        sources.add('abandoned_carts');
        return;
      case 'mailing':
        sources.add('mailing_recipients');
        return;
      case 'segment': {
        const stored = catalogue.segments.get(node.segmentId);
        if (stored === undefined || open.has(node.segmentId)) return;
        open.add(node.segmentId);
        try {
          for (const source of sourcesOf(parseDefinition(stored, catalogue, { mode: 'stored' }).root, catalogue, open)) sources.add(source);
        } finally {
          open.delete(node.segmentId);
        }
        return;
      }
      case 'constant':
        return;
    }
  };
  visit(root);
  return sources;
}
