import { PERMISSION_CATEGORIES, type PermissionRecord } from '@ghiseu/domain';
import { Button, Code, Group, Modal, MultiSelect, Select, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../../../components/feedback/toast';
import { foldedOptionsFilter } from '../../../../components/inputs/autocomplete-field';
import { useAllOrganisations } from '../../api/organisations';
import { type PermissionPatchBody, usePatchPermission } from '../../api/permissions';
import { adminErrorText } from '../../errors';
import { validationFieldErrors } from '../../../../lib/api-errors';
import { Notice } from '../../../../components/page/notice';

const NONE = 'none';

/**
 * Edits a permission record (spec §3): name, description, category, scope, the organisations
 * that may grant it (none: all) and the default assignment. The key itself is code.
 */
export function PermissionModal({ permission, onClose }: { permission: PermissionRecord | null; onClose: () => void }) {
  const { t } = useTranslation('administration');
  const organisations = useAllOrganisations();
  const save = usePatchPermission();
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [category, setCategory] = useState('');
  const [scope, setScope] = useState<'user' | 'organisation'>('user');
  const [organisationIds, setOrganisationIds] = useState<string[]>([]);
  const [assignment, setAssignment] = useState<string>(NONE);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);

  useEffect(() => {
    if (!permission) return;
    setName(permission.name);
    setDescription(permission.description ?? '');
    setCategory(permission.category);
    setScope(permission.scope);
    setOrganisationIds(permission.organisation_ids.map(String));
    setAssignment(permission.default_assignment ?? NONE);
    setErrors({});
    setFormError(null);
  }, [permission]);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!permission) return;
    if (name.trim() === '') {
      setErrors({ name: t('validation.required') });
      return;
    }
    const patch: PermissionPatchBody = {
      name: name.trim(),
      description: description.trim() || null,
      category,
      scope,
      organisation_ids: organisationIds.map(Number),
      default_assignment: assignment === NONE ? null : (assignment as 'user' | 'organisation'),
    };
    try {
      await save.mutateAsync({ key: permission.key, patch });
      showToast('success', t('permissions.saved', { name: patch.name }));
      onClose();
    } catch (error) {
      const fields = validationFieldErrors(error);
      setErrors(fields);
      if (Object.keys(fields).length === 0) setFormError(adminErrorText(error, { entity: 'permission' }));
    }
  };

  return (
    <Modal
      opened={permission !== null}
      onClose={onClose}
      title={t('permissions.editTitle')}
      size="lg"
      centered
      closeButtonProps={{ 'aria-label': t('actions.close') }}
    >
      {permission ? (
        <form onSubmit={onSubmit} noValidate aria-label={t('permissions.editTitle')} data-testid="permission-form">
          <Stack gap="md">
            <Text size="sm">
              {t('permissions.keyLabel')} <Code>{permission.key}</Code>
            </Text>
            {formError ? <Notice tone="error">{formError}</Notice> : null}
            <TextInput
              id="permission-name"
              label={t('permissions.fields.name')}
              required
              maxLength={255}
              data-autofocus
              value={name}
              onChange={(e) => setName(e.currentTarget.value)}
              error={errors.name}
              data-testid="permission-name"
            />
            <Textarea
              id="permission-description"
              label={t('permissions.fields.description')}
              autosize
              minRows={2}
              maxLength={2000}
              value={description}
              onChange={(e) => setDescription(e.currentTarget.value)}
              error={errors.description}
            />
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <Select
                id="permission-category"
                label={t('permissions.fields.category')}
                data={Object.entries(PERMISSION_CATEGORIES).map(([value, label]) => ({ value, label }))}
                value={category}
                onChange={(value) => value && setCategory(value)}
                allowDeselect={false}
                error={errors.category}
              />
              <Select
                id="permission-scope"
                label={t('permissions.fields.scope')}
                data={[
                  { value: 'user', label: t('permissions.scopes.user') },
                  { value: 'organisation', label: t('permissions.scopes.organisation') },
                ]}
                value={scope}
                onChange={(value) => value && setScope(value as 'user' | 'organisation')}
                allowDeselect={false}
                error={errors.scope}
              />
            </SimpleGrid>
            <MultiSelect
              id="permission-organisations"
              label={t('permissions.fields.organisations')}
              description={t('permissions.organisationsHint')}
              data={(organisations.data?.data ?? []).map((o) => ({ value: String(o.id), label: o.name }))}
              value={organisationIds}
              onChange={setOrganisationIds}
              searchable
              clearable
              filter={foldedOptionsFilter}
              nothingFoundMessage={t('organisation.nothingFound')}
              clearButtonProps={{ 'aria-label': t('permissions.clearOrganisations') }}
              error={errors.organisation_ids}
            />
            <Select
              id="permission-default-assignment"
              label={t('permissions.fields.default_assignment')}
              data={[
                { value: NONE, label: t('permissions.assignments.none') },
                { value: 'user', label: t('permissions.assignments.user') },
                { value: 'organisation', label: t('permissions.assignments.organisation') },
              ]}
              value={assignment}
              onChange={(value) => value && setAssignment(value)}
              allowDeselect={false}
              error={errors.default_assignment}
            />
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={onClose}>
                {t('actions.cancel')}
              </Button>
              <Button type="submit" loading={save.isPending} data-testid="permission-submit">
                {t('actions.save')}
              </Button>
            </Group>
          </Stack>
        </form>
      ) : null}
    </Modal>
  );
}
