import { createBrowserRouter } from 'react-router';
import { ROUTER_BASE } from '../lib/contract';
import { createAppRoutes } from './routes';

export function createAppRouter() {
  return createBrowserRouter(createAppRoutes(), { basename: ROUTER_BASE });
}
