import { Title } from '@mantine/core';

/** Placeholder while the screen is built (replaced in this issue). */
export function ApplicationTypesPage() {
  return <Title order={1}>Tipuri de cereri</Title>;
}
