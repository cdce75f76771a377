import type { Responsibility } from '@ghiseu/domain';
import { Button, Group, Modal, Select, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { type FormEvent, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../../../components/feedback/error-state';
import { PageLoader } from '../../../../components/feedback/page-loader';
import { showToast } from '../../../../components/feedback/toast';
import { useSession } from '../../../../lib/session';
import { useAdministersAllOrganisations, useAllOrganisations } from '../../api/organisations';
import { useAssignablePermissions, useCreateResponsibility, usePatchResponsibility } from '../../api/responsibilities';
import { adminErrorText } from '../../errors';
import { errorCodeOf, validationFieldErrors } from '../../../../lib/api-errors';
import { checkResponsibilitySave, responsibilityPatch } from '../../responsibility-rules';
import { PermissionPicker } from './permission-picker';
import { Notice } from '../../../../components/page/notice';

/** Value of the organisation select for a responsibility shared by every organisation. */
const SHARED = 'shared';

export interface ResponsibilityEditorProps {
  opened: boolean;
  onClose: () => void;
  /** The responsibility being edited; null to add one. */
  responsibility: Responsibility | null;
}

/**
 * Add or edit a responsibility: a name, a description and a permission picker grouped by
 * category (only the assignable keys). The rules of spec §5 keep Save disabled, with the reason
 * next to it: adding needs a name and permissions, editing needs permissions, and a save that
 * would leave everything as it is (same permission set, same name and description) is refused,
 * as the server refuses it (CONFLICT 'unchanged').
 */
export function ResponsibilityEditor({ opened, onClose, responsibility }: ResponsibilityEditorProps) {
  const { t } = useTranslation('administration');
  const { user } = useSession();
  const assignable = useAssignablePermissions(opened);
  const create = useCreateResponsibility();
  const patch = usePatchResponsibility();
  const administersAll = useAdministersAllOrganisations();
  const choosesOrganisation = responsibility === null && administersAll;
  const organisations = useAllOrganisations();
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [permissions, setPermissions] = useState<string[]>([]);
  const [organisation, setOrganisation] = useState<string>(SHARED);
  const [nameError, setNameError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [attempted, setAttempted] = useState(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: start again when another responsibility opens.
  useEffect(() => {
    if (!opened) return;
    setName(responsibility?.name ?? '');
    setDescription(responsibility?.description ?? '');
    setPermissions(responsibility?.permissions ?? []);
    setOrganisation(user?.organisation_id ? String(user.organisation_id) : SHARED);
    setNameError(null);
    setFormError(null);
    setAttempted(false);
  }, [opened, responsibility?.id]);

  const check = checkResponsibilitySave({ name, description, permissions }, responsibility ?? undefined);
  const problem = check.ok ? null : check.problem;
  // 'Name required' is said on the field once the user tried; the other reasons are always shown.
  const explanation = problem && (problem !== 'nameRequired' || attempted) ? t(`responsibilities.rules.${problem}`) : null;
  const permissionName = useMemo(() => {
    const names = new Map((assignable.data ?? []).map((p) => [p.key, p.name]));
    return (key: string) => names.get(key) ?? key;
  }, [assignable.data]);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setAttempted(true);
    setFormError(null);
    if (!check.ok) {
      if (check.problem === 'nameRequired') setNameError(t('responsibilities.rules.nameRequired'));
      return;
    }
    try {
      if (responsibility) {
        await patch.mutateAsync({
          id: responsibility.id,
          patch: responsibilityPatch({ name, description, permissions }, responsibility),
        });
        showToast('success', t('responsibilities.saved', { name: name.trim() }));
      } else {
        await create.mutateAsync({
          name: name.trim(),
          description: description.trim() || null,
          permissions,
          ...(choosesOrganisation ? { organisation_id: organisation === SHARED ? null : Number(organisation) } : {}),
        });
        showToast('success', t('responsibilities.created', { name: name.trim() }));
      }
      onClose();
    } catch (error) {
      const code = errorCodeOf(error);
      const fields = validationFieldErrors(error);
      if (code === 'RESPONSIBILITY_ALREADY_EXISTS' || code === 'NAME_NOT_UNIQUE' || fields.name) {
        setNameError(fields.name ?? adminErrorText(error));
        return;
      }
      setFormError(adminErrorText(error, { entity: 'responsibility', permissionName }));
    }
  };

  const title = responsibility
    ? t('responsibilities.editTitle', { name: responsibility.name })
    : t('responsibilities.createTitle');
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      size="xl"
      centered
      closeButtonProps={{ 'aria-label': t('actions.close') }}
    >
      <form onSubmit={onSubmit} noValidate aria-label={title} data-testid="responsibility-form">
        <Stack gap="md">
          {formError ? (
            <Notice tone="error" data-testid="responsibility-error">
              {formError}
            </Notice>
          ) : null}
          <TextInput
            id="responsibility-name"
            label={t('responsibilities.fields.name')}
            required
            maxLength={255}
            data-autofocus
            value={name}
            onChange={(e) => {
              setName(e.currentTarget.value);
              setNameError(null);
            }}
            error={nameError}
            data-testid="responsibility-name"
          />
          <Textarea
            id="responsibility-description"
            label={t('responsibilities.fields.description')}
            autosize
            minRows={2}
            maxLength={2000}
            value={description}
            onChange={(e) => setDescription(e.currentTarget.value)}
          />
          {choosesOrganisation ? (
            <Select
              id="responsibility-organisation"
              label={t('responsibilities.fields.organisation')}
              description={t('responsibilities.organisationHint')}
              data={[
                { value: SHARED, label: t('responsibilities.shared') },
                ...(organisations.data?.data ?? []).map((o) => ({ value: String(o.id), label: o.name })),
              ]}
              value={organisation}
              onChange={(value) => value && setOrganisation(value)}
              allowDeselect={false}
              searchable
            />
          ) : null}
          {assignable.isPending ? (
            <PageLoader minHeight={120} />
          ) : assignable.isError ? (
            <ErrorState
              title={t('responsibilities.picker.loadError')}
              message={adminErrorText(assignable.error)}
              onRetry={() => void assignable.refetch()}
            />
          ) : (
            <PermissionPicker
              assignable={assignable.data}
              value={permissions}
              onChange={setPermissions}
              describedBy={explanation ? 'responsibility-save-explanation' : undefined}
            />
          )}
          <Group justify="space-between" align="center" gap="sm" wrap="wrap">
            <Text
              id="responsibility-save-explanation"
              size="sm"
              role="status"
              c={problem === 'unchanged' ? 'dark.9' : 'red.9'}
              data-testid="responsibility-save-explanation"
              data-problem={problem ?? undefined}
              style={{ flex: 1, minWidth: 240 }}
            >
              {explanation ? (
                <Group component="span" gap={6} wrap="nowrap" align="flex-start">
                  <IconInfoCircle size={16} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
                  <span>{explanation}</span>
                </Group>
              ) : null}
            </Text>
            <Group gap="sm">
              <Button variant="default" onClick={onClose}>
                {t('actions.cancel')}
              </Button>
              <Button
                type="submit"
                loading={create.isPending || patch.isPending}
                disabled={problem !== null && problem !== 'nameRequired'}
                aria-describedby={explanation ? 'responsibility-save-explanation' : undefined}
                data-testid="responsibility-submit"
              >
                {t('actions.save')}
              </Button>
            </Group>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
