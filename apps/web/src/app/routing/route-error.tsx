import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { DEFAULT_ERROR_MESSAGE } from '@ghiseu/domain';
import { useRouteError } from 'react-router';

/**
 * Shown when a route fails to render or its code cannot be loaded (e.g. a chunk that timed out
 * after a deployment). Kept free of i18n and of the shell so it works whatever broke.
 */
export function RouteError() {
  const error = useRouteError();
  if (import.meta.env.DEV) console.error(error);
  return (
    <main id="main-content">
      <Container size="sm" py={64}>
        <Stack gap="md" align="flex-start" role="alert">
          <Title order={1}>Pagina nu a putut fi afișată</Title>
          <Text>{DEFAULT_ERROR_MESSAGE}</Text>
          <Button onClick={() => window.location.reload()}>Reîncărcați pagina</Button>
        </Stack>
      </Container>
    </main>
  );
}
