export { NotificationProvider } from './NotificationProvider';
export { NotificationToasts } from './NotificationToasts';
export { NotificationList } from './NotificationList';
export { NotificationCenter } from './NotificationCenter';
export {
  useNotify,
  useNotificationCount,
  useNotificationState,
  type Notify,
  type NotifyOptions,
} from './context';
export {
  createNotificationStore,
  errorText,
  NOTIFICATION_AUTO_HIDE_MS,
  type AppNotification,
  type NotificationLink,
  type NotificationStore,
} from './store';
