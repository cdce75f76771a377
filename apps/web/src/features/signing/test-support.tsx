/** Test set-up of the signing feature: texts, answers as the API sends them, rendering. */
import '../../components/test-polyfills';
import type {
  ApplicationDocument,
  DocumentPanel,
  DocumentPanelCell,
  SignConfirmResponse,
  SignStartResponse,
  UserType,
} from '@ghiseu/domain';
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

/** A revision of the output document as the API sends it. */
export function buildDocument(overrides: Partial<ApplicationDocument> = {}): ApplicationDocument {
  return {
    id: 40,
    application_id: 7,
    kind: 'answer',
    revision: 1,
    state: 'generated',
    state_label: 'Generat',
    progress: 100,
    error_code: null,
    template_id: 3,
    output_number: 'CJMS-CU/15/2026',
    generated_at: '2026-11-24T10:00:00.000Z',
    generated_sha256: 'ab12cd34ef56ab12cd34ef56ab12cd34ef56ab12cd34ef56ab12cd34ef56abcd',
    issued_at: null,
    returned_at: null,
    created_at: '2026-11-24T09:59:58.000Z',
    ...overrides,
  };
}

export function buildCell(overrides: Partial<DocumentPanelCell> = {}): DocumentPanelCell {
  return {
    index: 1,
    label: 'Întocmit',
    signer: 'assignee',
    function_id: null,
    function_key: null,
    visa: null,
    signer_name: 'Maria Pop',
    function_name: 'Consilier',
    signed: false,
    signed_at: null,
    visa_code: null,
    box: null,
    ...overrides,
  };
}

/** `GET /staff-applications/{id}/document` with a live document (two cells by default) and no history. */
export function buildPanel(
  document: Partial<ApplicationDocument> & { cells?: DocumentPanelCell[] } = {},
  history: ApplicationDocument[] = [],
): DocumentPanel {
  const { cells, ...rest } = document;
  return {
    document: {
      ...buildDocument(rest),
      file: {
        id: 90,
        name: 'certificat.pdf',
        size: 52_000,
        sha256: 'ab12cd34ef56ab12cd34ef56ab12cd34ef56ab12cd34ef56ab12cd34ef56abcd',
        download_url: '/api/files/90?token=t',
      },
      cells: cells ?? [
        buildCell(),
        buildCell({ index: 2, label: 'Președinte', signer: 'president', signer_name: 'Ion Rus', function_name: null }),
      ],
      verification_url: 'http://localhost/verificare/abc',
    },
    history,
  };
}
