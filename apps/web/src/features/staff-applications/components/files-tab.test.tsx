import type { ApplicationFile, StaffApplication } from '@ghiseu/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, envelope, HttpResponse, http, sentRequests, server } from '../../../test/msw';
import { StaffApplicationPage } from '../pages/staff-application-page';
import { buildStaffApplication, loadStaffTexts, NO_ABILITIES, renderAsStaff } from '../test-support';

const file = (id: number, name: string, overrides: Partial<ApplicationFile> = {}): ApplicationFile => ({
  id,
  file_id: id * 10,
  name,
  mime_type: 'application/pdf',
  size: 4096,
  file_type: 'input',
  status: null,
  category: 'anexe',
  is_public: false,
  is_preview: false,
  is_identification: false,
  is_gis: false,
  qr: true,
  created_by: 'Ion Popescu',
  created_at: '2026-11-20T10:00:00.000Z',
  canBeDeleted: false,
  ...overrides,
});

const FILES = [file(1, 'plan-situatie.pdf'), file(2, 'extras-cf.pdf'), file(3, 'memoriu.pdf')];

/** The first bytes of every zip archive ("PK\x03\x04"), then some more. */
const ZIP_BYTES = new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00, 0x00, 0x00]);

function serve(record: StaffApplication) {
  let current = record;
  server.use(
    http.get('/api/staff-applications/:id', () => envelope(current)),
    http.get('/api/applications/:id/history', () => envelope([])),
    http.get('/api/staff-applications/:id/related-files', () => envelope([])),
    http.patch('/api/staff-applications/:id/remove-document', async ({ request }) => {
      const { file_id } = (await request.json()) as { file_id: number };
      current = { ...current, files: current.files.filter((f) => f.id !== file_id) };
      return envelope(current);
    }),
    http.patch(
      '/api/staff-applications/:id/download-compression',
      () =>
        new HttpResponse(ZIP_BYTES, {
          headers: { 'content-type': 'application/zip', 'content-disposition': 'attachment; filename="CJMS-1-2026.zip"' },
        }),
    ),
  );
}

const renderTab = () =>
  renderAsStaff(<StaffApplicationPage />, { path: '/application/1/files', route: '/application/:id/:tab?' });

/** What the browser was asked to save: the blob given to createObjectURL and the link's file name. */
let saved: { blob: Blob | null; name: string | null };
beforeEach(() => {
  saved = { blob: null, name: null };
  Object.defineProperty(URL, 'createObjectURL', {
    configurable: true,
    value: vi.fn((blob: Blob) => {
      saved.blob = blob;
      return 'blob:arhiva';
    }),
  });
  Object.defineProperty(URL, 'revokeObjectURL', { configurable: true, value: vi.fn() });
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    if (this.href === 'blob:arhiva') saved.name = this.download;
  });
});
afterEach(() => vi.restoreAllMocks());
beforeAll(loadStaffTexts);

