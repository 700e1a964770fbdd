import type { ReactNode } from 'react';
import { Link } from '../router.js';
import { Changes } from './access.js';

/** A page's "New …" button-link; one who could not save what it opens is not shown it. */
export function NewLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Changes>
      <Link to={to} className="button primary">
        {children}
      </Link>
    </Changes>
  );
}
