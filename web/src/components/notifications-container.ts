// The toast container on its own, so DeferredNotifications can load it lazily.
export { Notifications } from '@mantine/notifications';
