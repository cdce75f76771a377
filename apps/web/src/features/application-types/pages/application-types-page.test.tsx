import type { ApplicationTypeRecord } from '@ghiseu/domain';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { i18n } from '../../../lib/i18n';
import { buildCurrentUser } from '../../../lib/testing/fixtures';
import { AppTestProviders, fakeSession, loadAllTexts } from '../../../lib/testing/render-app';
import { ApplicationTypesPage } from './application-types-page';

const UI_TEST_TIMEOUT = 30_000;

const mocks = vi.hoisted(() => ({
  list: vi.fn(),
  create: vi.fn(),
  patch: vi.fn(),
  remove: vi.fn(),
}));
vi.mock('../api/application-types', async () => {
  const { useMutation, useQuery, useQueryClient } = await import('@tanstack/react-query');
  const useWrite = (mutationFn: (body: never) => Promise<unknown>) => {
    const client = useQueryClient();
    return useMutation({ mutationFn, onSuccess: () => client.invalidateQueries({ queryKey: ['at'] }) });
  };
  const fixed = <T,>(key: string, data: T) => useQuery({ queryKey: ['at', key], queryFn: async () => data });
  return {
    useApplicationTypes: (params: string) => useQuery({ queryKey: ['at', 'list', params], queryFn: () => mocks.list(params) }),
    useOrganisationOptions: () => fixed('orgs', [{ id: 2, name: 'Consiliul Județean Mureș' }]),
    useFormOptions: () =>
      fixed('forms', [
        { id: 11, name: 'Cerere CU', status: 'published', latest_version: 2 },
        { id: 12, name: 'Ciornă nouă', status: 'draft', latest_version: null },
      ]),
    useDepartmentOptions: () => fixed('departments', []),
    useFunctionOptions: () => fixed('functions', []),
    useSeriesTypeOptions: () => fixed('series-types', [{ id: 1, name: 'Intrări' }]),
    useApplicationTypeOptions: () => fixed('types', [{ id: 5, name: 'Certificat de urbanism', organisation_id: 2 }]),
    useCreateApplicationType: () => useWrite(mocks.create),
    usePatchApplicationType: () => useWrite(mocks.patch),
    useDeleteApplicationType: () => useWrite(mocks.remove),
  };
});
vi.mock('../../../lib/territory', async () => {
  const { useQuery } = await import('@tanstack/react-query');
  return {
    useJurisdictionUats: (id: number | null) =>
      useQuery({ queryKey: ['uats', id], queryFn: async () => [{ id: 114319, name: 'Târgu Mureș' }], enabled: id !== null }),
  };
});

beforeAll(async () => {
  if (!('fonts' in document)) {
    const fonts = { addEventListener: () => {}, removeEventListener: () => {}, ready: Promise.resolve() };
    Object.defineProperty(document, 'fonts', { value: fonts, configurable: true });
  }
  await loadAllTexts();
  await i18n.loadNamespaces(['application-types']);
});
beforeEach(() => {
  for (const mock of Object.values(mocks)) mock.mockReset();
  localStorage.clear();
});

const record = (overrides: Partial<ApplicationTypeRecord> = {}): ApplicationTypeRecord => ({
  id: 5,
  name: 'Certificat de urbanism',
  description: null,
  status: 'active',
  domain: 'urbanism',
  category: 'inbound',
  organisation_id: 2,
  organisation_name: 'Consiliul Județean Mureș',
  citizen_form_id: 11,
  staff_form_id: null,
  reject_form_id: null,
  citizen_form: { id: 11, name: 'Cerere CU', status: 'published', published_version_id: 31, latest_version: 2 },
  staff_form: null,
  reject_form: null,
  document_template_ids: { staff: null, rejection: null, clarification: null, public: null, citizen: null },
  series_type_ids: { incoming: 1, outgoing: null, visa1: null, visa2: null, visa_rejection: null },
  tax_category_ids: { construction: null, land: null, extra: null },
  reference_type_ids: [],
  archive_document_type_code: null,
  workflow_id: null,
  is_auto: false,
  remaining_period: 30,
  list_order: 1,
  discounts: [],
  uat_ids: [],
  dynamic_form: true,
  digital_seal: false,
  custom_seal_file_id: null,
  related_clarification_type_id: null,
  related_internal_type_id: null,
  department_ids: [],
  function_ids: [],
  usage_categories: [],
  application_count: 4,
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
  abilities: { canEdit: true, canDelete: true },
  ...overrides,
});

const page = <T,>(data: T[]) => ({ data, pagination: { total: data.length, skip: 0, limit: 20 } });

function setup() {
  const router = createMemoryRouter([{ path: '/application-type', element: <ApplicationTypesPage /> }], {
    initialEntries: ['/application-type'],
  });
  const user = userEvent.setup();
  const session = fakeSession({ user: buildCurrentUser({ user_type_name: 'super_admin', organisation_id: 2 }) });
  render(
    <AppTestProviders session={session}>
      <RouterProvider router={router} />
    </AppTestProviders>,
  );
  return { user };
}

