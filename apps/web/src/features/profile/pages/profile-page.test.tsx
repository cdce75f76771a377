import { screen, waitFor, within } from '@testing-library/react';
import type { Profile, UserRecord } from '@ghiseu/domain';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildCurrentUser } from '../../../lib/testing/fixtures';
import { apiError, envelope, HttpResponse, http, listEnvelope, sentRequests, server } from '../../../test/msw';
import { buildProfile, loadProfileTexts, renderPage } from '../testing';
import { ProfilePage } from './profile-page';

/** Generous: these tests type and click a lot, and CI machines are shared. */
const UI_TEST_TIMEOUT = 20_000;

beforeAll(loadProfileTexts);
/** `GET /api/users/:id`: the account record (parent account and secondary role). */
const userRecord = (overrides: Partial<UserRecord> = {}): UserRecord => ({
  user_id: 7,
  email: 'ioana@example.ro',
  first_name: 'Ioana',
  last_name: 'Mureșan',
  phone: '0740123456',
  photo: null,
  user_type_name: 'citizen',
  account_type: 'personal',
  status: 'active',
  organisation_id: null,
  is_organisation_admin: false,
  parent_user_id: null,
  secondary_role: null,
  is_email_confirmed: true,
  is_phone_confirmed: true,
  enrolled: false,
  profile_completed: true,
  profile_needs_update: false,
  created_at: '2026-01-01T00:00:00Z',
  last_login_at: null,
  ...overrides,
});
const serveUserRecord = (record: UserRecord) => server.use(http.get('/api/users/:id', () => envelope(record)));
/** `PUT /api/profiles/me` answers the profile the body makes (missing fields from `missing`). */
const serveProfileUpdate = (answer: (body: Partial<Profile>) => Profile) =>
  server.use(http.put('/api/profiles/me', async ({ request }) => envelope(answer((await request.json()) as Partial<Profile>))));
const profileUpdates = async () => (await sentRequests({ method: 'PUT', path: '/api/profiles/me' })).map((r) => r.body);

beforeEach(() => {
  serveUserRecord(userRecord());
  // The address selects: counties, the UATs of a county, villages, countries.
  server.use(
    http.get('/api/counties', () =>
      listEnvelope([
        { id: 261, name: 'Mureș' },
        { id: 21, name: 'Cluj' },
      ]),
    ),
    http.get('/api/localities', ({ request }) =>
      new URL(request.url).searchParams.get('parent_id') === '21'
        ? listEnvelope([{ id: 54975, name: 'Cluj-Napoca', type: 'municipiu' }])
        : listEnvelope([{ id: 114319, name: 'Târgu Mureș', type: 'municipiu' }]),
    ),
    http.get('/api/villages', () => listEnvelope([])),
    http.get('/api/countries', () => listEnvelope([{ id: 276, name: 'Germania' }])),
  );
});

const incomplete = () =>
  buildProfile({
    personal_numeric_code: null,
    street: null,
    profile_completed: false,
    missing_fields: ['personal_numeric_code', 'street'],
  });

function setup(profile = buildProfile(), user = buildCurrentUser(), refreshUser = vi.fn(async () => user)) {
  server.use(http.get('/api/profiles/me', () => envelope(profile)));
  return { ...renderPage('/profile', <ProfilePage />, { user, refreshUser }), refreshUser };
}

// The electronic signature section under the form (features/signing) asks whether the user can sign.
beforeEach(() =>
  server.use(
    http.get('/api/signing/profile', () =>
      envelope({ enrolled: false, profile_valid: true, problems: [], can_sign: true, has_pin: false, phone_masked: null }),
    ),
  ),
);

