import { isSimpleStaff } from '@ghiseu/domain';
import { zodResolver } from '../../../lib/validation';
import { Button, Group, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconCircleCheck, IconId, IconSend } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Controller, type Path, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { EmptyState } from '../../../components/feedback/empty-state';
import { showToast } from '../../../components/feedback/toast';
import { DateInput } from '../../../components/inputs/date-input';
import { Upload, type UploadedFile } from '../../../components/upload/upload';
import { useSession } from '../../../lib/session';
import { useOwnIdentity, useSubmitEnrollment } from '../api/enrollments';
import { uploadFile } from '../../../lib/files';
import {
  EMPTY_ENROLLMENT,
  type EnrollmentFormValues,
  enrollmentFormSchema,
} from '../components/enrollment/enrollment-form-model';
import { PageHeader } from '../../../components/page/page-header';
import { adminErrorText, applyFieldErrors } from '../errors';
import { Notice } from '../../../components/page/notice';

const FIELDS = Object.keys(EMPTY_ENROLLMENT) as Path<EnrollmentFormValues>[];

/** The ID document: a picture or a PDF, one file. */
const ID_DOCUMENT_RULES = { maxFiles: 1, types: ['image/jpeg', 'image/png', 'application/pdf'] } as const;

/**
 * /staff-enrollment (signed in): the enrollment for signing (spec §4 "staff need video
 * enrollment before signing"). A staff member or admin sends the identity data and a picture of
 * the ID document; an administrator of the organisation checks them. After sending, the page of
 * the request (/staff-enrollment/redirect/:id) shows its status.
 */
