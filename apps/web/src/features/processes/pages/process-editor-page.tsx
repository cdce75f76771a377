import { type ProcessRecord, processProblems, type Organisation } from '@ghiseu/domain';
import {
  Anchor,
  Button,
  Group,
  Loader,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Tabs,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { IconArrowLeft, IconDeviceFloppy, IconInfoCircle, IconListNumbers, IconSend, IconSitemap } from '@tabler/icons-react';
import { lazy, Suspense, useMemo, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { z } from 'zod';
import { confirmDialog } from '../../../components/feedback/confirm-dialog';
import { ErrorState } from '../../../components/feedback/error-state';
import { PageLoader } from '../../../components/feedback/page-loader';
import { showToast } from '../../../components/feedback/toast';
import { Notice } from '../../../components/page/notice';
import { PageHeader } from '../../../components/page/page-header';
import { SoftBadge } from '../../../components/page/soft-badge';
import { ApiError } from '../../../lib/api-client';
import { errorCodeOf, showApiError, validationFieldErrors } from '../../../lib/api-errors';
import { usePermissions } from '../../../lib/permissions';
import { zodResolver } from '../../../lib/validation';
import {
  type ProcessGeneralBody,
  useCreateProcess,
  useProcess,
  useProcessOrganisations,
  usePublishProcess,
  useSaveSteps,
  useStepFunctions,
  useUpdateProcess,
} from '../api/processes';
import { GisDialog } from '../components/gis-dialog';
import { ProcessStatusBadge } from '../components/process-status-badge';
import { StepList } from '../components/step-list';
import { StepModal } from '../components/step-modal';
import { useLeaveGuard } from '../components/use-leave-guard';
import { addStep, type EditorStep, editorStepOf, moveStep, removeStep, replaceStep, sameSteps } from '../step-model';

// React Flow only when the Diagram tab opens: other pages never load it.
const ProcessDiagram = lazy(() => import('../components/process-diagram').then((m) => ({ default: m.ProcessDiagram })));

/**
 * /process/new (processEditorCreate) and /process/{id} (processEditorEdit): the process editor
 * of spec §2, with the General tab (name, description, organisation, status, publish with a
 * confirmation), the Steps tab (add, edit every field, reorder, remove, conditional routes, the
 * GIS-intersection dialog of each step) and the Diagram tab. The publication rules are checked
 * live with the server's own function (`processProblems`); the server has the last word.
 */
export function ProcessEditorPage() {
  const { id } = useParams();
  const { t } = useTranslation('processes');
  const processId = id === undefined ? null : Number(id);
  const valid = processId !== null && Number.isInteger(processId) && processId > 0;
  const query = useProcess(valid ? processId : null);

  if (id === undefined) return <CreateProcessPanel />;
  if (!valid) return <ErrorState title={t('editor.notFound')} message={t('editor.notFoundText')} />;
  if (query.isPending) return <PageLoader />;
  if (query.isError) {
    const notFound = query.error instanceof ApiError && query.error.code === 'NOT_FOUND';
    return notFound ? (
      <ErrorState title={t('editor.notFound')} message={t('editor.notFoundText')} />
    ) : (
      <ErrorState title={t('editor.loadError')} onRetry={() => void query.refetch()} />
    );
  }
  return <ProcessEditor key={query.data.id} process={query.data} />;
}

const generalSchema = (required: string) =>
  z.object({
    name: z.string().trim().min(1, { error: required }).max(255),
    description: z.string().max(2000),
    organisation_id: z.string().nullable(),
  });
type GeneralValues = z.infer<ReturnType<typeof generalSchema>>;

const generalOf = (process?: ProcessRecord): GeneralValues => ({
  name: process?.name ?? '',
  description: process?.description ?? '',
  organisation_id: process?.organisation_id ? String(process.organisation_id) : null,
});

const bodyOf = (values: GeneralValues): ProcessGeneralBody => ({
  name: values.name.trim(),
  description: values.description.trim() || null,
  organisation_id: values.organisation_id ? Number(values.organisation_id) : null,
});

/** The fields of the General tab (shared by the creation panel and the editor). */
function GeneralFields({
  form,
  organisations,
  disabled,
}: {
  form: ReturnType<typeof useForm<GeneralValues>>;
  organisations: Organisation[];
  disabled: boolean;
}) {
  const { t } = useTranslation('processes');
  const { errors } = form.formState;
  return (
    <fieldset disabled={disabled} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
          <TextInput
            id="process-name"
            label={t('fields.name')}
            required
            maxLength={255}
            {...form.register('name')}
            error={errors.name?.message}
          />
          <Controller
            control={form.control}
            name="organisation_id"
            render={({ field }) => (
              <Select
                id="process-organisation"
                label={t('fields.organisation')}
                description={t('editor.organisationHint')}
                placeholder={t('commonProcess')}
                data={organisations.map((o) => ({ value: String(o.id), label: o.name }))}
                value={field.value}
                onChange={field.onChange}
                clearable
                searchable
                disabled={disabled}
                comboboxProps={{ withinPortal: true }}
              />
            )}
          />
        </SimpleGrid>
        <Textarea
          id="process-description"
          label={t('fields.description')}
          maxLength={2000}
          autosize
          minRows={2}
          {...form.register('description')}
        />
      </Stack>
    </fieldset>
  );
}

/** /process/new: the General data of a new process; the editor opens once it is created. */
function CreateProcessPanel() {
  const { t } = useTranslation(['processes', 'routes']);
  const navigate = useNavigate();
  const create = useCreateProcess();
  const organisations = useProcessOrganisations();
  const form = useForm<GeneralValues>({
    resolver: zodResolver(generalSchema(t('editor.nameRequired'))),
    defaultValues: generalOf(),
    mode: 'onTouched',
  });

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const record = await create.mutateAsync(bodyOf(values));
      showToast('success', t('editor.created', { name: record.name }));
      navigate(`/process/${record.id}`, { replace: true });
    } catch (error) {
      const fields = validationFieldErrors(error);
      if (errorCodeOf(error) === 'WORKFLOW_EXISTS' || fields.name)
        form.setError('name', { type: 'server', message: fields.name ?? (error as ApiError).userMessage }, { shouldFocus: true });
      else showApiError(error);
    }
  });

  return (
    <Stack gap="lg" data-testid="process-new-page">
      <PageHeader title={t('routes:processNew')} subtitle={t('editor.newSubtitle')} above={<BackLink />} />
      <Paper withBorder p="lg" radius="md" maw={900}>
        <form onSubmit={onSubmit} noValidate>
          <Stack gap="md">
            <GeneralFields form={form} organisations={organisations.data ?? []} disabled={false} />
            <Group justify="flex-end">
              <Button variant="default" component={Link} to="/process-editor">
                {t('actions.cancel')}
              </Button>
              <Button type="submit" loading={create.isPending} data-testid="process-new-submit">
                {t('editor.create')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
    </Stack>
  );
}

