import { COMPLAINT_DOCUMENT_TYPES, COMPLAINT_LIMITS, COMPLAINT_PHOTO_TYPES } from '@ghiseu/domain';
import { Anchor, Button, Group, Paper, Select, SimpleGrid, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { showToast } from '../../../components/feedback/toast';
import { foldedOptionsFilter } from '../../../components/inputs';
import { Notice } from '../../../components/page/notice';
import { PageHeader } from '../../../components/page/page-header';
import { Upload } from '../../../components/upload/upload';
import { ApiError } from '../../../lib/api-client';
import { apiErrorText, validationIssues } from '../../../lib/api-errors';
import { uploadFile } from '../../../lib/files';
import { useSession } from '../../../lib/session';
import { useSettings } from '../../../lib/settings';
import { useCounties, useCountyUats, useUatLocalities } from '../../../lib/territory';
import { useAvailableComplaintTypes, useContactDefaults, useCreateComplaint } from '../api/complaints';
import {
  COMPLAINT_FIELD_ORDER,
  COMPLAINT_TEXT_LIMITS,
  type ComplaintFormErrors,
  type ComplaintFormField,
  type ComplaintFormValues,
  EMPTY_COMPLAINT_FORM,
  formFieldOfPath,
  toComplaintRequest,
  validateComplaintForm,
} from '../complaint-form-model';

const fieldId = (field: ComplaintFormField) => `complaint-${field.replace(/_/g, '-')}`;
const toOptions = (items: readonly { id: number; name: string }[] | undefined) =>
  (items ?? []).map((item) => ({ value: String(item.id), label: item.name }));

/**
 * /complain/new (complainCreate, spec §2, §3 Complaint): where (county, locality/UAT, optional
 * village), then the type among those of the organisations answering for that UAT, the address
 * and its details, the description, the contact person (prefilled from the profile), photos and
 * documents (the upload rules of spec §5). Filing shows the entry code and opens the complaint.
 */
export function ComplaintNewPage() {
  const { t } = useTranslation('complaints');
  const navigate = useNavigate();
  const { user } = useSession();
  const settings = useSettings();
  const profile = useContactDefaults();
  const create = useCreateComplaint();
  const [values, setValues] = useState<ComplaintFormValues>(EMPTY_COMPLAINT_FORM);
  const [errors, setErrors] = useState<ComplaintFormErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [validated, setValidated] = useState(false);
  const prefilled = useRef(false);
  // Files still on their way: filing waits for them, or their ids would be missing.
  const [uploading, setUploading] = useState(0);
  const upload = async (file: File, onProgress: (percent: number) => void) => {
    setUploading((n) => n + 1);
    try {
      return await uploadFile('default', file, onProgress);
    } finally {
      setUploading((n) => n - 1);
    }
  };

  const counties = useCounties();
  const countyId = values.county_id ? Number(values.county_id) : null;
  const uatId = values.uat_id ? Number(values.uat_id) : null;
  const uats = useCountyUats(countyId);
  const villages = useUatLocalities(uatId);
  const types = useAvailableComplaintTypes(uatId);

  // The contact person and the place start from the profile (or the portal's default county).
  useEffect(() => {
    if (prefilled.current || profile.isPending || counties.isPending) return;
    prefilled.current = true;
    const p = profile.data;
    const name = [p?.first_name ?? user?.first_name, p?.last_name ?? user?.last_name].filter(Boolean).join(' ');
    const defaultCounty = (counties.data ?? []).find((c) => c.code === settings.defaultCounty);
    const county = p?.county_id ?? defaultCounty?.id ?? null;
    setValues((v) => ({
      ...v,
      county_id: v.county_id ?? (county ? String(county) : null),
      uat_id: v.uat_id ?? (p?.county_id && p.locality_id ? String(p.locality_id) : null),
      contact_name: v.contact_name || name,
      contact_email: v.contact_email || p?.email || user?.email || '',
      contact_phone: v.contact_phone || p?.phone || '',
    }));
  }, [profile.isPending, profile.data, counties.isPending, counties.data, settings.defaultCounty, user]);

  // A single type for the UAT is chosen for the citizen.
  useEffect(() => {
    const list = types.data ?? [];
    if (list.length === 1 && values.complaint_type_id === null)
      setValues((v) => ({ ...v, complaint_type_id: String(list[0].id) }));
  }, [types.data, values.complaint_type_id]);

  const set = <K extends ComplaintFormField>(key: K, value: ComplaintFormValues[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    if (errors[key]) setErrors((e) => ({ ...e, [key]: undefined }));
  };

  const typeOptions = useMemo(
    () =>
      (types.data ?? []).map((type) => ({
        value: String(type.id),
        label: (types.data ?? []).some((other) => other.organisation_id !== type.organisation_id)
          ? `${type.name} (${type.organisation_name})`
          : type.name,
      })),
    [types.data],
  );
  const chosenType = (types.data ?? []).find((type) => String(type.id) === values.complaint_type_id);

  const focusFirst = (found: ComplaintFormErrors) => {
    const first = COMPLAINT_FIELD_ORDER.find((field) => found[field]);
    if (first) document.getElementById(fieldId(first))?.focus();
  };

  const submit = async () => {
    if (uploading > 0) return;
    setValidated(true);
    setFormError(null);
    const found = validateComplaintForm(values);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      setFormError(t('form.fixErrors'));
      focusFirst(found);
      return;
    }
    try {
      const record = await create.mutateAsync(toComplaintRequest(values));
      showToast('success', t('form.filed', { code: record.entry_code }));
      navigate(`/complain/${record.id}`);
    } catch (error) {
      const fieldErrors: ComplaintFormErrors = {};
      for (const issue of validationIssues(error)) {
        const field = formFieldOfPath(issue.path);
        if (field && !fieldErrors[field]) fieldErrors[field] = issue.message;
      }
      if (Object.keys(fieldErrors).length > 0) {
        setErrors(fieldErrors);
        focusFirst(fieldErrors);
      }
      setFormError(
        error instanceof ApiError && error.code === 'VALIDATION_ERROR' && Object.keys(fieldErrors).length > 0
          ? t('form.fixErrors')
          : apiErrorText(error),
      );
    }
  };

  const noTypes = uatId !== null && types.isSuccess && types.data.length === 0;
  const failed = t('form.optionsFailed');

  return (
    <Stack gap="lg" maw={960} data-testid="complaint-new-page">
      <PageHeader
        title={t('form.title')}
        subtitle={t('form.subtitle')}
        above={
          <Anchor component={Link} to="/complain" size="sm">
            {t('form.back')}
          </Anchor>
        }
      />
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
        aria-label={t('form.title')}
      >
        <Stack gap="lg">
          {formError ? <Notice tone="error">{formError}</Notice> : null}

          <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }} component="section" aria-labelledby="complaint-place">
            <Stack gap="md">
              <Title order={2} size="h4" id="complaint-place">
                {t('form.sections.place')}
              </Title>
              <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
                <Select
                  id={fieldId('county_id')}
                  label={t('form.fields.county')}
                  required
                  searchable
                  filter={foldedOptionsFilter}
                  nothingFoundMessage={t('form.nothingFound')}
                  data={toOptions(counties.data)}
                  value={values.county_id}
                  onChange={(v) => {
                    setValues((current) => ({
                      ...current,
                      county_id: v,
                      uat_id: null,
                      locality_id: null,
                      complaint_type_id: null,
                    }));
                    setErrors((e) => ({ ...e, county_id: undefined }));
                  }}
                  error={counties.isError ? failed : errors.county_id}
                  allowDeselect={false}
                  data-testid="complaint-county"
                />
                <Select
                  id={fieldId('uat_id')}
                  label={t('form.fields.uat')}
                  description={t('form.hints.uat')}
                  required
                  searchable
                  filter={foldedOptionsFilter}
                  nothingFoundMessage={t('form.nothingFound')}
                  disabled={!countyId}
                  data={toOptions(uats.data)}
                  value={values.uat_id}
                  onChange={(v) => {
                    setValues((current) => ({ ...current, uat_id: v, locality_id: null, complaint_type_id: null }));
                    setErrors((e) => ({ ...e, uat_id: undefined, complaint_type_id: undefined }));
                  }}
                  error={uats.isError ? failed : errors.uat_id}
                  allowDeselect={false}
                  data-testid="complaint-uat"
                />
                <Select
                  id={fieldId('locality_id')}
                  label={t('form.fields.locality')}
                  searchable
                  clearable
                  clearButtonProps={{ 'aria-label': t('form.clearLocality') }}
                  filter={foldedOptionsFilter}
                  nothingFoundMessage={t('form.nothingFound')}
                  disabled={!uatId}
                  data={toOptions(villages.data)}
                  value={values.locality_id}
                  onChange={(v) => set('locality_id', v)}
                  error={villages.isError ? failed : errors.locality_id}
                  data-testid="complaint-locality"
                />
              </SimpleGrid>
              <Select
                id={fieldId('complaint_type_id')}
                label={t('form.fields.type')}
                required
                searchable
                filter={foldedOptionsFilter}
                nothingFoundMessage={t('form.nothingFound')}
                disabled={!uatId || noTypes}
                placeholder={uatId ? (types.isPending ? t('form.loadingTypes') : undefined) : t('form.hints.typeAfterUat')}
                data={typeOptions}
                value={values.complaint_type_id}
                onChange={(v) => set('complaint_type_id', v)}
                error={types.isError ? failed : errors.complaint_type_id}
                description={chosenType ? t('form.hints.organisation', { name: chosenType.organisation_name }) : undefined}
                allowDeselect={false}
                data-testid="complaint-type"
              />
              {noTypes ? (
                <Notice tone="warning" data-testid="complaint-no-types">
                  {t('form.noTypes')}
                </Notice>
              ) : null}
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
                <TextInput
                  id={fieldId('address')}
                  label={t('form.fields.address')}
                  description={t('form.hints.address')}
                  required
                  maxLength={COMPLAINT_TEXT_LIMITS.address}
                  value={values.address}
                  onChange={(e) => set('address', e.currentTarget.value)}
                  error={errors.address}
                  data-testid="complaint-address"
                />
                <TextInput
                  id={fieldId('address_details')}
                  label={t('form.fields.addressDetails')}
                  description={t('form.hints.addressDetails')}
                  maxLength={COMPLAINT_TEXT_LIMITS.address_details}
                  value={values.address_details}
                  onChange={(e) => set('address_details', e.currentTarget.value)}
                  error={errors.address_details}
                  data-testid="complaint-address-details"
                />
              </SimpleGrid>
            </Stack>
          </Paper>

          <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }} component="section" aria-labelledby="complaint-what">
            <Stack gap="md">
              <Title order={2} size="h4" id="complaint-what">
                {t('form.sections.description')}
              </Title>
              <Textarea
                id={fieldId('description')}
                label={t('form.fields.description')}
                description={t('form.hints.description', { max: COMPLAINT_TEXT_LIMITS.description })}
                required
                autosize
                minRows={4}
                maxRows={12}
                maxLength={COMPLAINT_TEXT_LIMITS.description}
                value={values.description}
                onChange={(e) => set('description', e.currentTarget.value)}
                error={errors.description}
                data-testid="complaint-description"
              />
              <div id={fieldId('photos')} tabIndex={-1}>
                <Upload
                  label={t('form.fields.photos')}
                  description={t('form.hints.photos')}
                  value={values.photos}
                  onChange={(files) => set('photos', files)}
                  uploadFile={upload}
                  rules={{ types: [...COMPLAINT_PHOTO_TYPES], maxFiles: COMPLAINT_LIMITS.maxFiles - values.documents.length }}
                  validated={validated}
                  error={errors.photos}
                />
              </div>
              <div id={fieldId('documents')} tabIndex={-1}>
                <Upload
                  label={t('form.fields.documents')}
                  description={t('form.hints.documents')}
                  value={values.documents}
                  onChange={(files) => set('documents', files)}
                  uploadFile={upload}
                  rules={{ types: [...COMPLAINT_DOCUMENT_TYPES], maxFiles: COMPLAINT_LIMITS.maxFiles - values.photos.length }}
                  validated={validated}
                  error={errors.documents}
                />
              </div>
            </Stack>
          </Paper>

          <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }} component="section" aria-labelledby="complaint-contact">
            <Stack gap="md">
              <Title order={2} size="h4" id="complaint-contact">
                {t('form.sections.contact')}
              </Title>
              <Text size="sm" c="gray.7">
                {t('form.hints.contact')}
              </Text>
              <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
                <TextInput
                  id={fieldId('contact_name')}
                  label={t('form.fields.contactName')}
                  required
                  autoComplete="name"
                  maxLength={COMPLAINT_TEXT_LIMITS.contact_name}
                  value={values.contact_name}
                  onChange={(e) => set('contact_name', e.currentTarget.value)}
                  error={errors.contact_name}
                  data-testid="complaint-contact-name"
                />
                <TextInput
                  id={fieldId('contact_phone')}
                  label={t('form.fields.contactPhone')}
                  type="tel"
                  inputMode="tel"
                  autoComplete="tel-national"
                  maxLength={20}
                  value={values.contact_phone}
                  onChange={(e) => set('contact_phone', e.currentTarget.value)}
                  error={errors.contact_phone}
                  data-testid="complaint-contact-phone"
                />
                <TextInput
                  id={fieldId('contact_email')}
                  label={t('form.fields.contactEmail')}
                  type="email"
                  autoComplete="email"
                  maxLength={255}
                  value={values.contact_email}
                  onChange={(e) => set('contact_email', e.currentTarget.value)}
                  error={errors.contact_email}
                  data-testid="complaint-contact-email"
                />
              </SimpleGrid>
            </Stack>
          </Paper>

          <Group justify="flex-end" gap="sm">
            <Button variant="default" component={Link} to="/complain">
              {t('actions.cancel')}
            </Button>
            {uploading > 0 ? (
              <Text size="sm" c="gray.7" role="status">
                {t('form.uploading')}
              </Text>
            ) : null}
            <Button type="submit" loading={create.isPending} disabled={uploading > 0} data-testid="complaint-submit">
              {t('form.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
