import {
  type FormField,
  type RegistryConnection,
  type RegistryKind,
  type RegistryRecord,
  ZRegisterApplicationRequest,
  ZRegisterDocumentRequest,
} from '@ghiseu/domain';
import {
  ActionIcon,
  Button,
  Fieldset,
  Group,
  MultiSelect,
  NumberInput,
  Paper,
  Radio,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../../components/feedback/toast';
import { FormRenderer } from '../../../components/form-renderer/form-renderer';
import { type BeneficiaryDraft, BeneficiaryFields, EMPTY_BENEFICIARY } from '../../../components/record/beneficiary-fields';
import { type FormErrors, type FormValues, fieldDomId } from '../../../components/form-renderer/form-values';
import { DateInput } from '../../../components/inputs/date-input';
import { Notice } from '../../../components/page/notice';
import { PageHeader } from '../../../components/page/page-header';
import { Upload, type UploadedFile } from '../../../components/upload/upload';
import { ApiError } from '../../../lib/api-client';
import { uploadFile } from '../../../lib/files';
import { useSession } from '../../../lib/session';
import { useJurisdictionUats } from '../../../lib/territory';
import {
  searchConnections,
  useRegisterApplication,
  useRegisterBeneficiaries,
  useRegisterDocument,
  useRegistryTypes,
  useTypeForm,
} from '../api/registry';
import { RegistrationResult } from '../components/registration-result';
// zod's messages in Romanian (the client-side check of the request).
import '../../../lib/validation';

type AttachmentsField = Extract<FormField, { type: 'attachments' }>;

interface RealEstateRow {
  cadastral_number: string;
  uat_id: number | null;
  type: 'land' | 'land_constructions';
  area: number | '';
}

interface RegistryFields {
  subject: string;
  external_number: string;
  external_date: string | null;
}

const textOrNull = (value: string) => (value.trim() === '' ? null : value.trim());

/** The request's beneficiary: from the register, or the typed fields without empty texts. */
function beneficiaryBody(source: 'register' | 'new', fromId: string | null, draft: BeneficiaryDraft) {
  if (source === 'register') return fromId ? { from_beneficiary_id: Number(fromId) } : {};
  const { passport_number, ...rest } = draft;
  const body: Record<string, unknown> = Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== ''));
  if (passport_number) body.details = { passport_number };
  return body;
}

/** `body.beneficiary.first_name` → `beneficiary.first_name`; `form.x` stays; `details.passport_number` follows its input. */
function errorsOf(issues: readonly { path: string; message: string }[]): FormErrors {
  const errors: FormErrors = {};
  for (const issue of issues) {
    const path = issue.path.replace(/^body\./, '').replace('beneficiary.details.passport_number', 'beneficiary.passport_number');
    if (!(path in errors)) errors[path] = issue.message;
  }
  return errors;
}

/**
 * /register-application (applicationsRegister, spec §2, §3 Document register, §4 register): the
 * general registry. The clerk registers an APPLICATION (the type's citizen form answered at the
 * desk, the beneficiary from the register or new, real estates and attachments as the form asks)
 * or an INCOMING DOCUMENT (subject, external number and date, connected documents, the scan). On
 * success the entry number, the slip, the invitation and the sending on are shown.
 */
