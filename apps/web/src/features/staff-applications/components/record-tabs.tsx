import { beneficiaryDisplayName, type StaffApplication } from '@ghiseu/domain';
import { Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/feedback/empty-state';
import { showToast } from '../../../components/feedback/toast';
import { FormRenderer } from '../../../components/form-renderer/form-renderer';
import { type FormErrors, type FormValues, validateAnswers } from '../../../components/form-renderer/form-values';
import { Notice } from '../../../components/page/notice';
import { SoftBadge } from '../../../components/page/soft-badge';
import { formatDateTime } from '../../../lib/format';
import { useStaffAction } from '../api/staff-applications';
import { errorText } from '../errors';
import { citizenAnswersOf, fieldsOf, staffFormPayload } from '../form-definitions';

/** A titled part of a tab (its heading names the region). */
export function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id}>
      <Title order={2} size="h4" id={id} mb="sm">
        {title}
      </Title>
      {children}
    </section>
  );
}

/**
 * The form tab: the citizen's answers read-only, then the staff form of the type, editable by
 * whoever may save it (`canSaveStaffForm` → application-reviewed-by-staff-function).
 */
export function FormTab({ application }: { application: StaffApplication }) {
  const { t } = useTranslation('staff-applications');
  const citizenFields = useMemo(() => fieldsOf(application.form_definition), [application.form_definition]);
  const staffFields = useMemo(() => fieldsOf(application.staff_form_definition), [application.staff_form_definition]);
  const answers = useMemo(() => citizenAnswersOf(application), [application]);
  return (
    <Stack gap="xl">
      <Section id="form-citizen" title={t('tabs.formCitizen')}>
        {citizenFields ? (
          <FormRenderer fields={citizenFields} values={answers} readOnly attachments="hide" />
        ) : (
          <Text>{t('form.noCitizenForm')}</Text>
        )}
      </Section>
      <Section id="form-staff" title={t('tabs.formStaff')}>
        {staffFields ? (
          <StaffForm application={application} fields={staffFields} />
        ) : (
          <Text data-testid="staff-form-none">{t('form.noStaffForm')}</Text>
        )}
      </Section>
    </Stack>
  );
}

function StaffForm({ application, fields }: { application: StaffApplication; fields: NonNullable<ReturnType<typeof fieldsOf>> }) {
  const { t } = useTranslation('staff-applications');
  const action = useStaffAction(application.id);
  const editable = application.abilities.canSaveStaffForm;
  const [values, setValues] = useState<FormValues>(application.form_staff);
  const [errors, setErrors] = useState<FormErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  // A fresh record (after any action) brings the saved answers.
  useEffect(() => setValues(application.form_staff), [application.form_staff]);

  const onSave = async () => {
    const found = validateAnswers(fields, values);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      setFailure(t('form.fixErrors'));
      return;
    }
    setFailure(null);
    try {
      await action.mutateAsync({
        action: 'application-reviewed-by-staff-function',
        body: { form_staff: staffFormPayload(fields, values) },
      });
      showToast('success', t('form.saved'));
    } catch (error) {
      setFailure(errorText(error));
    }
  };

  return (
    <Stack gap="md" data-testid="staff-form">
      {failure ? <Notice tone="error">{failure}</Notice> : null}
      <FormRenderer
        fields={fields}
        values={values}
        onChange={setValues}
        errors={errors}
        readOnly={!editable}
        attachments="hide"
      />
      {editable ? (
        <Button w="fit-content" onClick={() => void onSave()} loading={action.isPending} data-testid="staff-form-save">
          {t('form.save')}
        </Button>
      ) : null}
    </Stack>
  );
}

/** The beneficiaries of the application. */
export function BeneficiariesTab({ application }: { application: StaffApplication }) {
  const { t } = useTranslation('staff-applications');
  if (application.beneficiaries.length === 0) return <EmptyState title={t('beneficiaries.empty')} />;
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table striped withTableBorder aria-label={t('beneficiaries.label')} data-testid="staff-beneficiaries">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('beneficiaries.name')}</Table.Th>
            <Table.Th>{t('beneficiaries.kind')}</Table.Th>
            <Table.Th>{t('beneficiaries.code')}</Table.Th>
            <Table.Th>{t('beneficiaries.contact')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {application.beneficiaries.map((b) => (
            <Table.Tr key={b.id}>
              <Table.Td>{beneficiaryDisplayName(b)}</Table.Td>
              <Table.Td>{t(`beneficiaries.kinds.${b.person_type}`)}</Table.Td>
              <Table.Td>{b.unique_registration_code ?? b.personal_numeric_code ?? '—'}</Table.Td>
              <Table.Td>{[b.email, b.phone].filter(Boolean).join(' · ') || '—'}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** The parcels (real-estate targets), with the land-registry check. */
export function ParcelsTab({ application }: { application: StaffApplication }) {
  const { t } = useTranslation('staff-applications');
  if (application.real_estates.length === 0) return <EmptyState title={t('parcels.empty')} />;
  const area = (value: number | null) => (value === null ? '—' : `${value.toLocaleString('ro-RO')} mp`);
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table striped withTableBorder aria-label={t('parcels.label')} data-testid="staff-parcels">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('parcels.cadastral')}</Table.Th>
            <Table.Th>{t('parcels.uat')}</Table.Th>
            <Table.Th>{t('parcels.type')}</Table.Th>
            <Table.Th>{t('parcels.area')}</Table.Th>
            <Table.Th>{t('parcels.registry')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {application.real_estates.map((r) => (
            <Table.Tr key={r.id}>
              <Table.Td>{r.cadastral_number}</Table.Td>
              <Table.Td>
                {r.uat_name}, {r.county_name}
              </Table.Td>
              <Table.Td>{r.type_label}</Table.Td>
              <Table.Td>{area(r.area)}</Table.Td>
              <Table.Td>
                {r.found_in_registry ? (
                  <Group gap={4}>
                    <Text size="sm">{area(r.registry_area)}</Text>
                    {r.area_mismatch ? <SoftBadge color="orange.9">{t('parcels.mismatch')}</SoftBadge> : null}
                  </Group>
                ) : (
                  t('parcels.notFound')
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** The consultations sent for the application, with their answers. */
export function ConsultationsTab({ application }: { application: StaffApplication }) {
  const { t } = useTranslation('staff-applications');
  if (application.consultations.length === 0) return <EmptyState title={t('consultations.empty')} />;
  return (
    <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} data-testid="staff-consultations">
      {application.consultations.map((c) => (
        <Paper component="li" key={c.id} withBorder p="sm" radius="md">
          <Group justify="space-between" gap="xs">
            <Text fw={600} size="sm">
              {t('consultations.to', { consultant: c.consultant.name, by: c.requested_by.name })}
            </Text>
            <Text size="sm" c="gray.7">
              {formatDateTime(c.requested_at)}
            </Text>
          </Group>
          <Text mt={4} style={{ whiteSpace: 'pre-wrap' }}>
            {c.question}
          </Text>
          {c.answer ? (
            <Notice tone="info" mt="xs" title={t('consultations.answer', { at: formatDateTime(c.answered_at) })}>
              <Text style={{ whiteSpace: 'pre-wrap' }}>{c.answer}</Text>
            </Notice>
          ) : (
            <Text size="sm" c="gray.7" mt={4}>
              {t('consultations.waiting')}
            </Text>
          )}
        </Paper>
      ))}
    </Stack>
  );
}
