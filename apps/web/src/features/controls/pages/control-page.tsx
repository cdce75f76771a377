import { type ControlComplaintOption, type ControlDetail, errorMessage } from '@ghiseu/domain';
import { Anchor, Button, Group, Paper, SimpleGrid, Stack, Tabs } from '@mantine/core';
import { IconDeviceFloppy, IconDownload } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useParams, useSearchParams } from 'react-router';
import { ErrorState } from '../../../components/feedback/error-state';
import { PageLoader } from '../../../components/feedback/page-loader';
import { showToast } from '../../../components/feedback/toast';
import { Notice } from '../../../components/page/notice';
import { PageHeader } from '../../../components/page/page-header';
import { Fact } from '../../../components/record/fact';
import { ApiError } from '../../../lib/api-client';
import { validationIssues } from '../../../lib/api-errors';
import { getFileUrl } from '../../../lib/files';
import { formatDate, formatDateTime } from '../../../lib/format';
import { displayName, useSession } from '../../../lib/session';
import { useComplaintOption, useControl, useCreateControl, usePatchControl } from '../api/controls';
import { ActivitiesTab } from '../components/activities-tab';
import { ControlActions, useRetryGeneration } from '../components/control-actions';
import { ControlStatusBadge } from '../components/control-status-badge';
import { DataCollectionTab } from '../components/data-collection-tab';
import { DocumentsTab } from '../components/documents-tab';
import { PreparationForm } from '../components/preparation-form';
import { useUnsavedGuard } from '../components/use-unsaved-guard';
import { controlErrorText, showControlError } from '../errors';
import {
  createBody,
  type PreparationValues,
  patchBody,
  preparationChanged,
  preparationErrors,
  preparationValues,
} from '../form-model';

export const CONTROL_TABS = ['preparation', 'data', 'documents', 'activities'] as const;
export type ControlTab = (typeof CONTROL_TABS)[number];

/** The field problems of a VALIDATION_ERROR, by the form's keys (`staff.0.name`). */
const serverFieldErrors = (error: unknown): Record<string, string> => {
  const out: Record<string, string> = {};
  for (const { path, message } of validationIssues(error)) if (path && !out[path]) out[path] = message;
  return out;
};

/**
 * /control/new and /control/:id (staff; spec §2, §3 Control, §4): the control in four tabs,
 * "Pregătirea controlului", "Colectarea datelor", "Documente" and "Activități". A new control shows
 * only the preparation until it is saved (`?complaint_id=` starts it from a complaint). Generating
 * the closing report or closing locks it: a banner says so, every field is read-only and the
 * report can be downloaded. A control of another organisation answers 404: the not-found page.
 */
export function ControlPage() {
  const params = useParams();
  if (params.id === undefined || params.id === 'new') return <NewControl />;
  const id = Number(params.id);
  if (!Number.isInteger(id) || id <= 0) return <Navigate to="/404" replace />;
  return <ExistingControl id={id} />;
}

/** /control/new: the preparation, with the complaint of `?complaint_id=` chosen and its place filled in. */
function NewControl() {
  const { t } = useTranslation('controls');
  const [search] = useSearchParams();
  const complaintId = Number(search.get('complaint_id')) || null;
  const complaint = useComplaintOption(complaintId);
  if (complaintId !== null && complaint.isPending) return <PageLoader label={t('view.loading')} />;
  return <NewControlForm complaint={complaint.data ?? null} complaintMissing={complaintId !== null && !complaint.data} />;
}

