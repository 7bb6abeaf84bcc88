import { lazy, Suspense, useRef } from 'react';
import { Anchor, Badge, Burger, Group } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { Link, Outlet } from 'react-router';
import { paths } from '../../lib/paths';
import { TopBarNav } from './top-bar-nav';
import classes from './app-frame.module.css';

// The drawer (and the modal machinery it brings) loads only when a narrow screen opens the menu.
const MenuDrawer = lazy(() => import('./menu-drawer'));

type AppFrameProps = { area: 'public' | 'backOffice' };

// Mantine's class that keeps a fixed element in place while a modal locks the page's scrolling (the
// modal's scroll lock offsets it by the scrollbar's width).
const SCROLL_LOCK_OFFSET_CLASS = 'right-scroll-bar-position';

/**
 * The frame of every screen: header with top bar (a drawer on narrow screens) and the main landmark.
 * Plain elements with AppShell's look: AppShell brings its resizable side panels into the first load.
 */
export function AppFrame({ area }: AppFrameProps) {
  const { t } = useTranslation();
  const [opened, { toggle, close }] = useDisclosure(false);
  const burger = useRef<HTMLButtonElement>(null);
  // The drawer unmounts as it closes, before Mantine could return focus: the burger takes it back (a
  // link in the menu then hands it on to the new screen's h1).
  const closeMenu = () => {
    close();
    burger.current?.focus();
  };

  return (
    <>
      <a href="#main" className={classes.skipLink}>
        {t('app.skipToContent')}
      </a>
      <header className={`${classes.header} ${SCROLL_LOCK_OFFSET_CLASS}`}>
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
            ref={burger}
            opened={opened}
            onClick={toggle}
            className={classes.burger}
            aria-label={opened ? t('nav.closeMenu') : t('nav.openMenu')}
            aria-expanded={opened}
            aria-controls="top-bar-drawer"
          />
        </Group>
      </header>
      {opened && (
        <Suspense fallback={null}>
          <MenuDrawer opened={opened} onClose={closeMenu} />
        </Suspense>
      )}
      <main id="main" className={classes.main}>
        <Outlet />
      </main>
    </>
  );
}

export const PublicLayout = () => <AppFrame area="public" />;
export const BackOfficeLayout = () => <AppFrame area="backOffice" />;
