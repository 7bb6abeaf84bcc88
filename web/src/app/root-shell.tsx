import { useEffect } from 'react';
import { Outlet, useNavigate } from 'react-router';
import { ROUTER_BASE } from '../lib/contract';
import { setClientNavigate } from '../lib/api-client';
import { installExternalLinkInterceptor } from '../lib/external-link';
import { clientNavigationPath } from '../lib/client-navigation';
import { paths } from '../lib/paths';

/** The root route: wires the API client's navigation and the external-link interception to the router. */
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

  return <Outlet />;
}
