import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { buildCurrentUser } from '../../../lib/testing/fixtures';
import { AppTestProviders, fakeSession, loadAllTexts } from '../../../lib/testing/render-app';
import { envelope, http, listEnvelope, server } from '../../../test/msw';
import { InstitutionPage } from '../../administration/pages/institution-page';

const UI_TEST_TIMEOUT = 20_000;

beforeAll(async () => {
  if (!('fonts' in document)) {
    const fonts = { addEventListener: () => {}, removeEventListener: () => {}, ready: Promise.resolve() };
    Object.defineProperty(document, 'fonts', { value: fonts, configurable: true });
  }
  await loadAllTexts();
  await i18n.loadNamespaces(['administration', 'taxes']);
});

beforeEach(() => {
  localStorage.clear();
  server.use(
    http.get('/api/organisations/:id', () =>
      envelope({
        id: 2,
        name: 'Consiliul Județean Mureș',
        description: null,
        status: 'active',
        type: 'county_council',
        county_id: 26,
        locality_id: null,
        uat_id: null,
        is_test: false,
        logo_file_id: null,
        external_link: null,
        citizen_dashboard_visible: true,
        payment_order_details: null,
        useful_links: [],
        abilities: { canEdit: false, canEditJurisdiction: false, canDelete: false, canEditUsefulLinks: false, canWorkIn: false },
      }),
    ),
    http.get('/api/counties', () => listEnvelope([{ id: 26, name: 'Mureș' }])),
    http.get('/api/territorial-units', () => listEnvelope([])),
    http.get('/api/taxes', () => listEnvelope([])),
    http.get('/api/collector-accounts', () => listEnvelope([])),
  );
});

function setup(path: string, role: 'admin' | 'staff') {
  const router = createMemoryRouter([{ path: '/institution', element: <InstitutionPage /> }], { initialEntries: [path] });
  const user = userEvent.setup();
  const session = fakeSession({ user: buildCurrentUser({ user_type_name: role, organisation_id: 2 }) });
  render(
    <AppTestProviders session={session}>
      <RouterProvider router={router} />
    </AppTestProviders>,
  );
  return { user, router };
}

describe('the taxes and bank accounts tabs of /institution', { timeout: UI_TEST_TIMEOUT }, () => {
  it("shows the organisation's administrator the tabs 'Taxe' and 'Conturi bancare'", async () => {
    const { user, router } = setup('/institution?id=2&tab=taxes', 'admin');
    const tabs = await screen.findByRole('tablist', { name: 'Secțiunile fișei instituției' });
    expect(within(tabs).getByRole('tab', { name: 'Taxe' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByText('Instituția nu are taxe. Adăugați prima taxă.')).toBeInTheDocument();
    await user.click(within(tabs).getByRole('tab', { name: 'Conturi bancare' }));
    expect(await screen.findByText('Instituția nu are conturi bancare. Adăugați primul cont.')).toBeInTheDocument();
    expect(router.state.location.search).toContain('tab=bank-accounts');
  });

  it('hides them from staff without the grants', async () => {
    setup('/institution?id=2&tab=taxes', 'staff');
    const tabs = await screen.findByRole('tablist', { name: 'Secțiunile fișei instituției' });
    expect(within(tabs).queryByRole('tab', { name: 'Taxe' })).not.toBeInTheDocument();
    expect(within(tabs).queryByRole('tab', { name: 'Conturi bancare' })).not.toBeInTheDocument();
    expect(within(tabs).getByRole('tab', { name: 'Detalii instituție' })).toHaveAttribute('aria-selected', 'true');
  });
});
