import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import type { PageProps } from './router.js';

// Every page of the console: its path pattern and its module
// (loaded when first visited, so the first page loads only what it needs). To add a page: create
// src/pages/<area>/<page>.tsx with a default export taking PageProps, add a line here, and one in
// navigation.ts if the page belongs in the main navigation.

export interface PageEntry {
  path: string;
  component: LazyExoticComponent<ComponentType<PageProps>>;
}

const page = (load: () => Promise<{ default: ComponentType<PageProps> }>) => lazy(load);

export const pages: readonly PageEntry[] = [
  { path: '/', component: page(() => import('./pages/overview/index.js')) },
  { path: '/customers', component: page(() => import('./pages/customers/index.js')) },
  { path: '/customers/:id', component: page(() => import('./pages/customers/customer.js')) },
  { path: '/segments', component: page(() => import('./pages/segments/index.js')) },
  { path: '/segments/new', component: page(() => import('./pages/segments/segment.js')) },
  { path: '/segments/:id', component: page(() => import('./pages/segments/segment.js')) },
  { path: '/catalogue', component: page(() => import('./pages/catalogue/index.js')) },
  { path: '/catalogue/new', component: page(() => import('./pages/catalogue/new-product.js')) },
  { path: '/catalogue/products/:sku', component: page(() => import('./pages/catalogue/product.js')) },
  { path: '/catalogue/branches', component: page(() => import('./pages/catalogue/branches.js')) },
  { path: '/catalogue/branches/new', component: page(() => import('./pages/catalogue/new-branch.js')) },
  { path: '/catalogue/branches/:id', component: page(() => import('./pages/catalogue/branch.js')) },
  { path: '/purchases', component: page(() => import('./pages/purchases/index.js')) },
  { path: '/purchases/:id', component: page(() => import('./pages/purchases/purchase.js')) },
  { path: '/events', component: page(() => import('./pages/events/index.js')) },
  { path: '/events/user-events', component: page(() => import('./pages/events/user-events.js')) },
  { path: '/benefits', component: page(() => import('./pages/benefits/index.js')) },
  { path: '/benefits/new', component: page(() => import('./pages/benefits/new-benefit.js')) },
  { path: '/benefits/coupons', component: page(() => import('./pages/benefits/coupons.js')) },
  { path: '/benefits/:id', component: page(() => import('./pages/benefits/benefit.js')) },
  { path: '/categories', component: page(() => import('./pages/categories/index.js')) },
  { path: '/custom-attributes', component: page(() => import('./pages/custom-attributes/index.js')) },
  { path: '/blacklists', component: page(() => import('./pages/blacklists/index.js')) },
  { path: '/requests', component: page(() => import('./pages/requests/index.js')) },
  { path: '/mailings', component: page(() => import('./pages/mailings/index.js')) },
  { path: '/mailings/:id', component: page(() => import('./pages/mailings/mailing.js')) },
  { path: '/webhooks', component: page(() => import('./pages/webhooks/index.js')) },
  { path: '/webhooks/:id', component: page(() => import('./pages/webhooks/endpoint.js')) },
  { path: '/audit-log', component: page(() => import('./pages/account/audit-log.js')) },
  { path: '/retention', component: page(() => import('./pages/account/retention.js')) },
  { path: '/people', component: page(() => import('./pages/account/people.js')) },
  { path: '/settings', component: page(() => import('./pages/account/settings.js')) },
];
