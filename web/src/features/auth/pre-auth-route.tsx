import { useState, type FormEvent } from 'react';
import { Alert, Button, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import './strings';
import { useNavigate, useParams } from 'react-router';
import { paths } from '../../lib/paths';
import { ApiError, isHandledError } from '../../lib/api-client';
import { writeCurrentEntry } from '../../lib/current-entry';
import { Page } from '../../components/page';
import { useLoginAuthor } from './api/login-author';
import { SessionExpiredAlert } from './components/session-expired-alert';
import { PasswordInput } from '../../components/password-input';

/** editCPTPreAuth: the entry's password opens it again (after a new visit or a session expiry). */
export function Component() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { cpt = '', id = '' } = useParams();
  const login = useLoginAuthor();
  const [password, setPassword] = useState('');
  const [missing, setMissing] = useState(false);

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (password === '') {
      setMissing(true);
      return;
    }
    login.mutate(
      { cpt, article_id: id, password },
      {
        onSuccess: () => {
          writeCurrentEntry({ cpt, id });
          void navigate(paths.editCPT({ cpt, id }), { replace: true });
        },
      },
    );
  };

  const error = login.error;
  const errorMessage = isHandledError(error)
    ? null
    : error instanceof ApiError && error.code === 'INVALID_CREDENTIALS'
      ? t('auth.preAuth.invalid')
      : error
        ? t('auth.preAuth.failed')
        : null;

  return (
    <Page title={t('auth.preAuth.title')} size="xs">
      <SessionExpiredAlert message={t('auth.preAuth.sessionExpired')} />
      <Text>{t('auth.preAuth.intro')}</Text>
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="md">
          {errorMessage && (
            <Alert color="red" variant="light" role="alert">
              {errorMessage}
            </Alert>
          )}
          <PasswordInput
            label={t('auth.preAuth.password')}
            name="password"
            autoComplete="current-password"
            required
            withAsterisk={false}
            value={password}
            error={missing ? t('validation.required') : undefined}
            visibilityToggleButtonProps={{ 'aria-label': t('auth.preAuth.showPassword') }}
            onChange={(event) => {
              setPassword(event.currentTarget.value);
              setMissing(false);
            }}
          />
          <Button type="submit" loading={login.isPending} w="fit-content">
            {t('auth.preAuth.submit')}
          </Button>
        </Stack>
      </form>
    </Page>
  );
}
