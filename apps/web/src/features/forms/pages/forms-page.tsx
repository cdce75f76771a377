import { Title } from '@mantine/core';

/** Placeholder while the screen is built (replaced in this issue). */
export function FormsPage() {
  return <Title order={1}>Formulare</Title>;
}
