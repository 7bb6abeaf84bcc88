import { notifications, type NotificationData } from '@mantine/notifications';
import { i18n } from './i18n';

// Mantine greys a titled toast's text (gray-6, below WCAG AA on white) and leaves its close button
// unnamed; every toast of the app gets a darker text and a named close button.
function show(color: string, title: string, message: string): void {
  const data: NotificationData = {
    color,
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

export function showSuccessToast(title: string, message: string): void {
  show('green', title, message);
}
