import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Locale } from '../../../lib/contract';
import { CommentsPanel } from '../../../components/entry/comments-panel';
import { EntryTimeline } from '../../../components/entry/entry-timeline';
import { useAddEntryComment } from '../api/add-entry-comment';
import { useEntryComments } from '../api/get-entry-comments';
import { useEntryEvents } from '../api/get-entry-events';
import { TemplatePicker } from './template-picker';
import '../strings';

/**
 * Beside the moderated entry: the comments with its author (a reply template may start one, in the
 * entry's language first), and its timeline.
 */
export function ModeratePanels({ id, language }: { id: string; language: Locale }) {
  const { t } = useTranslation();
  const comments = useEntryComments(id);
  const events = useEntryEvents(id);
  const addComment = useAddEntryComment();
  return (
    <Stack gap="xl">
      <CommentsPanel
        viewer="moderation"
        formHint={t('admin.comments.visibleToContributor')}
        comments={comments.data ?? []}
        isLoading={comments.isPending}
        loadError={comments.isError ? t('moderate.commentsFailed') : null}
        onAdd={(input) => addComment.mutateAsync({ id, input })}
        formTools={(fill) => <TemplatePicker entryLanguage={language} onInsert={fill} />}
      />
      <EntryTimeline events={events.data ?? []} isLoading={events.isPending} isError={events.isError} />
    </Stack>
  );
}
