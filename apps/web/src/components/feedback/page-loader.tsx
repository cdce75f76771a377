import { Center, Loader, VisuallyHidden } from '@mantine/core';

/** Props of `PageLoader`. */
export interface PageLoaderProps {
  /** Accessible text (default 'Se încarcă…'). */
  label?: string;
  /** Minimum height of the area, so the layout does not jump (default 40vh). */
  minHeight?: string | number;
}

/** A centred loader for lazy pages and route transitions, announced politely to screen readers. */
export function PageLoader({ label = 'Se încarcă…', minHeight = '40vh' }: PageLoaderProps) {
  return (
    <Center mih={minHeight} role="status" aria-live="polite" aria-label={label}>
      <Loader aria-hidden />
      <VisuallyHidden>{label}</VisuallyHidden>
    </Center>
  );
}
