import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { CommentsPanel } from '../../../components/entry/comments-panel';
import { useAddComment } from '../api/add-comment';
import { useCommentSchema } from '../api/get-comment-schema';
import { useComments } from '../api/get-comments';

/**
 * The author's conversation with moderation; the form's limits come from the comment schema. Once
 * the comments are read, none of moderation's counts as new (the top bar's badge goes).
 */
export function AuthorComments({ entryId, canWrite }: { entryId: string; canWrite: boolean }) {
  const { t } = useTranslation();
  const comments = useComments(entryId);
  useEffect(() => {
    // The top bar's badge (api/unread.ts, loaded with it) listens; the event keeps it off this page.
    if (comments.isSuccess)
      window.dispatchEvent(new CustomEvent('einwurf:comments-read', { detail: entryId }));
  }, [comments.isSuccess, comments.dataUpdatedAt, entryId]);
  const schema = useCommentSchema(entryId, canWrite);
  const addComment = useAddComment(entryId);
  return (
    <CommentsPanel
      viewer="author"
      comments={comments.data ?? []}
      isLoading={comments.isPending}
      loadError={comments.isError ? t('comments.loadFailed') : null}
      canWrite={canWrite}
      titleMax={schema.data?.properties?.['title']?.maxLength}
      contentMax={schema.data?.properties?.['content']?.maxLength}
      onAdd={(input) => addComment.mutateAsync(input)}
    />
  );
}
