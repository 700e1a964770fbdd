import type { ReactNode } from 'react';
import { useReadOnlyReason, useRole } from '../api/session.js';
import { navigation } from '../navigation.js';
import { Page } from './layout.js';
import { Empty } from './states.js';

// What the signed-in one is offered (docs/console.md, "What each role is shown"): an action that
// changes data is not shown to one who may not change data (a viewer, a read key; the note above
// every page says why), and an owner's page opened by its address shows that it is the owner's.

/**
 * Its children only for one who may change data: a form, button or link that only changes
 * something; `fallback` otherwise (a page that is only a form: `<ReadOnlyState />`).
 */
export function Changes({ children, fallback = null }: { children: ReactNode; fallback?: ReactNode }) {
  return useReadOnlyReason() === null ? <>{children}</> : <>{fallback}</>;
}

/** What a page that only creates something shows to one who may not change data: why. */
export function ReadOnlyState() {
  return (
    <Empty>
      <span data-testid="read-only-state">{useReadOnlyReason()}</span>
    </Empty>
  );
}

/** True when `path` is an owner's page (navigation.ts's `owner`) or below one. */
export function isOwnerPath(path: string): boolean {
  return navigation.some((item) => item.owner && (path === item.path || path.startsWith(`${item.path}/`)));
}

/** Whether the signed-in one may open the page at `path`: an owner's page only for an owner, as the menu shows. */
export function useCanOpen(path: string): boolean {
  return useRole() === 'owner' || !isOwnerPath(path);
}

/** The page at `path`, or, for an owner's page and someone else, a plain state saying whose it is. */
export function OwnerGate({ path, children }: { path: string; children: ReactNode }) {
  const role = useRole();
  const canOpen = useCanOpen(path);
  if (canOpen) return <>{children}</>;
  const label = navigation.find((item) => path === item.path || path.startsWith(`${item.path}/`))?.label ?? 'This page';
  return (
    <Page title={label}>
      <Empty>
        <span data-testid="owner-only">Only an owner of the account can see this page.</span> Your role is {role}: ask an owner if you need something done here.
      </Empty>
    </Page>
  );
}
