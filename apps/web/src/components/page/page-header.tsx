import { Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

export interface PageHeaderProps {
  title: ReactNode;
  subtitle?: ReactNode;
  /** Buttons at the right (create, invite…). */
  actions?: ReactNode;
  /** Above the title (a back link, badges). */
  above?: ReactNode;
}

/** The heading block of an administration screen: one h1, an explanation, the main actions. */
export function PageHeader({ title, subtitle, actions, above }: PageHeaderProps) {
  return (
    <Group justify="space-between" align="flex-end" gap="md" wrap="wrap">
      <Stack gap={4} maw={820}>
        {above}
        <Title order={1}>{title}</Title>
        {subtitle ? (
          <Text c="gray.7" component="div">
            {subtitle}
          </Text>
        ) : null}
      </Stack>
      {actions ? <Group gap="sm">{actions}</Group> : null}
    </Group>
  );
}
