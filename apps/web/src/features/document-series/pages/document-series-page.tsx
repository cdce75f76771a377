import { Title } from '@mantine/core';

/** Placeholder while the screen is built (replaced in this issue). */
export function DocumentSeriesPage() {
  return <Title order={1}>Serii de documente</Title>;
}
