import { Text, Title } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';

export const TOTAL_STEPS = 3;

export interface StepHeadingProps {
  step: 1 | 2 | 3;
  title: string;
  /** Move the focus here when the step appears (not on the page's first render). */
  focus: boolean;
  id: string;
}

/**
 * The heading of one step (h2) with its place in the flow. When the page moves to a step, the
 * focus goes to its heading so keyboard and screen-reader users continue from there.
 */
export function StepHeading({ step, title, focus, id }: StepHeadingProps) {
  const { t } = useTranslation('public-status');
  const heading = useRef<HTMLHeadingElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when the step appears.
  useEffect(() => {
    if (focus) heading.current?.focus();
  }, []);
  return (
    <div>
      <Text size="sm" c="gray.7" aria-hidden>
        {t('stepOf', { current: step, total: TOTAL_STEPS })}
      </Text>
      <Title order={2} size="h3" ref={heading} tabIndex={-1} id={id} data-testid={`${id}-heading`}>
        {title}
      </Title>
    </div>
  );
}
