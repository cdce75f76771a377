import { Stack, Tabs } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/page/page-header';
import { usePermissions } from '../../../lib/permissions';
import { useSession } from '../../../lib/session';
import { SeriesTab } from '../components/series-tab';
import { SeriesTypesTab } from '../components/series-types-tab';

type TabKey = 'types' | 'series';

/**
 * /document-series-type: the series types (super administrator, documentSeriesTypeRead) and
 * the numbered series (documentSeriesEdit, as the API asks). `?tab=types|series`
 * selects the tab; an organisation's administrator sees only the series tab.
 */
export function DocumentSeriesPage() {
  const { t } = useTranslation('document-series');
  const { can } = usePermissions();
  const { user } = useSession();
  const [searchParams, setSearchParams] = useSearchParams();
  const superAdmin = user?.user_type_name === 'super_admin';
  const allowed: TabKey[] = [
    ...(can('documentSeriesTypeRead') ? (['types'] as const) : []),
    ...(can('documentSeriesEdit') ? (['series'] as const) : []),
  ];
  const asked = searchParams.get('tab');
  const tab: TabKey | undefined = allowed.find((key) => key === asked) ?? allowed[0];
  const showTypes = allowed.includes('types');

  const select = (value: string | null) => {
    if (!value) return;
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set('tab', value);
        return next;
      },
      { replace: true },
    );
  };

  return (
    <Stack gap="lg" data-testid="document-series-page">
      <PageHeader title={showTypes ? t('title') : t('titleSeries')} subtitle={showTypes ? t('subtitle') : t('subtitleSeries')} />
      {allowed.length > 1 ? (
        <Tabs value={tab} onChange={select} keepMounted={false}>
          <Tabs.List aria-label={t('tabs.label')}>
            <Tabs.Tab value="types" data-testid="tab-types">
              {t('tabs.types')}
            </Tabs.Tab>
            <Tabs.Tab value="series" data-testid="tab-series">
              {t('tabs.series')}
            </Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="types" pt="md">
            <SeriesTypesTab />
          </Tabs.Panel>
          <Tabs.Panel value="series" pt="md">
            <SeriesTab superAdmin={superAdmin} />
          </Tabs.Panel>
        </Tabs>
      ) : tab === 'types' ? (
        <SeriesTypesTab />
      ) : tab === 'series' ? (
        <SeriesTab superAdmin={superAdmin} />
      ) : null}
    </Stack>
  );
}
