import { notifications } from '@mantine/notifications';

/** The spec's failure toast: danger colour, title and text, auto-hidden by the Notifications settings. */
export function showDangerToast(title: string, message: string): void {
  notifications.show({ color: 'red', title, message });
}

export function showWarningToast(title: string, message: string): void {
  notifications.show({ color: 'yellow', title, message });
}
