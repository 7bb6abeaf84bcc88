import type { QueryClient } from '@tanstack/react-query';
import { createBrowserRouter } from 'react-router';
import { ROUTER_BASE } from '../lib/contract';
import { createAppRoutes } from './routes';

export function createAppRouter(queryClient: QueryClient) {
  return createBrowserRouter(createAppRoutes({ queryClient }), { basename: ROUTER_BASE });
}
