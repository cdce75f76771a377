import { Paper, Stack, Text, Title } from '@mantine/core';
import { type ReactNode, useEffect, useRef } from 'react';

export interface AuthCardProps {
  /** The page heading (h1). */
  title: ReactNode;
  subtitle?: ReactNode;
  children: ReactNode;
  /** Maximum width of the card in px (default 480). */
  maw?: number;
  /**
   * Move the focus to the heading when the card appears: used when a page swaps its content
   * without a navigation (form → confirmation), so screen readers hear the new state.
   */
  focusHeading?: boolean;
  'data-testid'?: string;
}

/** The centred card every account screen uses: a level-1 heading, an optional subtitle, the content. */
export function AuthCard({ title, subtitle, children, maw = 480, focusHeading = false, ...rest }: AuthCardProps) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focusHeading) heading.current?.focus();
  }, [focusHeading]);
  return (
    <Stack align="center" py={{ base: 'md', sm: 'xl' }}>
      <Paper withBorder shadow="sm" p={{ base: 'md', sm: 'xl' }} radius="md" w="100%" maw={maw} data-testid={rest['data-testid']}>
        <Stack gap="lg">
          <div>
            <Title order={1} size="h2" ref={heading} tabIndex={focusHeading ? -1 : undefined}>
              {title}
            </Title>
            {subtitle ? (
              <Text c="gray.7" size="sm" mt={4}>
                {subtitle}
              </Text>
            ) : null}
          </div>
          {children}
        </Stack>
      </Paper>
    </Stack>
  );
}
