import type { ReactNode } from 'react';
import { useReadOnlyReason } from '../api/session.js';
import { Link } from '../router.js';

/** A page's "New …" button-link; a viewer, who could not save what it opens, is not shown it. */
export function NewLink({ to, children }: { to: string; children: ReactNode }) {
  if (useReadOnlyReason() !== null) return null;
  return (
    <Link to={to} className="button primary">
      {children}
    </Link>
  );
}
