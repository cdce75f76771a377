import { type AnafCheckResult, type Beneficiary, type BeneficiaryInput, validateCui, ZBeneficiaryInput } from '@ghiseu/domain';
import { Button, Checkbox, Fieldset, Group, Modal, Radio, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconShieldCheck } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Controller, type Path, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../../components/feedback/toast';
import { Notice } from '../../../components/page/notice';
import { apiErrorText, validationIssues } from '../../../lib/api-errors';
import { zodResolver } from '../../../lib/validation';
import { useCheckCui, useCreateBeneficiary, useReplaceBeneficiary } from '../api/beneficiaries';
import { type BeneficiaryFormValues, beneficiaryFormValues, type DetailKey, hiddenDetails } from '../form-model';

export interface BeneficiaryModalProps {
  opened: boolean;
  onClose: () => void;
  /** The beneficiary being edited; null to add one. */
  beneficiary: Beneficiary | null;
}

const ANAF_TONE = { validated: 'success', unvalidated: 'warning', invalid: 'error' } as const;

/**
 * Add or edit a beneficiary of the user's register: individual or legal person, Romanian or
 * foreign, the profile fields, contact person, TNA code and subsidiary. A Romanian company's CUI
 * can be checked with the tax authority before saving (the server checks it again on save:
 * validated, unvalidated when the service is down and re-checked later, or invalid).
 */
