import { useState } from 'react';
import { Alert, Badge, Button, Group, NativeSelect, Table, Title, VisuallyHidden } from '@mantine/core';
import { StackedTable } from '../../components/stacked-table';
import type { ParseKeys } from 'i18next';
import { useTranslation } from 'react-i18next';
import { DateTimeText } from '../../components/date-time-text';
import { Page } from '../../components/page';
import { TypedConfirmModal } from '../../components/typed-confirm-modal';
import { QueryStates } from '../../components/query-states';
import { ApiError, isHandledError } from '../../lib/api-client';
import { messageKeyOf } from '../../lib/error-messages';
import { showSuccessToast } from '../../lib/notify';
import { ACCOUNT_ROLES, type AccountRole } from '../../lib/contract';
import { lastAdminOf } from './account-rules';
import { useChangeUserRole } from './api/change-user-role';
import { useEndUserSessions, useResetSecondFactor } from './api/account-security';
import { useDeleteUser } from './api/delete-user';
import { useUsers } from './api/get-users';
import { CreateUserForm } from './components/create-user-form';
import { SetPasswordModal } from './components/set-password-modal';
import './strings';

/**
 * Account management (admins only): list, create, change role, set password, reset the second factor,
 * end all sessions, delete.
 */
export function UsersPage() {
  const { t } = useTranslation();
  const users = useUsers();
  const changeRole = useChangeUserRole();
  const deleteUser = useDeleteUser();
  const [deleting, setDeleting] = useState<string | null>(null);
  const [settingPassword, setSettingPassword] = useState<string | null>(null);
  const resetSecondFactor = useResetSecondFactor();
  const endSessions = useEndUserSessions();
  const [securing, setSecuring] = useState<{ username: string; action: 'reset' | 'end' } | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);
  const lastAdmin = users.data ? lastAdminOf(users.data) : null;

  // The client branches on the code: the server refuses to delete or demote the last admin.
  const explain = (error: unknown, fallbackKey: ParseKeys) => {
    if (isHandledError(error)) return;
    const code = error instanceof ApiError ? error.code : null;
    setActionError(code === 'LAST_ADMIN' ? t(messageKeyOf(code)) : t(fallbackKey));
  };

  const handleRoleChange = (username: string, role: AccountRole) => {
    setActionError(null);
    changeRole.mutate(
      { username, role },
      {
        onSuccess: () =>
          showSuccessToast(
            t('admin.doneTitle'),
            t('users.roleChanged', { username, role: t(`admin.role.${role}`) }),
          ),
        onError: (error) => explain(error, 'users.roleChangeFailed'),
      },
    );
  };

  const handleDelete = () => {
    if (!deleting) return;
    const username = deleting;
    setActionError(null);
    deleteUser.mutate(username, {
      onSuccess: () => {
        setDeleting(null);
        showSuccessToast(t('admin.doneTitle'), t('users.deleted', { username }));
      },
      onError: (error) => {
        setDeleting(null);
        explain(error, 'users.deleteFailed');
      },
    });
  };

  const handleSecurity = () => {
    if (!securing) return;
    const { username, action } = securing;
    setActionError(null);
    (action === 'reset' ? resetSecondFactor : endSessions).mutate(username, {
      onSuccess: () => {
        setSecuring(null);
        showSuccessToast(
          t('admin.doneTitle'),
          t(action === 'reset' ? 'users.secondFactorReset' : 'users.sessionsEnded', { username }),
        );
      },
      onError: (error) => {
        setSecuring(null);
        explain(error, action === 'reset' ? 'users.resetSecondFactorFailed' : 'users.endSessionsFailed');
      },
    });
  };

  return (
    <Page title={t('users.title')} size="lg">
      {actionError && (
        <Alert
          color="red"
          variant="light"
          role="alert"
          withCloseButton
          closeButtonLabel={t('common.close')}
          onClose={() => setActionError(null)}
        >
          {actionError}
        </Alert>
      )}
      <section aria-labelledby="accounts-heading">
        <Title order={2} id="accounts-heading" mb="sm">
          {t('users.listTitle')}
        </Title>
        <QueryStates query={users} failed={t('users.loadFailed')}>
          {(list) => (
            <StackedTable minWidth={640} striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t('users.username')}</Table.Th>
                  <Table.Th scope="col">{t('users.role')}</Table.Th>
                  <Table.Th scope="col">{t('users.email')}</Table.Th>
                  <Table.Th scope="col">{t('users.createdAt')}</Table.Th>
                  <Table.Th scope="col">{t('users.actions')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.map((account) => {
                  const isLastAdmin = account.username === lastAdmin;
                  // Disabled with the reason beside it, rather than refused after the choice.
                  const noteId = isLastAdmin ? 'last-admin-note' : undefined;
                  return (
                    <Table.Tr key={account.username}>
                      <Table.Th scope="row">
                        {account.username}
                        {account.sso && (
                          <Badge ml="xs" variant="light" title={t('users.ssoHint')}>
                            <span aria-hidden="true">{t('users.sso')}</span>
                            <VisuallyHidden>{t('users.ssoHint')}</VisuallyHidden>
                          </Badge>
                        )}
                      </Table.Th>
                      <Table.Td data-label={t('users.role')}>
                        <NativeSelect
                          aria-label={t('users.roleOf', { username: account.username })}
                          value={account.role}
                          disabled={changeRole.isPending || isLastAdmin}
                          description={isLastAdmin ? t('errors.code.LAST_ADMIN') : undefined}
                          descriptionProps={{ id: noteId, maw: 320 }}
                          onChange={(event) =>
                            handleRoleChange(account.username, event.currentTarget.value as AccountRole)
                          }
                          data={ACCOUNT_ROLES.map((value) => ({ value, label: t(`admin.role.${value}`) }))}
                        />
                      </Table.Td>
                      <Table.Td data-label={t('users.email')}>{account.email ?? '—'}</Table.Td>
                      <Table.Td data-label={t('users.createdAt')}>
                        <DateTimeText value={account.created_at} />
                      </Table.Td>
                      <Table.Td data-label={t('users.actions')}>
                        <Group gap="xs">
                          <Button
                            variant="default"
                            size="xs"
                            aria-label={t('users.setPasswordOf', { username: account.username })}
                            onClick={() => setSettingPassword(account.username)}
                          >
                            {t('users.setPassword')}
                          </Button>
                          <Button
                            variant="default"
                            size="xs"
                            aria-label={t('users.resetSecondFactorOf', { username: account.username })}
                            onClick={() => setSecuring({ username: account.username, action: 'reset' })}
                          >
                            {t('users.resetSecondFactor')}
                          </Button>
                          <Button
                            variant="default"
                            size="xs"
                            aria-label={t('users.endSessionsOf', { username: account.username })}
                            onClick={() => setSecuring({ username: account.username, action: 'end' })}
                          >
                            {t('users.endSessions')}
                          </Button>
                          <Button
                            color="red.9"
                            size="xs"
                            aria-label={t('users.deleteOf', { username: account.username })}
                            disabled={isLastAdmin}
                            aria-describedby={noteId}
                            onClick={() => setDeleting(account.username)}
                          >
                            {t('users.delete')}
                          </Button>
                        </Group>
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </StackedTable>
          )}
        </QueryStates>
      </section>
      <CreateUserForm
        onCreated={(username) => showSuccessToast(t('admin.doneTitle'), t('users.created', { username }))}
      />
      <TypedConfirmModal
        opened={deleting !== null}
        title={t('users.deleteTitle', { username: deleting ?? '' })}
        text={t('users.deleteText')}
        expected={deleting ?? ''}
        inputLabel={t('users.deleteConfirmLabel')}
        confirmLabel={t('users.deleteConfirm')}
        isPending={deleteUser.isPending}
        onConfirm={handleDelete}
        onClose={() => setDeleting(null)}
      />
      <TypedConfirmModal
        opened={securing !== null}
        title={t(securing?.action === 'end' ? 'users.endSessionsTitle' : 'users.resetSecondFactorTitle', {
          username: securing?.username ?? '',
        })}
        text={t(securing?.action === 'end' ? 'users.endSessionsText' : 'users.resetSecondFactorText')}
        expected={securing?.username ?? ''}
        inputLabel={t('users.deleteConfirmLabel')}
        confirmLabel={t(securing?.action === 'end' ? 'users.endSessions' : 'users.resetSecondFactor')}
        isPending={resetSecondFactor.isPending || endSessions.isPending}
        onConfirm={handleSecurity}
        onClose={() => setSecuring(null)}
      />
      <SetPasswordModal
        username={settingPassword}
        onClose={() => setSettingPassword(null)}
        onDone={(username) => {
          setSettingPassword(null);
          showSuccessToast(t('admin.doneTitle'), t('users.passwordSet', { username }));
        }}
      />
    </Page>
  );
}

export const Component = UsersPage;
