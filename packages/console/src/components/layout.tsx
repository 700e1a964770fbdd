import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useReadOnlyReason, useSession } from '../api/session.js';
import { navigation } from '../navigation.js';
import { Link, useIsActive, useLocation } from '../router.js';

// The frame of every signed-in page: a skip link, the banner with the sign-out button, the main
// navigation (a disclosure menu below 720 px), and <main>, which takes the focus on each new page
// so keyboard and screen-reader users start at its heading.

function NavLink({ to, children, onNavigate }: { to: string; children: ReactNode; onNavigate: () => void }) {
  const active = useIsActive(to);
  return (
    <Link to={to} aria-current={active ? 'page' : undefined} onClick={onNavigate}>
      {children}
    </Link>
  );
}

export function Layout({ children }: { children: ReactNode }) {
  const { signOut, person, role } = useSession();
  const readOnly = useReadOnlyReason();
  const shown = navigation.filter((item) => !item.owner || role === 'owner');
  const { path } = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const main = useRef<HTMLElement>(null);
  const first = useRef(true);

  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    main.current?.focus();
  }, [path]);

  return (
    <div className="app">
      <a
        className="skip-link"
        href="#main"
        onClick={(event) => {
          event.preventDefault();
          main.current?.focus();
        }}
      >
        Skip to content
      </a>
      <header className="topbar">
        <Link to="/" className="brand">
          Rapport <span>console</span>
        </Link>
        <button type="button" className="menu-button" aria-expanded={menuOpen} aria-controls="main-nav" onClick={() => setMenuOpen((open) => !open)}>
          Menu
        </button>
        <p className="who" data-testid="who">
          {person ? (
            <>
              <span className="who-name" title={person.email}>{person.email}</span> <span className="who-role">{person.role}</span>
            </>
          ) : (
            <span className="who-name">API key</span>
          )}
        </p>
        <button type="button" className="sign-out" onClick={() => signOut()}>
          Sign out
        </button>
      </header>
      <div className="shell">
        <nav id="main-nav" aria-label="Main" className={menuOpen ? 'nav nav-open' : 'nav'}>
          <ul>
            {shown.map((item) => (
              <li key={item.path}>
                <NavLink to={item.path} onNavigate={() => setMenuOpen(false)}>
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <main id="main" ref={main} tabIndex={-1}>
          {readOnly ? (
            <p className="hint read-only-note" data-testid="read-only-note">
              {readOnly}
            </p>
          ) : null}
          {children}
        </main>
      </div>
    </div>
  );
}

/** A page's heading, its actions, and the document title. */
export function Page({ title, actions, children, back }: { title: string; actions?: ReactNode; children: ReactNode; back?: { to: string; label: string } }) {
  useEffect(() => {
    document.title = `${title} · Rapport console`;
  }, [title]);
  return (
    <>
      {back ? (
        <p className="back">
          <Link to={back.to}>← {back.label}</Link>
        </p>
      ) : null}
      <div className="page-head">
        <h1>{title}</h1>
        {actions ? <div className="actions">{actions}</div> : null}
      </div>
      {children}
    </>
  );
}

/** A titled part of a page (h2), e.g. "Points" on a customer's page. */
export function Section({ title, children, actions, id }: { title: string; children: ReactNode; actions?: ReactNode; id?: string }) {
  const headingId = `${id ?? title.toLowerCase().replace(/\W+/g, '-')}-heading`;
  return (
    <section className="section" aria-labelledby={headingId} id={id}>
      <div className="section-head">
        <h2 id={headingId}>{title}</h2>
        {actions ? <div className="actions">{actions}</div> : null}
      </div>
      {children}
    </section>
  );
}
