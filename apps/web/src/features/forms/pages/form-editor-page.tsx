import {
  type FormDefinition,
  formDefinitionIssues,
  FORM_FIELD_TYPE_LABELS,
  FORM_FIELD_TYPES,
  type FormFieldType,
  type FormRecord,
} from '@ghiseu/domain';
import { Anchor, Button, Grid, Group, Paper, SimpleGrid, Stack, Tabs, Text, Textarea, TextInput, Title } from '@mantine/core';
import { IconArrowLeft, IconDeviceFloppy, IconEye, IconHistory, IconSend, IconTools } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { confirmDialog } from '../../../components/feedback/confirm-dialog';
import { ErrorState } from '../../../components/feedback/error-state';
import { PageLoader } from '../../../components/feedback/page-loader';
import { showToast } from '../../../components/feedback/toast';
import { Notice } from '../../../components/page/notice';
import { PageHeader } from '../../../components/page/page-header';
import { SoftBadge } from '../../../components/page/soft-badge';
import { StatusBadge } from '../../../components/page/status-badge';
import { ApiError } from '../../../lib/api-client';
import { usePermissions } from '../../../lib/permissions';
import { type FormPatchBody, useForm, usePatchForm, usePublishForm } from '../api/forms';
import {
  addField,
  addGroupField,
  type Change,
  duplicateField,
  type FieldPath,
  getField,
  type Issue,
  mapIssues,
  moveField,
  pathId,
  removeField,
  sameDefinition,
  setLabel,
  updateField,
} from '../builder-model';
import { CreateFormPanel } from '../components/create-form-panel';
import { FieldList } from '../components/field-list';
import { FieldProperties } from '../components/field-properties';
import { FormPreview } from '../components/form-preview';
import { useLeaveGuard } from '../components/use-leave-guard';
import { VersionsPanel } from '../components/versions-panel';
import { definitionIssuesOf, propertyIssueOf, showFormError } from '../errors';

/**
 * /form/new (formsCreate) and /form/{id} (formsRead): the visual builder of a form interface.
 * A palette of field types, the ordered field list and the property panel of the selected
 * field; the draft is checked live with the server's own rules (`formDefinitionIssues`), saved
 * with 'Salvați ciorna' and frozen as a new version with 'Publicați'. The state changes are the
 * pure functions of `builder-model.ts`.
 */
export function FormEditorPage() {
  const { id } = useParams();
  const { t } = useTranslation('forms');
  const formId = id === undefined ? null : Number(id);
  const query = useForm(formId !== null && Number.isInteger(formId) && formId > 0 ? formId : null);

  if (id === undefined) return <CreateFormPanel />;
  if (formId === null || !Number.isInteger(formId) || formId <= 0)
    return <ErrorState title={t('editor.notFound')} message={t('editor.notFoundText')} />;
  if (query.isPending) return <PageLoader />;
  if (query.isError) {
    const notFound = query.error instanceof ApiError && query.error.code === 'NOT_FOUND';
    return notFound ? (
      <ErrorState title={t('editor.notFound')} message={t('editor.notFoundText')} />
    ) : (
      <ErrorState title={t('editor.loadError')} onRetry={() => void query.refetch()} />
    );
  }
  return <FormBuilder key={query.data.id} form={query.data} />;
}

interface Saved {
  definition: FormDefinition;
  name: string;
  description: string;
}

const savedOf = (form: FormRecord): Saved => ({
  definition: form.definition,
  name: form.name,
  description: form.description ?? '',
});

