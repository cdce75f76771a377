import {
  BUILDING_FUNCTION_LABELS,
  CONTROL_CITIZENSHIP_LABELS,
  CONTROL_PERSON_ROLE_LABELS,
  CONTROL_PERSON_TYPE_LABELS,
  type ControlBuildingBody,
  type ControlDetail,
  type ControlPerson,
  type ControlPersonRole,
  IMPORTANCE_CATEGORY_LABELS,
} from '@ghiseu/domain';
import { ActionIcon, Button, Group, Paper, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmAndRun } from '../../../components/feedback/confirm-dialog';
import { EmptyState } from '../../../components/feedback/empty-state';
import { useDeleteBuildingBody, useDeletePerson } from '../api/controls';
import { showControlError } from '../errors';
import { personIdentity, personName } from '../form-model';
import { BuildingBodyModal } from './building-body-modal';
import { PersonModal } from './person-modal';

const areaFormat = new Intl.NumberFormat('ro-RO', { maximumFractionDigits: 2 });
const area = (value: number | null) => (value === null ? '' : `${areaFormat.format(value)} m²`);

/**
 * "Colectarea datelor": the offenders and witnesses found (the same CNP or passport at most once,
 * whatever the role) and the building bodies on the site, each a table with its add/edit modal.
 */
