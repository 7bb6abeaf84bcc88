import { useTranslation } from 'react-i18next';
import { CommentsPanel } from '../../../components/entry/comments-panel';
import { useAddComment } from '../api/add-comment';
import { useCommentSchema } from '../api/get-comment-schema';
import { useComments } from '../api/get-comments';

/** The author's conversation with moderation; the form's limits come from the comment schema. */
export function AuthorComments({ entryId, canWrite }: { entryId: string; canWrite: boolean }) {
  const { t } = useTranslation();
  const comments = useComments(entryId);
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