export function BeneficiaryModal({ opened, onClose, beneficiary }: BeneficiaryModalProps) {
  const { t } = useTranslation('beneficiaries');
  const create = useCreateBeneficiary();
  const replace = useReplaceBeneficiary();
  const anaf = useCheckCui();
  const form = useForm<BeneficiaryFormValues, unknown, BeneficiaryInput>({
    resolver: zodResolver(ZBeneficiaryInput) as never,
    defaultValues: beneficiaryFormValues(beneficiary),
  });
  const { errors } = form.formState;
  const values = useWatch({ control: form.control }) as BeneficiaryFormValues;
  const [formError, setFormError] = useState<string | null>(null);
  const [anafResult, setAnafResult] = useState<AnafCheckResult | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when another record opens.
  useEffect(() => {
    if (opened) {
      form.reset(beneficiaryFormValues(beneficiary));
      setFormError(null);
      setAnafResult(null);
      anaf.reset();
    }
  }, [opened, beneficiary?.id]);

  const legal = values.person_type === 'legal';
  const foreign = values.citizenship === 'foreign';

  const onSubmit = form.handleSubmit(async (output) => {
    setFormError(null);
    const body: BeneficiaryInput = { ...output, details: { ...hiddenDetails(beneficiary), ...output.details } };
    try {
      const saved = beneficiary ? await replace.mutateAsync({ id: beneficiary.id, body }) : await create.mutateAsync(body);
      const tone = saved.anaf_status === 'invalid' || saved.anaf_status === 'unvalidated' ? 'warning' : 'success';
      showToast(tone, t(beneficiary ? 'saved' : 'created', { name: saved.display_name }));
      onClose();
    } catch (error) {
      const issues = validationIssues(error);
      if (issues.length > 0) {
        for (const issue of issues)
          form.setError(issue.path as Path<BeneficiaryFormValues>, { type: 'server', message: issue.message });
        return;
      }
      setFormError(apiErrorText(error));
    }
  });

  const onCheckCui = async () => {
    setAnafResult(null);
    const cui = values.unique_registration_code.trim();
    if (!cui || !validateCui(cui).ok) {
      form.setError('unique_registration_code', { type: 'manual', message: t('anafCheck.needCui') }, { shouldFocus: true });
      return;
    }
    form.clearErrors('unique_registration_code');
    try {
      setAnafResult(await anaf.mutateAsync(cui));
    } catch (error) {
      setFormError(apiErrorText(error));
    }
  };

  const field = (name: Path<BeneficiaryFormValues>, label: string, options: { required?: boolean; max?: number } = {}) => {
    const id = `beneficiary-${name.replace(/[._]/g, '-')}`;
    const error = name.startsWith('details.')
      ? errors.details?.[name.slice('details.'.length) as DetailKey]?.message
      : (errors[name as keyof BeneficiaryFormValues] as { message?: string } | undefined)?.message;
    return (
      <TextInput
        id={id}
        label={label}
        required={options.required}
        maxLength={options.max ?? 255}
        error={error}
        data-testid={id}
        {...form.register(name)}
      />
    );
  };

  const title = beneficiary ? t('editTitle') : t('createTitle');
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      centered
      size="xl"
      closeButtonProps={{ 'aria-label': t('actions.close') }}
    >
      <form onSubmit={onSubmit} noValidate aria-label={title} data-testid="beneficiary-form">
        <Stack gap="md">
          {formError ? <Notice tone="error">{formError}</Notice> : null}
          <Group gap="xl" wrap="wrap">
            <Controller
              control={form.control}
              name="person_type"
              render={({ field: f }) => (
                <Radio.Group label={t('fields.personType')} value={f.value} onChange={f.onChange}>
                  <Group mt="xs">
                    <Radio value="individual" label={t('personTypes.individual')} />
                    <Radio value="legal" label={t('personTypes.legal')} />
                  </Group>
                </Radio.Group>
              )}
            />
            <Controller
              control={form.control}
              name="citizenship"
              render={({ field: f }) => (
                <Radio.Group label={t('fields.citizenship')} value={f.value} onChange={f.onChange}>
                  <Group mt="xs">
                    <Radio value="romanian" label={t('citizenships.romanian')} />
                    <Radio value="foreign" label={t('citizenships.foreign')} />
                  </Group>
                </Radio.Group>
              )}
            />
          </Group>

          <Fieldset legend={t('sections.identity')}>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              {legal ? (
                <>
                  {field('company_name', t('fields.companyName'), { required: true })}
                  <Stack gap={6}>
                    {field('unique_registration_code', t('fields.cui'), { required: !foreign, max: 12 })}
                    {!foreign ? (
                      <Button
                        variant="default"
                        w="fit-content"
                        size="xs"
                        leftSection={<IconShieldCheck size={16} aria-hidden />}
                        onClick={() => void onCheckCui()}
                        loading={anaf.isPending}
                        data-testid="beneficiary-check-cui"
                      >
                        {t('actions.checkCui')}
                      </Button>
                    ) : null}
                  </Stack>
                  {field('subsidiary', t('fields.subsidiary'))}
                  {field('details.trade_registry_number', t('fields.tradeRegistry'), { max: 50 })}
                </>
              ) : (
                <>
                  {field('last_name', t('fields.lastName'), { required: true })}
                  {field('first_name', t('fields.firstName'), { required: true })}
                  {field('personal_numeric_code', t('fields.cnp'), { required: !foreign, max: 13 })}
                  {foreign ? field('details.passport_number', t('fields.passport'), { required: true, max: 30 }) : null}
                </>
              )}
            </SimpleGrid>
            {anafResult ? (
              <Notice tone={ANAF_TONE[anafResult.status]} mt="sm" data-testid="anaf-result" data-status={anafResult.status}>
                <Stack gap={4}>
                  <Text size="sm">
                    {anafResult.status === 'validated'
                      ? t('anafCheck.validated', { name: anafResult.company?.name ?? '' })
                      : t(`anafCheck.${anafResult.status}`)}
                  </Text>
                  {anafResult.company?.address ? (
                    <Text size="sm">{t('anafCheck.validatedAddress', { address: anafResult.company.address })}</Text>
                  ) : null}
                  {anafResult.company && anafResult.company.name !== values.company_name ? (
                    <Button
                      variant="subtle"
                      size="compact-sm"
                      w="fit-content"
                      onClick={() => {
                        const company = anafResult.company;
                        if (!company) return;
                        form.setValue('company_name', company.name, { shouldValidate: true });
                        if (company.trade_register_number && !values.details.trade_registry_number)
                          form.setValue('details.trade_registry_number', company.trade_register_number);
                      }}
                    >
                      {t('anafCheck.useName')}
                    </Button>
                  ) : null}
                </Stack>
              </Notice>
            ) : null}
          </Fieldset>

          {!legal && !foreign ? (
            <Fieldset legend={t('sections.idCard')}>
              <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
                {field('details.id_card_series', t('fields.idCardSeries'), { max: 2 })}
                {field('details.id_card_number', t('fields.idCardNumber'), { max: 10 })}
                {field('details.id_card_issuer', t('fields.idCardIssuer'))}
              </SimpleGrid>
            </Fieldset>
          ) : null}

          <Fieldset legend={t('sections.contact')}>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              {field('email', t('fields.email'))}
              {field('phone', t('fields.phone'), { max: 20 })}
            </SimpleGrid>
            <Controller
              control={form.control}
              name="is_contact_person"
              render={({ field: f }) => (
                <Checkbox
                  mt="sm"
                  id="beneficiary-contact-person"
                  label={t('fields.contactPerson')}
                  checked={f.value}
                  onChange={(event) => f.onChange(event.currentTarget.checked)}
                />
              )}
            />
          </Fieldset>

          <Fieldset legend={t('sections.address')}>
            {foreign ? (
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                {field('details.city', t('fields.city'))}
                {field('details.address', t('fields.address'), { max: 500 })}
              </SimpleGrid>
            ) : (
              <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
                {field('details.city', t('fields.city'))}
                {field('details.street', t('fields.street'))}
                {field('details.street_number', t('fields.streetNumber'), { max: 20 })}
                {field('details.block', t('fields.block'), { max: 20 })}
                {field('details.staircase', t('fields.staircase'), { max: 20 })}
                {field('details.floor', t('fields.floor'), { max: 20 })}
                {field('details.apartment', t('fields.apartment'), { max: 20 })}
                {field('details.postal_code', t('fields.postalCode'), { max: 6 })}
              </SimpleGrid>
            )}
          </Fieldset>

          <Fieldset legend={t('sections.other')}>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              {field('details.iban', t('fields.iban'), { max: 34 })}
              {field('details.bank', t('fields.bank'))}
              {field('tna_code', t('fields.tnaCode'), { max: 50 })}
            </SimpleGrid>
          </Fieldset>

          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              {t('actions.cancel')}
            </Button>
            <Button type="submit" loading={create.isPending || replace.isPending} data-testid="beneficiary-submit">
              {t('actions.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
