/**
 * Render helper for component tests: wraps the UI in the providers the portal uses (Mantine
 * theme; the dialog and toast hosts, mounted at once here). `env="test"` turns off Mantine
 * transitions and portals so assertions do not race animations.
 */
import './test-polyfills';
import { MantineProvider } from '@mantine/core';
import { type RenderOptions, render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement, ReactNode } from 'react';
import { theme } from '../theme';
import { OverlayHosts } from './feedback/overlay-hosts';

/** Options of `renderWithProviders`. */
export interface ProvidersOptions extends Omit<RenderOptions, 'wrapper'> {
  /** Keep Mantine transitions and portals, for tests that check animation settings. */
  realEnv?: boolean;
}

/** Wraps children in the same providers as the application shell. */
export function TestProviders({ children, realEnv = false }: { children: ReactNode; realEnv?: boolean }) {
  return (
    <MantineProvider theme={theme} env={realEnv ? 'default' : 'test'}>
      <OverlayHosts />
      {children}
    </MantineProvider>
  );
}

/** Renders `ui` inside the portal providers and returns the testing-library result plus a user-event instance. */
export function renderWithProviders(ui: ReactElement, { realEnv, ...options }: ProvidersOptions = {}) {
  const user = userEvent.setup();
  const result = render(ui, {
    wrapper: ({ children }) => <TestProviders realEnv={realEnv}>{children}</TestProviders>,
    ...options,
  });
  return { user, ...result };
}
