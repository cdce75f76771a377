import type { StaffRelatedFile, StaffSearchResult } from '@ghiseu/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { answersInTurn, apiError, envelope, http, sentRequests, server } from '../../../test/msw';
import { StaffApplicationPage } from '../pages/staff-application-page';
import { buildStaffApplication, loadStaffTexts, renderAsStaff } from '../test-support';

const relatedFile = (overrides: Partial<StaffRelatedFile> = {}): StaffRelatedFile => ({
  id: 70,
  file_id: 700,
  name: 'certificat-urbanism.pdf',
  mime_type: 'application/pdf',
  size: 2048,
  file_type: 'output',
  status: null,
  category: null,
  is_public: false,
  is_preview: false,
  is_identification: false,
  is_gis: false,
  qr: true,
  created_by: 'Maria Pop',
  created_at: '2026-10-05T09:00:00.000Z',
  canBeDeleted: false,
  application_id: 4,
  identification_number: 'CJMS/4/2026',
  ...overrides,
});

const result = (overrides: Partial<StaffSearchResult> = {}): StaffSearchResult => ({
  id: 9,
  identification_number: 'CJMS/9/2026',
  application_type_name: 'Autorizație de construire',
  status: 'RESOLVED',
  status_label: 'Soluționată',
  applicant_name: 'Andrei Pop',
  application_date: '2026-09-01T08:00:00.000Z',
  issued_date: '2026-10-02T08:00:00.000Z',
  ...overrides,
});

/** The record, its related files and the search, as the API answers them. */
function serve({
  files = [relatedFile()],
  results = [result()],
}: {
  files?: StaffRelatedFile[];
  results?: StaffSearchResult[];
} = {}) {
  server.use(
    // Before `:id`, which would also match `search`.
    http.get('/api/staff-applications/search', () => envelope(results)),
    http.get('/api/staff-applications/:id', () => envelope(buildStaffApplication())),
    http.get('/api/staff-applications/:id/related-files', () => envelope(files)),
  );
}

const renderTab = () =>
  renderAsStaff(<StaffApplicationPage />, { path: '/application/1/related', route: '/application/:id/:tab?' });

beforeAll(loadStaffTexts);
afterEach(() => vi.restoreAllMocks());

describe('the related documents tab', () => {
  it('lists the files of the parent and child applications, each linking to its application and downloadable', async () => {
    serve();
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    server.use(http.post('/api/files/:id/download-tokens', () => envelope({ url: 'https://fisiere.test/700?token=t' })));
    const { user } = renderTab();
    expect(await screen.findByRole('tab', { name: 'Documente conexe', selected: true })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Fișierele cererii părinte și ale cererilor derivate' });
    const row = within(table).getByTestId('related-file-70');
    expect(within(row).getByRole('link', { name: 'CJMS/4/2026' })).toHaveAttribute('href', '/application/4');
    expect(row).toHaveTextContent('certificat-urbanism.pdf');
    expect(row).toHaveTextContent('Emis');
    expect(row).toHaveTextContent('2 KB');
    await user.click(within(row).getByRole('button', { name: 'Descărcați certificat-urbanism.pdf' }));
    await waitFor(() => expect(open).toHaveBeenCalledWith('https://fisiere.test/700?token=t', '_blank', 'noopener'));
    expect(await sentRequests({ method: 'POST' })).toEqual([expect.objectContaining({ path: '/api/files/700/download-tokens' })]);
  });

  it('says "Niciun document conex" when there are no related files', async () => {
    serve({ files: [] });
    renderTab();
    const section = await screen.findByRole('region', { name: 'Fișierele cererilor conexe' });
    expect(await within(section).findByText('Niciun document conex')).toBeInTheDocument();
    expect(within(section).queryByRole('table')).not.toBeInTheDocument();
  });

  it('shows the error of the related files with a retry that loads them', async () => {
    serve();
    server.use(
      answersInTurn(
        'get',
        '/api/staff-applications/:id/related-files',
        () => apiError(500, 'INTERNAL_SERVER_ERROR'),
        () => envelope([relatedFile()]),
      ),
    );
    const { user } = renderTab();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Fișierele cererilor conexe nu au putut fi încărcate.');
    await user.click(within(alert).getByRole('button', { name: 'Reîncercați' }));
    expect(await screen.findByTestId('related-file-70')).toBeInTheDocument();
  });

  it('searches from 2 characters, once the typing stops, leaving out the application itself', async () => {
    serve();
    const { user } = renderTab();
    const box = await screen.findByRole('searchbox', { name: 'Numărul de înregistrare' });
    expect(screen.getByText('Introduceți cel puțin 2 caractere pentru a căuta.')).toBeInTheDocument();
    await user.type(box, 'C');
    // One character: nothing is asked.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await sentRequests({ path: '/api/staff-applications/search' })).toEqual([]);
    await user.type(box, 'JMS');
    const table = await screen.findByRole('table', { name: 'Documentele conexe găsite' });
    // The keystrokes within 200 ms make one search, for the whole text.
    const searches = await sentRequests({ path: '/api/staff-applications/search' });
    expect(searches.map((call) => Object.fromEntries(call.query))).toEqual([{ value: 'CJMS', parentAppId: '1' }]);
    const [, row] = within(table).getAllByRole('row');
    expect(within(row).getByRole('link', { name: 'CJMS/9/2026' })).toHaveAttribute('href', '/application/9');
    expect(row).toHaveTextContent('Autorizație de construire');
    expect(row).toHaveTextContent('Andrei Pop');
    expect(within(row).getByTestId('application-status')).toHaveTextContent('Soluționată');
    expect(row).toHaveTextContent('02.10.2026');
    expect(screen.getByTestId('related-search-count')).toHaveTextContent('Un document găsit');
  });

  it('says "Niciun document conex" when nothing matches, and shows a failed search as an error', async () => {
    serve({ results: [] });
    const { user } = renderTab();
    const box = await screen.findByRole('searchbox', { name: 'Numărul de înregistrare' });
    await user.type(box, 'XYZ');
    const section = screen.getByRole('region', { name: 'Căutați un document conex' });
    expect(await within(section).findByText('Niciun document conex')).toBeInTheDocument();
    expect(within(section).getByText('Niciun număr de înregistrare nu conține „XYZ”.')).toBeInTheDocument();

    server.use(http.get('/api/staff-applications/search', () => apiError(500, 'INTERNAL_SERVER_ERROR')));
    await user.type(box, 'W');
    expect(await within(section).findByText('Căutarea nu a putut fi făcută.')).toBeInTheDocument();
  });

  it('says when only the first 100 results are shown', async () => {
    serve({
      results: Array.from({ length: 100 }, (_, i) => result({ id: 100 + i, identification_number: `CJMS/${100 + i}/2026` })),
    });
    const { user } = renderTab();
    await user.type(await screen.findByRole('searchbox', { name: 'Numărul de înregistrare' }), 'CJ');
    expect(await screen.findByTestId('related-search-count')).toHaveTextContent(
      'Sunt afișate primele 100 de rezultate; restrângeți căutarea.',
    );
  });
});
