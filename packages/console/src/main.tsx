import { MutationCache, QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode, useEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { isKeyRefused } from './api/errors.js';
import { SessionProvider, useSession } from './api/session.js';
import { App } from './app.js';
import { RouterProvider } from './router.js';
import './styles.css';

// A refused key (revoked while signed in) ends the session: the sign-in page says why.
let onForbidden: (error: unknown) => void = () => {};

const queryClient = new QueryClient({
  queryCache: new QueryCache({ onError: (error) => isKeyRefused(error) && onForbidden(error) }),
  mutationCache: new MutationCache({ onError: (error) => isKeyRefused(error) && onForbidden(error) }),
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
  const { signOut } = useSession();
  useEffect(() => {
    onForbidden = (error) => signOut(error);
  }, [signOut]);
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
