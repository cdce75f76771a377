import { type ApplicationBeneficiary, ZApplicationBeneficiaryCreateRequest } from '@ghiseu/domain';
import { ActionIcon, Button, Fieldset, Group, Paper, Stack, Text } from '@mantine/core';
import { IconTrash, IconUserPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../../components/feedback/empty-state';
import { type BeneficiaryDraft, BeneficiaryFields, EMPTY_BENEFICIARY } from '../../../../components/record/beneficiary-fields';
import { showToast } from '../../../../components/feedback/toast';
import { addBeneficiary, removeBeneficiary } from '../../api/applications';
import { fieldErrorsOf, showError } from '../../errors';
import { SoftBadge } from '../../../../components/page/soft-badge';
import { focusFieldPath } from '../../../../components/form-renderer/focus';
import { type FormErrors, errorsByPath, fieldDomId } from '../../../../components/form-renderer/form-values';
// Shows zod's messages: the Romanian ones must be installed (lib/validation).
import '../../../../lib/validation';

export function beneficiaryBody(draft: BeneficiaryDraft): Record<string, unknown> {
  const { passport_number, ...rest } = draft;
  const body: Record<string, unknown> = Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== ''));
  if (passport_number) body.details = { passport_number };
  return body;
}

const ANAF_COLORS: Record<string, string> = { validated: 'green.9', unvalidated: 'orange.9', invalid: 'red.9' };

export interface BeneficiariesStepProps {
  applicationId: number;
  beneficiaries: readonly ApplicationBeneficiary[];
  /** The marker's count error, shown after a failed Next. */
  error: string | null;
  onChanged: () => Promise<unknown>;
}

/**
 * The beneficiaries of the draft: individual or legal, Romanian or foreign, checked with the
 * domain rules before sending; the server refuses duplicates (same CNP or CUI) and checks the
 * company's CUI with the tax authority (validated / unvalidated, checked later / invalid).
 */
export function BeneficiariesStep({ applicationId, beneficiaries, error, onChanged }: BeneficiariesStepProps) {
  const { t } = useTranslation('applications');
  const [draft, setDraft] = useState<BeneficiaryDraft>(EMPTY_BENEFICIARY);
  const [errors, setErrors] = useState<FormErrors>({});
  const [busy, setBusy] = useState(false);
  const set = (patch: Partial<BeneficiaryDraft>) => setDraft((current) => ({ ...current, ...patch }));
  const path = (key: string) => `beneficiary.${key}`;

  const onAdd = async () => {
    const body = beneficiaryBody(draft);
    const parsed = ZApplicationBeneficiaryCreateRequest.safeParse(body);
    if (!parsed.success) {
      const next = errorsByPath(parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })));
      setErrors(next);
      const first = Object.keys(next)[0];
      focusFieldPath(path(first === 'details.passport_number' ? 'passport_number' : first));
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const added = await addBeneficiary(applicationId, body);
      await onChanged();
      setDraft(EMPTY_BENEFICIARY);
      showToast(added.anaf_status === 'invalid' ? 'warning' : 'success', t('wizard.beneficiaries.added'));
    } catch (failure) {
      const fieldErrors = fieldErrorsOf(failure);
      if (Object.keys(fieldErrors).length > 0) setErrors(fieldErrors);
      else showError(failure);
    } finally {
      setBusy(false);
    }
  };

  const onRemove = async (beneficiary: ApplicationBeneficiary) => {
    try {
      await removeBeneficiary(applicationId, beneficiary.id);
      await onChanged();
      showToast('success', t('wizard.beneficiaries.removed'));
    } catch (failure) {
      showError(failure);
    }
  };

  return (
    <Stack gap="md">
      <Text>{t('wizard.beneficiaries.intro')}</Text>
      {beneficiaries.length === 0 ? (
        <EmptyState title={t('wizard.beneficiaries.empty')} />
      ) : (
        <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('wizard.beneficiaries.listLabel')}>
          {beneficiaries.map((beneficiary) => (
            <Paper component="li" key={beneficiary.id} withBorder p="sm" radius="md" data-testid="beneficiary-row">
              <Group justify="space-between" wrap="nowrap">
                <div>
                  <Text fw={600}>{beneficiary.display_name}</Text>
                  <Text size="sm" c="gray.7">
                    {beneficiary.person_type === 'legal' ? t('wizard.beneficiaries.legal') : t('wizard.beneficiaries.individual')}
                    {' · '}
                    {beneficiary.unique_registration_code ?? beneficiary.personal_numeric_code ?? ''}
                  </Text>
                  {beneficiary.anaf_status !== 'not_applicable' ? (
                    <SoftBadge mt={4} color={ANAF_COLORS[beneficiary.anaf_status]} data-testid="anaf-status">
                      {t(`wizard.beneficiaries.anaf.${beneficiary.anaf_status}`)}
                    </SoftBadge>
                  ) : null}
                </div>
                <ActionIcon
                  variant="subtle"
                  color="red.9"
                  onClick={() => void onRemove(beneficiary)}
                  aria-label={t('wizard.beneficiaries.remove', { name: beneficiary.display_name })}
                >
                  <IconTrash size={18} aria-hidden />
                </ActionIcon>
              </Group>
            </Paper>
          ))}
        </Stack>
      )}
      {error ? (
        <Text c="red.8" size="sm" role="alert" id={fieldDomId('beneficiaries')} tabIndex={-1}>
          {error}
        </Text>
      ) : null}
      <Fieldset legend={t('wizard.beneficiaries.newTitle')} data-testid="beneficiary-form">
        <Stack gap="sm">
          <BeneficiaryFields
            value={draft}
            onChange={set}
            label={(key) => t(`wizard.beneficiaries.${key}`)}
            errorOf={(key) => errors[key] ?? (key === 'passport_number' ? errors['details.passport_number'] : undefined)}
          />
          <Button
            w="fit-content"
            leftSection={<IconUserPlus size={18} aria-hidden />}
            onClick={() => void onAdd()}
            loading={busy}
            data-testid="beneficiary-add"
          >
            {t('wizard.beneficiaries.add')}
          </Button>
        </Stack>
      </Fieldset>
    </Stack>
  );
}
