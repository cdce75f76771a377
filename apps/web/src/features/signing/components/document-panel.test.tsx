import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { answersInTurn, envelope, http, HttpResponse, sentRequests, server } from '../../../test/msw';
import type { DocumentAbilities, DocumentSubject } from '../document-logic';
import { buildCell, buildDocument, buildPanel, buildStart, loadSigningTexts, renderSigning } from '../test-support';
import { DocumentPanel } from './document-panel';

const NONE: DocumentAbilities = { canGenerateDocument: false, canReturnDocument: false, canSign: false, canSeal: false };

const subject = (overrides: Partial<DocumentSubject> = {}, abilities: Partial<DocumentAbilities> = {}): DocumentSubject => ({
  id: 7,
  status: 'GENERATED',
  identification_number: 'CJMS/7/2026',
  abilities: { ...NONE, ...abilities },
  ...overrides,
});

const PANEL = '/api/staff-applications/7/document';

beforeAll(() => loadSigningTexts());
beforeEach(() => notifications.clean());

describe('the document panel of the staff view', () => {
  it('shows the document, its signers and who is next, and no command without abilities', async () => {
    server.use(
      http.get(PANEL, () =>
        envelope(
          buildPanel(
            {
              state: 'signing',
              state_label: 'În curs de semnare',
              revision: 2,
              cells: [
                buildCell({ signed: true, signed_at: '2026-11-24T11:00:00.000Z', visa_code: 'V1/3/2026' }),
                buildCell({ index: 2, label: 'Președinte', signer: 'president', signer_name: 'Ion Rus', function_name: null }),
              ],
            },
            [
              buildDocument({
                id: 39,
                revision: 1,
                state: 'returned',
                state_label: 'Returnat',
                returned_at: '2026-11-23T12:00:00.000Z',
              }),
            ],
          ),
        ),
      ),
    );
    renderSigning(<DocumentPanel application={subject({ status: 'SIGN_PENDING' })} />);
    expect(await screen.findByTestId('document-state')).toHaveTextContent('În curs de semnare');
    expect(screen.getByText(/Revizia 2/)).toBeInTheDocument();
    expect(screen.getByTestId('document-output-number')).toHaveTextContent('CJMS-CU/15/2026');
    expect(screen.getByTestId('document-cell-1')).toHaveTextContent('Semnat la 24.11.2026');
    expect(screen.getByTestId('document-cell-1')).toHaveTextContent('V1/3/2026');
    expect(screen.getByTestId('document-cell-2')).toHaveAttribute('aria-current', 'step');
    expect(screen.getByTestId('document-next-signer')).toHaveTextContent('Urmează să semneze: Ion Rus (Președinte).');
    expect(screen.getByTestId('document-history')).toHaveTextContent('Revizia 1 · Răspuns · Returnat · 23.11.2026');
    expect(screen.getByTestId('document-preview')).toBeInTheDocument();
    expect(screen.getByTestId('document-download')).toHaveTextContent('Descărcați PDF');
    for (const name of ['generate', 'sign', 'seal', 'return'])
      expect(screen.queryByTestId(`panel-${name}`)).not.toBeInTheDocument();
  });

  it('generates the answer of an approved application and follows its progress until done', async () => {
    server.use(
      answersInTurn(
        'get',
        PANEL,
        () => envelope({ document: null, history: [] }),
        () =>
          envelope(
            buildPanel({ state: 'generating', state_label: 'Se generează', progress: 10, output_number: 'CJMS-CU/15/2026' }),
          ),
        () => envelope(buildPanel()),
      ),
      // The generation is a job: the server accepts the request (202) and the progress is polled.
      http.put('/api/staff-applications/7/approve/generate-document', () =>
        HttpResponse.json({ data: buildDocument({ state: 'generating', progress: 0 }) }, { status: 202 }),
      ),
      answersInTurn(
        'get',
        '/api/applications/7/check-generation-status',
        () =>
          envelope({
            state: 'generating',
            progress: 50,
            error_code: null,
            document: buildDocument({ state: 'generating', progress: 50 }),
          }),
        () => envelope({ state: 'generated', progress: 100, error_code: null, document: buildDocument() }),
      ),
    );
    const { user } = renderSigning(
      <DocumentPanel application={subject({ status: 'APPROVED' }, { canGenerateDocument: true })} />,
    );
    expect(await screen.findByText('Nu există încă un document generat')).toBeInTheDocument();
    await user.click(screen.getByTestId('panel-generate'));
    expect(await screen.findByRole('progressbar', { name: 'Progresul generării documentului' })).toBeInTheDocument();
    expect(await screen.findByText('Se generează documentul: 50%')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('document-state')).toHaveTextContent('Generat'), { timeout: 8000 });
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(await sentRequests({ method: 'PUT' })).toEqual([
      expect.objectContaining({ path: '/api/staff-applications/7/approve/generate-document' }),
    ]);
    expect((await sentRequests({ path: '/api/applications/7/check-generation-status' })).length).toBeGreaterThanOrEqual(2);
  });

  it('generates the rejection of a refused application', async () => {
    server.use(
      http.get(PANEL, () => envelope({ document: null, history: [] })),
      http.put('/api/staff-applications/7/reject/generate-document', () => envelope(buildDocument({ kind: 'rejection' }))),
    );
    const { user } = renderSigning(
      <DocumentPanel application={subject({ status: 'REJECTED_IN_PROGRESS' }, { canGenerateDocument: true })} />,
    );
    await user.click(await screen.findByRole('button', { name: 'Generați respingerea' }));
    await waitFor(async () => expect(await sentRequests({ method: 'PUT' })).toHaveLength(1));
  });

  it('returns the document only after a question that says it is irreversible', async () => {
    server.use(
      http.get(PANEL, () => envelope(buildPanel())),
      http.patch('/api/staff-applications/7/return-document', () => envelope(buildDocument({ state: 'returned' }))),
    );
    const { user } = renderSigning(<DocumentPanel application={subject({}, { canReturnDocument: true })} />);
    await user.click(await screen.findByTestId('panel-return'));
    const dialog = await screen.findByRole('dialog', { name: 'Returnați documentul?' });
    expect(within(dialog).getByText(/ireversibilă/)).toBeInTheDocument();
    // The safe answer has the focus; cancelling sends nothing.
    await user.click(within(dialog).getByRole('button', { name: 'Renunțați' }));
    expect(await sentRequests({ method: 'PATCH' })).toEqual([]);
    await user.click(screen.getByTestId('panel-return'));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Da, returnez documentul' }));
    expect(await screen.findByText('Documentul a fost returnat. Puteți genera o nouă revizie.')).toBeInTheDocument();
    const [call] = await sentRequests({ method: 'PATCH' });
    expect(call.body).toEqual({ confirm: true });
  });

  it('signs the rejection with the reject path of the signing dialog', async () => {
    server.use(
      http.get(PANEL, () => envelope(buildPanel({ kind: 'rejection' }))),
      http.put('/api/staff-applications/7/reject/sign', () => envelope(buildStart())),
    );
    const { user } = renderSigning(<DocumentPanel application={subject({}, { canSign: true })} />);
    await user.click(await screen.findByTestId('panel-sign'));
    const dialog = await screen.findByRole('dialog', { name: 'Semnați documentul cererii CJMS/7/2026' });
    await user.click(within(dialog).getByTestId('panel-signing-dialog-start'));
    expect(await within(dialog).findByTestId('panel-signing-dialog-code')).toBeInTheDocument();
  });

  it('shows a seal error and retries the seal', async () => {
    server.use(
      http.get(PANEL, () =>
        envelope(buildPanel({ state: 'seal_error', state_label: 'Eroare la sigilare', error_code: 'SEAL_ERROR' })),
      ),
      http.put('/api/staff-applications/7/seal', () =>
        envelope({ success: true, document_state: 'sealing', application_status: 'SEAL_PENDING' }),
      ),
    );
    const { user } = renderSigning(<DocumentPanel application={subject({ status: 'SEAL_ERROR' }, { canSeal: true })} />);
    expect(await screen.findByTestId('document-error')).toHaveTextContent('Documentul nu a putut fi sigilat');
    await user.click(screen.getByTestId('panel-seal'));
    expect(await screen.findByText('Sigilarea a fost pornită din nou.')).toBeInTheDocument();
  });
});
