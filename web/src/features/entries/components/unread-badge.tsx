import { useEffect, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { refreshUnread, subscribeUnread, unreadCount } from '../api/unread';
import '../author-news-strings';
import classes from './unread-badge.module.css';

/**
 * Beside "Mein Beitrag": how many comments moderation wrote that the author has not read, on any
 * page; nothing without news. A change of `refresh` (the location) asks the server again once the
 * count is old.
 */
export function UnreadBadge({ entryId, refresh }: { entryId: string; refresh: unknown }) {
  const { t } = useTranslation();
  const unread = useSyncExternalStore(subscribeUnread, () => unreadCount(entryId));
  useEffect(() => {
    void refreshUnread(entryId);
  }, [entryId, refresh]);
  if (unread === 0) return null;
  return (
    <>
      <span className={classes.badge} aria-hidden="true">
        {unread}
      </span>
      <span className={classes.visuallyHidden}>{t('authorNews.badge', { count: unread })}</span>
    </>
  );
}
