import { useState, type FormEvent } from 'react';
import { Alert, Button, Group, Modal, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { NewPasswordFields } from '../../../components/new-password-fields';
import { ApiError, isHandledError } from '../../../lib/api-client';
import { PASSWORD_MAX, PASSWORD_MIN } from '../../../lib/contract';
import { isValidPasswordLength } from '../account-rules';
import { useChangeUserPassword } from '../api/change-user-password';
import '../strings';

type SetPasswordModalProps = {
  username: string | null;
  onClose: () => void;
  onDone: (username: string) => void;
};

/** An admin sets another account's password: new password twice. */
export function SetPasswordModal({ username, onClose, onDone }: SetPasswordModalProps) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={username !== null}
      onClose={onClose}
      title={t('users.setPasswordTitle', { username: username ?? '' })}
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      {username !== null && <SetPasswordForm username={username} onClose={onClose} onDone={onDone} />}
    </Modal>
  );
}

function SetPasswordForm({
  username,
  onClose,
  onDone,
}: {
  username: string;
  onClose: () => void;
  onDone: (username: string) => void;
}) {
  const { t } = useTranslation();
  const setPassword = useChangeUserPassword();
  const [password, setPasswordValue] = useState('');
  const [repeat, setRepeat] = useState('');
  const [problems, setProblems] = useState<{ password?: string; repeat?: string; form?: string }>({});

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found: typeof problems = {};
    if (!isValidPasswordLength(password))
      found.password = t('users.passwordRule', { min: PASSWORD_MIN, max: PASSWORD_MAX });
    if (repeat !== password) found.repeat = t('users.repeatMismatch');
    setProblems(found);
    if (Object.keys(found).length > 0) return;
    setPassword.mutate(
      { username, password },
      {
        onSuccess: () => onDone(username),
        onError: (error) => {
          if (isHandledError(error)) return;
          const isOwn =
            error instanceof ApiError && error.fields?.some((field) => field.field === 'old_password');
          setProblems({ form: isOwn ? t('users.ownPasswordInProfile') : t('users.setPasswordFailed') });
        },
      },
    );
  };

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="sm">
        {problems.form && (
          <Alert color="red" variant="light" role="alert">
            {problems.form}
          </Alert>
        )}
        <NewPasswordFields
          password={password}
          repeat={repeat}
          onPasswordChange={setPasswordValue}
          onRepeatChange={setRepeat}
          labels={{ password: t('users.newPassword'), repeat: t('users.repeatPassword') }}
          errors={problems}
          autoFocus
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={setPassword.isPending}>
            {t('users.setPassword')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
