import { lazy, Suspense } from 'react';
import { AppShell, Anchor, Badge, Burger, Group } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { Link, Outlet } from 'react-router';
import { paths } from '../paths';
import { TopBarNav } from './top-bar-nav';
import classes from './app-frame.module.css';

// The drawer (and the modal machinery it brings) loads only when a narrow screen opens the menu.
const MenuDrawer = lazy(() => import('./menu-drawer'));

type AppFrameProps = { area: 'public' | 'backOffice' };

/** The frame of every screen: header with top bar (a drawer on narrow screens) and the main landmark. */
export function AppFrame({ area }: AppFrameProps) {
  const { t } = useTranslation();
  const [opened, { toggle, close }] = useDisclosure(false);

  return (
    <AppShell header={{ height: 64 }} padding="md">
      <a href="#main" className={classes.skipLink}>
        {t('app.skipToContent')}
      </a>
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="xs" wrap="nowrap">
            <Anchor component={Link} to={paths.home()} className={classes.brand}>
              {t('app.name')}
            </Anchor>
            {area === 'backOffice' && (
              <Badge variant="outline" color="gray.8">
                {t('nav.login')}
              </Badge>
            )}
          </Group>
          <nav aria-label={t('nav.label')} className={classes.desktopNav}>
            <TopBarNav direction="row" />
          </nav>
          <Burger
            opened={opened}
            onClick={toggle}
            className={classes.burger}
            aria-label={opened ? t('nav.closeMenu') : t('nav.openMenu')}
            aria-expanded={opened}
            aria-controls="top-bar-drawer"
          />
        </Group>
      </AppShell.Header>
      {opened && (
        <Suspense fallback={null}>
          <MenuDrawer opened={opened} onClose={close} />
        </Suspense>
      )}
      <AppShell.Main id="main">
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
}

export const PublicLayout = () => <AppFrame area="public" />;
export const BackOfficeLayout = () => <AppFrame area="backOffice" />;
