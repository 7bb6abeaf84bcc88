import { useState, type FormEvent } from 'react';
import { Alert, Button, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import './strings';
import { useNavigate } from 'react-router';
import { paths } from '../../lib/paths';
import { ApiError, isHandledError } from '../../lib/api-client';
import { messageKeyOf } from '../../lib/error-messages';
import { Page } from '../../components/page';
import { useLoginModerator } from './api/login';
import { SessionExpiredAlert } from './components/session-expired-alert';

/** The moderation login: username and password; success opens the back office. */
export function Component() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const login = useLoginModerator();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    login.mutate(
      { username, password },
      { onSuccess: () => void navigate(paths.adminDashboard(), { replace: true }) },
    );
  };

  const error = login.error;
  const errorMessage = isHandledError(error)
    ? null
    : error instanceof ApiError && error.code === 'INVALID_CREDENTIALS'
      ? t(messageKeyOf(error.code))
      : error
        ? t('auth.login.failed')
        : null;

  return (
    <Page title={t('auth.login.title')} size="xs">
      <SessionExpiredAlert message={t('auth.login.sessionExpired')} />
      <Text>{t('auth.login.intro')}</Text>
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="md">
          {errorMessage && (
            <Alert color="red" variant="light" role="alert">
              {errorMessage}
            </Alert>
          )}
          <TextInput
            label={t('auth.login.username')}
            name="username"
            autoComplete="username"
            required
            withAsterisk={false}
            value={username}
            onChange={(event) => setUsername(event.currentTarget.value)}
          />
          <PasswordInput
            label={t('auth.login.password')}
            name="password"
            autoComplete="current-password"
            visibilityToggleButtonProps={{ 'aria-label': t('auth.login.showPassword') }}
            required
            withAsterisk={false}
            value={password}
            onChange={(event) => setPassword(event.currentTarget.value)}
          />
          <Button type="submit" loading={login.isPending} w="fit-content">
            {t('auth.login.submit')}
          </Button>
        </Stack>
      </form>
    </Page>
  );
}
