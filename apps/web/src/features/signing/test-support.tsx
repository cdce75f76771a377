/** Test set-up of the signing feature: texts, answers as the API sends them, rendering. */
import '../../components/test-polyfills';
import type { SignConfirmResponse, SignStartResponse, UserType } from '@ghiseu/domain';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { i18n } from '../../lib/i18n';
import { buildCurrentUser } from '../../lib/testing/fixtures';
import { AppTestProviders, fakeSession, loadAllTexts } from '../../lib/testing/render-app';

/** Loads the shell's texts and this feature's (plus the namespaces of the pages it is hooked into). */
export async function loadSigningTexts(extra: string[] = []): Promise<void> {
  await loadAllTexts();
  await i18n.loadNamespaces(['signing', ...extra]);
}

export const REQUEST_ID = '0b7c4a52-3f58-4a7e-9f1e-2d8c5a6b7c11';

/** The answer of a start: an SMS code valid five minutes. */
export function buildStart(overrides: Partial<SignStartResponse> = {}): SignStartResponse {
  return {
    success: true,
    request_id: REQUEST_ID,
    confirmation: 'sms',
    expires_at: new Date(Date.now() + 5 * 60_000).toISOString(),
    masked_phone: '+40 7•• ••• 123',
    ...overrides,
  };
}

/** The answer of a confirmation. */
export function buildConfirm(overrides: Partial<SignConfirmResponse> = {}): SignConfirmResponse {
  return {
    success: true,
    request_id: REQUEST_ID,
    code: null,
    message: null,
    attempts_left: null,
    document_state: 'signing',
    application_status: 'SIGN_PENDING',
    visa_code: null,
    ...overrides,
  };
}

/**
 * Renders `children` at `path` for a signed-in user of `role`; /profile and /staff-enrollment
 * answer with a marker so that a test can see where a button led.
 */
export function renderSigning(children: ReactNode, { path = '/', route = '/', role = 'staff' as UserType } = {}) {
  const session = fakeSession({ user: buildCurrentUser({ user_type_name: role, organisation_id: 2 }) });
  const user = userEvent.setup();
  const view = render(
    <AppTestProviders session={session}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path={route} element={children} />
          <Route path="/profile" element={<p>pagina profilului</p>} />
          <Route path="/staff-enrollment" element={<p>pagina înrolării</p>} />
          <Route path="*" element={<p>alt loc</p>} />
        </Routes>
      </MemoryRouter>
    </AppTestProviders>,
  );
  return { user, ...view };
}