describe('the zip of chosen files', () => {
  it('sends the chosen link ids to download-compression and saves the archive under the entry number', async () => {
    serve(buildStaffApplication({ files: FILES, abilities: { ...NO_ABILITIES, canDownloadFiles: true } }));
    const { user } = renderTab();
    const zip = await screen.findByTestId('files-zip');
    // Nothing chosen: nothing to archive.
    expect(zip).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: 'Selectați documentul plan-situatie.pdf' }));
    await user.click(screen.getByRole('checkbox', { name: 'Selectați documentul memoriu.pdf' }));
    expect(zip).toHaveTextContent('Descărcați arhiva (2 documente)');
    await user.click(zip);

    await waitFor(() => expect(saved.name).toBe('CJMS-1-2026.zip'));
    const [call] = await sentRequests({ method: 'PATCH' });
    expect(call).toMatchObject({ path: '/api/staff-applications/1/download-compression', body: { files: [1, 3] } });
    // The archive as the server sent it (a Blob of the fetch realm, not jsdom's).
    expect(saved.blob).toMatchObject({ type: 'application/zip', size: ZIP_BYTES.length });
    expect(new Uint8Array(await (saved.blob as Blob).arrayBuffer())).toEqual(ZIP_BYTES);
  });

  it('shows the catalogue’s message when the archive cannot be made', async () => {
    serve(buildStaffApplication({ files: FILES, abilities: { ...NO_ABILITIES, canDownloadFiles: true } }));
    server.use(http.patch('/api/staff-applications/:id/download-compression', () => apiError(500, 'ERROR_DOWNLOAD_COMPRESSION')));
    const { user } = renderTab();
    await user.click(await screen.findByRole('checkbox', { name: 'Selectați documentul extras-cf.pdf' }));
    await user.click(screen.getByTestId('files-zip'));
    expect(await screen.findByText('Arhiva nu a putut fi creată.')).toBeInTheDocument();
    expect(saved.blob).toBeNull();
  });

  it('offers no choice nor archive without canDownloadFiles', async () => {
    serve(buildStaffApplication({ files: FILES }));
    renderTab();
    expect(await screen.findByText('plan-situatie.pdf')).toBeInTheDocument();
    expect(screen.queryByTestId('files-zip')).not.toBeInTheDocument();
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
  });
});

describe('removing a document', () => {
  it('asks first, sends remove-document with the link id, and the list loses the file', async () => {
    serve(buildStaffApplication({ files: FILES, abilities: { ...NO_ABILITIES, canRemoveDocument: true } }));
    const { user } = renderTab();
    await user.click(await screen.findByRole('button', { name: 'Acțiuni pentru documentul extras-cf.pdf' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Eliminați documentul' }));
    const question = await screen.findByRole('dialog', { name: 'Eliminați documentul?' });
    expect(question).toHaveTextContent('Documentul „extras-cf.pdf” va fi eliminat din cerere.');
    // Nothing is sent before the answer.
    expect(await sentRequests({ method: 'PATCH' })).toEqual([]);
    await user.click(within(question).getByRole('button', { name: 'Eliminați documentul' }));

    expect(await screen.findByText('Documentul „extras-cf.pdf” a fost eliminat.')).toBeInTheDocument();
    expect(await sentRequests({ method: 'PATCH' })).toEqual([
      expect.objectContaining({ path: '/api/staff-applications/1/remove-document', body: { file_id: 2 } }),
    ]);
    await waitFor(() => expect(screen.queryByText('extras-cf.pdf')).not.toBeInTheDocument());
    expect(screen.getByText('plan-situatie.pdf')).toBeInTheDocument();
    expect(screen.getByText('memoriu.pdf')).toBeInTheDocument();
  });

  it('keeps the file when the question is declined', async () => {
    serve(buildStaffApplication({ files: FILES, abilities: { ...NO_ABILITIES, canRemoveDocument: true } }));
    const { user } = renderTab();
    await user.click(await screen.findByRole('button', { name: 'Acțiuni pentru documentul memoriu.pdf' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Eliminați documentul' }));
    const question = await screen.findByRole('dialog', { name: 'Eliminați documentul?' });
    await user.click(within(question).getByRole('button', { name: 'Renunțați' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await sentRequests({ method: 'PATCH' })).toEqual([]);
    expect(screen.getByText('memoriu.pdf')).toBeInTheDocument();
  });

  it('shows a refused removal in Romanian and keeps the file', async () => {
    serve(buildStaffApplication({ files: FILES, abilities: { ...NO_ABILITIES, canRemoveDocument: true } }));
    server.use(http.patch('/api/staff-applications/:id/remove-document', () => apiError(409, 'APPLICATION_ACTION_NOT_ALLOWED')));
    const { user } = renderTab();
    await user.click(await screen.findByRole('button', { name: 'Acțiuni pentru documentul memoriu.pdf' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Eliminați documentul' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Eliminați documentul' }));
    expect(
      await screen.findByText('Acțiunea nu este permisă în starea actuală a cererii. Reîncărcați pagina.'),
    ).toBeInTheDocument();
    expect(screen.getByText('memoriu.pdf')).toBeInTheDocument();
  });
});
