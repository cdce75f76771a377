import { Title } from '@mantine/core';

/** Placeholder while the screen is built (replaced in this issue). */
export function FormEditorPage() {
  return <Title order={1}>Formular</Title>;
}