function FormBuilder({ form }: { form: FormRecord }) {
  const { t } = useTranslation(['forms', 'common']);
  const { can } = usePermissions();
  const patch = usePatchForm();
  const publish = usePublishForm();
  const readOnly = !(form.abilities.canEdit && can('formsCreate'));

  const [saved, setSaved] = useState<Saved>(() => savedOf(form));
  const [draft, setDraft] = useState<FormDefinition>(form.definition);
  const [name, setName] = useState(form.name);
  const [description, setDescription] = useState(form.description ?? '');
  const [nameError, setNameError] = useState<string | undefined>();
  const [selected, setSelected] = useState<FieldPath | null>(form.definition.fields.length > 0 ? [0] : null);
  const [serverIssues, setServerIssues] = useState<Issue[]>([]);
  const [tab, setTab] = useState<string | null>('builder');

  const liveIssues = useMemo(() => formDefinitionIssues(draft), [draft]);
  const issueList = liveIssues.length > 0 ? liveIssues : serverIssues;
  const issues = useMemo(() => mapIssues(issueList), [issueList]);
  const dirty =
    !sameDefinition(draft, saved.definition) || name.trim() !== saved.name || description.trim() !== saved.description.trim();

  useLeaveGuard(dirty && !readOnly, {
    title: t('editor.leaveTitle'),
    message: t('editor.leaveQuestion'),
    confirm: t('editor.leave'),
    cancel: t('editor.stay'),
  });

  const apply = (change: Change) => {
    setDraft(change.definition);
    setSelected(change.selected);
    setServerIssues([]);
  };
  const change = (definition: FormDefinition) => {
    setDraft(definition);
    setServerIssues([]);
  };

  const onRemove = async (path: FieldPath) => {
    const field = getField(draft, path);
    if (!field) return;
    const confirmed = await confirmDialog({
      title: t('builder.removeTitle'),
      message:
        field.type === 'repeatable_group'
          ? t('builder.removeGroupQuestion', { label: field.label || field.key })
          : t('builder.removeQuestion', { label: field.label || field.key }),
      confirmLabel: t('actions.delete'),
      cancelLabel: t('actions.cancel'),
      destructive: true,
    });
    if (confirmed) apply(removeField(draft, path));
  };

  const save = async () => {
    const trimmedName = name.trim();
    if (!trimmedName) {
      setNameError(t('editor.nameRequired'));
      return;
    }
    if (liveIssues.length > 0) {
      showToast('error', t('editor.fixIssues', { count: liveIssues.length }));
      return;
    }
    const body: FormPatchBody = {};
    if (!sameDefinition(draft, saved.definition)) body.definition = draft;
    if (trimmedName !== saved.name) body.name = trimmedName;
    if (description.trim() !== saved.description.trim()) body.description = description.trim() || null;
    if (Object.keys(body).length === 0) return;
    try {
      const record = await patch.mutateAsync({ id: form.id, patch: body });
      setSaved(savedOf(record));
      setDraft(record.definition);
      setName(record.name);
      setDescription(record.description ?? '');
      setServerIssues([]);
      showToast('success', t('editor.saved'));
    } catch (error) {
      const definitionIssues = definitionIssuesOf(error);
      const nameIssue = propertyIssueOf(error, 'name');
      if (definitionIssues.length > 0) setServerIssues(definitionIssues);
      if (nameIssue) setNameError(nameIssue);
      showFormError(error);
    }
  };

  const nextVersion = (form.latest_version ?? 0) + 1;
  const mayPublish = !readOnly && !dirty && form.abilities.canPublish && issueList.length === 0;
  const onPublish = async () => {
    const confirmed = await confirmDialog({
      title: t('editor.publishTitle'),
      message: t('editor.publishQuestion', { version: nextVersion }),
      confirmLabel: t('editor.publish'),
      cancelLabel: t('actions.cancel'),
    });
    if (!confirmed) return;
    try {
      const record = await publish.mutateAsync(form.id);
      setSaved(savedOf(record));
      showToast('success', t('editor.published', { version: record.latest_version ?? nextVersion }));
    } catch (error) {
      const definitionIssues = definitionIssuesOf(error);
      if (definitionIssues.length > 0) setServerIssues(definitionIssues);
      showFormError(error);
    }
  };

  const selectedField = selected ? getField(draft, selected) : undefined;

  return (
    <Stack gap="lg" data-testid="form-editor-page">
      <PageHeader
        title={saved.name}
        above={
          <Anchor component={Link} to="/forms" size="sm">
            <Group gap={4}>
              <IconArrowLeft size={14} aria-hidden />
              {t('editor.back')}
            </Group>
          </Anchor>
        }
      />
      {/* Status and actions stay in view while a long form is edited. */}
      <Paper
        withBorder
        radius="md"
        px="md"
        py="xs"
        pos="sticky"
        top="var(--app-shell-header-offset, 64px)"
        style={{ zIndex: 3 }}
        data-testid="form-toolbar"
      >
        {/* Actions first: toasts appear at the top right. */}
        <Group gap="md" wrap="wrap">
          {readOnly ? null : (
            <Group gap="sm">
              <Button
                variant={dirty ? 'filled' : 'default'}
                leftSection={<IconDeviceFloppy size={18} aria-hidden />}
                onClick={() => void save()}
                loading={patch.isPending}
                disabled={!dirty}
                data-testid="form-save"
              >
                {t('editor.save')}
              </Button>
              <Button
                leftSection={<IconSend size={18} aria-hidden />}
                onClick={() => void onPublish()}
                loading={publish.isPending}
                disabled={!mayPublish}
                data-testid="form-publish"
              >
                {t('editor.publish')}
              </Button>
            </Group>
          )}
          <Group gap="xs" wrap="wrap">
            <StatusBadge status={form.status} testId="form-status" />
            <SoftBadge color="navy.7" data-testid="form-published-version">
              {form.latest_version === null
                ? t('editor.neverPublished')
                : t('editor.publishedVersion', { version: form.latest_version })}
            </SoftBadge>
            {dirty ? (
              <SoftBadge color="red.9" data-testid="form-unsaved">
                {t('editor.unsaved')}
              </SoftBadge>
            ) : form.has_unpublished_changes && form.definition.fields.length > 0 ? (
              <SoftBadge color="orange.9" data-testid="form-unpublished">
                {t('unpublishedChanges')}
              </SoftBadge>
            ) : null}
          </Group>
        </Group>
      </Paper>
      {readOnly ? <Notice tone="info">{t('editor.readOnly')}</Notice> : null}
      {issueList.length > 0 ? (
        <Notice tone="warning" data-testid="form-issues">
          {t('editor.issues', { count: issueList.length })}
          {issues.general.map((message) => (
            <Text key={message} size="sm">
              {message}
            </Text>
          ))}
        </Notice>
      ) : null}

      <Paper withBorder p="md" radius="md">
        <fieldset disabled={readOnly} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
            <TextInput
              id="form-name"
              label={t('fields.name')}
              value={name}
              onChange={(e) => {
                setName(e.currentTarget.value);
                setNameError(undefined);
              }}
              error={nameError}
              required
              maxLength={255}
            />
            <Textarea
              id="form-description"
              label={t('fields.description')}
              value={description}
              onChange={(e) => setDescription(e.currentTarget.value)}
              maxLength={2000}
              autosize
              minRows={1}
            />
          </SimpleGrid>
        </fieldset>
      </Paper>

      <Tabs value={tab} onChange={setTab} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="builder" leftSection={<IconTools size={16} aria-hidden />}>
            {t('editor.tabs.builder')}
          </Tabs.Tab>
          <Tabs.Tab value="preview" leftSection={<IconEye size={16} aria-hidden />}>
            {t('editor.tabs.preview')}
          </Tabs.Tab>
          <Tabs.Tab value="versions" leftSection={<IconHistory size={16} aria-hidden />}>
            {t('editor.tabs.versions', { count: form.versions.length })}
          </Tabs.Tab>
        </Tabs.List>

        <Tabs.Panel value="builder" pt="md">
          <Grid gap="md" align="flex-start">
            {readOnly ? null : (
              <Grid.Col span={{ base: 12, md: 3 }}>
                <Paper withBorder p="sm" radius="md" component="section" aria-labelledby="form-palette-title">
                  <Title order={2} size="h4" id="form-palette-title" mb="xs">
                    {t('builder.palette')}
                  </Title>
                  <Text size="xs" c="gray.7" mb="xs">
                    {t('builder.paletteHint')}
                  </Text>
                  <Stack gap={4} data-testid="field-palette">
                    {FORM_FIELD_TYPES.map((type: FormFieldType) => (
                      <Button
                        key={type}
                        variant="default"
                        size="xs"
                        justify="flex-start"
                        fullWidth
                        onClick={() => apply(addField(draft, type, selected))}
                        data-testid={`palette-${type}`}
                      >
                        {FORM_FIELD_TYPE_LABELS[type]}
                      </Button>
                    ))}
                  </Stack>
                </Paper>
              </Grid.Col>
            )}
            <Grid.Col span={{ base: 12, md: readOnly ? 5 : 4 }}>
              <Paper withBorder p="sm" radius="md" component="section" aria-labelledby="form-fields-title">
                <Title order={2} size="h4" id="form-fields-title" mb="xs">
                  {t('builder.fields', { count: draft.fields.length })}
                </Title>
                <FieldList
                  definition={draft}
                  selected={selected}
                  issues={issues}
                  readOnly={readOnly}
                  onSelect={setSelected}
                  onMove={(path, delta) => apply(moveField(draft, path, delta))}
                  onDuplicate={(path) => apply(duplicateField(draft, path))}
                  onRemove={(path) => void onRemove(path)}
                  onAddToGroup={(groupIndex, type) => apply(addGroupField(draft, groupIndex, type))}
                />
              </Paper>
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: readOnly ? 7 : 5 }}>
              <Paper withBorder p="sm" radius="md" component="section" aria-label={t('builder.properties')}>
                {selected && selectedField ? (
                  <FieldProperties
                    key={pathId(selected)}
                    definition={draft}
                    path={selected}
                    field={selectedField}
                    issues={issues.byField.get(pathId(selected))}
                    readOnly={readOnly}
                    onChange={(fieldPatch) => change(updateField(draft, selected, fieldPatch))}
                    onLabel={(label) => change(setLabel(draft, selected, label))}
                  />
                ) : (
                  <Stack gap="xs">
                    <Title order={2} size="h4">
                      {t('builder.properties')}
                    </Title>
                    <Text size="sm" c="gray.7">
                      {t('builder.noSelection')}
                    </Text>
                  </Stack>
                )}
              </Paper>
            </Grid.Col>
          </Grid>
        </Tabs.Panel>

        <Tabs.Panel value="preview" pt="md">
          <Stack gap="md">
            <Title order={2} size="h4">
              {t('preview.title')}
            </Title>
            {liveIssues.length > 0 ? <Notice tone="warning">{t('preview.hasIssues')}</Notice> : null}
            <Paper withBorder p="md" radius="md">
              <FormPreview fields={draft.fields} />
            </Paper>
          </Stack>
        </Tabs.Panel>

        <Tabs.Panel value="versions" pt="md">
          <Stack gap="md">
            <Title order={2} size="h4">
              {t('versions.title')}
            </Title>
            <VersionsPanel form={form} />
          </Stack>
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
