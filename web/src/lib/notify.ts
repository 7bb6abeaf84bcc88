import { notifications, type NotificationData } from '@mantine/notifications';
import { announce } from './announce';
import { i18n } from './i18n';

// Mantine greys a titled toast's text (gray-6, below WCAG AA on white) and leaves its close button
// unnamed; every toast of the app gets a darker text and a named close button.
function show(color: string, title: string, message: string, role?: 'note'): void {
  const data: NotificationData = {
    color,
    role,
    title,
    message,
    closeButtonProps: { 'aria-label': i18n.t('common.close') },
    styles: { description: { color: 'var(--mantine-color-gray-8)' } },
  };
  notifications.show(data);
}

/** The spec's failure toast: danger colour, title and text, auto-hidden by the Notifications settings. */
export function showDangerToast(title: string, message: string): void {
  show('red', title, message);
}

export function showWarningToast(title: string, message: string): void {
  show('yellow', title, message);
}

// Mantine's toasts are role="alert": a success is no alarm, so its toast is a note, and its text is said
// once, politely, by the app's live region.
export function showSuccessToast(title: string, message: string): void {
  show('green', title, message, 'note');
  announce(message);
}
