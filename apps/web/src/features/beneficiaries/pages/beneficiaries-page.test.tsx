import { type Beneficiary, cnpControlDigit } from '@ghiseu/domain';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { buildCurrentUser } from '../../../lib/testing/fixtures';
import { AppTestProviders, fakeSession, loadAllTexts } from '../../../lib/testing/render-app';
import { answersInTurn, apiError, envelope, http, listEnvelope, noContent, sentRequests, server } from '../../../test/msw';
import { BeneficiariesPage } from './beneficiaries-page';

const UI_TEST_TIMEOUT = 30_000;
const CNP = `185010126001${cnpControlDigit('185010126001')}`;

beforeAll(async () => {
  if (!('fonts' in document)) {
    const fonts = { addEventListener: () => {}, removeEventListener: () => {}, ready: Promise.resolve() };
    Object.defineProperty(document, 'fonts', { value: fonts, configurable: true });
  }
  await loadAllTexts();
  await i18n.loadNamespaces(['beneficiaries']);
});
beforeEach(() => localStorage.clear());

const record = (overrides: Partial<Beneficiary> = {}): Beneficiary => ({
  id: 3,
  person_type: 'individual',
  citizenship: 'romanian',
  user_type_name: 'citizen',
  display_name: 'Ion Popescu',
  first_name: 'Ion',
  last_name: 'Popescu',
  company_name: null,
  personal_numeric_code: CNP,
  unique_registration_code: null,
  email: 'ion@example.ro',
  phone: '0740123456',
  details: { street: 'Str. Gheorghe Doja', county_id: 26 },
  is_contact_person: false,
  tna_code: null,
  subsidiary: null,
  anaf_status: 'not_applicable',
  anaf_checked_at: null,
  anaf_data: null,
  created_at: '2026-03-01T10:00:00Z',
  abilities: { canEdit: true, canDelete: true },
  ...overrides,
});

const company = record({
  id: 4,
  person_type: 'legal',
  user_type_name: 'legal_entity',
  display_name: 'Construct SRL',
  first_name: null,
  last_name: null,
  company_name: 'Construct SRL',
  personal_numeric_code: null,
  unique_registration_code: '18547290',
  anaf_status: 'unvalidated',
});

const serveList = (rows: Beneficiary[]) => server.use(http.get('/api/beneficiaries', () => listEnvelope(rows)));
const writes = async (method: string) => (await sentRequests({ method })).map((r) => ({ path: r.path, body: r.body }));

function setup(role: 'staff' | 'citizen' = 'staff') {
  const router = createMemoryRouter([{ path: '/beneficiaries', element: <BeneficiariesPage /> }], {
    initialEntries: ['/beneficiaries'],
  });
  const user = userEvent.setup();
  const session = fakeSession({ user: buildCurrentUser({ user_type_name: role, organisation_id: 2 }) });
  render(
    <AppTestProviders session={session}>
      <RouterProvider router={router} />
    </AppTestProviders>,
  );
  return { user };
}

