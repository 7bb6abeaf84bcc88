import { useState } from 'react';
import { Button, Group, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { StackedTable } from '../../components/stacked-table';
import { ConfirmModal } from '../../components/confirm-modal';
import { Page } from '../../components/page';
import { QueryStates } from '../../components/query-states';
import { isHandledError } from '../../lib/api-client';
import type { Locale, ReplyTemplate, ReplyTemplateInput } from '../../lib/contract';
import { showDangerToast, showSuccessToast } from '../../lib/notify';
import { useDeleteReplyTemplate } from './api/delete-reply-template';
import { useReplyTemplates } from './api/get-reply-templates';
import { useSaveReplyTemplate } from './api/save-reply-template';
import { TemplateFormModal } from './components/template-form-modal';
import './strings';

/** Reply templates (admins only): list, create and edit in a dialog, delete after a confirmation. */
export function ReplyTemplatesPage() {
  const { t, i18n } = useTranslation();
  const locale = (i18n.resolvedLanguage ?? 'de') as Locale;
  const templates = useReplyTemplates();
  const saveTemplate = useSaveReplyTemplate();
  const deleteTemplate = useDeleteReplyTemplate();
  const [form, setForm] = useState<{ template: ReplyTemplate | null } | null>(null);
  const [deleting, setDeleting] = useState<ReplyTemplate | null>(null);
  const titleOf = (template: ReplyTemplate) => template.title[locale] ?? template.title.de;

  const handleSubmit = (values: ReplyTemplateInput, onError: (error: unknown) => void) => {
    const editing = form?.template ?? null;
    saveTemplate.mutate(
      { id: editing?.id ?? null, template: values },
      {
        onSuccess: () => {
          setForm(null);
          showSuccessToast(
            t('admin.doneTitle'),
            editing ? t('replyTemplates.updated') : t('replyTemplates.created'),
          );
        },
        onError,
      },
    );
  };

  const handleDelete = () => {
    if (!deleting) return;
    deleteTemplate.mutate(deleting.id, {
      onSuccess: () => {
        setDeleting(null);
        showSuccessToast(t('admin.doneTitle'), t('replyTemplates.deleted'));
      },
      onError: (error) => {
        setDeleting(null);
        if (!isHandledError(error)) {
          showDangerToast(t('replyTemplates.failedTitle'), t('replyTemplates.actionFailed'));
        }
      },
    });
  };

  return (
    <Page title={t('replyTemplates.title')} size="lg">
      <Text>{t('replyTemplates.intro')}</Text>
      <section aria-labelledby="templates-heading">
        <Group justify="space-between" mb="sm">
          <Title order={2} id="templates-heading">
            {t('replyTemplates.listTitle')}
          </Title>
          <Button onClick={() => setForm({ template: null })}>{t('replyTemplates.add')}</Button>
        </Group>
        <QueryStates
          query={templates}
          failed={t('replyTemplates.loadFailed')}
          empty={t('replyTemplates.empty')}
          isEmpty={(list) => list.length === 0}
        >
          {(list) => (
            <StackedTable minWidth={600} striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t('replyTemplates.subject')}</Table.Th>
                  <Table.Th scope="col">{t('replyTemplates.text')}</Table.Th>
                  <Table.Th scope="col">{t('replyTemplates.actions')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.map((template) => (
                  <Table.Tr key={template.id}>
                    <Table.Th scope="row" style={{ fontWeight: 600 }}>
                      {titleOf(template)}
                    </Table.Th>
                    <Table.Td data-label={t('replyTemplates.text')}>
                      <Text size="sm" lineClamp={2} style={{ whiteSpace: 'pre-wrap' }}>
                        {template.text[locale] ?? template.text.de}
                      </Text>
                    </Table.Td>
                    <Table.Td data-label={t('replyTemplates.actions')}>
                      <Group gap="xs">
                        <Button
                          variant="default"
                          size="xs"
                          aria-label={t('replyTemplates.editOf', { title: titleOf(template) })}
                          onClick={() => setForm({ template })}
                        >
                          {t('replyTemplates.edit')}
                        </Button>
                        <Button
                          color="red.9"
                          size="xs"
                          aria-label={t('replyTemplates.deleteOf', { title: titleOf(template) })}
                          onClick={() => setDeleting(template)}
                        >
                          {t('replyTemplates.delete')}
                        </Button>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </StackedTable>
          )}
        </QueryStates>
      </section>
      <TemplateFormModal
        opened={form !== null}
        template={form?.template ?? null}
        isPending={saveTemplate.isPending}
        onSubmit={handleSubmit}
        onClose={() => setForm(null)}
      />
      <ConfirmModal
        opened={deleting !== null}
        title={t('replyTemplates.deleteTitle')}
        text={t('replyTemplates.deleteText', { title: deleting ? titleOf(deleting) : '' })}
        confirmLabel={t('replyTemplates.delete')}
        color="red.9"
        autoFocus="cancel"
        isPending={deleteTemplate.isPending}
        onConfirm={handleDelete}
        onClose={() => setDeleting(null)}
      />
    </Page>
  );
}

export const Component = ReplyTemplatesPage;
