import { useNavigate } from 'react-router';
import { showToast } from '../../../../components/feedback/toast';
import { i18n } from '../../../../lib/i18n';
import { useSwitchOrganisation } from '../../api/delegation';
import { showAdminError } from '../../errors';

/**
 * The two moves of the delegated sign-in, with their messages: work in an organisation (then
 * open its card), or return to one's own (then the organisations list).
 */
export function useOrganisationSwitch() {
  const navigate = useNavigate();
  const mutation = useSwitchOrganisation();
  const t = (key: string, options?: Record<string, unknown>) => i18n.t(`administration:delegation.${key}`, options ?? {});

  const workIn = async (organisation: { id: number; name: string }) => {
    try {
      const { organisation_id } = await mutation.mutateAsync(organisation.id);
      showToast('success', t('started', { name: organisation.name }));
      navigate(`/institution?id=${organisation_id ?? organisation.id}&tab=institution-details`);
    } catch (error) {
      showAdminError(error, { entity: 'organisation' });
    }
  };

  const returnHome = async () => {
    try {
      await mutation.mutateAsync(null);
      showToast('success', t('ended'));
      navigate('/institutions');
    } catch (error) {
      showAdminError(error, { entity: 'organisation' });
    }
  };

  return { workIn, returnHome, pending: mutation.isPending };
}
