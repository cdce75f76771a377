/** Test helpers of the profile screens: a profile fixture and a page renderer with a fake session. */
import type { Profile } from '@ghiseu/domain';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { i18n } from '../../lib/i18n';
import type { SessionValue } from '../../lib/session';
import { AppTestProviders, fakeSession, loadAllTexts } from '../../lib/testing/render-app';

/** A citizen's complete profile (valid CNP, ID card, address in Târgu Mureș); override what a test needs. */
export function buildProfile(overrides: Partial<Profile> = {}): Profile {
  return {
    user_id: 7,
    user_type_name: 'citizen',
    account_type: 'personal',
    citizenship: 'romanian',
    status: 'active',
    email: 'ioana@example.ro',
    phone: '0740123456',
    is_phone_confirmed: true,
    first_name: 'Ioana',
    last_name: 'Mureșan',
    personal_numeric_code: '2850315260025',
    county_id: 261,
    county_name: 'Mureș',
    locality_id: 114319,
    locality_name: 'Târgu Mureș',
    village_id: null,
    village_name: null,
    sector: null,
    street: 'Str. Trandafirilor',
    street_number: '12',
    postal_code: '540049',
    staircase: null,
    block: null,
    floor: null,
    apartment: null,
    country_id: null,
    country_name: null,
    city: null,
    address: null,
    passport_number: null,
    company_registration_code: null,
    trade_registry_number: null,
    company_name: null,
    iban: null,
    bank: null,
    architect_licence: null,
    id_card_series: 'MS',
    id_card_number: '123456',
    id_card_issue_date: '2022-03-15',
    id_card_expiry_date: '2032-03-15',
    id_card_issuer: 'SPCLEP Târgu Mureș',
    staff_badge_number: null,
    staff_badge_issuer: null,
    enrolled: false,
    organisation_id: null,
    organisation_name: null,
    functions: [],
    departments: [],
    company_data_inherited: false,
    profile_completed: true,
    profile_needs_update: false,
    missing_fields: [],
    ...overrides,
  };
}

/** Renders `element` at `path` with a fake session; any other path shows where it navigated. */
export function renderPage(path: string, element: ReactElement, session: Partial<SessionValue> = {}) {
  const router = createMemoryRouter(
    [
      { path: path.split('?')[0], element },
      { path: '*', element: <Where /> },
    ],
    { initialEntries: [path] },
  );
  const user = userEvent.setup();
  const result = render(
    <AppTestProviders session={fakeSession(session)}>
      <RouterProvider router={router} />
    </AppTestProviders>,
  );
  return { router, user, ...result };
}

function Where() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname}</output>;
}

/** The texts of the screens of this feature, with the shell's. */
export async function loadProfileTexts(): Promise<void> {
  await loadAllTexts();
  await i18n.loadNamespaces(['profile']);
}
