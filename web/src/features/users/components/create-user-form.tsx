import { useState, type FormEvent } from 'react';
import { Alert, Button, NativeSelect, Stack, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { NewPasswordFields } from '../../../components/new-password-fields';
import { ApiError, isHandledError } from '../../../lib/api-client';
import {
  ACCOUNT_ROLES,
  isMailAddress,
  PASSWORD_MAX,
  PASSWORD_MIN,
  USERNAME_MAX,
  type AccountRole,
} from '../../../lib/contract';
import { isValidPasswordLength, isValidUsername } from '../account-rules';
import { useCreateUser } from '../api/create-user';
import '../strings';

type Problems = { username?: string; password?: string; repeat?: string; email?: string; form?: string };

/** Creates a moderation account: name, password twice, role, an optional address. Checks the spec's rules before sending. */
export function CreateUserForm({ onCreated }: { onCreated: (username: string) => void }) {
  const { t } = useTranslation();
  const createUser = useCreateUser();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [role, setRole] = useState<AccountRole>('mod');
  const [email, setEmail] = useState('');
  const [problems, setProblems] = useState<Problems>({});

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found: Problems = {};
    if (!isValidUsername(username)) found.username = t('users.usernameRule');
    if (!isValidPasswordLength(password))
      found.password = t('users.passwordRule', { min: PASSWORD_MIN, max: PASSWORD_MAX });
    if (repeat !== password) found.repeat = t('users.repeatMismatch');
    if (email.trim() !== '' && !isMailAddress(email.trim())) found.email = t('users.emailInvalid');
    setProblems(found);
    if (Object.keys(found).length > 0) return;
    createUser.mutate(
      { username, password, role, ...(email.trim() !== '' ? { email: email.trim() } : {}) },
      {
        onSuccess: () => {
          setUsername('');
          setPassword('');
          setRepeat('');
          setRole('mod');
          setEmail('');
          onCreated(username);
        },
        onError: (error) => {
          if (isHandledError(error)) return;
          const field = error instanceof ApiError ? error.fields?.[0]?.field : undefined;
          if (error instanceof ApiError && (error.code === 'CONFLICT' || field === 'username')) {
            setProblems({ username: t('users.usernameRule') });
          } else if (error instanceof ApiError && field === 'email') {
            setProblems({ email: t('users.emailInvalid') });
          } else if (error instanceof ApiError && field === 'password') {
            setProblems({ password: t('users.passwordRule', { min: PASSWORD_MIN, max: PASSWORD_MAX }) });
          } else {
            setProblems({ form: t('users.createFailed') });
          }
        },
      },
    );
  };

  return (
    <section aria-labelledby="create-user-heading">
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="sm" maw={420}>
          <Title order={2} id="create-user-heading">
            {t('users.createTitle')}
          </Title>
          {problems.form && (
            <Alert color="red" variant="light" role="alert">
              {problems.form}
            </Alert>
          )}
          <TextInput
            label={t('users.username')}
            description={t('users.usernameHint')}
            value={username}
            maxLength={USERNAME_MAX}
            autoComplete="off"
            required
            error={problems.username}
            onChange={(event) => setUsername(event.currentTarget.value)}
          />
          <NewPasswordFields
            password={password}
            repeat={repeat}
            onPasswordChange={setPassword}
            onRepeatChange={setRepeat}
            labels={{ password: t('users.password'), repeat: t('users.repeatPassword') }}
            errors={problems}
          />
          <TextInput
            type="email"
            label={t('users.email')}
            description={t('users.emailHint')}
            value={email}
            autoComplete="off"
            error={problems.email}
            onChange={(event) => setEmail(event.currentTarget.value)}
          />
          <NativeSelect
            label={t('users.role')}
            value={role}
            onChange={(event) => setRole(event.currentTarget.value as AccountRole)}
            data={ACCOUNT_ROLES.map((value) => ({ value, label: t(`admin.role.${value}`) }))}
          />
          <Button type="submit" loading={createUser.isPending} w="fit-content">
            {t('users.create')}
          </Button>
        </Stack>
      </form>
    </section>
  );
}
