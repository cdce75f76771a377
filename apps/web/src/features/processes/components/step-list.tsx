import {
  APPLICATION_STATUS_LABELS,
  STEP_ACTION_TYPE_LABELS,
  STEP_STAFF_ACTION_LABELS,
  type StepStaffAction,
} from '@ghiseu/domain';
import { ActionIcon, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconMap2, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { SoftBadge } from '../../../components/page/soft-badge';
import type { EditorStep } from '../step-model';

export interface StepListProps {
  steps: readonly EditorStep[];
  readOnly: boolean;
  functionName: (id: number | null) => string | null;
  problemsByKey: Map<string, string[]>;
  onAdd: () => void;
  onEdit: (index: number) => void;
  onGis: (index: number) => void;
  onMove: (index: number, delta: -1 | 1) => void;
  onRemove: (index: number) => void;
}

const actionLabel = (step: EditorStep): string =>
  step.action_type === 'staff_action'
    ? (STEP_STAFF_ACTION_LABELS[step.action_name as StepStaffAction] ?? step.action_name ?? '—')
    : STEP_ACTION_TYPE_LABELS[step.action_type];

/** The ordered steps with what each does and where it leads; reorder, edit, GIS settings, remove. */
export function StepList({
  steps,
  readOnly,
  functionName,
  problemsByKey,
  onAdd,
  onEdit,
  onGis,
  onMove,
  onRemove,
}: StepListProps) {
  const { t } = useTranslation('processes');
  const nameOf = (key: string | null) => steps.find((s) => s.key === key)?.name ?? key ?? '';
  return (
    <Stack gap="sm" component="section" aria-labelledby="process-steps-title">
      <Group justify="space-between">
        <Title order={2} size="h4" id="process-steps-title">
          {t('steps.title')}
        </Title>
        {readOnly ? null : (
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={onAdd} data-testid="step-add">
            {t('steps.add')}
          </Button>
        )}
      </Group>
      <Text size="sm" c="gray.7">
        {t('steps.hint')}
      </Text>
      {steps.length === 0 ? (
        <Text size="sm" data-testid="steps-empty">
          {t('steps.empty')}
        </Text>
      ) : (
        <Stack component="ol" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} data-testid="step-list">
          {steps.map((step, index) => {
            const fn = functionName(step.function_id);
            const problems = problemsByKey.get(step.key) ?? [];
            return (
              <Paper
                component="li"
                key={step.key}
                withBorder
                radius="md"
                p="sm"
                data-testid={`step-${step.key}`}
                style={problems.length > 0 ? { borderColor: 'var(--mantine-color-red-9)' } : undefined}
              >
                <Group justify="space-between" align="flex-start" wrap="nowrap">
                  <Stack gap={4}>
                    <Group gap="xs">
                      <Text fw={600}>
                        {index + 1}. {step.name}
                      </Text>
                      {step.is_start ? (
                        <SoftBadge size="sm" color="green.9">
                          {t('steps.start')}
                        </SoftBadge>
                      ) : null}
                      <SoftBadge size="sm" color="navy.7">
                        {actionLabel(step)}
                      </SoftBadge>
                      {step.application_status ? (
                        <SoftBadge size="sm" color="gray.8">
                          {APPLICATION_STATUS_LABELS[step.application_status]}
                        </SoftBadge>
                      ) : null}
                      {fn ? (
                        <SoftBadge size="sm" color="blue.9">
                          {fn}
                        </SoftBadge>
                      ) : null}
                    </Group>
                    <Text size="sm" c="gray.7">
                      {[
                        step.next_step_key ? t('steps.next', { name: nameOf(step.next_step_key) }) : t('steps.end'),
                        step.return_step_key ? t('steps.returnTo', { name: nameOf(step.return_step_key) }) : null,
                        step.conditions.length > 0 ? t('steps.routes', { count: step.conditions.length }) : null,
                        step.gis_mappings.length > 0 ? t('steps.gisCount', { count: step.gis_mappings.length }) : null,
                      ]
                        .filter(Boolean)
                        .join(' · ')}
                    </Text>
                    {problems.map((message) => (
                      <Text key={message} size="sm" c="red.9">
                        {message}
                      </Text>
                    ))}
                  </Stack>
                  <Group gap={4} wrap="nowrap">
                    {readOnly ? null : (
                      <>
                        <ActionIcon
                          variant="subtle"
                          color="gray.8"
                          aria-label={t('steps.up', { name: step.name })}
                          disabled={index === 0}
                          onClick={() => onMove(index, -1)}
                        >
                          <IconArrowUp size={16} aria-hidden />
                        </ActionIcon>
                        <ActionIcon
                          variant="subtle"
                          color="gray.8"
                          aria-label={t('steps.down', { name: step.name })}
                          disabled={index === steps.length - 1}
                          onClick={() => onMove(index, 1)}
                        >
                          <IconArrowDown size={16} aria-hidden />
                        </ActionIcon>
                      </>
                    )}
                    <ActionIcon
                      variant="subtle"
                      color="navy.7"
                      aria-label={t('steps.edit', { name: step.name })}
                      onClick={() => onEdit(index)}
                    >
                      <IconPencil size={16} aria-hidden />
                    </ActionIcon>
                    <ActionIcon
                      variant="subtle"
                      color="navy.7"
                      aria-label={t('steps.gis', { name: step.name })}
                      onClick={() => onGis(index)}
                    >
                      <IconMap2 size={16} aria-hidden />
                    </ActionIcon>
                    {readOnly ? null : (
                      <ActionIcon
                        variant="subtle"
                        color="red.9"
                        aria-label={t('steps.remove', { name: step.name })}
                        onClick={() => onRemove(index)}
                      >
                        <IconTrash size={16} aria-hidden />
                      </ActionIcon>
                    )}
                  </Group>
                </Group>
              </Paper>
            );
          })}
        </Stack>
      )}
    </Stack>
  );
}