describe('/application-type', { timeout: UI_TEST_TIMEOUT }, () => {
  it('lists the types with their form version, period and count', async () => {
    mocks.list.mockResolvedValue(
      page([
        record(),
        record({
          id: 6,
          name: 'Aviz',
          domain: 'approvals',
          citizen_form: { id: 12, name: 'Ciornă nouă', status: 'draft', published_version_id: null, latest_version: null },
        }),
      ]),
    );
    setup();
    expect(await screen.findByRole('heading', { level: 1, name: 'Tipuri de cereri' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Lista tipurilor de cereri' });
    const row = await within(table).findByRole('row', { name: /Certificat de urbanism/ });
    expect(row).toHaveTextContent('Cerere CU');
    expect(row).toHaveTextContent('v2');
    expect(row).toHaveTextContent('30 zile');
    expect(row).toHaveTextContent('Intrare');
    expect(within(table).getByRole('row', { name: /Aviz/ })).toHaveTextContent('fără versiune publicată');
    expect(screen.getByText('Total 2 tipuri de cereri')).toBeInTheDocument();
  });

  it('says when there are no types', async () => {
    mocks.list.mockResolvedValue(page([]));
    setup();
    expect(await screen.findByText('Nu există tipuri de cereri.')).toBeInTheDocument();
  });

  it('shows a load failure with a retry', async () => {
    mocks.list.mockRejectedValueOnce(new ApiError(500, 'INTERNAL_ERROR'));
    mocks.list.mockResolvedValue(page([record()]));
    const { user } = setup();
    expect(await screen.findByText(/Lista nu a putut fi încărcată\./)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Reîncearcă' }));
    expect(await screen.findByRole('row', { name: /Certificat de urbanism/ })).toBeInTheDocument();
  });

  it('toggles the status and explains a refused delete', async () => {
    mocks.list.mockResolvedValue(page([record()]));
    mocks.patch.mockResolvedValue(record({ status: 'inactive' }));
    mocks.remove.mockRejectedValue(new ApiError(409, 'CONFLICT', { reason: 'referenced' }));
    const { user } = setup();
    await user.click(await screen.findByRole('switch', { name: 'Tip de cerere activ: Certificat de urbanism' }));
    expect(await screen.findByText('Tipul de cerere „Certificat de urbanism” a fost dezactivat.')).toBeInTheDocument();
    expect(mocks.patch.mock.calls[0][0]).toEqual({ id: 5, patch: { status: 'inactive' } });
    await user.click(screen.getByRole('button', { name: 'Acțiuni pentru tipul de cerere Certificat de urbanism' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Șterge' }));
    await user.click(await screen.findByRole('button', { name: 'Șterge' }));
    expect(
      await screen.findByText('Tipul de cerere nu poate fi șters deoarece există cereri de acest tip. Dezactivați-l.'),
    ).toBeInTheDocument();
  });

  it('creates a type; a duplicate name and a server field problem land under their inputs', async () => {
    mocks.list.mockResolvedValue(page([]));
    mocks.create
      .mockRejectedValueOnce(new ApiError(409, 'APPLICATION_TYPE_EXISTS'))
      .mockRejectedValueOnce(
        new ApiError(400, 'VALIDATION_ERROR', {
          fields: [{ path: 'body.citizen_form_id', message: 'Formularul nu are o versiune publicată' }],
        }),
      )
      .mockResolvedValueOnce(record({ id: 9, name: 'Tip test' }));
    const { user } = setup();
    await user.click(await screen.findByRole('button', { name: 'Tip de cerere nou' }));
    const dialog = await screen.findByRole('dialog', { name: 'Tip de cerere nou' });
    expect(within(dialog).getByText(/Seria de intrare dă numărul de înregistrare/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Salvează' }));
    expect(await within(dialog).findByText('Acest câmp este obligatoriu')).toBeInTheDocument();
    expect(mocks.create).not.toHaveBeenCalled();

    await user.type(within(dialog).getByRole('textbox', { name: /^Denumire/ }), 'Tip test');
    await user.click(within(dialog).getByRole('button', { name: 'Salvează' }));
    expect(await within(dialog).findByText('Tipul de cerere există deja.')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Salvează' }));
    expect(await within(dialog).findByText('Formularul nu are o versiune publicată')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Salvează' }));
    expect(await screen.findByText('Tipul de cerere „Tip test” a fost creat.')).toBeInTheDocument();
    expect(mocks.create.mock.calls[2][0]).toMatchObject({
      name: 'Tip test',
      organisation_id: 2,
      remaining_period: 30,
      domain: 'urbanism',
      category: 'inbound',
      series_type_ids: {},
    });
  });

  it('clears and disables the reference types of an automatic type', async () => {
    mocks.list.mockResolvedValue(page([record({ id: 6, name: 'Autorizație', reference_type_ids: [5] })]));
    mocks.patch.mockResolvedValue(record({ id: 6 }));
    const { user } = setup();
    await user.click(await screen.findByRole('button', { name: 'Acțiuni pentru tipul de cerere Autorizație' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Modifică' }));
    const dialog = await screen.findByRole('dialog', { name: 'Modificare tip de cerere' });
    await user.click(within(dialog).getByRole('switch', { name: /Tip automat/ }));
    await waitFor(() => expect(dialog.querySelector('#at-reference-type')).toBeDisabled());
    await user.click(within(dialog).getByRole('button', { name: 'Salvează' }));
    await waitFor(() => expect(mocks.patch).toHaveBeenCalled());
    expect(mocks.patch.mock.calls[0][0]).toEqual({ id: 6, patch: { is_auto: true, reference_type_ids: [] } });
  });
});
