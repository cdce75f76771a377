import type { ApplicationListItem } from '@ghiseu/domain';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildCurrentUser } from '../../../lib/testing/fixtures';
import { AppTestProviders, fakeSession } from '../../../lib/testing/render-app';
import { loadApplicationTexts } from '../test-support';
import { ApplicationsPage } from './applications-page';

const state = vi.hoisted(() => ({
  list: { isPending: false, isError: false, isFetching: false, data: { data: [] as unknown[], pagination: { total: 0 } } },
  remove: vi.fn(),
}));

vi.mock('../api/applications', () => ({
  useApplications: () => ({ ...state.list, refetch: vi.fn(), error: null }),
  useApplicationTypes: () => ({ data: [{ id: 1, name: 'Certificat de urbanism' }], isError: false }),
  useDeleteDraft: () => ({ mutateAsync: state.remove }),
}));

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

beforeAll(loadApplicationTexts);
beforeEach(() => {
  state.remove.mockReset();
  state.list = { isPending: false, isError: false, isFetching: false, data: { data: [], pagination: { total: 0 } } };
});

describe('ApplicationsPage', () => {
  it('shows the empty state', async () => {
    renderPage();
    expect(await screen.findByText('Nu aveți încă nicio cerere.')).toBeInTheDocument();
  });

  it('lists the applications with the total, the status and the beneficiaries', async () => {
    state.list.data = {
      data: [row({}), row({ id: 2, identification_number: 'CJMS/1/2026', status: 'NEW', status_label: 'Nouă' })],
      pagination: { total: 2 },
    };
    renderPage();
    expect(await screen.findByTestId('applications-total')).toHaveTextContent('Total 2 cereri');
    expect(screen.getByRole('link', { name: 'CJMS/1/2026' })).toHaveAttribute('href', '/application/2');
    expect(screen.getByTestId('application-link-1')).toHaveAttribute('href', '/application/1/edit');
    expect(screen.getAllByText(/Construct Mureș SRL/).length).toBeGreaterThan(0);
  });

  it('deletes a draft after confirmation', async () => {
    state.list.data = { data: [row({})], pagination: { total: 1 } };
    const user = renderPage();
    const table = await screen.findByRole('table');
    await user.click(within(table).getAllByRole('button').at(-1) as HTMLElement);
    await user.click(await screen.findByRole('menuitem', { name: 'Șterge ciorna' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Șterge ciorna' }));
    expect(state.remove).toHaveBeenCalledWith(1);
  });
});
