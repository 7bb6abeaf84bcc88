import { useState } from 'react';
import { Alert, Button, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useComments } from '../api/get-comments';
import '../author-news-strings';

/**
 * At the top of the author's page when moderation wrote since the author last read the comments:
 * a notice whose button scrolls to the first of those comments and focuses it. The count is the one
 * the page opened with; reading the comments below sets the server's to 0.
 */
export function UnreadNotice({ entryId, unread }: { entryId: string; unread: number }) {
  const { t } = useTranslation();
  const comments = useComments(entryId);
  const [shown, setShown] = useState(unread > 0);
  if (!shown) return null;
  const fromModeration = (comments.data ?? []).filter((comment) => comment.origin === 'moderation');
  const first = fromModeration[Math.max(0, fromModeration.length - unread)];

  const showComment = () => {
    const element = first ? document.getElementById(`comment-${first.id}`) : null;
    if (!element) return;
    element.scrollIntoView?.({ block: 'center' });
    element.focus({ preventScroll: true });
  };

  return (
    <Alert
      color="blue"
      variant="light"
      role="status"
      title={t('authorNews.title')}
      withCloseButton
      closeButtonLabel={t('common.close')}
      onClose={() => setShown(false)}
    >
      <Text size="sm" mb="xs">
        {t('authorNews.text')}
      </Text>
      <Button size="xs" disabled={!first} onClick={showComment}>
        {t('authorNews.show')}
      </Button>
    </Alert>
  );
}
