import type { FormField, RealEstate } from '@ghiseu/domain';
import { Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { FormValues } from '../../../components/form-renderer/form-values';
import { Notice } from '../../../components/page/notice';
import { compareLandAreas, summariseAnswers } from './wizard/answer-summary';

function Row({ label, text }: { label: string; text: string }) {
  return (
    <div>
      <Text component="dt" size="sm" c="gray.7">
        {label}
      </Text>
      <Text component="dd" m={0} fw={500} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {text}
      </Text>
    </div>
  );
}

/**
 * The answers as a read-only summary (label, then the answer in words), grouped by the form's
 * sections; repeatable groups list their items. Used by the wizard's review and the details page.
 */
export function AnswersSummary({ fields, values }: { fields: readonly FormField[]; values: FormValues }) {
  const { t } = useTranslation('applications');
  const rows = summariseAnswers(fields, values);
  if (rows.length === 0) return <Text>{t('details.none')}</Text>;
  const blocks: { title: string | null; rows: typeof rows }[] = [];
  for (const row of rows) {
    if (row.kind === 'section' || blocks.length === 0)
      blocks.push({ title: row.kind === 'section' ? row.label : null, rows: [] });
    if (row.kind !== 'section') blocks[blocks.length - 1].rows.push(row);
  }
  return (
    <Stack gap="md" data-testid="answers-summary">
      {blocks.map((block, index) => (
        <Stack gap={6} key={block.title ?? `block-${index}`}>
          {block.title ? (
            <Text fw={700} size="sm" tt="uppercase" c="gray.7">
              {block.title}
            </Text>
          ) : null}
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="xs" component="dl" m={0}>
            {block.rows.map((row) =>
              row.kind === 'answer' ? (
                <Row key={row.key} label={row.label} text={row.text} />
              ) : row.kind === 'group' ? (
                <div key={row.key} style={{ gridColumn: '1 / -1' }}>
                  <Text component="dt" size="sm" c="gray.7">
                    {row.label}
                  </Text>
                  <Text component="dd" m={0}>
                    {row.items.length === 0 ? (
                      '—'
                    ) : (
                      <Stack gap="xs" mt={4}>
                        {row.items.map((item) => (
                          <Paper key={item.label} withBorder p="xs" radius="sm">
                            <Text fw={600} size="sm" component="span" display="block">
                              {item.label}
                            </Text>
                            <Text size="sm" component="span" display="block">
                              {item.rows.map((r) => `${r.label}: ${r.text}`).join(' · ')}
                            </Text>
                          </Paper>
                        ))}
                      </Stack>
                    )}
                  </Text>
                </div>
              ) : null,
            )}
          </SimpleGrid>
        </Stack>
      ))}
    </Stack>
  );
}

const m2 = (value: number) => `${value.toLocaleString('ro-RO', { maximumFractionDigits: 2 })} mp`;

/**
 * Says it when the land area answered in the form, the one declared for the real estates and the
 * cadastre's disagree, with each figure: none of them is silently preferred.
 */
export function AreaDifferenceNotice({
  fields,
  values,
  realEstates,
}: {
  fields: readonly FormField[] | null;
  values: FormValues;
  realEstates: readonly Pick<RealEstate, 'area' | 'registry_area'>[];
}) {
  const { t } = useTranslation('applications');
  const comparison = compareLandAreas(fields, values, realEstates);
  if (!comparison?.differs) return null;
  const figures = [
    comparison.form !== null ? t('summary.area.form', { area: m2(comparison.form) }) : null,
    comparison.declared !== null ? t('summary.area.declared', { area: m2(comparison.declared) }) : null,
    comparison.registry !== null ? t('summary.area.registry', { area: m2(comparison.registry) }) : null,
  ].filter(Boolean);
  return (
    <Notice tone="warning" title={t('summary.area.title')} role="note" data-testid="area-difference">
      <Text size="sm">{`${figures.join('; ')}.`}</Text>
      <Text size="sm" mt={4}>
        {t('summary.area.hint')}
      </Text>
    </Notice>
  );
}

/** A titled block of the summary with its 'Modificați' action. */
export function SummarySection({
  id,
  title,
  action,
  children,
}: {
  id: string;
  title: string;
  action?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={`summary-${id}`} data-testid={`summary-${id}`}>
      <Group justify="space-between" align="baseline" gap="xs" mb="xs">
        <Title order={3} size="h5" id={`summary-${id}`}>
          {title}
        </Title>
        {action}
      </Group>
      {children}
    </Paper>
  );
}
