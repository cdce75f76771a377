import type { ControlListItem, ControlType } from '@ghiseu/domain';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { buildCurrentUser } from '../../../lib/testing/fixtures';
import { AppTestProviders, fakeSession, loadAllTexts } from '../../../lib/testing/render-app';
import { apiError, HttpResponse, http, listEnvelope, sentRequests, server } from '../../../test/msw';
import { ControlTypesPage } from './control-types-page';
import { ControlsPage } from './controls-page';

const UI_TEST_TIMEOUT = 30_000;

beforeAll(async () => {
  if (!('fonts' in document)) {
    const fonts = { addEventListener: () => {}, removeEventListener: () => {}, ready: Promise.resolve() };
    Object.defineProperty(document, 'fonts', { value: fonts, configurable: true });
  }
  await loadAllTexts();
  await i18n.loadNamespaces(['controls']);
});
beforeEach(() => localStorage.clear());

const item = (overrides: Partial<ControlListItem> = {}): ControlListItem => ({
  id: 7,
  entry_code: 'CTRL-1/2026',
  status: 'registered',
  control_date: '2026-11-20',
  control_type: { id: 3, name: 'Disciplina în construcții' },
  uat: { id: 11, name: 'Târgu Mureș' },
  address: 'Str. Trandafirilor nr. 3',
  cadastral_number: '123456',
  complaint: { id: 4, entry_code: 'SES-4/2026' },
  created_by: { id: 5, name: 'Ana Popescu' },
  created_at: '2026-11-20T08:00:00Z',
  ...overrides,
});

const controlType = (overrides: Partial<ControlType> = {}): ControlType => ({
  id: 3,
  name: 'Disciplina în construcții',
  status: 'active',
  series_type_id: 2,
  series_type_name: 'Controale',
  organisation_id: 1,
  organisation_name: 'Primăria Demo',
  control_count: 2,
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
  abilities: { can_edit: true, can_delete: false },
  ...overrides,
});

function setup(path: string, element: ReactElement, userType: 'staff' | 'super_admin' = 'staff') {
  const router = createMemoryRouter([{ path, element }], { initialEntries: [path] });
  const user = userEvent.setup();
  const session = fakeSession({ user: buildCurrentUser({ user_type_name: userType, organisation_id: 1 }) });
  render(
    <AppTestProviders session={session}>
      <RouterProvider router={router} />
    </AppTestProviders>,
  );
  return { user };
}

describe('/controls', { timeout: UI_TEST_TIMEOUT }, () => {
  it('lists the controls with their status, newest control date first, and filters by status', async () => {
    server.use(
      http.get('/api/controls', () =>
        listEnvelope([item(), item({ id: 8, entry_code: null, status: 'draft', complaint: null })]),
      ),
      http.get('/api/control-types', () => listEnvelope([controlType()])),
      http.get('/api/jurisdiction-territorial-administrative-units', () => listEnvelope([{ id: 11, name: 'Târgu Mureș' }])),
    );
    const { user } = setup('/controls', <ControlsPage />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Controale' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Lista controalelor' });
    const row = await within(table).findByRole('row', { name: /CTRL-1\/2026/ });
    expect(row).toHaveTextContent('Înregistrat');
    expect(row).toHaveTextContent('SES-4/2026');
    expect(within(table).getByRole('link', { name: 'Ciornă' })).toHaveAttribute('href', '/control/8');
    expect(screen.getByRole('link', { name: /Control nou/ })).toHaveAttribute('href', '/control/new');
    const [first] = await sentRequests({ method: 'GET', path: '/api/controls' });
    expect(first.query.get('sortKey')).toBe('-control_date');

    await user.click(screen.getByRole('combobox', { name: 'Stare' }));
    await user.click(await screen.findByRole('option', { name: 'Închis (clasat)' }));
    await expect
      .poll(async () =>
        (await sentRequests({ method: 'GET', path: '/api/controls' })).some((r) => r.query.get('status[eq]') === 'closed'),
      )
      .toBe(true);
  });

  it('says when there are no controls', async () => {
    server.use(
      http.get('/api/controls', () => listEnvelope([])),
      http.get('/api/control-types', () => listEnvelope([])),
      http.get('/api/jurisdiction-territorial-administrative-units', () => listEnvelope([])),
    );
    setup('/controls', <ControlsPage />);
    expect(await screen.findByText('Nu există controale. Pregătiți primul control.')).toBeInTheDocument();
  });
});

describe('/control-type', { timeout: UI_TEST_TIMEOUT }, () => {
  const lookups = [
    http.get('/api/organisations', () => listEnvelope([{ id: 1, name: 'Primăria Demo' }])),
    http.get('/api/document-series-types', () => listEnvelope([{ id: 2, name: 'Controale' }])),
  ];

  it('lists the types and shows a duplicate name on the name field', async () => {
    server.use(
      ...lookups,
      http.get('/api/control-types', () => listEnvelope([controlType()])),
      http.post('/api/control-types', () => apiError(409, 'DUPLICATE_CONTROL_TYPE_NAME')),
    );
    const { user } = setup('/control-type', <ControlTypesPage />, 'super_admin');
    const table = await screen.findByRole('table', { name: 'Lista tipurilor de control' });
    const row = await within(table).findByRole('row', { name: /Disciplina în construcții/ });
    expect(row).toHaveTextContent('Primăria Demo');
    expect(row).toHaveTextContent('Controale');

    await user.click(screen.getByTestId('control-type-create'));
    const dialog = await screen.findByRole('dialog', { name: 'Tip de control nou' });
    await user.click(within(dialog).getByRole('button', { name: 'Salvați' }));
    expect(await within(dialog).findByText('Acest câmp este obligatoriu.')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText(/^Denumire/), 'Disciplina în construcții');
    await user.click(within(dialog).getByRole('button', { name: 'Salvați' }));
    expect(await within(dialog).findByText('Există deja un tip de control cu această denumire.')).toBeInTheDocument();
    const [post] = await sentRequests({ method: 'POST' });
    expect(post.body).toEqual({
      name: 'Disciplina în construcții',
      status: 'active',
      series_type_id: null,
      organisation_id: 1,
    });
  });

  it('creates a type with its series', async () => {
    server.use(
      ...lookups,
      http.get('/api/control-types', () => listEnvelope([])),
      http.post('/api/control-types', () =>
        HttpResponse.json({ data: controlType({ id: 9, name: 'Domeniul public' }) }, { status: 201 }),
      ),
    );
    const { user } = setup('/control-type', <ControlTypesPage />, 'super_admin');
    expect(await screen.findByText('Nu există tipuri de control. Adăugați primul tip.')).toBeInTheDocument();
    await user.click(screen.getByTestId('control-type-create'));
    const dialog = await screen.findByRole('dialog', { name: 'Tip de control nou' });
    await user.type(within(dialog).getByLabelText(/^Denumire/), 'Domeniul public');
    await user.click(within(dialog).getByTestId('control-type-series'));
    await user.click(await screen.findByRole('option', { name: 'Controale' }));
    await user.click(within(dialog).getByRole('button', { name: 'Salvați' }));
    expect(await screen.findByText('Tipul de control „Domeniul public” a fost creat.')).toBeInTheDocument();
    const [post] = await sentRequests({ method: 'POST' });
    expect(post.body).toEqual({ name: 'Domeniul public', status: 'active', series_type_id: 2, organisation_id: 1 });
  });
});
