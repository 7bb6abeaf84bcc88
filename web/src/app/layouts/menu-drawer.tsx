import { Drawer } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { TopBarNav } from './top-bar-nav';

type MenuDrawerProps = { opened: boolean; onClose: () => void };

/** The top bar on narrow screens: the same entries in a drawer. */
export default function MenuDrawer({ opened, onClose }: MenuDrawerProps) {
  const { t } = useTranslation();
  return (
    <Drawer.Root opened={opened} onClose={onClose} position="right" id="top-bar-drawer">
      <Drawer.Overlay />
      <Drawer.Content>
        {/* A div, not Mantine's <header>: the page's banner is the top bar. */}
        <Drawer.Header component="div">
          <Drawer.Title>{t('nav.menu')}</Drawer.Title>
          <Drawer.CloseButton aria-label={t('nav.closeMenu')} />
        </Drawer.Header>
        <Drawer.Body>
          <nav aria-label={t('nav.menu')}>
            <TopBarNav direction="column" onNavigate={onClose} />
          </nav>
        </Drawer.Body>
      </Drawer.Content>
    </Drawer.Root>
  );
}
