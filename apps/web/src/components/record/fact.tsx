import { Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** One fact of a record's header grid (`<dl>`): the label above, the value below. */
export function Fact({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div>
      <Text size="sm" c="gray.7" component="dt">
        {label}
      </Text>
      <Text component="dd" m={0} fw={500} data-testid={testId}>
        {children}
      </Text>
    </div>
  );
}
