import { SIGNER_KIND_LABELS, SIGNER_KINDS, SIGNING_LAYOUT_MAX_ROWS, type SignerKind } from '@ghiseu/domain';
import { ActionIcon, Button, Group, NumberInput, Paper, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconArrowDown, IconArrowLeft, IconArrowRight, IconArrowUp, IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Notice } from '../../../components/page/notice';
import {
  addCell,
  addRow,
  canAddCell,
  canAddRow,
  type EditorCell,
  type EditorLayout,
  moveCell,
  moveRow,
  removeCell,
  removeRow,
  updateCell,
} from '../layout-model';

/** An option of the function select: `id:<function id>` (an organisation's template) or `key:<system key>` (a common one). */
export interface FunctionOption {
  value: string;
  label: string;
}

export const functionValueOf = (cell: EditorCell): string | null =>
  cell.functionId ? `id:${cell.functionId}` : cell.functionKey ? `key:${cell.functionKey}` : null;

function functionPatchOf(value: string | null): Pick<EditorCell, 'functionId' | 'functionKey'> {
  if (value?.startsWith('id:')) return { functionId: Number(value.slice(3)), functionKey: null };
  if (value?.startsWith('key:')) return { functionId: null, functionKey: value.slice(4) };
  return { functionId: null, functionKey: null };
}

export interface SigningLayoutEditorProps {
  layout: EditorLayout;
  onChange: (layout: EditorLayout) => void;
  functions: FunctionOption[];
  functionsLoading?: boolean;
  functionsFailed?: boolean;
  /** The domain's `signingLayoutProblems` of the layout: shown here, and they block the save. */
  problems: string[];
  readOnly?: boolean;
}

/**
 * The signing layout of a template (spec §3 Signing layout, §5): 1 to 7 rows of signature cells,
 * each with its caption, who signs (president, a function, the responsible clerk, the reviewer,
 * the applicant), the function for a function cell, the visa series it takes, and its signing
 * order. Rows and cells are added, removed and moved with buttons (keyboard friendly); the
 * domain's rules are listed live above the rows.
 */
