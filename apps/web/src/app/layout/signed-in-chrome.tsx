/**
 * The parts of the shell that only a signed-in user sees: the side menu (with its icons), the
 * notification bell and the user panel. They are one chunk of their own (loaded through
 * `signed-in-chrome-lazy.ts`), so that the public pages' first load does not carry them.
 */
export { AsideMenu } from './aside-menu';
export { NotificationBell } from './notification-bell';
export { UserPanel } from './user-panel';
