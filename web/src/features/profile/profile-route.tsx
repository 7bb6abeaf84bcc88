import { useState, type FormEvent } from 'react';
import { Alert, Button, Card, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { NewPasswordFields } from '../../components/new-password-fields';
import { Page } from '../../components/page';
import { ApiError, isHandledError } from '../../lib/api-client';
import { useAuth } from '../../lib/auth-store';
import { PASSWORD_MAX, PASSWORD_MIN } from '../../lib/contract';
import { useChangeOwnPassword } from './api/change-own-password';
import { useOwnAccount } from './api/get-account';
import { MailSettings } from './components/mail-settings';
import { PasskeysCard } from './components/passkeys-card';
import { SecondFactorCard } from './components/second-factor-card';
import { SessionsCard } from './components/sessions-card';
import './strings';
import { PasswordInput } from '../../components/password-input';

type Problems = { password?: string; repeat?: string; old?: string };

/**
 * One's own account: name and role, a password change that needs the old password, the second factor,
 * the open sessions and the mail settings.
 */
export function ProfilePage() {
  const { t } = useTranslation();
  const { role } = useAuth();
  const account = useOwnAccount();
  const changePassword = useChangeOwnPassword();
  const [oldPassword, setOldPassword] = useState('');
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [problems, setProblems] = useState<Problems>({});
  const [result, setResult] = useState<'changed' | 'failed' | 'wrong' | null>(null);
  const username = account.data?.username;
  const shownRole = account.data?.role ?? role;

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setResult(null);
    const found: Problems = {};
    if (!oldPassword) found.old = t('validation.required');
    if (password.length < PASSWORD_MIN || password.length > PASSWORD_MAX) {
      found.password = t('profile.passwordRule', { min: PASSWORD_MIN, max: PASSWORD_MAX });
    }
    if (repeat !== password) found.repeat = t('profile.repeatMismatch');
    setProblems(found);
    if (Object.keys(found).length > 0 || !username) return;
    changePassword.mutate(
      { username, old_password: oldPassword, password },
      {
        onSuccess: () => {
          setOldPassword('');
          setPassword('');
          setRepeat('');
          setResult('changed');
        },
        onError: (error) => {
          if (isHandledError(error)) return;
          const wrongOld =
            error instanceof ApiError &&
            (error.code === 'INVALID_CREDENTIALS' ||
              (error.fields?.some((field) => field.field.endsWith('old_password')) ?? false));
          setResult(wrongOld ? 'wrong' : 'failed');
        },
      },
    );
  };

  return (
    <Page title={t('profile.title')} size="sm">
      <Card withBorder component="section" aria-labelledby="account-heading">
        <Title order={2} size="h3" id="account-heading" mb="sm">
          {t('profile.accountTitle')}
        </Title>
        <dl>
          <Text component="dt" fw={600}>
            {t('profile.username')}
          </Text>
          <Text component="dd" ml={0} mb="xs">
            {username ?? (account.isPending ? t('common.loading') : '—')}
          </Text>
          <Text component="dt" fw={600}>
            {t('profile.role')}
          </Text>
          <Text component="dd" ml={0}>
            {shownRole === 'mod' || shownRole === 'admin' ? t(`admin.role.${shownRole}`) : shownRole}
          </Text>
        </dl>
      </Card>
      <section aria-labelledby="password-heading">
        <form onSubmit={handleSubmit} noValidate>
          <Stack gap="sm">
            <Title order={2} size="h3" id="password-heading">
              {t('profile.passwordTitle')}
            </Title>
            {result === 'changed' && (
              <Alert color="teal" variant="light" role="status">
                {t('profile.changed')}
              </Alert>
            )}
            {(result === 'wrong' || result === 'failed') && (
              <Alert color="red" variant="light" role="alert">
                {result === 'wrong' ? t('profile.wrongOldPassword') : t('profile.changeFailed')}
              </Alert>
            )}
            {account.isError && (
              <Alert color="red" variant="light" role="alert">
                {t('profile.loadFailed')}
              </Alert>
            )}
            <PasswordInput
              label={t('profile.oldPassword')}
              value={oldPassword}
              autoComplete="current-password"
              required
              error={problems.old}
              visibilityToggleButtonProps={{ 'aria-label': t('admin.showPassword') }}
              onChange={(event) => setOldPassword(event.currentTarget.value)}
            />
            <NewPasswordFields
              password={password}
              repeat={repeat}
              onPasswordChange={setPassword}
              onRepeatChange={setRepeat}
              labels={{ password: t('profile.newPassword'), repeat: t('profile.repeatPassword') }}
              errors={problems}
            />
            <Button type="submit" loading={changePassword.isPending} disabled={!username} w="fit-content">
              {t('profile.submit')}
            </Button>
          </Stack>
        </form>
      </section>
      <SecondFactorCard />
      <PasskeysCard />
      <SessionsCard />
      <MailSettings />
    </Page>
  );
}

export const Component = ProfilePage;
