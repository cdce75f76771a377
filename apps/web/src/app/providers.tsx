import { MantineProvider } from '@mantine/core';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { i18n as I18n } from 'i18next';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { DeferredOverlayHosts } from '../components/feedback/deferred-overlay-hosts';
import { SessionProvider } from '../features/auth/session-provider';
import { cssVariablesResolver, theme } from '../theme';

export interface AppProvidersProps {
  children: ReactNode;
  queryClient: QueryClient;
  i18n: I18n;
}

/**
 * Theme, texts, server state, dialogs, toasts and the session. The date settings (Romanian, week
 * from Monday) are carried by the date input itself, the only user of @mantine/dates, so dayjs and
 * its locale stay out of the first load.
 */
export function AppProviders({ children, queryClient, i18n }: AppProvidersProps) {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
      <I18nextProvider i18n={i18n}>
        <QueryClientProvider client={queryClient}>
          {/* Toasts and dialogs: mounted on first use (no wrapper: nothing reads their context). */}
          <DeferredOverlayHosts />
          <SessionProvider>{children}</SessionProvider>
        </QueryClientProvider>
      </I18nextProvider>
    </MantineProvider>
  );
}
