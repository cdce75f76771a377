import { type FormDefinition, FORM_FIELD_TYPE_LABELS, FORM_FIELD_TYPES, type FormFieldType } from '@ghiseu/domain';
import { ActionIcon, Box, Button, Group, Menu, Paper, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconAlertCircle, IconArrowDown, IconArrowUp, IconCopy, IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { SoftBadge } from '../../../components/page/soft-badge';
import { type AnyField, allowedInGroup, type FieldPath, type IssueMap, fieldHasIssues, pathId, samePath } from '../builder-model';

export interface FieldListProps {
  definition: FormDefinition;
  selected: FieldPath | null;
  issues: IssueMap;
  readOnly: boolean;
  onSelect: (path: FieldPath) => void;
  onMove: (path: FieldPath, delta: -1 | 1) => void;
  onDuplicate: (path: FieldPath) => void;
  onRemove: (path: FieldPath) => void;
  onAddToGroup: (groupIndex: number, type: FormFieldType) => void;
}

/** The ordered fields, group fields nested under their group, each with its controls and problems. */
export function FieldList(props: FieldListProps) {
  const { t } = useTranslation('forms');
  const { definition } = props;
  if (definition.fields.length === 0)
    return (
      <Text size="sm" c="gray.7" data-testid="fields-empty">
        {t('builder.noFields')}
      </Text>
    );
  return (
    <Stack component="ol" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} data-testid="field-list">
      {definition.fields.map((field, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: keys may repeat while the draft has a duplicate; positions are what the list shows.
        <Box component="li" key={`${index}-${field.key}`}>
          <FieldItem {...props} field={field} path={[index]} count={definition.fields.length}>
            {field.type === 'repeatable_group' ? (
              <Stack gap="xs" mt="xs" pl="md" style={{ borderLeft: '2px solid var(--mantine-color-gray-4)' }}>
                {field.fields.length > 0 ? (
                  <Stack
                    component="ol"
                    gap="xs"
                    p={0}
                    m={0}
                    style={{ listStyle: 'none' }}
                    aria-label={t('builder.groupFields', { label: field.label })}
                  >
                    {field.fields.map((child, childIndex) => (
                      // biome-ignore lint/suspicious/noArrayIndexKey: as above, positions identify the rows.
                      <Box component="li" key={`${childIndex}-${child.key}`}>
                        <FieldItem {...props} field={child} path={[index, childIndex]} count={field.fields.length} />
                      </Box>
                    ))}
                  </Stack>
                ) : null}
                {props.readOnly ? null : <AddToGroup label={field.label} onAdd={(type) => props.onAddToGroup(index, type)} />}
              </Stack>
            ) : null}
          </FieldItem>
        </Box>
      ))}
    </Stack>
  );
}

const GROUP_TYPES = FORM_FIELD_TYPES.filter(allowedInGroup);

function AddToGroup({ label, onAdd }: { label: string; onAdd: (type: FormFieldType) => void }) {
  const { t } = useTranslation('forms');
  return (
    <Menu position="bottom-start" withinPortal>
      <Menu.Target>
        <Button
          variant="default"
          size="xs"
          leftSection={<IconPlus size={14} aria-hidden />}
          style={{ alignSelf: 'flex-start' }}
          aria-label={t('builder.addToGroupNamed', { label })}
        >
          {t('builder.addToGroup')}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {GROUP_TYPES.map((type) => (
          <Menu.Item key={type} onClick={() => onAdd(type)}>
            {FORM_FIELD_TYPE_LABELS[type]}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

interface FieldItemProps extends FieldListProps {
  field: AnyField;
  path: FieldPath;
  count: number;
  children?: React.ReactNode;
}

function FieldItem({
  field,
  path,
  count,
  selected,
  issues,
  readOnly,
  onSelect,
  onMove,
  onDuplicate,
  onRemove,
  children,
}: FieldItemProps) {
  const { t } = useTranslation('forms');
  const isSelected = samePath(selected, path);
  const own = issues.byField.get(pathId(path));
  const flagged = fieldHasIssues(issues, path);
  const index = path[path.length - 1];
  const name = field.label || field.key;
  const required = 'required' in field && field.required;
  return (
    <Paper
      withBorder
      p="xs"
      radius="sm"
      data-testid={`field-item-${pathId(path)}`}
      data-selected={isSelected || undefined}
      data-invalid={flagged || undefined}
      style={{
        borderColor: flagged ? 'var(--mantine-color-red-9)' : isSelected ? 'var(--mantine-color-navy-7)' : undefined,
        borderWidth: flagged || isSelected ? 2 : undefined,
        background: isSelected ? 'var(--mantine-color-gray-0)' : undefined,
      }}
    >
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
        <UnstyledButton
          onClick={() => onSelect(path)}
          aria-pressed={isSelected}
          aria-label={t('builder.select', { label: name })}
          style={{ flex: 1, minWidth: 0 }}
        >
          <Group gap={6} wrap="wrap">
            {flagged ? (
              <IconAlertCircle size={16} color="var(--mantine-color-red-9)" aria-label={t('builder.hasIssues')} />
            ) : null}
            <Text size="sm" fw={600} truncate>
              {name}
            </Text>
            {required ? (
              <SoftBadge size="xs" color="red.9">
                {t('builder.required')}
              </SoftBadge>
            ) : null}
          </Group>
          <Group gap={6} mt={2}>
            <SoftBadge size="xs" color="navy.7">
              {FORM_FIELD_TYPE_LABELS[field.type]}
            </SoftBadge>
            <Text size="xs" c="gray.7" ff="monospace">
              {field.key}
            </Text>
          </Group>
        </UnstyledButton>
        {readOnly ? null : (
          <Group gap={0} wrap="nowrap">
            <ActionIcon
              variant="subtle"
              color="gray.8"
              aria-label={t('builder.moveUp', { label: name })}
              disabled={index === 0}
              onClick={() => onMove(path, -1)}
            >
              <IconArrowUp size={16} aria-hidden />
            </ActionIcon>
            <ActionIcon
              variant="subtle"
              color="gray.8"
              aria-label={t('builder.moveDown', { label: name })}
              disabled={index === count - 1}
              onClick={() => onMove(path, 1)}
            >
              <IconArrowDown size={16} aria-hidden />
            </ActionIcon>
            <ActionIcon
              variant="subtle"
              color="gray.8"
              aria-label={t('builder.duplicate', { label: name })}
              onClick={() => onDuplicate(path)}
            >
              <IconCopy size={16} aria-hidden />
            </ActionIcon>
            <ActionIcon
              variant="subtle"
              color="red.9"
              aria-label={t('builder.remove', { label: name })}
              onClick={() => onRemove(path)}
            >
              <IconTrash size={16} aria-hidden />
            </ActionIcon>
          </Group>
        )}
      </Group>
      {own && own.length > 0 ? (
        <Text size="xs" c="red.9" mt={4} data-testid="field-issue">
          {own[0].message}
        </Text>
      ) : flagged ? (
        <Text size="xs" c="red.9" mt={4} data-testid="field-issue">
          {t('builder.groupHasIssues')}
        </Text>
      ) : null}
      {children}
    </Paper>
  );
}
