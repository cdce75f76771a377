import {
  CONTROL_REPORT_SYSTEM_TYPE,
  DOCUMENT_SYSTEM_TYPE_LABELS,
  DOCUMENT_SYSTEM_TYPES,
  DOCUMENT_TEMPLATE_STATUS_LABELS,
  DOCUMENT_TEMPLATE_STATUSES,
  type DocumentSystemType,
  type DocumentTemplateRecord,
  type DocumentTemplateStatus,
  documentHasText,
  isKnownPlaceholder,
  placeholderGroupsFor,
  placeholderKeysOf,
  signingLayoutProblems,
} from '@ghiseu/domain';
import { Anchor, Button, Group, Loader, Paper, Select, SimpleGrid, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { IconArrowLeft, IconDeviceFloppy } from '@tabler/icons-react';
import { lazy, type ReactNode, Suspense, useCallback, useMemo, useRef, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { z } from 'zod';
import { ErrorState } from '../../../components/feedback/error-state';
import { PageLoader } from '../../../components/feedback/page-loader';
import { showToast } from '../../../components/feedback/toast';
import { Notice } from '../../../components/page/notice';
import { PageHeader } from '../../../components/page/page-header';
import { SoftBadge } from '../../../components/page/soft-badge';
import { StatusBadge } from '../../../components/page/status-badge';
import { ApiError } from '../../../lib/api-client';
import { apiErrorText, errorCodeOf, validationFieldErrors } from '../../../lib/api-errors';
import { usePermissions } from '../../../lib/permissions';
import { useSession } from '../../../lib/session';
import { zodResolver } from '../../../lib/validation';
import {
  type DocumentTemplateBody,
  useApplicationTypeChoices,
  useCreateDocumentTemplate,
  useDocumentTemplate,
  useLayoutFunctions,
  usePatchDocumentTemplate,
  usePlaceholders,
} from '../api/document-templates';
import { emptyContent, sameContent, type TemplateContent } from '../content-model';
import { PlaceholderPicker } from '../components/placeholder-picker';
import { PreviewPanel } from '../components/preview-panel';
import { type FunctionOption, SigningLayoutEditor } from '../components/signing-layout-editor';
import { useLeaveGuard } from '../components/use-leave-guard';
import {
  captionProblems,
  defaultLayout,
  type EditorLayout,
  editorLayoutOfOutput,
  layoutInputOf,
  layoutOf,
  sameLayout,
} from '../layout-model';

// TipTap and ProseMirror (~100 KB gzip) only on this page, after its first paint.
const TemplateEditor = lazy(() => import('../components/rich-text/template-editor').then((m) => ({ default: m.TemplateEditor })));

/**
 * /document-template/new (documentTemplateCreate) and /document-template/{id}
 * (documentTemplateEdit): a document template (spec §3): name, description, system type,
 * status; the text in a rich-text editor with placeholders (B's ProseMirror JSON); the signing
 * layout checked live with the domain's `signingLayoutProblems` (a problem blocks the save);
 * the preview of the saved template on a real application. Leaving with unsaved changes asks first.
 */
export function DocumentTemplateEditorPage() {
  const { id } = useParams();
  const { t } = useTranslation('document-templates');
  const templateId = id === undefined ? null : Number(id);
  const valid = templateId !== null && Number.isInteger(templateId) && templateId > 0;
  const query = useDocumentTemplate(valid ? templateId : null);

  if (id === undefined) return <TemplateForm record={null} />;
  if (!valid) return <ErrorState title={t('editor.notFound')} message={t('editor.notFoundText')} />;
  if (query.isPending) return <PageLoader />;
  if (query.isError) {
    const notFound = query.error instanceof ApiError && query.error.status === 404;
    return notFound ? (
      <ErrorState title={t('editor.notFound')} message={t('editor.notFoundText')} />
    ) : (
      <ErrorState title={t('editor.loadError')} onRetry={() => void query.refetch()} />
    );
  }
  return <TemplateForm key={query.data.id} record={query.data} />;
}

const generalSchema = (messages: { short: string; long: string }) =>
  z.object({
    name: z.string().trim().min(3, { error: messages.short }).max(200, { error: messages.long }),
    description: z.string().max(2000),
    status: z.enum(DOCUMENT_TEMPLATE_STATUSES),
    system_type: z.enum(DOCUMENT_SYSTEM_TYPES).nullable(),
  });
type GeneralValues = z.infer<ReturnType<typeof generalSchema>>;

const generalOf = (record: DocumentTemplateRecord | null): GeneralValues => ({
  name: record?.name ?? '',
  description: record?.description ?? '',
  status: record?.status ?? 'active',
  system_type: record?.system_type ?? null,
});

function BackLink() {
  const { t } = useTranslation('document-templates');
  return (
    <Anchor component={Link} to="/document-template" size="sm">
      <Group gap={4}>
        <IconArrowLeft size={14} aria-hidden />
        {t('editor.back')}
      </Group>
    </Anchor>
  );
}

function Section({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={title} data-testid={testId}>
      <Stack gap="md">
        <Title order={2} size="h4">
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}

function TemplateForm({ record }: { record: DocumentTemplateRecord | null }) {
  const { t } = useTranslation(['document-templates', 'routes']);
  const { can } = usePermissions();
  const { user } = useSession();
  const navigate = useNavigate();
  const create = useCreateDocumentTemplate();
  const patch = usePatchDocumentTemplate();
  const readOnly = record ? !(record.abilities.canEdit && can('documentTemplateEdit')) : !can('documentTemplateCreate');

  const form = useForm<GeneralValues>({
    resolver: zodResolver(generalSchema({ short: t('editor.nameShort'), long: t('editor.nameLong') })),
    defaultValues: generalOf(record),
    mode: 'onTouched',
  });

  // The text: the stored document, then the editor's own JSON of it (its first normalisation is not a change).
  const [savedContent, setSavedContent] = useState<TemplateContent>(() => (record?.content as TemplateContent) ?? emptyContent());
  const [content, setContent] = useState<TemplateContent>(savedContent);
  const onContentReady = useCallback((normalised: TemplateContent) => {
    setSavedContent(normalised);
    setContent(normalised);
  }, []);

  const initialLayout = useMemo<EditorLayout>(
    () =>
      record
        ? editorLayoutOfOutput(record.signing_layout)
        : defaultLayout(t('layout.defaultPresident'), t('layout.defaultAssignee')),
    [record, t],
  );
  const [savedLayout, setSavedLayout] = useState<EditorLayout>(initialLayout);
  const [layout, setLayout] = useState<EditorLayout>(initialLayout);
  const [saveBlocked, setSaveBlocked] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);

  // Placeholders: the catalogue groups the system type allows (a control's closing report: the
  // organisation and the control; the other types: all but the control's), plus the form fields
  // of the application type chosen in the picker.
  const systemType = (useWatch({ control: form.control, name: 'system_type' }) ?? null) as DocumentSystemType | null;
  const controlReport = systemType === CONTROL_REPORT_SYSTEM_TYPE;
  const allowedGroups = useMemo(() => placeholderGroupsFor(systemType), [systemType]);
  const [pickerOpen, setPickerOpen] = useState(false);
  const [typeId, setTypeId] = useState<string | null>(null);
  const placeholders = usePlaceholders(typeId && !controlReport ? Number(typeId) : null);
  const types = useApplicationTypeChoices(!controlReport && (pickerOpen || typeId !== null));
  const insertRef = useRef<((key: string) => void) | null>(null);
  const labels = useMemo(() => new Map((placeholders.data ?? []).map((p) => [p.key, p.label])), [placeholders.data]);
  const labelOf = useCallback((key: string) => labels.get(key) ?? key, [labels]);
  const labelsVersion = `${typeId ?? ''}:${labels.size}`;
  const pickerOptions = useMemo(
    () =>
      (placeholders.data ?? [])
        .filter((p) => allowedGroups.includes(p.group))
        .map((p) => ({ key: p.key, label: p.label, group: p.group_label, example: p.example })),
    [placeholders.data, allowedGroups],
  );
  // Placeholders of the text that the chosen system type does not take (the save would be refused).
  const foreignPlaceholders = useMemo(
    () => placeholderKeysOf(content).filter((key) => !isKnownPlaceholder(key, undefined, systemType)),
    [content, systemType],
  );

  // Functions a 'function' cell may name: the organisation's, or the system functions for a common template.
  const organisationId = record
    ? record.organisation_id
    : user?.user_type_name === 'super_admin'
      ? null
      : (user?.organisation_id ?? null);
  const functions = useLayoutFunctions(organisationId);
  const functionOptions = useMemo<FunctionOption[]>(() => {
    const all = functions.data ?? [];
    if (organisationId) return all.map((f) => ({ value: `id:${f.id}`, label: f.name }));
    const byKey = new Map<string, string>();
    for (const f of all) if (f.is_system && f.system_key && !byKey.has(f.system_key)) byKey.set(f.system_key, f.name);
    return [...byKey.entries()].map(([key, name]) => ({ value: `key:${key}`, label: name }));
  }, [functions.data, organisationId]);

  const problems = useMemo(
    () => [...signingLayoutProblems(layoutOf(layout)), ...captionProblems(layout, (where) => t('layout.captionMissing', where))],
    [layout, t],
  );

  const contentDirty = !sameContent(content, savedContent);
  const layoutDirty = !sameLayout(layout, savedLayout);
  const dirty = !readOnly && (form.formState.isDirty || contentDirty || layoutDirty || record === null);
  const allowLeave = useRef(false);
  useLeaveGuard(
    !readOnly && (form.formState.isDirty || contentDirty || layoutDirty),
    { title: t('editor.leaveTitle'), message: t('editor.leaveQuestion'), confirm: t('editor.leave'), cancel: t('editor.stay') },
    allowLeave,
  );

  const bodyOf = (values: GeneralValues): DocumentTemplateBody => ({
    name: values.name.trim(),
    description: values.description.trim() || null,
    status: values.status as DocumentTemplateStatus,
    system_type: (values.system_type as DocumentSystemType | null) ?? null,
    content,
    signing_layout: layoutInputOf(layout),
  });

  const save = async () => {
    setServerError(null);
    const valid = await form.trigger();
    if (problems.length > 0) {
      setSaveBlocked(true);
      document.getElementById('template-layout-title')?.scrollIntoView?.({ block: 'start' });
      return;
    }
    setSaveBlocked(false);
    if (!valid) return;
    const body = bodyOf(form.getValues());
    try {
      if (record === null) {
        const created = await create.mutateAsync(body);
        showToast('success', t('editor.created', { name: created.name }));
        allowLeave.current = true;
        navigate(`/document-template/${created.id}`, { replace: true });
        return;
      }
      const changes: Partial<DocumentTemplateBody> = {};
      if (form.formState.isDirty) Object.assign(changes, { ...body, content: undefined, signing_layout: undefined });
      if (contentDirty) changes.content = body.content;
      if (layoutDirty) changes.signing_layout = body.signing_layout;
      const saved = await patch.mutateAsync({ id: record.id, patch: JSON.parse(JSON.stringify(changes)) });
      form.reset(generalOf(saved));
      setSavedContent(content);
      // The stored layout is the reference; the cells keep their inputs when it is what was sent.
      const stored = editorLayoutOfOutput(saved.signing_layout);
      if (sameLayout(stored, layout)) setSavedLayout(layout);
      else {
        setSavedLayout(stored);
        setLayout(stored);
      }
      showToast('success', t('editor.saved'));
    } catch (error) {
      const fields = validationFieldErrors(error);
      if (errorCodeOf(error) === 'DUPLICATE_DOCUMENT_TEMPLATE_NAME' || fields.name) {
        form.setError('name', { type: 'server', message: fields.name ?? (error as ApiError).userMessage }, { shouldFocus: true });
      }
      setServerError(apiErrorText(error));
    }
  };

  const { errors } = form.formState;
  const saving = create.isPending || patch.isPending;
  const title = record ? record.name : t('routes:documentTemplateNew');

  return (
    <Stack gap="lg" data-testid="document-template-editor">
      <PageHeader title={title} subtitle={record ? undefined : t('editor.newSubtitle')} above={<BackLink />} />
      <Paper withBorder radius="md" px="md" py="xs" pos="sticky" top="var(--app-shell-header-offset, 64px)" style={{ zIndex: 3 }}>
        <Group gap="md" wrap="wrap">
          {readOnly ? null : (
            <Button
              variant={dirty ? 'filled' : 'default'}
              leftSection={<IconDeviceFloppy size={18} aria-hidden />}
              onClick={() => void save()}
              loading={saving}
              disabled={!dirty}
              data-testid="template-save"
            >
              {record ? t('actions.save') : t('editor.create')}
            </Button>
          )}
          {record ? <StatusBadge status={record.status} testId="template-status" /> : null}
          {record && dirty ? (
            <SoftBadge color="red.9" data-testid="template-unsaved">
              {t('editor.unsaved')}
            </SoftBadge>
          ) : null}
        </Group>
      </Paper>
      {readOnly ? <Notice tone="info">{t('editor.readOnly')}</Notice> : null}
      {saveBlocked && problems.length > 0 ? (
        <Notice tone="error" data-testid="template-save-blocked">
          {t('editor.layoutBlocksSave')}
        </Notice>
      ) : null}
      {serverError ? (
        <Notice tone="error" data-testid="template-server-error">
          {serverError}
        </Notice>
      ) : null}

      <Section title={t('editor.general')} testId="template-general">
        <fieldset disabled={readOnly} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
          <Stack gap="md">
            <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
              <TextInput
                id="template-name"
                label={t('fields.name')}
                required
                maxLength={200}
                {...form.register('name')}
                error={errors.name?.message}
              />
              <Controller
                control={form.control}
                name="system_type"
                render={({ field }) => (
                  <Select
                    id="template-system-type"
                    label={t('fields.systemType')}
                    description={t('editor.systemTypeHint')}
                    placeholder={t('editor.noSystemType')}
                    data={DOCUMENT_SYSTEM_TYPES.map((value) => ({ value, label: DOCUMENT_SYSTEM_TYPE_LABELS[value] }))}
                    value={field.value}
                    onChange={field.onChange}
                    clearable
                    disabled={readOnly}
                    comboboxProps={{ withinPortal: true }}
                  />
                )}
              />
              <Controller
                control={form.control}
                name="status"
                render={({ field }) => (
                  <Select
                    id="template-status-select"
                    label={t('fields.status')}
                    data={DOCUMENT_TEMPLATE_STATUSES.map((value) => ({ value, label: DOCUMENT_TEMPLATE_STATUS_LABELS[value] }))}
                    value={field.value}
                    onChange={(value) => value && field.onChange(value)}
                    allowDeselect={false}
                    disabled={readOnly}
                    comboboxProps={{ withinPortal: true }}
                  />
                )}
              />
              {record ? (
                <Text size="sm" c="gray.7" pt={{ md: 28 }}>
                  {record.organisation_name ?? t('commonTemplate')} · {t('fields.types')}: {record.application_type_count}
                </Text>
              ) : null}
            </SimpleGrid>
            <Textarea
              id="template-description"
              label={t('fields.description')}
              maxLength={2000}
              autosize
              minRows={2}
              {...form.register('description')}
            />
          </Stack>
        </fieldset>
      </Section>

      <Section title={t('editor.content')} testId="template-content-section">
        {documentHasText(content) ? null : <Notice tone="info">{t('editor.emptyContent')}</Notice>}
        {controlReport ? <Notice tone="info">{t('editor.controlReportHint')}</Notice> : null}
        {foreignPlaceholders.length > 0 ? (
          <Notice tone="warning" data-testid="template-foreign-placeholders">
            {t('editor.foreignPlaceholders', {
              type: systemType ? DOCUMENT_SYSTEM_TYPE_LABELS[systemType] : t('editor.noSystemType'),
              keys: foreignPlaceholders.map((key) => labelOf(key)).join(', '),
            })}
          </Notice>
        ) : null}
        <Suspense
          fallback={
            <Group gap="xs">
              <Loader size="sm" />
              <Text size="sm">{t('editor.loadingEditor')}</Text>
            </Group>
          }
        >
          <TemplateEditor
            initialContent={savedContent}
            onChange={setContent}
            onReady={onContentReady}
            labelOf={labelOf}
            labelsVersion={labelsVersion}
            onInsertPlaceholder={() => setPickerOpen(true)}
            insertRef={insertRef}
            readOnly={readOnly}
            label={t('editor.contentLabel')}
          />
        </Suspense>
        <PlaceholderPicker
          opened={pickerOpen}
          onClose={() => setPickerOpen(false)}
          onPick={(key) => insertRef.current?.(key)}
          placeholders={pickerOptions}
          loading={placeholders.isPending}
          failed={placeholders.isError}
          onRetry={() => void placeholders.refetch()}
          applicationTypeId={controlReport ? null : typeId}
          onApplicationTypeChange={setTypeId}
          withApplicationType={!controlReport}
          applicationTypes={(types.data ?? []).map((type) => ({ value: String(type.id), label: type.name }))}
          applicationTypesLoading={types.isPending && types.fetchStatus !== 'idle'}
        />
      </Section>

      <Paper
        withBorder
        radius="md"
        p="md"
        component="section"
        aria-labelledby="template-layout-title"
        data-testid="template-layout"
      >
        <Stack gap="md">
          <Title order={2} size="h4" id="template-layout-title">
            {t('editor.layout')}
          </Title>
          <SigningLayoutEditor
            layout={layout}
            onChange={(next) => {
              setLayout(next);
              setSaveBlocked(false);
            }}
            functions={functionOptions}
            functionsLoading={functions.isPending}
            functionsFailed={functions.isError}
            problems={problems}
            readOnly={readOnly}
          />
        </Stack>
      </Paper>

      {record ? (
        <Section title={t('preview.section')}>
          {record.system_type === CONTROL_REPORT_SYSTEM_TYPE ? (
            <Notice tone="info" data-testid="template-preview-control">
              {t('preview.controlReport')}
            </Notice>
          ) : (
            <PreviewPanel templateId={record.id} dirty={dirty} />
          )}
        </Section>
      ) : null}
    </Stack>
  );
}
