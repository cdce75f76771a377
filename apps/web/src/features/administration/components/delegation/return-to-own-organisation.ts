import { showToast } from '../../../../components/feedback/toast';
import { i18n } from '../../../../lib/i18n';
import { type SwitchDependencies, switchOrganisation } from '../../api/delegation';
import { showAdminError } from '../../errors';

/**
 * The way back from a delegated sign-in, for the user panel: loaded on click, so the shell's
 * first chunk does not carry the contracts it reads.
 */
export async function returnToOwnOrganisation(dependencies: SwitchDependencies & { navigate: (to: string) => void }) {
  try {
    await switchOrganisation(null, dependencies);
    showToast('success', i18n.t('administration:delegation.ended'));
    dependencies.navigate('/institutions');
  } catch (error) {
    showAdminError(error, { entity: 'organisation' });
  }
}
