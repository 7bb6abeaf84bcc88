import { useEffect, useState, type FormEvent } from 'react';
import { Alert, Button, Card, NativeSelect, Stack, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ApiError, isHandledError } from '../../../lib/api-client';
import {
  isMailAddress,
  LOCALES,
  NOTIFICATION_EVENTS,
  NOTIFICATION_MODES,
  type NotificationEvent,
  type NotificationMode,
  type Profile,
} from '../../../lib/contract';
import { useProfile, useUpdateProfile } from '../api/profile';
import { PasswordInput } from '../../../components/password-input';

type Draft = Omit<Profile['data'], 'username' | 'role' | 'mail_enabled'>;
type Problems = { email?: string; password?: string };

/** One's address, the language of one's mails, and what one hears of, immediately, daily or never. */
export function MailSettings() {
  const { t } = useTranslation();
  const profile = useProfile();
  const update = useUpdateProfile();
  const [draft, setDraft] = useState<Draft | null>(null);
  const [password, setPassword] = useState('');
  const [problems, setProblems] = useState<Problems>({});
  const [result, setResult] = useState<'saved' | 'failed' | null>(null);
  const stored = profile.data?.data;

  useEffect(() => {
    if (stored && draft === null) {
      setDraft({ email: stored.email, language: stored.language, notifications: stored.notifications });
    }
  }, [stored, draft]);

  if (profile.isError) {
    return (
      <Alert color="red" variant="light" role="alert">
        {t('profile.loadFailed')}
      </Alert>
    );
  }
  if (!stored || !draft) return null;

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setResult(null);
    const email = (draft.email ?? '').trim();
    const emailChanged = email !== (stored.email ?? '');
    const found: Problems = {};
    if (email !== '' && !isMailAddress(email)) found.email = t('profile.mail.emailInvalid');
    if (emailChanged && password === '') found.password = t('profile.mail.passwordNeeded');
    setProblems(found);
    if (Object.keys(found).length > 0) return;
    update.mutate(
      {
        language: draft.language,
        notifications: draft.notifications,
        ...(emailChanged ? { email: email === '' ? null : email, current_password: password } : {}),
      },
      {
        onSuccess: () => {
          setPassword('');
          setResult('saved');
        },
        onError: (error) => {
          if (isHandledError(error)) return;
          const field = error instanceof ApiError ? error.fields?.[0]?.field : undefined;
          if (field?.endsWith('current_password')) setProblems({ password: t('profile.mail.wrongPassword') });
          else if (field?.endsWith('email')) setProblems({ email: t('profile.mail.emailInvalid') });
          else setResult('failed');
        },
      },
    );
  };

  const setMode = (event: NotificationEvent, mode: NotificationMode) =>
    setDraft({ ...draft, notifications: { ...draft.notifications, [event]: mode } });

  return (
    <Card withBorder component="section" aria-labelledby="mail-heading">
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="sm">
          <Title order={2} size="h3" id="mail-heading">
            {t('profile.mail.mailTitle')}
          </Title>
          {!stored.mail_enabled && (
            // A standing remark, not an alert (Mantine's Alert says role="alert" by default).
            <Alert color="gray" variant="light" role="note">
              {t('profile.mail.mailOff')}
            </Alert>
          )}
          {result === 'saved' && (
            <Alert color="teal" variant="light" role="status">
              {t('profile.mail.saved')}
            </Alert>
          )}
          {result === 'failed' && (
            <Alert color="red" variant="light" role="alert">
              {t('profile.mail.saveFailed')}
            </Alert>
          )}
          <TextInput
            type="email"
            label={t('profile.mail.email')}
            description={t('profile.mail.emailHelp')}
            autoComplete="email"
            value={draft.email ?? ''}
            error={problems.email}
            onChange={(event) => setDraft({ ...draft, email: event.currentTarget.value })}
          />
          <PasswordInput
            label={t('profile.mail.currentPassword')}
            autoComplete="current-password"
            value={password}
            error={problems.password}
            visibilityToggleButtonProps={{ 'aria-label': t('admin.showPassword') }}
            onChange={(event) => setPassword(event.currentTarget.value)}
          />
          <NativeSelect
            label={t('profile.mail.language')}
            data={LOCALES.map((locale) => ({
              value: locale,
              label: t(locale === 'de-CH' ? 'language.deCH' : `language.${locale}`),
            }))}
            value={draft.language}
            onChange={(event) =>
              setDraft({ ...draft, language: event.currentTarget.value as Draft['language'] })
            }
          />
          {NOTIFICATION_EVENTS.map((event) => (
            <NativeSelect
              key={event}
              label={t(`profile.mail.events.${event}`)}
              data={NOTIFICATION_MODES.map((mode) => ({
                value: mode,
                label: t(`profile.mail.modes.${mode}`),
              }))}
              value={draft.notifications[event]}
              onChange={(change) => setMode(event, change.currentTarget.value as NotificationMode)}
            />
          ))}
          <Button type="submit" loading={update.isPending} w="fit-content">
            {t('profile.mail.save')}
          </Button>
        </Stack>
      </form>
    </Card>
  );
}
