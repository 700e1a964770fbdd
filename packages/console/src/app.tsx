import { Suspense } from 'react';
import { useSession } from './api/session.js';
import { SettingsGate } from './api/settings.js';
import { OwnerGate } from './components/access.js';
import { Layout, Page } from './components/layout.js';
import { Empty, Loading } from './components/states.js';
import { SignIn } from './pages/sign-in.js';
import { Welcome } from './pages/welcome.js';
import { pages } from './pages.js';
import { Link, matchPath, useLocation } from './router.js';

function NotFound() {
  return (
    <Page title="Page not found">
      <Empty>
        There is no console page at this address. <Link to="/">Go to the overview</Link>.
      </Empty>
    </Page>
  );
}

function Routes() {
  const { path } = useLocation();
  for (const entry of pages) {
    const params = matchPath(entry.path, path);
    if (params) {
      const Component = entry.component;
      return (
        <OwnerGate path={path}>
          <Component params={params} />
        </OwnerGate>
      );
    }
  }
  return <NotFound />;
}

export function App() {
  const { client, checking } = useSession();
  const { path } = useLocation();
  // The welcome link's page works signed in or not (an owner may open a link to try it).
  if (path === '/welcome') return <Welcome />;
  if (checking) return <Loading label="Loading the console…" />;
  if (!client) return <SignIn />;
  return (
    <Layout>
      <SettingsGate>
        <Suspense fallback={<Loading label="Loading the page…" />}>
          <Routes />
        </Suspense>
      </SettingsGate>
    </Layout>
  );
}