export function StaffEnrollmentPage() {
  const { t } = useTranslation(['administration', 'routes']);
  const { user } = useSession();
  const navigate = useNavigate();
  const enrolls = user !== null && isSimpleStaff(user.user_type_name);
  const identity = useOwnIdentity(enrolls);
  const submit = useSubmitEnrollment();
  const [files, setFiles] = useState<UploadedFile[]>([]);
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<EnrollmentFormValues>({
    resolver: zodResolver(enrollmentFormSchema),
    defaultValues: EMPTY_ENROLLMENT,
    mode: 'onTouched',
  });
  const { errors, isSubmitted } = form.formState;

  // Prefill with what the profile already holds (the form stays editable).
  useEffect(() => {
    if (!identity.data || form.formState.isDirty) return;
    form.reset({
      ...EMPTY_ENROLLMENT,
      personal_numeric_code: identity.data.personal_numeric_code ?? '',
      id_card_series: identity.data.id_card_series ?? '',
      id_card_number: identity.data.id_card_number ?? '',
      id_card_issue_date: identity.data.id_card_issue_date,
      id_card_expiry_date: identity.data.id_card_expiry_date,
      id_card_issuer: identity.data.id_card_issuer ?? '',
    });
  }, [identity.data, form]);

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      const created = await submit.mutateAsync({
        personal_numeric_code: values.personal_numeric_code.trim(),
        id_card_series: values.id_card_series.trim().toUpperCase(),
        id_card_number: values.id_card_number.trim(),
        id_card_issue_date: values.id_card_issue_date ?? '',
        id_card_expiry_date: values.id_card_expiry_date ?? '',
        id_card_issuer: values.id_card_issuer.trim(),
        id_document_file_id: values.id_document_file_id ?? 0,
      });
      showToast('success', t('enrollment.sent'));
      navigate(created.redirect_url || `/staff-enrollment/redirect/${created.id}`);
    } catch (error) {
      if (!applyFieldErrors(form.setError, error, FIELDS)) setFormError(adminErrorText(error, { entity: 'enrollment' }));
    }
  });

  const header = <PageHeader title={t('enrollment.title')} subtitle={t('enrollment.subtitle')} />;

  if (!enrolls) {
    return (
      <Stack gap="lg">
        {header}
        <Paper withBorder radius="md" p="lg">
          <EmptyState icon={<IconId />} title={t('enrollment.staffOnly')} />
        </Paper>
      </Stack>
    );
  }

  return (
    <Stack gap="lg" maw={960} data-testid="staff-enrollment-page">
      {header}
      {user?.enrolled ? (
        <Notice
          tone="success"
          icon={<IconCircleCheck aria-hidden />}
          title={t('enrollment.enrolledTitle')}
          data-testid="enrollment-enrolled"
        >
          {t('enrollment.enrolledText')}
        </Notice>
      ) : (
        <Notice
          tone="warning"
          icon={<IconId aria-hidden />}
          title={t('enrollment.notEnrolledTitle')}
          data-testid="enrollment-not-enrolled"
        >
          {t('enrollment.notEnrolledText')}
        </Notice>
      )}
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="enrollment-form-title">
        <form onSubmit={onSubmit} noValidate aria-labelledby="enrollment-form-title" data-testid="enrollment-form">
          <Stack gap="md">
            <div>
              <Title order={2} size="h4" id="enrollment-form-title">
                {user?.enrolled ? t('enrollment.formTitleAgain') : t('enrollment.formTitle')}
              </Title>
              <Text size="sm" c="gray.7" mt={4}>
                {t('enrollment.formIntro')}
              </Text>
            </div>
            {formError ? (
              <Notice tone="error" data-testid="enrollment-error">
                {formError}
              </Notice>
            ) : null}
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <TextInput
                id="enrollment-cnp"
                label={t('enrollment.fields.personal_numeric_code')}
                required
                inputMode="numeric"
                maxLength={13}
                autoComplete="off"
                error={errors.personal_numeric_code?.message}
                data-testid="enrollment-cnp"
                {...form.register('personal_numeric_code')}
              />
              <TextInput
                id="enrollment-issuer"
                label={t('enrollment.fields.id_card_issuer')}
                required
                maxLength={255}
                error={errors.id_card_issuer?.message}
                data-testid="enrollment-issuer"
                {...form.register('id_card_issuer')}
              />
              <TextInput
                id="enrollment-series"
                label={t('enrollment.fields.id_card_series')}
                required
                maxLength={10}
                error={errors.id_card_series?.message}
                data-testid="enrollment-series"
                {...form.register('id_card_series')}
              />
              <TextInput
                id="enrollment-number"
                label={t('enrollment.fields.id_card_number')}
                required
                maxLength={20}
                error={errors.id_card_number?.message}
                data-testid="enrollment-number"
                {...form.register('id_card_number')}
              />
              <Controller
                control={form.control}
                name="id_card_issue_date"
                render={({ field }) => (
                  <DateInput
                    id="enrollment-issue-date"
                    label={t('enrollment.fields.id_card_issue_date')}
                    required
                    value={field.value}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                    error={errors.id_card_issue_date?.message}
                    data-testid="enrollment-issue-date"
                  />
                )}
              />
              <Controller
                control={form.control}
                name="id_card_expiry_date"
                render={({ field }) => (
                  <DateInput
                    id="enrollment-expiry-date"
                    label={t('enrollment.fields.id_card_expiry_date')}
                    required
                    value={field.value}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                    error={errors.id_card_expiry_date?.message}
                    data-testid="enrollment-expiry-date"
                  />
                )}
              />
            </SimpleGrid>
            <Controller
              control={form.control}
              name="id_document_file_id"
              render={({ field }) => (
                <Upload
                  label={t('enrollment.fields.id_document')}
                  description={t('enrollment.documentHint')}
                  required
                  validated={isSubmitted}
                  rules={ID_DOCUMENT_RULES}
                  value={files}
                  onChange={(next) => {
                    setFiles(next);
                    field.onChange(next.at(-1)?.file_id ?? null);
                  }}
                  uploadFile={(file, onProgress) => uploadFile('default', file, onProgress)}
                />
              )}
            />
            <Group justify="flex-end">
              <Button
                type="submit"
                leftSection={<IconSend size={16} aria-hidden />}
                loading={submit.isPending}
                data-testid="enrollment-submit"
              >
                {t('enrollment.submit')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
    </Stack>
  );
}