describe('/profile', { timeout: UI_TEST_TIMEOUT }, () => {
  it('shows an error state with a retry when the profile cannot be loaded', async () => {
    server.use(http.get('/api/profiles/me', () => apiError(500, 'INTERNAL_ERROR')));
    const { user } = renderPage('/profile', <ProfilePage />, { user: buildCurrentUser() });
    expect(await screen.findByText('Profilul nu a putut fi încărcat')).toBeInTheDocument();
    server.use(http.get('/api/profiles/me', () => envelope(buildProfile())));
    await user.click(screen.getByRole('button', { name: 'Reîncercați' }));
    expect(await screen.findByTestId('profile-form')).toBeInTheDocument();
  });

  it('lists what the server says is missing, each entry leading to its field', async () => {
    const { user } = setup(incomplete());
    const missing = await screen.findByTestId('profile-missing');
    expect(missing).toHaveTextContent('Profilul nu este complet');
    await user.click(within(missing).getByRole('button', { name: 'CNP' }));
    expect(screen.getByLabelText(/^CNP/)).toHaveFocus();
    await user.click(within(missing).getByRole('button', { name: 'Strada' }));
    expect(screen.getByLabelText(/^Strada/)).toHaveFocus();
  });

  it('refuses an invalid CNP and focuses it, without saving', async () => {
    const { user } = setup(incomplete());
    const cnp = await screen.findByLabelText(/^CNP/);
    await user.type(cnp, '1800101260072');
    await user.click(screen.getByRole('button', { name: 'Salvați profilul' }));
    expect(await screen.findByText('CNP-ul nu este valid')).toBeInTheDocument();
    await waitFor(() => expect(cnp).toHaveFocus());
    expect(cnp).toHaveAttribute('aria-invalid', 'true');
    expect(await profileUpdates()).toEqual([]);
  });

  it('saves a complete profile and reloads the session user so the profile gate opens', async () => {
    const { user, refreshUser } = setup(incomplete());
    serveProfileUpdate((body) => buildProfile({ ...body, missing_fields: [] }));
    await user.type(await screen.findByLabelText(/^CNP/), '1800101260071');
    await user.type(screen.getByLabelText(/^Strada/), 'Str. Primăriei');
    await user.click(screen.getByRole('button', { name: 'Salvați profilul' }));
    expect(await screen.findByText('Profilul a fost salvat și este complet.')).toBeInTheDocument();
    expect(refreshUser).toHaveBeenCalled();
    const [body] = await profileUpdates();
    expect(body).toMatchObject({
      first_name: 'Ioana',
      last_name: 'Mureșan',
      personal_numeric_code: '1800101260071',
      street: 'Str. Primăriei',
      county_id: 261,
      locality_id: 114319,
      id_card_issue_date: '2022-03-15',
    });
    expect(body).not.toHaveProperty('phone');
    await waitFor(() => expect(screen.queryByTestId('profile-missing')).not.toBeInTheDocument());
  });

  it('marks the fields still missing after saving an incomplete profile', async () => {
    const { user, refreshUser } = setup(incomplete());
    serveProfileUpdate(() => incomplete());
    await user.click(await screen.findByRole('button', { name: 'Salvați profilul' }));
    expect(
      await screen.findByText('Profilul a fost salvat, dar nu este complet. Completați câmpurile marcate.'),
    ).toBeInTheDocument();
    expect(refreshUser).toHaveBeenCalled();
    await waitFor(() => expect(screen.getByLabelText(/^CNP/)).toHaveFocus());
    expect(screen.getByLabelText(/^Strada/)).toHaveAttribute('aria-invalid', 'true');
  });

  it("shows the server's field errors on their fields", async () => {
    const { user } = setup();
    server.use(
      http.put('/api/profiles/me', () =>
        apiError(400, 'VALIDATION_ERROR', {
          fields: [{ path: 'body.locality_id', message: 'Valoarea introdusă nu este validă' }],
        }),
      ),
    );
    await user.click(await screen.findByRole('button', { name: 'Salvați profilul' }));
    expect(await screen.findByText('Valoarea introdusă nu este validă')).toBeInTheDocument();
  });

  it('empties the locality when the county changes (dependent selects)', async () => {
    const { user } = setup();
    const locality = await screen.findByRole('button', { name: /^Localitate \(UAT\)/ });
    expect(locality).toHaveTextContent('Târgu Mureș');
    await user.click(screen.getByRole('button', { name: /^Județ/ }));
    await user.click(await screen.findByRole('option', { name: 'Cluj' }));
    expect(screen.getByRole('button', { name: /^Localitate \(UAT\)/ })).toHaveTextContent('Selectați');
    await user.click(screen.getByRole('button', { name: /^Localitate \(UAT\)/ }));
    await user.click(await screen.findByRole('option', { name: 'Cluj-Napoca (municipiu)' }));
    serveProfileUpdate((body) => buildProfile(body));
    await user.click(screen.getByRole('button', { name: 'Salvați profilul' }));
    await waitFor(async () => expect(await profileUpdates()).toHaveLength(1));
    expect((await profileUpdates())[0]).toMatchObject({ county_id: 21, locality_id: 54975 });
    // The UATs were asked for the county chosen, paged by the server.
    const uats = await sentRequests({ method: 'GET', path: '/api/localities' });
    expect(uats.map((r) => r.query.get('parent_id'))).toContain('21');
  });

  it('shows the foreigner fields and the company of a legal entity', async () => {
    setup(buildProfile({ user_type_name: 'foreigner', citizenship: 'foreign', country_id: 276, country_name: 'Germania' }));
    expect(await screen.findByLabelText(/^Numărul pașaportului/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^Țara/ })).toHaveTextContent('Germania');
    expect(screen.getByRole('heading', { name: 'Adresa din România (opțional)' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Actul de identitate' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText(/^CUI\/CIF/)).not.toBeInTheDocument();
  });

  it('links the administrator of a professional account to its sub-accounts, and nobody else', async () => {
    const office = buildCurrentUser({ user_type_name: 'legal_entity', account_type: 'professional' });
    serveUserRecord(
      userRecord({ user_type_name: 'legal_entity', account_type: 'professional', secondary_role: 'administrator' }),
    );
    const { unmount } = setup(buildProfile({ user_type_name: 'legal_entity', account_type: 'professional' }), office);
    expect(await screen.findByTestId('profile-sub-accounts-link')).toHaveAttribute('href', '/sub-accounts');
    expect(screen.getByLabelText(/^Număr TNA/)).toBeInTheDocument();
    unmount();

    serveUserRecord(
      userRecord({ user_type_name: 'legal_entity', account_type: 'professional', parent_user_id: 4, secondary_role: 'editor' }),
    );
    setup(
      buildProfile({
        user_type_name: 'legal_entity',
        account_type: 'professional',
        company_data_inherited: true,
        company_name: 'Atelier SRL',
      }),
      office,
    );
    expect(await screen.findByLabelText(/^Denumirea firmei/)).toHaveAttribute('readonly');
    await waitFor(async () =>
      expect(await sentRequests({ method: 'GET', path: `/api/users/${office.user_id}` })).toHaveLength(2),
    );
    expect(screen.queryByTestId('profile-sub-accounts-link')).not.toBeInTheDocument();
  });

  it('saves the name with PATCH /users and reloads the session user', async () => {
    const { user, refreshUser } = setup();
    server.use(http.patch('/api/users', () => envelope(buildCurrentUser({ first_name: 'Ioana-Maria' }))));
    const first = await screen.findByLabelText(/^Prenume/);
    await user.clear(first);
    await user.type(first, 'Ioana-Maria');
    await user.click(screen.getByRole('button', { name: 'Salvați numele' }));
    expect(await screen.findByText('Numele a fost actualizat.')).toBeInTheDocument();
    const [patch] = await sentRequests({ method: 'PATCH', path: '/api/users' });
    expect(patch.body).toEqual({ last_name: 'Mureșan', first_name: 'Ioana-Maria' });
    expect(patch.headers.get('content-type')).toBe('application/merge-patch+json');
    expect(refreshUser).toHaveBeenCalled();
  });

  it('uploads a new photo with an upload token, then sets it on the account', async () => {
    const { user, refreshUser } = setup();
    server.use(
      http.post('/api/files/upload-tokens', () => envelope({ token: 'up-1' })),
      http.post('/api/files', () => HttpResponse.json({ data: { id: 41 } }, { status: 201 })),
      http.patch('/api/users', () => envelope(buildCurrentUser({ photo: '41' }))),
    );
    await screen.findByTestId('account-card');
    const input = document.querySelector<HTMLInputElement>('[data-testid="account-card"] input[type="file"]');
    expect(input).not.toBeNull();
    await user.upload(input as HTMLInputElement, new File(['png'], 'eu.png', { type: 'image/png' }));
    expect(await screen.findByText('Fotografia a fost actualizată.')).toBeInTheDocument();
    const [token] = await sentRequests({ method: 'POST', path: '/api/files/upload-tokens' });
    expect(token.body).toEqual({ purpose: 'default' });
    const [file] = await sentRequests({ method: 'POST', path: '/api/files' });
    expect(file.headers.get('x-file-upload-access-token')).toBe('up-1');
    expect(file.headers.get('content-type')).toMatch(/^multipart\/form-data/);
    const [patch] = await sentRequests({ method: 'PATCH', path: '/api/users' });
    expect(patch.body).toEqual({ photo_file_id: 41 });
    expect(refreshUser).toHaveBeenCalled();
  });

  it("shows the account's photo through a short-lived download address", async () => {
    setup(buildProfile(), buildCurrentUser({ photo: '41' }));
    server.use(http.post('/api/files/:id/download-tokens', () => envelope({ url: '/api/files/41?token=dl-1', token: 'dl-1' })));
    const photo = await screen.findByRole('img', { name: 'Fotografia de profil' });
    await waitFor(() => expect(photo).toHaveAttribute('src', '/api/files/41?token=dl-1'));
    expect((await sentRequests({ method: 'POST' })).map((r) => r.path)).toEqual(['/api/files/41/download-tokens']);
  });

  it('changes the phone only after its SMS code is confirmed', async () => {
    const { user, refreshUser } = setup();
    server.use(http.post('/api/auth/phone/update', () => new HttpResponse(null, { status: 204 })));
    await user.click(await screen.findByRole('button', { name: 'Schimbați numărul' }));
    const dialog = await screen.findByRole('dialog', { name: 'Schimbarea numărului de telefon' });
    await user.type(within(dialog).getByLabelText(/^Noul număr/), '0740123456');
    await user.click(within(dialog).getByRole('button', { name: 'Trimiteți codul' }));
    expect(await within(dialog).findByText('Valoarea introdusă nu este validă')).toBeInTheDocument();
    await user.clear(within(dialog).getByLabelText(/^Noul număr/));
    await user.type(within(dialog).getByLabelText(/^Noul număr/), '0722999888');
    await user.click(within(dialog).getByRole('button', { name: 'Trimiteți codul' }));
    expect(await within(dialog).findByText('0722999888')).toBeInTheDocument();
    // The landline was refused before anything was sent; the mobile number was sent once.
    expect((await sentRequests({ path: '/api/auth/phone/update' })).map((r) => r.body)).toEqual([{ phone: '0722999888' }]);
    server.use(
      http.post('/api/auth/phone/validate', () => apiError(400, 'SMS_CODE_INVALID', { remaining_attempts: 4 }), { once: true }),
    );
    await user.type(within(dialog).getByLabelText(/^Codul primit/), '000000');
    await user.click(within(dialog).getByRole('button', { name: 'Confirmați numărul' }));
    expect(await within(dialog).findByText('Codul SMS nu este corect. Mai aveți 4 încercări.')).toBeInTheDocument();
    server.use(
      http.post('/api/auth/phone/validate', () =>
        HttpResponse.json({ isEmailConfirmed: true, isPhoneConfirmed: true, data: { authToken: null, verificationToken: null } }),
      ),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Confirmați numărul' }));
    expect(await screen.findByText('Numărul de telefon a fost schimbat și confirmat.')).toBeInTheDocument();
    const validations = await sentRequests({ path: '/api/auth/phone/validate' });
    expect(validations.map((r) => r.body)).toEqual([
      { phone: '0722999888', smsCode: '000000' },
      { phone: '0722999888', smsCode: '000000' },
    ]);
    expect(refreshUser).toHaveBeenCalled();
  });
});