function NewControlForm({
  complaint,
  complaintMissing,
}: {
  complaint: ControlComplaintOption | null;
  complaintMissing: boolean;
}) {
  const { t } = useTranslation('controls');
  const navigate = useNavigate();
  const { user } = useSession();
  const create = useCreateControl();
  const [values, setValues] = useState<PreparationValues>(() =>
    preparationValues(null, {
      complaint,
      inspector: user ? { user_id: user.user_id, name: displayName(user), function: user.functions[0]?.name ?? '' } : undefined,
    }),
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);

  const onSave = async () => {
    setFormError(null);
    const found = preparationErrors(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    try {
      const created = await create.mutateAsync(createBody(values));
      showToast('success', t('view.created'));
      navigate(`/control/${created.id}`, { replace: true });
    } catch (error) {
      const fields = serverFieldErrors(error);
      if (Object.keys(fields).length > 0) setErrors(fields);
      setFormError(controlErrorText(error));
    }
  };

  return (
    <Stack gap="lg" data-testid="control-new">
      <PageHeader
        title={t('view.newTitle')}
        subtitle={t('view.newSubtitle')}
        above={
          <Anchor component={Link} to="/controls" size="sm">
            {t('view.back')}
          </Anchor>
        }
      />
      {complaintMissing ? <Notice tone="warning">{t('view.complaintMissing')}</Notice> : null}
      <Tabs value="preparation" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="preparation" data-testid="tab-preparation">
            {t('tabs.preparation')}
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="preparation" pt="md">
          <Stack gap="md">
            {formError ? <Notice tone="error">{formError}</Notice> : null}
            <PreparationForm
              values={values}
              onChange={setValues}
              errors={errors}
              readOnly={false}
              organisationId={user?.organisation_id ?? null}
              control={null}
              complaint={complaint}
            />
            <Group justify="flex-end">
              <Button variant="default" component={Link} to="/controls">
                {t('actions.cancel')}
              </Button>
              <Button
                leftSection={<IconDeviceFloppy size={18} aria-hidden />}
                onClick={() => void onSave()}
                loading={create.isPending}
                data-testid="control-save"
              >
                {t('actions.save')}
              </Button>
            </Group>
          </Stack>
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

function ExistingControl({ id }: { id: number }) {
  const { t } = useTranslation('controls');
  const query = useControl(id);
  if (query.isPending) return <PageLoader label={t('view.loading')} />;
  if (query.isError) {
    if (query.error instanceof ApiError && query.error.status === 404) return <Navigate to="/404" replace />;
    return (
      <ErrorState
        title={t('view.loadError')}
        message={controlErrorText(query.error)}
        onRetry={() => void query.refetch()}
        retryLabel={t('actions.retry')}
      />
    );
  }
  return <ControlView key={query.data.id} control={query.data} />;
}

function ControlView({ control }: { control: ControlDetail }) {
  const { t } = useTranslation('controls');
  const { user } = useSession();
  const [search, setSearch] = useSearchParams();
  const tab = (CONTROL_TABS as readonly string[]).includes(search.get('tab') ?? '')
    ? (search.get('tab') as ControlTab)
    : 'preparation';
  const patch = usePatchControl(control.id);
  const saved = useMemo(() => preparationValues(control), [control]);
  const [values, setValues] = useState<PreparationValues>(saved);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const readOnly = control.locked || !control.abilities.can_edit;
  const dirty = !readOnly && preparationChanged(values, saved);
  const { retry, pending: retrying } = useRetryGeneration(control, dirty);
  useUnsavedGuard(dirty);

  // A control that became read-only (locked) shows what was saved, not a half-typed change.
  useEffect(() => {
    if (readOnly) setValues(saved);
  }, [readOnly, saved]);

  const onSave = async () => {
    setFormError(null);
    const found = preparationErrors(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    try {
      const updated = await patch.mutateAsync(patchBody(values, control.version));
      setValues(preparationValues(updated));
      showToast('success', t('view.saved'));
    } catch (error) {
      const fields = serverFieldErrors(error);
      if (Object.keys(fields).length > 0) setErrors(fields);
      setFormError(controlErrorText(error));
    }
  };

  const onDownloadReport = async () => {
    if (!control.closing_report) return;
    try {
      window.open(await getFileUrl(control.closing_report.file_id), '_blank', 'noopener');
    } catch (error) {
      showControlError(error);
    }
  };

  const title = control.entry_code ? t('view.title', { code: control.entry_code }) : t('view.titleDraft');
  return (
    <Stack gap="lg" data-testid="control-page" data-locked={control.locked || undefined}>
      <PageHeader
        title={title}
        subtitle={`${control.control_type.name} · ${formatDate(control.control_date)}`}
        above={
          <Group gap="sm">
            <Anchor component={Link} to="/controls" size="sm">
              {t('view.back')}
            </Anchor>
            <ControlStatusBadge status={control.status} />
          </Group>
        }
        actions={
          control.closing_report ? (
            <Button
              variant="default"
              leftSection={<IconDownload size={18} aria-hidden />}
              onClick={() => void onDownloadReport()}
              data-testid="closing-report-download"
            >
              {t('view.downloadReport')}
            </Button>
          ) : undefined
        }
      />
      {control.locked ? (
        <Notice tone="info" title={t('locked.title')} data-testid="control-locked">
          {control.status === 'closed'
            ? t('locked.closed', { date: formatDateTime(control.closed_at) })
            : t('locked.generated', { date: formatDateTime(control.generated_at) })}
        </Notice>
      ) : null}
      {control.status === 'error' ? (
        <Notice tone="error" title={t('reportError.title')} data-testid="control-report-error">
          <Stack gap="xs" align="flex-start">
            {errorMessage(control.report_error ?? 'CLOSING_REPORT_GENERATION_ERROR')}
            {control.abilities.can_generate ? (
              <Button size="xs" variant="default" onClick={() => void retry()} loading={retrying} data-testid="report-retry">
                {t('actions.retryGeneration')}
              </Button>
            ) : null}
          </Stack>
        </Notice>
      ) : null}
      <Paper withBorder radius="md" p="md">
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md" component="dl" m={0}>
          <Fact label={t('fields.entryCode')} testId="control-entry-code">
            {control.entry_code ?? t('view.notRegistered')}
          </Fact>
          <Fact label={t('fields.uat')}>
            {control.locality ? `${control.uat.name}, ${control.locality.name}` : control.uat.name}
          </Fact>
          <Fact label={t('fields.complaint')}>{control.complaint?.entry_code ?? t('view.none')}</Fact>
          <Fact label={t('fields.createdBy')}>
            {control.created_by.name}, {formatDateTime(control.created_at)}
          </Fact>
        </SimpleGrid>
      </Paper>
      {dirty ? (
        <Notice tone="warning" data-testid="control-unsaved">
          {t('unsaved.notice')}
        </Notice>
      ) : null}
      <ControlActions control={control} dirty={dirty} />
      <Tabs
        value={tab}
        onChange={(next) => setSearch(next && next !== 'preparation' ? { tab: next } : {}, { replace: true })}
        keepMounted={false}
      >
        <Tabs.List>
          {CONTROL_TABS.map((value) => (
            <Tabs.Tab key={value} value={value} data-testid={`tab-${value}`}>
              {t(`tabs.${value}`)}
              {value === 'data' && control.persons.length + control.building_bodies.length > 0
                ? ` (${control.persons.length + control.building_bodies.length})`
                : ''}
              {value === 'documents' && control.files.length > 0 ? ` (${control.files.length})` : ''}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="preparation" pt="md">
          <Stack gap="md">
            {formError ? <Notice tone="error">{formError}</Notice> : null}
            <PreparationForm
              values={values}
              onChange={setValues}
              errors={errors}
              readOnly={readOnly}
              organisationId={control.organisation_id ?? user?.organisation_id ?? null}
              control={control}
            />
            {readOnly ? null : (
              <Group justify="flex-end">
                <Button
                  variant="default"
                  onClick={() => {
                    setValues(saved);
                    setErrors({});
                    setFormError(null);
                  }}
                  disabled={!dirty}
                >
                  {t('actions.discard')}
                </Button>
                <Button
                  leftSection={<IconDeviceFloppy size={18} aria-hidden />}
                  onClick={() => void onSave()}
                  loading={patch.isPending}
                  data-testid="control-save"
                >
                  {t('actions.save')}
                </Button>
              </Group>
            )}
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="data" pt="md">
          <DataCollectionTab control={control} readOnly={readOnly} />
        </Tabs.Panel>
        <Tabs.Panel value="documents" pt="md">
          <DocumentsTab control={control} readOnly={readOnly} />
        </Tabs.Panel>
        <Tabs.Panel value="activities" pt="md">
          <ActivitiesTab controlId={control.id} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
