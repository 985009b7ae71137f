import { notifications } from '@mantine/notifications';

/**
 * A short success message. Its close button gets a name: Mantine's has none, which axe reports as critical
 * (a theme-wide default would be the better home for this; see the report of this branch).
 */
export const notifyDone = (message: string) => notifications.show({
  color: 'teal', message, autoClose: 3000, closeButtonProps: { 'aria-label': 'Close notification' },
});
