export { type AlertDialogOptions, type AlertType, alertDialog, normalizeAlertType } from './alert-dialog';
export { type ConfirmDialogOptions, confirmDialog } from './confirm-dialog';
export { DIALOG_WIDTH } from './dialog-size';
export { EmptyState, type EmptyStateProps } from './empty-state';
export { ErrorState, type ErrorStateProps } from './error-state';
export { PageLoader, type PageLoaderProps } from './page-loader';
export { showToast, TOAST_DURATION_MS, type ToastType, toast } from './toast';
export { nextProgress, TopProgressBar, type TopProgressBarProps } from './top-progress-bar';
