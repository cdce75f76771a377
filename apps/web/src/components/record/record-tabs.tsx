import { Tabs } from '@mantine/core';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';

/** The tab named in the address, or the first (default) tab for a missing or unknown one. */
export function tabOf<T extends string>(tabs: readonly T[], tab: string | undefined): T {
  return (tabs as readonly string[]).includes(tab ?? '') ? (tab as T) : tabs[0];
}

/**
 * A record's tabs kept in the address (`<basePath>/<tab>`, the first tab without a suffix): the
 * tab list (test ids `tab-<value>`) and one panel a tab, rendered only while chosen.
 */
export function RecordTabs<T extends string>({
  tabs,
  value,
  basePath,
  label,
  panels,
}: {
  tabs: readonly T[];
  value: T;
  basePath: string;
  label: (tab: T) => ReactNode;
  panels: Record<T, ReactNode>;
}) {
  const navigate = useNavigate();
  return (
    <Tabs
      value={value}
      onChange={(next) => navigate(`${basePath}${next && next !== tabs[0] ? `/${next}` : ''}`)}
      keepMounted={false}
    >
      <Tabs.List>
        {tabs.map((tab) => (
          <Tabs.Tab key={tab} value={tab} data-testid={`tab-${tab}`}>
            {label(tab)}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      {tabs.map((tab) => (
        <Tabs.Panel key={tab} value={tab} pt="md">
          {panels[tab]}
        </Tabs.Panel>
      ))}
    </Tabs>
  );
}
