import { Anchor, Button, Group, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { NavLink, useLocation, useNavigate } from 'react-router';
import { useLogout } from '../../features/auth/api/logout';
import { useAuth } from '../../lib/auth-store';
import { isLoggedIn } from '../../lib/contract';
import { readCurrentEntry } from '../../lib/current-entry';
import { showDangerToast } from '../../lib/notify';
import { paths } from '../../lib/paths';
import { LanguageSelect } from './language-select';
import { topBarEntries } from './top-bar-entries';
import classes from './app-frame.module.css';

type TopBarNavProps = { direction: 'row' | 'column'; onNavigate?: () => void };

/** The top bar's entries for the current role, the language switch and logout. */
export function TopBarNav({ direction, onNavigate }: TopBarNavProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { role } = useAuth();
  useLocation(); // the current entry may change with any navigation
  const logout = useLogout();
  const entries = topBarEntries(role, readCurrentEntry());

  const handleLogout = () => {
    logout.mutate(undefined, {
      onSuccess: () => {
        onNavigate?.();
        void navigate(paths.home());
      },
      onError: () => showDangerToast(t('auth.logout.failedTitle'), t('auth.logout.failedText')),
    });
  };

  const links = entries.map((entry) => (
    <Anchor
      key={entry.key}
      component={NavLink}
      to={entry.href}
      end={entry.end}
      className={classes.link}
      onClick={onNavigate}
    >
      {t(entry.labelKey)}
    </Anchor>
  ));
  const controls = (
    <>
      <LanguageSelect />
      {isLoggedIn(role) && (
        <Button variant="default" size="sm" onClick={handleLogout} loading={logout.isPending}>
          {t('nav.logout')}
        </Button>
      )}
    </>
  );

  if (direction === 'column') {
    return (
      <Stack gap="sm" align="flex-start">
        {links}
        {controls}
      </Stack>
    );
  }
  return (
    <Group gap="md" wrap="nowrap">
      {links}
      {controls}
    </Group>
  );
}
