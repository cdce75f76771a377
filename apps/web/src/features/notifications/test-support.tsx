/** Test set-up of the notifications feature: texts, records as the API sends them, rendering. */
import '../../components/test-polyfills';
import type { NotificationTemplate, UserMessage, UserType } from '@ghiseu/domain';
import type { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { i18n } from '../../lib/i18n';
import { buildCurrentUser } from '../../lib/testing/fixtures';
import { AppTestProviders, fakeSession, loadAllTexts, testQueryClient } from '../../lib/testing/render-app';

export async function loadNotificationTexts(): Promise<void> {
  await loadAllTexts();
  await i18n.loadNamespaces(['notifications']);
}

export function buildUserMessage(overrides: Partial<UserMessage> = {}): UserMessage {
  return {
    id: 1,
    event_type: 'application.registered',
    title: 'Cerere înregistrată',
    message: '<p>Cererea <strong>CJMS/1/2026</strong> a fost înregistrată.</p>',
    message_source: 'application',
    recipient_identification_number: 'CJMS/1/2026',
    recipient_identification_id: 12,
    created_date: new Date().toISOString(),
    has_been_read: false,
    ...overrides,
  };
}

export function buildTemplate(overrides: Partial<NotificationTemplate> = {}): NotificationTemplate {
  return {
    id: 5,
    event_type: 'application.registered',
    event_label: 'Cerere înregistrată',
    channel: 'email',
    language: 'ro',
    title: 'Cerere înregistrată (e-mail)',
    subject: 'Cererea {{application_number}} a fost înregistrată',
    message: '<p>Bună ziua, {{recipient_name}}!</p>',
    character_limit: null,
    placeholders: ['recipient_name', 'portal_url', 'portal_name', 'application_number', 'application_type'],
    updated_at: '2026-11-20T10:00:00.000Z',
    ...overrides,
  };
}

/** Shows where the router is, so a test can read the navigation. */
function Where() {
  const location = useLocation();
  return <p data-testid="location">{location.pathname}</p>;
}

/** Renders `children` at `path` for a signed-in user of `role` (citizen by default). */
export function renderSignedIn(
  children: ReactNode,
  {
    path = '/',
    route = '/',
    role = 'citizen' as UserType,
    queryClient = testQueryClient(),
  }: { path?: string; route?: string; role?: UserType; queryClient?: QueryClient } = {},
) {
  const session = fakeSession({ user: buildCurrentUser({ user_type_name: role, organisation_id: 2 }) });
  const user = userEvent.setup({ advanceTimers: (ms) => new Promise((resolve) => setTimeout(resolve, ms)) });
  const view = render(
    <AppTestProviders session={session} queryClient={queryClient}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path={route} element={children} />
          <Route path="*" element={null} />
        </Routes>
        <Where />
      </MemoryRouter>
    </AppTestProviders>,
  );
  return { user, queryClient, ...view };
}
