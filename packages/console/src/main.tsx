import { MutationCache, QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode, useEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { isKeyRefused, isRoleRefusal } from './api/errors.js';
import { SessionProvider, useSession } from './api/session.js';
import { App } from './app.js';
import { RouterProvider } from './router.js';
import './styles.css';

// A refused key (revoked while signed in) or an ended session signs out: the sign-in page says why.
// A refusal for the role (an owner changed it meanwhile) reads the person again, so the menu and
// buttons follow the new role.
let onForbidden: (error: unknown) => void = () => {};
let onRoleRefused: () => void = () => {};

const watch = (error: unknown) => {
  if (isKeyRefused(error)) onForbidden(error);
  else if (isRoleRefusal(error)) onRoleRefused();
};

const queryClient = new QueryClient({
  queryCache: new QueryCache({ onError: watch }),
  mutationCache: new MutationCache({ onError: watch }),
  defaultOptions: {
    queries: {
      staleTime: 15_000,
      // The SDK already retries 429/503 as Retry-After says; an API error is an answer, not a glitch.
      retry: (failures, error) => failures < 1 && !('status' in error),
      refetchOnWindowFocus: false,
    },
  },
});

function ForbiddenWatcher() {
  const { signOut, refreshPerson } = useSession();
  useEffect(() => {
    onForbidden = (error) => signOut(error);
    onRoleRefused = () => void refreshPerson();
  }, [signOut, refreshPerson]);
  return null;
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <SessionProvider onSignOut={() => queryClient.clear()}>
        <ForbiddenWatcher />
        <RouterProvider>
          <App />
        </RouterProvider>
      </SessionProvider>
    </QueryClientProvider>
  </StrictMode>,
);