export function SigningLayoutEditor({
  layout,
  onChange,
  functions,
  functionsLoading,
  functionsFailed,
  problems,
  readOnly = false,
}: SigningLayoutEditorProps) {
  const { t } = useTranslation('document-templates');
  const signerOptions = SIGNER_KINDS.map((value) => ({ value, label: SIGNER_KIND_LABELS[value] }));
  const visaOptions = [
    { value: 'none', label: t('layout.visaNone') },
    { value: 'visa1', label: t('layout.visa1') },
    { value: 'visa2', label: t('layout.visa2') },
  ];

  return (
    <Stack gap="md" data-testid="signing-layout">
      <Text size="sm" c="gray.7">
        {t('layout.intro', { max: SIGNING_LAYOUT_MAX_ROWS })}
      </Text>
      {problems.length > 0 ? (
        <Notice tone="warning" title={t('layout.problemsTitle')} data-testid="layout-problems" aria-live="polite">
          <Stack gap={2} component="ul" style={{ margin: 0, paddingLeft: 18 }}>
            {problems.map((problem) => (
              <Text key={problem} size="sm" component="li">
                {problem}
              </Text>
            ))}
          </Stack>
        </Notice>
      ) : null}
      {layout.map((row, rowIndex) => (
        <Paper key={row.uid} withBorder radius="md" p="md" data-testid={`layout-row-${rowIndex + 1}`}>
          <Stack gap="sm">
            <Group justify="space-between" wrap="wrap">
              <Title order={3} size="h5">
                {t('layout.row', { number: rowIndex + 1 })}
              </Title>
              {readOnly ? null : (
                <Group gap={4}>
                  <ActionIcon
                    variant="subtle"
                    color="gray.8"
                    aria-label={t('layout.rowUp', { number: rowIndex + 1 })}
                    disabled={rowIndex === 0}
                    onClick={() => onChange(moveRow(layout, rowIndex, -1))}
                  >
                    <IconArrowUp size={16} aria-hidden />
                  </ActionIcon>
                  <ActionIcon
                    variant="subtle"
                    color="gray.8"
                    aria-label={t('layout.rowDown', { number: rowIndex + 1 })}
                    disabled={rowIndex === layout.length - 1}
                    onClick={() => onChange(moveRow(layout, rowIndex, 1))}
                  >
                    <IconArrowDown size={16} aria-hidden />
                  </ActionIcon>
                  <ActionIcon
                    variant="subtle"
                    color="red.9"
                    aria-label={t('layout.rowRemove', { number: rowIndex + 1 })}
                    onClick={() => onChange(removeRow(layout, rowIndex))}
                  >
                    <IconTrash size={16} aria-hidden />
                  </ActionIcon>
                </Group>
              )}
            </Group>
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm">
              {row.cells.map((cell, cellIndex) => {
                const where = { row: rowIndex + 1, cell: cellIndex + 1 };
                const set = (patch: Partial<EditorCell>) => onChange(updateCell(layout, rowIndex, cellIndex, patch));
                return (
                  <Paper
                    key={cell.uid}
                    component="fieldset"
                    withBorder
                    radius="sm"
                    p="sm"
                    m={0}
                    disabled={readOnly}
                    style={{ minWidth: 0 }}
                    data-testid={`layout-cell-${where.row}-${where.cell}`}
                  >
                    <Text component="legend" size="sm" fw={600} px={4}>
                      {t('layout.cell', where)}
                    </Text>
                    <Stack gap="xs">
                      <TextInput
                        label={t('layout.caption')}
                        value={cell.label}
                        maxLength={100}
                        required
                        onChange={(event) => set({ label: event.currentTarget.value })}
                      />
                      <Select
                        label={t('layout.signer')}
                        data={signerOptions}
                        value={cell.signer}
                        allowDeselect={false}
                        onChange={(value) => value && set({ signer: value as SignerKind })}
                        comboboxProps={{ withinPortal: true }}
                      />
                      {cell.signer === 'function' ? (
                        <Select
                          label={t('layout.function')}
                          data={functions}
                          value={functionValueOf(cell)}
                          onChange={(value) => set(functionPatchOf(value))}
                          searchable
                          clearable
                          required
                          placeholder={functionsLoading ? t('loading') : t('layout.functionPlaceholder')}
                          error={functionsFailed ? t('layout.functionsFailed') : undefined}
                          nothingFoundMessage={t('nothingFound')}
                          comboboxProps={{ withinPortal: true }}
                        />
                      ) : null}
                      <Group grow gap="xs" align="flex-start">
                        <Select
                          label={t('layout.visa')}
                          data={visaOptions}
                          value={cell.visa ?? 'none'}
                          allowDeselect={false}
                          onChange={(value) => set({ visa: value === 'visa1' || value === 'visa2' ? value : null })}
                          comboboxProps={{ withinPortal: true }}
                        />
                        <NumberInput
                          label={t('layout.index')}
                          description={t('layout.indexHint')}
                          value={cell.index}
                          min={1}
                          max={99}
                          allowDecimal={false}
                          allowNegative={false}
                          onChange={(value) => set({ index: typeof value === 'number' ? value : Number(value) || 0 })}
                        />
                      </Group>
                      {readOnly ? null : (
                        <Group gap={4} justify="flex-end">
                          <ActionIcon
                            variant="subtle"
                            color="gray.8"
                            aria-label={t('layout.cellLeft', where)}
                            disabled={cellIndex === 0}
                            onClick={() => onChange(moveCell(layout, rowIndex, cellIndex, -1))}
                          >
                            <IconArrowLeft size={16} aria-hidden />
                          </ActionIcon>
                          <ActionIcon
                            variant="subtle"
                            color="gray.8"
                            aria-label={t('layout.cellRight', where)}
                            disabled={cellIndex === row.cells.length - 1}
                            onClick={() => onChange(moveCell(layout, rowIndex, cellIndex, 1))}
                          >
                            <IconArrowRight size={16} aria-hidden />
                          </ActionIcon>
                          <ActionIcon
                            variant="subtle"
                            color="red.9"
                            aria-label={t('layout.cellRemove', where)}
                            onClick={() => onChange(removeCell(layout, rowIndex, cellIndex))}
                          >
                            <IconTrash size={16} aria-hidden />
                          </ActionIcon>
                        </Group>
                      )}
                    </Stack>
                  </Paper>
                );
              })}
            </SimpleGrid>
            {readOnly ? null : (
              <Group>
                <Button
                  variant="subtle"
                  size="compact-sm"
                  leftSection={<IconPlus size={14} aria-hidden />}
                  onClick={() => onChange(addCell(layout, rowIndex))}
                  disabled={!canAddCell(row)}
                  aria-label={t('layout.addCellTo', { number: rowIndex + 1 })}
                >
                  {t('layout.addCell')}
                </Button>
              </Group>
            )}
          </Stack>
        </Paper>
      ))}
      {readOnly ? null : (
        <Group>
          <Button
            variant="default"
            leftSection={<IconPlus size={16} aria-hidden />}
            onClick={() => onChange(addRow(layout))}
            disabled={!canAddRow(layout)}
            data-testid="layout-add-row"
          >
            {t('layout.addRow')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
