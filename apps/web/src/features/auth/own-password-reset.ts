import { alertDialog } from '../../components/feedback/alert-dialog';
import { handleApiError } from '../../lib/api-client';
import { i18n } from '../../lib/i18n';
import { requestOwnPasswordReset } from './api/passwords';

/**
 * 'Resetare parolă' of the user panel (spec §2, §8), after its yes/no warning: asks the server to
 * e-mail a reset link to the signed-in user, then shows a success alert. Failures go through the
 * generic handler (toast, or the session-expired modal).
 */
export async function resetOwnPassword(): Promise<void> {
  try {
    await requestOwnPasswordReset();
  } catch (error) {
    handleApiError(error);
    return;
  }
  await i18n.loadNamespaces('auth');
  await alertDialog({
    type: 'success',
    title: i18n.t('auth:ownPasswordReset.title'),
    message: i18n.t('auth:ownPasswordReset.success'),
  });
}
