import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Alert, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { paths } from '../../lib/paths';
import { ApiError, isHandledError } from '../../lib/api-client';
import { messageKeyOf } from '../../lib/error-messages';
import { Page } from '../../components/page';
import {
  API_BASE,
  SSO_ERROR_CODES,
  type SecondFactorMethod,
  type SsoErrorCode,
  type WebAuthnResponse,
} from '../../lib/contract';
import { passkeyCancelled, signWithPasskey } from '../../lib/webauthn';
import { loginModerator, useLoginModerator } from './api/login';
import { useLoginOptions } from './api/login-options';
import { SessionExpiredAlert } from './components/session-expired-alert';
import './strings';
import { PasswordInput } from '../../components/password-input';

/** The answers that keep the person on the login screen with a message of their own. */
const SHOWN_CODES = new Set(['INVALID_CREDENTIALS', 'SECOND_FACTOR_INVALID']);

/** Where the single sign-on button leads: a full page load, the server sends the browser on. */
const SSO_START = `${API_BASE}/auth/oidc/start`;

function ssoErrorOf(value: string | null): SsoErrorCode | null {
  return (SSO_ERROR_CODES as readonly string[]).includes(value ?? '') ? (value as SsoErrorCode) : null;
}

/** What a SECOND_FACTOR_REQUIRED answer offers: the methods, and a passkey's options when it has one. */
function offerOf(error: ApiError): {
  methods: SecondFactorMethod[];
  webauthn: Record<string, unknown> | null;
} {
  const params = error.fields?.[0]?.params ?? {};
  const methods: SecondFactorMethod[] = Array.isArray(params['methods'])
    ? (params['methods'] as SecondFactorMethod[])
    : ['totp', 'recovery_code'];
  const webauthn = params['webauthn'];
  return {
    methods,
    webauthn:
      typeof webauthn === 'object' && webauthn !== null ? (webauthn as Record<string, unknown>) : null,
  };
}

/**
 * The moderation login: single sign-on through the organisation's provider when the installation
 * has one (its refusals come back as `?sso_error=`), and username and password, then, for an account with a second factor, a code from
 * the authenticator app or a recovery code, or a passkey (its options come with the answer that asks
 * for the second factor; each works once, so another try asks the server for new ones). Success opens the back office, or the profile when the
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
  const [methods, setMethods] = useState<SecondFactorMethod[]>([]);
  const [passkeyOptions, setPasskeyOptions] = useState<Record<string, unknown> | null>(null);
  const [passkeyProblem, setPasskeyProblem] = useState<string | null>(null);
  const [passkeyBusy, setPasskeyBusy] = useState(false);
  const codeInput = useRef<HTMLInputElement>(null);
  const [searchParams] = useSearchParams();
  const ssoError = ssoErrorOf(searchParams.get('sso_error'));
  const options = useLoginOptions().data;
  const sso = options?.sso ?? null;
  const passwordLogin = options?.password_login ?? true;
  const passkeyButton = useRef<HTMLButtonElement>(null);
  const withCode = methods.includes('totp');
  const withPasskey = methods.includes('webauthn');

  useEffect(() => {
    if (step !== 'code') return;
    if (withCode) codeInput.current?.focus();
    else passkeyButton.current?.focus();
  }, [step, withCode]);

  const send = (credentials: { code: string } | { webauthn: WebAuthnResponse } | object) => {
    login.mutate(
      { username, password, ...credentials },
      {
        onSuccess: (auth) =>
          void navigate(auth.second_factor_setup_required ? paths.adminProfile() : paths.adminDashboard(), {
            replace: true,
          }),
        onError: (error) => {
          if (error instanceof ApiError && error.code === 'SECOND_FACTOR_REQUIRED') {
            const offer = offerOf(error);
            setMethods(offer.methods);
            setPasskeyOptions(offer.webauthn);
            setStep('code');
          }
        },
      },
    );
  };

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setPasskeyProblem(null);
    send(step === 'code' ? { code: code.trim() } : {});
  };

  /** The passkey's options: the ones at hand once, then new ones (each challenge works once). */
  const freshOptions = async (): Promise<Record<string, unknown> | null> => {
    if (passkeyOptions) {
      setPasskeyOptions(null);
      return passkeyOptions;
    }
    try {
      await loginModerator({ username, password });
      return null;
    } catch (error) {
      return error instanceof ApiError && error.code === 'SECOND_FACTOR_REQUIRED'
        ? offerOf(error).webauthn
        : null;
    }
  };

  const signInWithPasskey = async () => {
    login.reset();
    setPasskeyProblem(null);
    setPasskeyBusy(true);
    try {
      const options = await freshOptions();
      if (!options) throw new Error('no passkey options');
      const webauthn = await signWithPasskey(options);
      send({ webauthn });
    } catch (error) {
      setPasskeyProblem(
        t(passkeyCancelled(error) ? 'auth.login.passkeyCancelled' : 'auth.login.passkeyFailed'),
      );
    } finally {
      setPasskeyBusy(false);
    }
  };

  const backToPassword = () => {
    login.reset();
    setCode('');
    setPasskeyProblem(null);
    setPasskeyOptions(null);
    setStep('password');
  };

  const error = login.error;
  const errorMessage =
    passkeyProblem ??
    (isHandledError(error) || (error instanceof ApiError && error.code === 'SECOND_FACTOR_REQUIRED')
      ? null
      : error instanceof ApiError && SHOWN_CODES.has(error.code)
        ? t(messageKeyOf(error.code))
        : error
          ? t('auth.login.failed')
          : null);
  const intro =
    step === 'password'
      ? t('auth.login.intro')
      : withPasskey && withCode
        ? t('auth.login.codeOrPasskeyIntro')
        : withPasskey
          ? t('auth.login.passkeyIntro')
          : t('auth.login.codeIntro');

  return (
    <Page title={t('auth.login.title')} size="xs">
      <SessionExpiredAlert message={t('auth.login.sessionExpired')} />
      <Text>{intro}</Text>
      {ssoError && !login.error && (
        <Alert color="red" variant="light" role="alert">
          {t(`auth.login.ssoErrors.${ssoError}`)}
        </Alert>
      )}
      {sso && step === 'password' && (
        <Button component="a" href={SSO_START} w="fit-content">
          {t('auth.login.sso', { name: sso.name })}
        </Button>
      )}
      {sso && passwordLogin && step === 'password' && <Text>{t('auth.login.orPassword')}</Text>}
      {passwordLogin && (
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
                {withPasskey && (
                  <Button
                    ref={passkeyButton}
                    onClick={() => void signInWithPasskey()}
                    loading={passkeyBusy || (login.isPending && !withCode)}
                    variant={withCode ? 'default' : 'filled'}
                    w="fit-content"
                  >
                    {t('auth.login.usePasskey')}
                  </Button>
                )}
                {withCode && (
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
                )}
                <Group gap="sm">
                  {withCode && (
                    <Button type="submit" loading={login.isPending} disabled={code.trim() === ''}>
                      {t('auth.login.codeSubmit')}
                    </Button>
                  )}
                  <Button variant="subtle" onClick={backToPassword}>
                    {t('auth.login.back')}
                  </Button>
                </Group>
              </>
            )}
          </Stack>
        </form>
      )}
    </Page>
  );
}
