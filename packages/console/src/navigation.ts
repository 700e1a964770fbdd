// The main navigation's entries; every path is a page of pages.ts.

/** The main navigation, in order; `owner` pages are shown to owners (and API keys) only (T1). */
export const navigation: readonly { path: string; label: string; owner?: true }[] = [
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
  { path: '/webhooks', label: 'Webhooks', owner: true },
  { path: '/audit-log', label: 'Audit log', owner: true },
  { path: '/retention', label: 'Retention', owner: true },
  { path: '/people', label: 'People', owner: true },
  { path: '/settings', label: 'Settings', owner: true },
];
