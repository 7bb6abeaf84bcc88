import { RouterProvider } from 'react-router';
import { configQueryOptions } from '../lib/config';
import { ensureAuthLoaded } from '../lib/session';
import { AppProviders, createQueryClient } from '../components/providers';
import { createAppRouter } from './router';

// Start-up: the login is refreshed from GET auth (which also brings a CSRF token) and the config fetched.
void ensureAuthLoaded();
const queryClient = createQueryClient();
void queryClient.prefetchQuery(configQueryOptions);
const router = createAppRouter(queryClient);

export function App() {
  return (
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
