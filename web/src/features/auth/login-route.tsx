import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Alert, Button, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '../../lib/paths';
import { ApiError, isHandledError } from '../../lib/api-client';
import { messageKeyOf } from '../../lib/error-messages';
import { Page } from '../../components/page';
import { useLoginModerator } from './api/login';
import { SessionExpiredAlert } from './components/session-expired-alert';
import './strings';

/** The answers that keep the person on the login screen with a message of their own. */
const SHOWN_CODES = new Set(['INVALID_CREDENTIALS', 'SECOND_FACTOR_INVALID']);

/**
 * The moderation login: username and password, then, for an account with a second factor, a code from
 * the authenticator app or a recovery code. Success opens the back office, or the profile when the
 * installation requires a second factor the account does not have yet.
 */
export function Component() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const login = useLoginModerator();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [step, setStep] = useState<'password' | 'code'>('password');
  const codeInput = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (step === 'code') codeInput.current?.focus();
  }, [step]);

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const trimmed = code.trim();
    login.mutate(step === 'code' ? { username, password, code: trimmed } : { username, password }, {
      onSuccess: (auth) =>
        void navigate(auth.second_factor_setup_required ? paths.adminProfile() : paths.adminDashboard(), {
          replace: true,
        }),
      onError: (error) => {
        if (error instanceof ApiError && error.code === 'SECOND_FACTOR_REQUIRED') setStep('code');
      },
    });
  };

  const backToPassword = () => {
    login.reset();
    setCode('');
    setStep('password');
  };

  const error = login.error;
  const errorMessage =
    isHandledError(error) || (error instanceof ApiError && error.code === 'SECOND_FACTOR_REQUIRED')
      ? null
      : error instanceof ApiError && SHOWN_CODES.has(error.code)
        ? t(messageKeyOf(error.code))
        : error
          ? t('auth.login.failed')
          : null;

  return (
    <Page title={t('auth.login.title')} size="xs">
      <SessionExpiredAlert message={t('auth.login.sessionExpired')} />
      <Text>{step === 'code' ? t('auth.login.codeIntro') : t('auth.login.intro')}</Text>
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="md">
          {errorMessage && (
            <Alert color="red" variant="light" role="alert">
              {errorMessage}
            </Alert>
          )}
          {step === 'password' ? (
            <>
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
            </>
          ) : (
            <>
              <TextInput
                ref={codeInput}
                label={t('auth.login.code')}
                name="code"
                autoComplete="one-time-code"
                autoCapitalize="off"
                spellCheck={false}
                required
                withAsterisk={false}
                value={code}
                onChange={(event) => setCode(event.currentTarget.value)}
              />
              <Group gap="sm">
                <Button type="submit" loading={login.isPending} disabled={code.trim() === ''}>
                  {t('auth.login.codeSubmit')}
                </Button>
                <Button variant="subtle" onClick={backToPassword}>
                  {t('auth.login.back')}
                </Button>
              </Group>
            </>
          )}
        </Stack>
      </form>
    </Page>
  );
}