export function RegisterApplicationPage() {
  const { t } = useTranslation(['registry', 'routes']);
  const { user } = useSession();
  const organisationId = user?.organisation_id ?? null;
  const [kind, setKind] = useState<RegistryKind>('application');
  const [typeId, setTypeId] = useState<string | null>(null);
  const [source, setSource] = useState<'register' | 'new'>('new');
  const [fromId, setFromId] = useState<string | null>(null);
  const [beneficiary, setBeneficiary] = useState<BeneficiaryDraft>(EMPTY_BENEFICIARY);
  const [values, setValues] = useState<FormValues>({});
  const [attachments, setAttachments] = useState<Record<string, UploadedFile[]>>({});
  const [realEstates, setRealEstates] = useState<RealEstateRow[]>([]);
  const [documentFiles, setDocumentFiles] = useState<UploadedFile[]>([]);
  const [registry, setRegistry] = useState<RegistryFields>({ subject: '', external_number: '', external_date: null });
  const [connected, setConnected] = useState<RegistryConnection[]>([]);
  const [connectionOptions, setConnectionOptions] = useState<RegistryConnection[]>([]);
  const [connectionSearch, setConnectionSearch] = useState('');
  const [errors, setErrors] = useState<FormErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [validated, setValidated] = useState(false);
  const [result, setResult] = useState<RegistryRecord | null>(null);

  const types = useRegistryTypes(organisationId);
  const typeForm = useTypeForm(kind === 'application' && typeId ? Number(typeId) : null);
  const register = useRegisterBeneficiaries(source === 'register');
  const uats = useJurisdictionUats(organisationId);
  const registerApplication = useRegisterApplication();
  const registerDocument = useRegisterDocument();
  const fields = typeForm.data?.definition.fields ?? [];
  const wantsRealEstates = fields.some((f) => f.type === 'real_estate_target');

  // The connected-document search: from 2 characters, 300 ms after typing stops.
  useEffect(() => {
    const value = connectionSearch.trim();
    if (value.length < 2) return;
    const timer = setTimeout(() => {
      searchConnections(value).then(setConnectionOptions, () => setConnectionOptions([]));
    }, 300);
    return () => clearTimeout(timer);
  }, [connectionSearch]);

  const connectionData = useMemo(() => {
    const byId = new Map([...connected, ...connectionOptions].map((c) => [c.id, c]));
    return [...byId.values()].map((c) => ({
      value: String(c.id),
      label: `${c.identification_number ?? c.id} · ${c.application_type_name}`,
    }));
  }, [connected, connectionOptions]);

  const reset = () => {
    setTypeId(null);
    setFromId(null);
    setBeneficiary(EMPTY_BENEFICIARY);
    setValues({});
    setAttachments({});
    setRealEstates([]);
    setDocumentFiles([]);
    setRegistry({ subject: '', external_number: '', external_date: null });
    setConnected([]);
    setErrors({});
    setFormError(null);
    setValidated(false);
    setResult(null);
  };

  const registryBody = () => ({
    subject: textOrNull(registry.subject),
    external_number: textOrNull(registry.external_number),
    external_date: registry.external_date,
    connected_application_ids: connected.map((c) => c.id),
  });

  const requestBody = (): Record<string, unknown> => {
    const common = {
      application_type_id: typeId ? Number(typeId) : undefined,
      beneficiary: beneficiaryBody(source, fromId, beneficiary),
    };
    if (kind === 'document') return { ...common, document_file_id: documentFiles[0]?.file_id, registry: registryBody() };
    return {
      ...common,
      form: values,
      real_estates: realEstates.map((r) => ({
        cadastral_number: r.cadastral_number.trim(),
        uat_id: r.uat_id ?? undefined,
        type: r.type,
        area: r.area === '' ? undefined : r.area,
      })),
      attachments: Object.entries(attachments).flatMap(([category, list]) =>
        list.map((file) => ({ file_id: file.file_id, category })),
      ),
      registry: registryBody(),
    };
  };

  const onSubmit = async () => {
    setValidated(true);
    setFormError(null);
    const body = requestBody();
    const schema = kind === 'document' ? ZRegisterDocumentRequest : ZRegisterApplicationRequest;
    const parsed = schema.safeParse(body);
    if (!parsed.success) {
      setErrors(errorsOf(parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }))));
      setFormError(t('errors.fix'));
      return;
    }
    setErrors({});
    try {
      const record =
        kind === 'document'
          ? await registerDocument.mutateAsync(parsed.data as never)
          : await registerApplication.mutateAsync(parsed.data as never);
      showToast('success', t('created', { number: record.identification_number }));
      setResult(record);
      window.scrollTo({ top: 0 });
    } catch (error) {
      const fields = error instanceof ApiError && Array.isArray(error.data?.fields) ? error.data.fields : [];
      const issues = (fields as { path?: unknown; message?: unknown }[])
        .filter((f) => typeof f.path === 'string')
        .map((f) => ({ path: String(f.path), message: String(f.message ?? '') }));
      if (issues.length > 0) {
        setErrors(errorsOf(issues));
        setFormError(t('errors.fix'));
      } else setFormError(error instanceof ApiError && error.hasResponse ? error.userMessage : t('errors.register'));
    }
  };

  if (result)
    return (
      <Stack gap="lg" data-testid="register-application-page">
        <PageHeader title={t('routes:registerApplication')} subtitle={t('subtitle')} />
        <RegistrationResult record={result} onChange={setResult} onAnother={reset} />
      </Stack>
    );

  const formErrors: FormErrors = Object.fromEntries(
    Object.entries(errors)
      .filter(([path]) => path.startsWith('form.'))
      .map(([path, message]) => [path.slice('form.'.length), message]),
  );
  const setB = (patch: Partial<BeneficiaryDraft>) => setBeneficiary((current) => ({ ...current, ...patch }));
  const uatOptions = (uats.data ?? []).map((u) => ({ value: String(u.id), label: u.name }));
  const busy = registerApplication.isPending || registerDocument.isPending;

  const renderAttachments = (field: AttachmentsField) => (
    <div data-testid={`attachments-${field.key}`}>
      <Upload
        label={field.label}
        description={field.description}
        value={attachments[field.key] ?? []}
        onChange={(files) => setAttachments((current) => ({ ...current, [field.key]: files }))}
        uploadFile={(file, onProgress) => uploadFile('register', file, onProgress)}
        rules={{ maxFiles: field.maxFiles, types: field.accept }}
        required={field.required || field.minFiles > 0}
        validated={validated}
        error={formErrors[field.key]}
      />
    </div>
  );

  return (
    <Stack gap="lg" data-testid="register-application-page">
      <PageHeader title={t('routes:registerApplication')} subtitle={t('subtitle')} />
      {formError ? <Notice tone="error">{formError}</Notice> : null}

      <Paper withBorder radius="md" p="lg">
        <Stack gap="md">
          <Title order={2} size="h3">
            {t('sections.type')}
          </Title>
          <Stack gap={4}>
            <Text size="sm" fw={500} id="registry-kind-label">
              {t('kind.label')}
            </Text>
            <SegmentedControl
              aria-labelledby="registry-kind-label"
              w="fit-content"
              value={kind}
              onChange={(value) => {
                setKind(value as RegistryKind);
                setErrors({});
                setFormError(null);
              }}
              data={[
                { value: 'application', label: t('kind.application') },
                { value: 'document', label: t('kind.document') },
              ]}
              data-testid="registry-kind"
            />
          </Stack>
          {types.isSuccess && types.data.length === 0 ? <Notice tone="warning">{t('type.none')}</Notice> : null}
          <Select
            id={fieldDomId('application_type_id')}
            label={kind === 'document' ? t('type.documentLabel') : t('type.label')}
            placeholder={t('type.placeholder')}
            required
            searchable
            data={(types.data ?? []).map((type) => ({ value: String(type.id), label: type.name }))}
            value={typeId}
            onChange={(value) => {
              setTypeId(value);
              setValues({});
              setAttachments({});
            }}
            error={types.isError ? t('type.loadFailed') : errors.application_type_id}
            w={{ base: '100%', sm: 520 }}
            data-testid="registry-type"
          />
        </Stack>
      </Paper>

      <Paper withBorder radius="md" p="lg">
        <Stack gap="md">
          <Title order={2} size="h3">
            {t('sections.beneficiary')}
          </Title>
          <Radio.Group label={t('beneficiary.source')} value={source} onChange={(v) => setSource(v as 'register' | 'new')}>
            <Group mt="xs">
              <Radio value="new" label={t('beneficiary.new')} />
              <Radio value="register" label={t('beneficiary.fromRegister')} />
            </Group>
          </Radio.Group>
          {source === 'register' ? (
            register.isSuccess && register.data.length === 0 ? (
              <Notice tone="info">{t('beneficiary.emptyRegister')}</Notice>
            ) : (
              <Select
                id={fieldDomId('beneficiary.from_beneficiary_id')}
                label={t('beneficiary.pick')}
                required
                searchable
                data={(register.data ?? []).map((b) => ({
                  value: String(b.id),
                  label: `${b.display_name} · ${b.unique_registration_code ?? b.personal_numeric_code ?? ''}`,
                }))}
                value={fromId}
                onChange={setFromId}
                error={errors['beneficiary.from_beneficiary_id'] ?? errors.beneficiary}
                w={{ base: '100%', sm: 520 }}
              />
            )
          ) : (
            <Fieldset legend={t('beneficiary.new')} data-testid="registry-beneficiary">
              <Stack gap="sm">
                <BeneficiaryFields
                  value={beneficiary}
                  onChange={setB}
                  label={(key) => t(`beneficiary.${key}`)}
                  errorOf={(key) => errors[`beneficiary.${key}`]}
                  emailHint={t('beneficiary.emailHint')}
                />
              </Stack>
            </Fieldset>
          )}
        </Stack>
      </Paper>

      {kind === 'application' && typeId ? (
        <Paper withBorder radius="md" p="lg">
          <Stack gap="md">
            <Title order={2} size="h3">
              {t('sections.form')}
            </Title>
            {typeForm.isPending ? <Text c="gray.7">…</Text> : null}
            {typeForm.isError ? <Notice tone="error">{t('type.loadFailed')}</Notice> : null}
            {typeForm.data ? (
              <FormRenderer
                fields={fields}
                values={values}
                onChange={setValues}
                errors={formErrors}
                attachments="render"
                renderAttachments={renderAttachments}
              />
            ) : null}
          </Stack>
        </Paper>
      ) : null}

      {kind === 'application' && wantsRealEstates ? (
        <Paper withBorder radius="md" p="lg">
          <Stack gap="md">
            <Title order={2} size="h3">
              {t('sections.realEstates')}
            </Title>
            <Text size="sm">{t('realEstates.intro')}</Text>
            {realEstates.map((row, index) => {
              const set = (patch: Partial<RealEstateRow>) =>
                setRealEstates((current) => current.map((r, i) => (i === index ? { ...r, ...patch } : r)));
              const path = (key: string) => `real_estates.${index}.${key}`;
              return (
                // biome-ignore lint/suspicious/noArrayIndexKey: rows have no id before they are saved.
                <Fieldset key={index} legend={t('realEstates.row', { index: index + 1 })}>
                  <Group align="flex-end" gap="sm" wrap="wrap">
                    <TextInput
                      id={fieldDomId(path('cadastral_number'))}
                      label={t('realEstates.cadastral')}
                      required
                      value={row.cadastral_number}
                      onChange={(event) => set({ cadastral_number: event.currentTarget.value })}
                      error={errors[path('cadastral_number')]}
                      maxLength={50}
                    />
                    <Select
                      id={fieldDomId(path('uat_id'))}
                      label={t('realEstates.uat')}
                      required
                      searchable
                      data={uatOptions}
                      value={row.uat_id ? String(row.uat_id) : null}
                      onChange={(value) => set({ uat_id: value ? Number(value) : null })}
                      error={errors[path('uat_id')]}
                    />
                    <Select
                      id={fieldDomId(path('type'))}
                      label={t('realEstates.type')}
                      data={[
                        { value: 'land', label: t('realEstates.land') },
                        { value: 'land_constructions', label: t('realEstates.landConstructions') },
                      ]}
                      value={row.type}
                      allowDeselect={false}
                      onChange={(value) => set({ type: (value as RealEstateRow['type']) ?? 'land' })}
                    />
                    <NumberInput
                      id={fieldDomId(path('area'))}
                      label={t('realEstates.area')}
                      min={0}
                      value={row.area}
                      onChange={(value) => set({ area: typeof value === 'number' ? value : '' })}
                      error={errors[path('area')]}
                      w={140}
                    />
                    <ActionIcon
                      variant="subtle"
                      color="red.9"
                      size="lg"
                      aria-label={t('realEstates.remove', { number: row.cadastral_number || index + 1 })}
                      onClick={() => setRealEstates((current) => current.filter((_, i) => i !== index))}
                    >
                      <IconTrash size={18} aria-hidden />
                    </ActionIcon>
                  </Group>
                </Fieldset>
              );
            })}
            {errors.real_estates ? (
              <Text c="red.8" size="sm" role="alert">
                {errors.real_estates}
              </Text>
            ) : null}
            <Button
              variant="default"
              w="fit-content"
              leftSection={<IconPlus size={18} aria-hidden />}
              onClick={() =>
                setRealEstates((current) => [...current, { cadastral_number: '', uat_id: null, type: 'land', area: '' }])
              }
              data-testid="registry-add-real-estate"
            >
              {t('realEstates.add')}
            </Button>
          </Stack>
        </Paper>
      ) : null}

      <Paper withBorder radius="md" p="lg">
        <Stack gap="md">
          <Title order={2} size="h3">
            {kind === 'document' ? t('sections.document') : t('sections.registry')}
          </Title>
          {kind === 'document' ? (
            <div id={fieldDomId('document_file_id')} data-testid="registry-document-file">
              <Upload
                label={t('document.file')}
                description={t('document.fileHint')}
                value={documentFiles}
                onChange={setDocumentFiles}
                uploadFile={(file, onProgress) => uploadFile('register', file, onProgress)}
                rules={{ maxFiles: 1, types: ['application/pdf', 'image/jpeg', 'image/png'] }}
                required
                validated={validated}
                error={errors.document_file_id}
              />
            </div>
          ) : null}
          <TextInput
            id={fieldDomId('registry.subject')}
            label={t('registry.subject')}
            required={kind === 'document'}
            value={registry.subject}
            onChange={(event) => setRegistry({ ...registry, subject: event.currentTarget.value })}
            error={errors['registry.subject']}
            maxLength={1000}
            data-testid="registry-subject"
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput
              id={fieldDomId('registry.external_number')}
              label={t('registry.externalNumber')}
              value={registry.external_number}
              onChange={(event) => setRegistry({ ...registry, external_number: event.currentTarget.value })}
              error={errors['registry.external_number']}
              maxLength={100}
            />
            <DateInput
              id={fieldDomId('registry.external_date')}
              label={t('registry.externalDate')}
              value={registry.external_date}
              onChange={(value) => setRegistry({ ...registry, external_date: value })}
              error={errors['registry.external_date']}
              clearable
            />
          </SimpleGrid>
          <MultiSelect
            id={fieldDomId('registry.connected_application_ids')}
            label={t('registry.connected')}
            description={t('registry.connectedHint')}
            data={connectionData}
            value={connected.map((c) => String(c.id))}
            onChange={(ids) => {
              const byId = new Map([...connected, ...connectionOptions].map((c) => [String(c.id), c]));
              setConnected(ids.map((id) => byId.get(id)).filter((c): c is RegistryConnection => c !== undefined));
            }}
            searchable
            searchValue={connectionSearch}
            onSearchChange={setConnectionSearch}
            nothingFoundMessage={connectionSearch.trim().length >= 2 ? t('registry.connectedNone') : undefined}
            filter={({ options }) => options}
            maxValues={20}
            error={Object.entries(errors).find(([path]) => path.startsWith('registry.connected_application_ids'))?.[1]}
          />
        </Stack>
      </Paper>

      <Button w="fit-content" size="md" onClick={() => void onSubmit()} loading={busy} data-testid="registry-submit">
        {t('submit')}
      </Button>
    </Stack>
  );
}
