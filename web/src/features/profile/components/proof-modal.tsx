import { useState, type FormEvent } from 'react';
import { Alert, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DialogFrame } from '../../../components/dialog-frame';
import { ApiError, isHandledError } from '../../../lib/api-client';
import type { SecondFactorProof } from '../../../lib/contract';
import { PasswordInput } from '../../../components/password-input';

type ProofModalProps = {
  opened: boolean;
  title: string;
  text: string;
  confirmLabel: string;
  isPending: boolean;
  onSubmit: (proof: SecondFactorProof, onError: (error: unknown) => void) => void;
  onClose: () => void;
};

type Problems = { password?: string; code?: string; form?: string };

/** Asks for the password and a current code before the second factor changes (turn off, new codes). */
export function ProofModal({ opened, onClose, title, ...rest }: ProofModalProps) {
  return (
    <DialogFrame opened={opened} onClose={onClose} title={title}>
      {opened && <ProofForm onClose={onClose} {...rest} />}
    </DialogFrame>
  );
}

function ProofForm({
  text,
  confirmLabel,
  isPending,
  onSubmit,
  onClose,
}: Omit<ProofModalProps, 'opened' | 'title'>) {
  const { t } = useTranslation();
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [problems, setProblems] = useState<Problems>({});

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found: Problems = {};
    if (!password) found.password = t('validation.required');
    if (!code.trim()) found.code = t('validation.required');
    setProblems(found);
    if (Object.keys(found).length > 0) return;
    onSubmit({ password, code: code.trim() }, (error) => {
      if (isHandledError(error)) return;
      const field = error instanceof ApiError ? error.fields?.[0]?.field : undefined;
      if (error instanceof ApiError && error.code === 'SECOND_FACTOR_INVALID') {
        setProblems({ code: t('profile.secondFactor.codeInvalid') });
      } else if (field?.endsWith('password')) {
        setProblems({ password: t('profile.secondFactor.passwordWrong') });
      } else if (field?.endsWith('code')) {
        setProblems({ code: t('profile.secondFactor.codeInvalid') });
      } else {
        setProblems({ form: t('profile.secondFactor.failed') });
      }
    });
  };

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="md">
        <Text>{text}</Text>
        {problems.form && (
          <Alert color="red" variant="light" role="alert">
            {problems.form}
          </Alert>
        )}
        <PasswordInput
          label={t('profile.secondFactor.password')}
          autoComplete="current-password"
          required
          value={password}
          error={problems.password}
          visibilityToggleButtonProps={{ 'aria-label': t('admin.showPassword') }}
          onChange={(event) => setPassword(event.currentTarget.value)}
          data-autofocus
        />
        <TextInput
          label={t('profile.secondFactor.proofCode')}
          autoComplete="one-time-code"
          autoCapitalize="off"
          spellCheck={false}
          required
          value={code}
          error={problems.code}
          onChange={(event) => setCode(event.currentTarget.value)}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" color="red.9" loading={isPending}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
