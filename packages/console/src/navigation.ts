// The main navigation's entries; every path is a page of pages.ts.

/** The main navigation, in order. */
export const navigation: readonly { path: string; label: string }[] = [
  { path: '/', label: 'Overview' },
  { path: '/customers', label: 'Customers' },
  { path: '/segments', label: 'Segments' },
  { path: '/mailings', label: 'Mailings' },
  { path: '/catalogue', label: 'Catalogue' },
  { path: '/purchases', label: 'Purchases' },
  { path: '/events', label: 'Events' },
  { path: '/benefits', label: 'Benefits & coupons' },
  { path: '/categories', label: 'Categories' },
  { path: '/custom-attributes', label: 'Custom attributes' },
  { path: '/blacklists', label: 'Blacklists' },
  { path: '/requests', label: 'Background requests' },
  { path: '/webhooks', label: 'Webhooks' },
  { path: '/audit-log', label: 'Audit log' },
  { path: '/retention', label: 'Retention' },
];