function BackLink() {
  const { t } = useTranslation('processes');
  return (
    <Anchor component={Link} to="/process-editor" size="sm">
      <Group gap={4}>
        <IconArrowLeft size={14} aria-hidden />
        {t('editor.back')}
      </Group>
    </Anchor>
  );
}

function ProcessEditor({ process }: { process: ProcessRecord }) {
  const { t } = useTranslation(['processes', 'routes']);
  const { can } = usePermissions();
  const update = useUpdateProcess();
  const saveSteps = useSaveSteps();
  const publish = usePublishProcess();
  const organisations = useProcessOrganisations();
  const readOnly = !(process.abilities.canEdit && can('processEditorEdit'));

  const form = useForm<GeneralValues>({
    resolver: zodResolver(generalSchema(t('editor.nameRequired'))),
    defaultValues: generalOf(process),
    mode: 'onTouched',
  });
  const [savedSteps, setSavedSteps] = useState<EditorStep[]>(() => process.steps.map(editorStepOf));
  const [steps, setSteps] = useState<EditorStep[]>(savedSteps);
  const [tab, setTab] = useState<string | null>('general');
  const [editing, setEditing] = useState<number | null>(null);
  const [gisFor, setGisFor] = useState<number | null>(null);

  const organisationId = process.organisation_id;
  const functions = useStepFunctions(organisationId);
  const organisationName = useMemo(() => new Map((organisations.data ?? []).map((o) => [o.id, o.name])), [organisations.data]);
  const functionOptions = useMemo(
    () =>
      (functions.data ?? []).map((f) => ({
        value: String(f.id),
        label: organisationId ? f.name : `${f.name} — ${organisationName.get(f.organisation_id) ?? f.organisation_id}`,
      })),
    [functions.data, organisationId, organisationName],
  );
  const functionName = (id: number | null) =>
    id === null ? null : (functionOptions.find((o) => o.value === String(id))?.label ?? `#${id}`);

  const problems = useMemo(() => processProblems(steps), [steps]);
  const problemsByKey = useMemo(() => {
    const map = new Map<string, string[]>();
    for (const p of problems) if (p.step_key) map.set(p.step_key, [...(map.get(p.step_key) ?? []), p.message]);
    return map;
  }, [problems]);
  const stepsDirty = !sameSteps(steps, savedSteps);
  const dirty = form.formState.isDirty || stepsDirty;

  useLeaveGuard(dirty && !readOnly, {
    title: t('editor.leaveTitle'),
    message: t('editor.leaveQuestion'),
    confirm: t('editor.leave'),
    cancel: t('editor.stay'),
  });

  const save = async () => {
    const valid = await form.trigger();
    if (!valid) {
      setTab('general');
      return;
    }
    try {
      if (form.formState.isDirty) {
        const record = await update.mutateAsync({ id: process.id, body: bodyOf(form.getValues()) });
        form.reset(generalOf(record));
      }
      if (stepsDirty) {
        const record = await saveSteps.mutateAsync({ id: process.id, steps });
        const stored = record.steps.map(editorStepOf);
        setSavedSteps(stored);
        setSteps(stored);
      }
      showToast('success', t('editor.saved'));
    } catch (error) {
      const fields = validationFieldErrors(error);
      if (errorCodeOf(error) === 'WORKFLOW_EXISTS' || fields.name) {
        setTab('general');
        form.setError('name', { type: 'server', message: fields.name ?? (error as ApiError).userMessage });
      }
      showApiError(error);
    }
  };

  const onPublish = async () => {
    const confirmed = await confirmDialog({
      title: t('editor.publishTitle'),
      message: t('editor.publishQuestion', { name: process.name }),
      confirmLabel: t('editor.publish'),
      cancelLabel: t('actions.cancel'),
    });
    if (!confirmed) return;
    try {
      await publish.mutateAsync(process.id);
      showToast('success', t('editor.published'));
    } catch (error) {
      showApiError(error);
    }
  };

  const onRemove = async (index: number) => {
    const step = steps[index];
    const confirmed = await confirmDialog({
      title: t('steps.removeTitle'),
      message: t('steps.removeQuestion', { name: step.name }),
      confirmLabel: t('actions.delete'),
      cancelLabel: t('actions.cancel'),
      destructive: true,
    });
    if (confirmed) setSteps(removeStep(steps, index));
  };

  const mayPublish = !readOnly && !dirty && process.abilities.canPublish;
  const editingStep = editing === null ? null : (steps[editing] ?? null);
  const gisStep = gisFor === null ? null : (steps[gisFor] ?? null);

  return (
    <Stack gap="lg" data-testid="process-editor-page">
      <PageHeader title={process.name} above={<BackLink />} />
      <Paper withBorder radius="md" px="md" py="xs" pos="sticky" top="var(--app-shell-header-offset, 64px)" style={{ zIndex: 3 }}>
        <Group gap="md" wrap="wrap">
          {readOnly ? null : (
            <Group gap="sm">
              <Button
                variant={dirty ? 'filled' : 'default'}
                leftSection={<IconDeviceFloppy size={18} aria-hidden />}
                onClick={() => void save()}
                loading={update.isPending || saveSteps.isPending}
                disabled={!dirty}
                data-testid="process-save"
              >
                {t('actions.save')}
              </Button>
              <Button
                leftSection={<IconSend size={18} aria-hidden />}
                onClick={() => void onPublish()}
                loading={publish.isPending}
                disabled={!mayPublish}
                title={dirty ? t('editor.publishSaveFirst') : undefined}
                data-testid="process-publish"
              >
                {t('editor.publish')}
              </Button>
            </Group>
          )}
          <Group gap="xs">
            <ProcessStatusBadge status={process.status} testId="process-status" />
            {dirty ? (
              <SoftBadge color="red.9" data-testid="process-unsaved">
                {t('editor.unsaved')}
              </SoftBadge>
            ) : null}
          </Group>
        </Group>
      </Paper>
      {readOnly ? <Notice tone="info">{t('editor.readOnly')}</Notice> : null}
      {!readOnly && problems.length > 0 ? (
        <Notice tone="warning" data-testid="process-problems">
          {t('editor.problems', { count: problems.length })}
          {problems.map((p) => (
            <Text key={`${p.code}-${p.path}`} size="sm">
              {p.step_key ? `${steps.find((s) => s.key === p.step_key)?.name ?? p.step_key}: ` : ''}
              {p.message}
            </Text>
          ))}
        </Notice>
      ) : null}

      <Tabs value={tab} onChange={setTab} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="general" leftSection={<IconInfoCircle size={16} aria-hidden />}>
            {t('editor.tabs.general')}
          </Tabs.Tab>
          <Tabs.Tab value="steps" leftSection={<IconListNumbers size={16} aria-hidden />}>
            {t('editor.tabs.steps', { count: steps.length })}
          </Tabs.Tab>
          <Tabs.Tab value="diagram" leftSection={<IconSitemap size={16} aria-hidden />}>
            {t('editor.tabs.diagram')}
          </Tabs.Tab>
        </Tabs.List>

        <Tabs.Panel value="general" pt="md">
          <Paper withBorder p="md" radius="md">
            <Stack gap="md">
              <GeneralFields form={form} organisations={organisations.data ?? []} disabled={readOnly} />
              <Group gap="xs">
                <Text size="sm" fw={600}>
                  {t('fields.status')}:
                </Text>
                <ProcessStatusBadge status={process.status} />
                <Text size="sm" c="gray.7">
                  {t('fields.types')}: {process.usage.application_types}
                </Text>
              </Group>
            </Stack>
          </Paper>
        </Tabs.Panel>

        <Tabs.Panel value="steps" pt="md">
          <StepList
            steps={steps}
            readOnly={readOnly}
            functionName={functionName}
            problemsByKey={problemsByKey}
            onAdd={() => {
              const next = addStep(steps, t('steps.newName') + (steps.length > 0 ? ` ${steps.length + 1}` : ''));
              setSteps(next);
              setEditing(next.length - 1);
            }}
            onEdit={setEditing}
            onGis={setGisFor}
            onMove={(index, delta) => setSteps(moveStep(steps, index, delta))}
            onRemove={(index) => void onRemove(index)}
          />
        </Tabs.Panel>

        <Tabs.Panel value="diagram" pt="md">
          <Stack gap="sm">
            <Title order={2} size="h4">
              {t('diagram.title')}
            </Title>
            <Text size="sm" c="gray.7">
              {t('diagram.legend')}
            </Text>
            {steps.length === 0 ? (
              <Text size="sm">{t('diagram.empty')}</Text>
            ) : (
              <Suspense
                fallback={
                  <Group gap="xs">
                    <Loader size="sm" />
                    <Text size="sm">{t('diagram.loading')}</Text>
                  </Group>
                }
              >
                <ProcessDiagram steps={steps} />
              </Suspense>
            )}
          </Stack>
        </Tabs.Panel>
      </Tabs>

      <StepModal
        opened={editingStep !== null}
        onClose={() => setEditing(null)}
        step={editingStep}
        index={editing ?? -1}
        steps={steps}
        functions={functionOptions}
        onApply={(step) => {
          if (editing === null) return;
          const previous = steps[editing];
          // A renamed key moves the references to it.
          const renamed =
            previous.key === step.key
              ? replaceStep(steps, editing, step)
              : replaceStep(steps, editing, step).map((s) => ({
                  ...s,
                  next_step_key: s.next_step_key === previous.key ? step.key : s.next_step_key,
                  return_step_key: s.return_step_key === previous.key ? step.key : s.return_step_key,
                  conditions: s.conditions.map((c) => (c.next_step_key === previous.key ? { ...c, next_step_key: step.key } : c)),
                }));
          setSteps(readOnly ? steps : renamed);
          setEditing(null);
        }}
      />
      <GisDialog
        opened={gisStep !== null}
        onClose={() => setGisFor(null)}
        step={gisStep}
        organisations={organisations.data ?? []}
        onApply={(mappings) => {
          if (gisFor !== null && !readOnly) setSteps(replaceStep(steps, gisFor, { ...steps[gisFor], gis_mappings: mappings }));
          setGisFor(null);
        }}
      />
    </Stack>
  );
}
