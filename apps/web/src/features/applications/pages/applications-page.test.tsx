import type { ApplicationListItem } from '@ghiseu/domain';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildCurrentUser } from '../../../lib/testing/fixtures';
import { AppTestProviders, fakeSession } from '../../../lib/testing/render-app';
import { envelope, HttpResponse, http, listEnvelope, sentRequests, server } from '../../../test/msw';
import { loadApplicationTexts } from '../test-support';
import { ApplicationsPage } from './applications-page';

const row = (overrides: Partial<ApplicationListItem>): ApplicationListItem => ({
  id: 1,
  application_type_id: 1,
  application_type_name: 'Certificat de urbanism',
  organisation_id: 2,
  tenant_name: 'Consiliul Județean Mureș',
  identification_number: null,
  status: 'DRAFT',
  status_label: 'Ciornă',
  purpose: null,
  created_at: '2026-11-20T10:00:00.000Z',
  updated_at: '2026-11-20T10:00:00.000Z',
  application_date: null,
  response_due_in_days: null,
  beneficiaries: [{ id: 1, person_type: 'legal', display_name: 'Construct Mureș SRL' }],
  beneficiaries_count: 1,
  cadastral_numbers: ['123410'],
  abilities: { canEdit: true, canDelete: true, canSubmit: true, canComment: false, canAnswerClarification: false },
  ...overrides,
});

function renderPage() {
  const session = fakeSession({
    user: buildCurrentUser({
      user_type_name: 'citizen',
      permissions: { applicationsRead: true, applicationsCreate: true } as never,
    }),
  });
  const user = userEvent.setup();
  render(
    <AppTestProviders session={session}>
      <MemoryRouter>
        <ApplicationsPage />
      </MemoryRouter>
    </AppTestProviders>,
  );
  return user;
}

/** The API as the page sees it: the user's applications (removed once deleted) and the types. */
function serveApplications(rows: ApplicationListItem[]) {
  let current = rows;
  server.use(
    http.get('/api/applications', () => listEnvelope(current)),
    http.get('/api/application-types/organisation', () => envelope([{ id: 1, name: 'Certificat de urbanism' }])),
    http.delete('/api/applications/:id/draft', ({ params }) => {
      current = current.filter((item) => item.id !== Number(params.id));
      return new HttpResponse(null, { status: 204 });
    }),
  );
}

beforeAll(loadApplicationTexts);
beforeEach(() => serveApplications([]));

describe('ApplicationsPage', () => {
  it('shows the empty state', async () => {
    renderPage();
    expect(await screen.findByText('Nu aveți încă nicio cerere.')).toBeInTheDocument();
    const [list] = await sentRequests({ method: 'GET', path: '/api/applications' });
    expect(list?.query.get('pagination')).toBe('true');
  });

  it('lists the applications with the total, the status and the beneficiaries', async () => {
    serveApplications([row({}), row({ id: 2, identification_number: 'CJMS/1/2026', status: 'NEW', status_label: 'Nouă' })]);
    renderPage();
    expect(await screen.findByTestId('applications-total')).toHaveTextContent('Total 2 cereri');
    expect(screen.getByRole('link', { name: 'CJMS/1/2026' })).toHaveAttribute('href', '/application/2');
    expect(screen.getByTestId('application-link-1')).toHaveAttribute('href', '/application/1/edit');
    expect(screen.getAllByText(/Construct Mureș SRL/).length).toBeGreaterThan(0);
  });

  it('deletes a draft after confirmation', async () => {
    serveApplications([row({})]);
    const user = renderPage();
    await screen.findByTestId('application-link-1');
    const table = screen.getByRole('table');
    await user.click(within(table).getAllByRole('button').at(-1) as HTMLElement);
    await user.click(await screen.findByRole('menuitem', { name: 'Ștergeți ciorna' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Ștergeți ciorna' }));
    // The real hook sent the delete, and the list was asked again and came back empty.
    expect(await screen.findByText('Nu aveți încă nicio cerere.')).toBeInTheDocument();
    expect(await sentRequests({ method: 'DELETE' })).toEqual([expect.objectContaining({ path: '/api/applications/1/draft' })]);
    expect((await sentRequests({ method: 'GET', path: '/api/applications' })).length).toBeGreaterThanOrEqual(2);
  });
});
