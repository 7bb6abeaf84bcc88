import { useState, type FormEvent } from 'react';
import { Alert, Button, Card, Group, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DateTimeText } from '../../../components/date-time-text';
import { DialogFrame } from '../../../components/dialog-frame';
import { ApiError, isHandledError } from '../../../lib/api-client';
import type { Passkey } from '../../../lib/contract';
import { showSuccessToast } from '../../../lib/notify';
import { passkeyCancelled, webAuthnAvailable } from '../../../lib/webauthn';
import { useAddPasskey, usePasskeys, useRemovePasskey } from '../api/passkeys';
import { PasswordInput } from '../../../components/password-input';
import { QueryStates } from '../../../components/query-states';

const NAME_MAX = 64;

/**
 * The account's passkeys and security keys (WebAuthn), each a second factor of its own: listed by
 * name, added with a name (the browser's dialog does the rest), removed with the password.
 */
export function PasskeysCard() {
  const { t } = useTranslation();
  const passkeys = usePasskeys();
  const add = useAddPasskey();
  const [name, setName] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [removing, setRemoving] = useState<Passkey | null>(null);
  const supported = webAuthnAvailable();

  const handleAdd = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const value = name.trim();
    if (!value) {
      setProblem(t('validation.required'));
      return;
    }
    setProblem(null);
    add.mutate(value, {
      onSuccess: (passkey) => {
        setName('');
        showSuccessToast(t('admin.doneTitle'), t('profile.passkeys.added', { name: passkey.name }));
      },
      onError: (error) => {
        if (isHandledError(error)) return;
        setProblem(
          passkeyCancelled(error)
            ? t('profile.passkeys.cancelled')
            : error instanceof ApiError && error.code === 'CONFLICT'
              ? t('profile.passkeys.known')
              : t('profile.passkeys.addFailed'),
        );
      },
    });
  };

  return (
    <Card withBorder component="section" aria-labelledby="passkeys-heading">
      <Stack gap="sm">
        <Title order={2} size="h3" id="passkeys-heading">
          {t('profile.passkeys.title')}
        </Title>
        <Text>{t('profile.passkeys.intro')}</Text>
        <QueryStates query={passkeys} failed={t('profile.passkeys.loadFailed')}>
          {(list) =>
            list.data.length === 0 ? (
              <Text fw={600}>{t('profile.passkeys.none')}</Text>
            ) : (
              <Table.ScrollContainer minWidth={480}>
                <Table>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th scope="col">{t('profile.passkeys.name')}</Table.Th>
                      <Table.Th scope="col">{t('profile.passkeys.created')}</Table.Th>
                      <Table.Th scope="col">{t('profile.passkeys.lastUsed')}</Table.Th>
                      <Table.Th scope="col">{t('profile.passkeys.actions')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {list.data.map((passkey) => (
                      <Table.Tr key={passkey.id}>
                        <Table.Th scope="row" fw={400}>
                          {passkey.name}
                        </Table.Th>
                        <Table.Td>
                          <DateTimeText value={passkey.created_at} />
                        </Table.Td>
                        <Table.Td>
                          {passkey.last_used_at ? (
                            <DateTimeText value={passkey.last_used_at} />
                          ) : (
                            t('profile.passkeys.neverUsed')
                          )}
                        </Table.Td>
                        <Table.Td>
                          <Button
                            variant="default"
                            color="red.9"
                            size="xs"
                            aria-label={t('profile.passkeys.removeNamed', { name: passkey.name })}
                            onClick={() => setRemoving(passkey)}
                          >
                            {t('profile.passkeys.remove')}
                          </Button>
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            )
          }
        </QueryStates>
        {supported ? (
          <form onSubmit={handleAdd} noValidate>
            <Stack gap="sm">
              <TextInput
                label={t('profile.passkeys.newName')}
                description={t('profile.passkeys.newNameHint')}
                maxLength={NAME_MAX}
                required
                value={name}
                error={problem}
                onChange={(event) => setName(event.currentTarget.value)}
              />
              <Button type="submit" loading={add.isPending} w="fit-content">
                {t('profile.passkeys.add')}
              </Button>
            </Stack>
          </form>
        ) : (
          <Alert color="gray" variant="light" role="note">
            {t('profile.passkeys.unsupported')}
          </Alert>
        )}
      </Stack>
      <RemoveModal passkey={removing} onClose={() => setRemoving(null)} />
    </Card>
  );
}

function RemoveModal({ passkey, onClose }: { passkey: Passkey | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <DialogFrame opened={passkey !== null} onClose={onClose} title={t('profile.passkeys.removeTitle')}>
      {passkey && <RemoveForm passkey={passkey} onClose={onClose} />}
    </DialogFrame>
  );
}

function RemoveForm({ passkey, onClose }: { passkey: Passkey; onClose: () => void }) {
  const { t } = useTranslation();
  const remove = useRemovePasskey();
  const [password, setPassword] = useState('');
  const [problem, setProblem] = useState<{ password?: string; form?: string }>({});

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!password) {
      setProblem({ password: t('validation.required') });
      return;
    }
    setProblem({});
    remove.mutate(
      { id: passkey.id, password },
      {
        onSuccess: () => {
          onClose();
          showSuccessToast(t('admin.doneTitle'), t('profile.passkeys.removed', { name: passkey.name }));
        },
        onError: (error) => {
          if (isHandledError(error)) return;
          const field = error instanceof ApiError ? error.fields?.[0]?.field : undefined;
          setProblem(
            field?.endsWith('password')
              ? { password: t('profile.secondFactor.passwordWrong') }
              : { form: t('profile.secondFactor.failed') },
          );
        },
      },
    );
  };

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="md">
        <Text>{t('profile.passkeys.removeText', { name: passkey.name })}</Text>
        {problem.form && (
          <Alert color="red" variant="light" role="alert">
            {problem.form}
          </Alert>
        )}
        <PasswordInput
          label={t('profile.secondFactor.password')}
          autoComplete="current-password"
          required
          value={password}
          error={problem.password}
          visibilityToggleButtonProps={{ 'aria-label': t('admin.showPassword') }}
          onChange={(event) => setPassword(event.currentTarget.value)}
          data-autofocus
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" color="red.9" loading={remove.isPending}>
            {t('profile.passkeys.remove')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
