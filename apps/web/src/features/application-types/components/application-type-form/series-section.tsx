import { SERIES_TYPE_USE_LABELS, SERIES_TYPE_USES } from '@ghiseu/domain';
import { SimpleGrid, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSeriesTypeOptions } from '../../api/application-types';
import { IdSelect, optionsOf, Section, useOptionStates } from './fields';

/** The document series type of each use (incoming gives the registration number, outgoing, visas). */
export function SeriesSection() {
  const { t } = useTranslation('application-types');
  const seriesTypes = useSeriesTypeOptions(true);
  const { loadingOr, failed } = useOptionStates();
  return (
    <Section title={t('sections.series')} testId="at-section-series">
      <Text size="sm" c="gray.7">
        {t('hints.series')}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {SERIES_TYPE_USES.map((use) => (
          <IdSelect
            key={use}
            name={`series_type_ids.${use}`}
            id={`at-series-${use}`}
            label={SERIES_TYPE_USE_LABELS[use]}
            description={use === 'incoming' ? t('hints.incoming') : undefined}
            data={optionsOf(seriesTypes.data)}
            clearable
            placeholder={loadingOr(seriesTypes)}
            error={failed(seriesTypes)}
            data-testid={`at-series-${use}`}
          />
        ))}
      </SimpleGrid>
    </Section>
  );
}