describe('/beneficiaries', { timeout: UI_TEST_TIMEOUT }, () => {
  it('lists the register with the tax-authority state and sends the filters', async () => {
    serveList([record(), company]);
    const { user } = setup();
    expect(await screen.findByRole('heading', { level: 1, name: 'Beneficiari' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Registrul de beneficiari' });
    expect(await within(table).findByRole('row', { name: /Ion Popescu/ })).toHaveTextContent(CNP);
    const companyRow = within(table).getByRole('row', { name: /Construct SRL/ });
    expect(companyRow).toHaveTextContent('Persoană juridică');
    expect(companyRow).toHaveTextContent('Nevalidat: serviciul ANAF indisponibil');
    expect(screen.getByText('Total 2 beneficiari')).toBeInTheDocument();

    await user.type(screen.getByRole('searchbox', { name: 'CUI conține' }), '1854');
    await waitFor(async () => {
      const calls = await sentRequests({ method: 'GET', path: '/api/beneficiaries' });
      expect(calls.at(-1)?.query.get('unique_registration_code[contains]')).toBe('1854');
    });
    const [first] = await sentRequests({ method: 'GET', path: '/api/beneficiaries' });
    expect(first.query.get('sortKey')).toBe('display_name');
  });

  it('says when the register is empty and when the list fails', async () => {
    server.use(
      answersInTurn(
        'get',
        '/api/beneficiaries',
        () => apiError(500, 'INTERNAL_ERROR'),
        () => listEnvelope([]),
      ),
    );
    const { user } = setup();
    expect(await screen.findByText(/Lista nu a putut fi încărcată\./)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Reîncercați' }));
    expect(await screen.findByText('Registrul dumneavoastră de beneficiari este gol.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Adăugați primul beneficiar' })).toBeInTheDocument();
  });

  it('adds a company after checking its CUI with the tax authority', async () => {
    serveList([]);
    server.use(
      http.post('/api/beneficiaries/interogate-anaf', () =>
        envelope({
          cui: '18547290',
          status: 'validated',
          company: {
            cui: '18547290',
            name: 'CONSTRUCT SRL',
            address: 'Târgu Mureș, Str. Gării 1',
            trade_register_number: 'J26/100/2006',
            phone: null,
            postal_code: null,
            registration_status: 'INREGISTRAT',
            vat_payer: true,
            checked_on: '2026-03-01',
          },
        }),
      ),
      http.post('/api/beneficiaries', () => envelope({ ...company, display_name: 'CONSTRUCT SRL', anaf_status: 'validated' })),
    );
    const { user } = setup();
    await user.click(await screen.findByRole('button', { name: 'Beneficiar nou' }));
    const dialog = await screen.findByRole('dialog', { name: 'Beneficiar nou' });
    await user.click(within(dialog).getByRole('radio', { name: 'Persoană juridică' }));
    await user.click(within(dialog).getByRole('button', { name: 'Salvați' }));
    expect(await within(dialog).findAllByText('Acest câmp este obligatoriu')).not.toHaveLength(0);
    expect(await writes('POST')).toEqual([]);

    await user.type(within(dialog).getByRole('textbox', { name: /CUI \/ CIF/ }), 'RO18547290');
    await user.click(within(dialog).getByRole('button', { name: 'Verificați CUI-ul la ANAF' }));
    const result = await within(dialog).findByTestId('anaf-result');
    expect(result).toHaveTextContent('CUI valid: CONSTRUCT SRL');
    expect(result).toHaveTextContent('Târgu Mureș, Str. Gării 1');
    await user.click(within(result).getByRole('button', { name: 'Preluați denumirea' }));
    expect(within(dialog).getByRole('textbox', { name: /^Denumire/ })).toHaveValue('CONSTRUCT SRL');

    await user.click(within(dialog).getByRole('button', { name: 'Salvați' }));
    expect(await screen.findByText('Beneficiarul „CONSTRUCT SRL” a fost salvat în registru.')).toBeInTheDocument();
    const posts = await writes('POST');
    expect(posts[0]).toEqual({ path: '/api/beneficiaries/interogate-anaf', body: { cui: 'RO18547290' } });
    expect(posts[1].path).toBe('/api/beneficiaries');
    expect(posts[1].body).toMatchObject({
      person_type: 'legal',
      company_name: 'CONSTRUCT SRL',
      unique_registration_code: 'RO18547290',
      details: { trade_registry_number: 'J26/100/2006' },
    });
  });

  it('shows an unreachable tax authority and a server field error', async () => {
    serveList([]);
    server.use(
      http.post('/api/beneficiaries/interogate-anaf', () => envelope({ cui: '18547290', status: 'unvalidated', company: null })),
      http.post('/api/beneficiaries', () =>
        apiError(400, 'VALIDATION_ERROR', { fields: [{ path: 'body.email', message: 'Adresa de e-mail nu este validă' }] }),
      ),
    );
    const { user } = setup();
    await user.click(await screen.findByRole('button', { name: 'Beneficiar nou' }));
    const dialog = await screen.findByRole('dialog', { name: 'Beneficiar nou' });
    await user.click(within(dialog).getByRole('radio', { name: 'Persoană juridică' }));
    await user.type(within(dialog).getByRole('textbox', { name: /^Denumire/ }), 'Construct SRL');
    await user.type(within(dialog).getByRole('textbox', { name: /CUI \/ CIF/ }), '18547290');
    await user.click(within(dialog).getByRole('button', { name: 'Verificați CUI-ul la ANAF' }));
    expect(await within(dialog).findByTestId('anaf-result')).toHaveTextContent('Serviciul ANAF nu răspunde acum.');
    await user.click(within(dialog).getByRole('button', { name: 'Salvați' }));
    expect(await within(dialog).findByText('Adresa de e-mail nu este validă')).toBeInTheDocument();
  });

  it('edits a person keeping the details the form does not show, and deletes after a question', async () => {
    serveList([record()]);
    server.use(
      http.put('/api/beneficiaries/:id', () => envelope(record({ email: 'ion.popescu@example.ro' }))),
      http.delete('/api/beneficiaries/:id', () => noContent()),
    );
    const { user } = setup();
    await user.click(await screen.findByRole('button', { name: 'Acțiuni pentru beneficiarul Ion Popescu' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Modificați' }));
    const dialog = await screen.findByRole('dialog', { name: 'Modificare beneficiar' });
    const email = within(dialog).getByRole('textbox', { name: 'E-mail' });
    await user.clear(email);
    await user.type(email, 'ion.popescu@example.ro');
    await user.click(within(dialog).getByRole('button', { name: 'Salvați' }));
    expect(await screen.findByText('Beneficiarul „Ion Popescu” a fost salvat.')).toBeInTheDocument();
    const [put] = await writes('PUT');
    expect(put.path).toBe('/api/beneficiaries/3');
    expect(put.body).toMatchObject({
      email: 'ion.popescu@example.ro',
      personal_numeric_code: CNP,
      details: { street: 'Str. Gheorghe Doja', county_id: 26 },
    });

    await user.click(screen.getByRole('button', { name: 'Acțiuni pentru beneficiarul Ion Popescu' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Ștergeți' }));
    await user.click(await screen.findByRole('button', { name: 'Ștergeți' }));
    expect(await screen.findByText('Beneficiarul „Ion Popescu” a fost șters.')).toBeInTheDocument();
    expect((await writes('DELETE')).map((w) => w.path)).toEqual(['/api/beneficiaries/3']);
  });
});