export function DataCollectionTab({ control, readOnly }: { control: ControlDetail; readOnly: boolean }) {
  const { t } = useTranslation('controls');
  const removePerson = useDeletePerson(control.id);
  const removeBody = useDeleteBuildingBody(control.id);
  const [person, setPerson] = useState<{ opened: boolean; person: ControlPerson | null; role: ControlPersonRole }>({
    opened: false,
    person: null,
    role: 'offender',
  });
  const [body, setBody] = useState<{ opened: boolean; body: ControlBuildingBody | null }>({ opened: false, body: null });

  const onDeletePerson = (row: ControlPerson) =>
    void confirmAndRun({
      title: t('persons.deleteTitle'),
      message: t('persons.deleteQuestion', { name: personName(row) }),
      confirmLabel: t('actions.delete'),
      cancelLabel: t('actions.cancel'),
      success: t('persons.deleted', { name: personName(row) }),
      action: () => removePerson.mutateAsync({ personId: row.id, version: control.version }),
      onError: showControlError,
    });
  const onDeleteBody = (row: ControlBuildingBody) =>
    void confirmAndRun({
      title: t('bodies.deleteTitle'),
      message: t('bodies.deleteQuestion', { name: row.name }),
      confirmLabel: t('actions.delete'),
      cancelLabel: t('actions.cancel'),
      success: t('bodies.deleted', { name: row.name }),
      action: () => removeBody.mutateAsync({ bodyId: row.id, version: control.version }),
      onError: showControlError,
    });

  const offenders = control.persons.filter((p) => p.role === 'offender').length;
  const witnesses = control.persons.length - offenders;

  return (
    <Stack gap="lg">
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} component="section" aria-labelledby="persons-title">
        <Stack gap="sm">
          <Group justify="space-between" wrap="wrap">
            <div>
              <Title order={2} size="h4" id="persons-title">
                {t('persons.title')}
              </Title>
              <Text size="sm" c="gray.7">
                {t('persons.count', { offenders, witnesses })}
              </Text>
            </div>
            {readOnly ? null : (
              <Group gap="xs">
                <Button
                  variant="default"
                  leftSection={<IconPlus size={16} aria-hidden />}
                  onClick={() => setPerson({ opened: true, person: null, role: 'offender' })}
                  data-testid="person-add-offender"
                >
                  {t('persons.addOffender')}
                </Button>
                <Button
                  variant="default"
                  leftSection={<IconPlus size={16} aria-hidden />}
                  onClick={() => setPerson({ opened: true, person: null, role: 'witness' })}
                  data-testid="person-add-witness"
                >
                  {t('persons.addWitness')}
                </Button>
              </Group>
            )}
          </Group>
          {control.persons.length === 0 ? (
            <EmptyState title={t('persons.empty')} />
          ) : (
            <Table.ScrollContainer minWidth={720}>
              <Table striped withTableBorder aria-label={t('persons.tableLabel')} data-testid="persons-table">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('persons.columns.role')}</Table.Th>
                    <Table.Th>{t('persons.columns.name')}</Table.Th>
                    <Table.Th>{t('persons.columns.type')}</Table.Th>
                    <Table.Th>{t('persons.columns.identity')}</Table.Th>
                    <Table.Th>{t('persons.columns.contact')}</Table.Th>
                    {readOnly ? null : (
                      <Table.Th>
                        <VisuallyHidden>{t('columns.actions')}</VisuallyHidden>
                      </Table.Th>
                    )}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {control.persons.map((row) => (
                    <Table.Tr key={row.id} data-testid={`person-row-${row.id}`}>
                      <Table.Td>{CONTROL_PERSON_ROLE_LABELS[row.role]}</Table.Td>
                      <Table.Td>{personName(row)}</Table.Td>
                      <Table.Td>
                        {CONTROL_PERSON_TYPE_LABELS[row.person_type]}, {CONTROL_CITIZENSHIP_LABELS[row.citizenship].toLowerCase()}
                      </Table.Td>
                      <Table.Td>{personIdentity(row)}</Table.Td>
                      <Table.Td>{[row.phone, row.email].filter(Boolean).join(', ')}</Table.Td>
                      {readOnly ? null : (
                        <Table.Td>
                          <Group gap={4} wrap="nowrap">
                            <ActionIcon
                              variant="subtle"
                              aria-label={t('persons.editOne', { name: personName(row) })}
                              onClick={() => setPerson({ opened: true, person: row, role: row.role })}
                            >
                              <IconPencil size={18} aria-hidden />
                            </ActionIcon>
                            <ActionIcon
                              variant="subtle"
                              color="red.9"
                              aria-label={t('persons.deleteOne', { name: personName(row) })}
                              onClick={() => onDeletePerson(row)}
                            >
                              <IconTrash size={18} aria-hidden />
                            </ActionIcon>
                          </Group>
                        </Table.Td>
                      )}
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </Stack>
      </Paper>

      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} component="section" aria-labelledby="bodies-title">
        <Stack gap="sm">
          <Group justify="space-between" wrap="wrap">
            <Title order={2} size="h4" id="bodies-title">
              {t('bodies.title')}
            </Title>
            {readOnly ? null : (
              <Button
                variant="default"
                leftSection={<IconPlus size={16} aria-hidden />}
                onClick={() => setBody({ opened: true, body: null })}
                data-testid="body-add"
              >
                {t('bodies.add')}
              </Button>
            )}
          </Group>
          {control.building_bodies.length === 0 ? (
            <EmptyState title={t('bodies.empty')} />
          ) : (
            <Table.ScrollContainer minWidth={820}>
              <Table striped withTableBorder aria-label={t('bodies.tableLabel')} data-testid="bodies-table">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('bodies.fields.name')}</Table.Th>
                    <Table.Th>{t('bodies.fields.function')}</Table.Th>
                    <Table.Th>{t('bodies.fields.importance_category')}</Table.Th>
                    <Table.Th>{t('bodies.fields.height_regime')}</Table.Th>
                    <Table.Th>{t('bodies.fields.built_area')}</Table.Th>
                    <Table.Th>{t('bodies.fields.developed_area')}</Table.Th>
                    <Table.Th>{t('bodies.columns.apartments')}</Table.Th>
                    {readOnly ? null : (
                      <Table.Th>
                        <VisuallyHidden>{t('columns.actions')}</VisuallyHidden>
                      </Table.Th>
                    )}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {control.building_bodies.map((row) => (
                    <Table.Tr key={row.id} data-testid={`body-row-${row.id}`}>
                      <Table.Td>{row.name}</Table.Td>
                      <Table.Td>{row.function ? `${row.function} – ${BUILDING_FUNCTION_LABELS[row.function]}` : ''}</Table.Td>
                      <Table.Td>
                        {row.importance_category
                          ? `${row.importance_category} – ${IMPORTANCE_CATEGORY_LABELS[row.importance_category]}`
                          : ''}
                      </Table.Td>
                      <Table.Td>{row.height_regime ?? ''}</Table.Td>
                      <Table.Td>{area(row.built_area)}</Table.Td>
                      <Table.Td>{area(row.developed_area)}</Table.Td>
                      <Table.Td>
                        {[
                          row.apartments_1_room,
                          row.apartments_2_rooms,
                          row.apartments_3_rooms,
                          row.apartments_4_rooms,
                          row.apartments_5_plus_rooms,
                        ].reduce<number>((sum, n) => sum + (n ?? 0), 0)}
                      </Table.Td>
                      {readOnly ? null : (
                        <Table.Td>
                          <Group gap={4} wrap="nowrap">
                            <ActionIcon
                              variant="subtle"
                              aria-label={t('bodies.editOne', { name: row.name })}
                              onClick={() => setBody({ opened: true, body: row })}
                            >
                              <IconPencil size={18} aria-hidden />
                            </ActionIcon>
                            <ActionIcon
                              variant="subtle"
                              color="red.9"
                              aria-label={t('bodies.deleteOne', { name: row.name })}
                              onClick={() => onDeleteBody(row)}
                            >
                              <IconTrash size={18} aria-hidden />
                            </ActionIcon>
                          </Group>
                        </Table.Td>
                      )}
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </Stack>
      </Paper>

      {readOnly ? null : (
        <>
          <PersonModal
            opened={person.opened}
            onClose={() => setPerson((p) => ({ ...p, opened: false }))}
            control={control}
            person={person.person}
            role={person.role}
          />
          <BuildingBodyModal
            opened={body.opened}
            onClose={() => setBody((b) => ({ ...b, opened: false }))}
            control={control}
            body={body.body}
          />
        </>
      )}
    </Stack>
  );
}
