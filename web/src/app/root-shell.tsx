import { useEffect } from 'react';
import { Outlet, useNavigate } from 'react-router';
import { ROUTER_BASE } from '../lib/contract';
import { setClientNavigate } from '../lib/api-client';
import { installExternalLinkInterceptor } from '../lib/external-link';
import { clientNavigationPath } from '../lib/client-navigation';
import { paths } from '../lib/paths';
import { RouteAnnouncer } from '../components/route-announcer';

/**
 * The root route: wires the API client's navigation and the external-link interception to the router,
 * and holds the live region that announces each screen (after it, so the screen's effects run first).
 */
export function RootShell() {
  const navigate = useNavigate();

  useEffect(() => {
    setClientNavigate((target) => void navigate(clientNavigationPath(target)));
  }, [navigate]);

  useEffect(
    () =>
      installExternalLinkInterceptor(
        (destination) => `${window.location.origin}${ROUTER_BASE}${paths.external(destination)}`,
      ),
    [],
  );

  return (
    <>
      <Outlet />
      <RouteAnnouncer />
    </>
  );
}
