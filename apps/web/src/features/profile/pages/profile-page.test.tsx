import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { buildCurrentUser } from '../../../lib/testing/fixtures';
import { buildProfile, loadProfileTexts, renderPage } from '../testing';
import { ProfilePage } from './profile-page';

/** Generous: these tests type and click a lot, and CI machines are shared. */
const UI_TEST_TIMEOUT = 20_000;

const mocks = vi.hoisted(() => ({
  getProfile: vi.fn(),
  update: vi.fn(),
  record: vi.fn(),
  patch: vi.fn(),
  sendCode: vi.fn(),
  confirmCode: vi.fn(),
  uploadPhoto: vi.fn(),
}));

vi.mock('../api/get-profile', async () => {
  const { queryOptions, useQuery } = await import('@tanstack/react-query');
  const profileQueryOptions = queryOptions({ queryKey: ['profiles', 'me'], queryFn: () => mocks.getProfile() });
  return { profileQueryKey: ['profiles', 'me'], profileQueryOptions, useProfile: () => useQuery(profileQueryOptions) };
});
vi.mock('../api/update-profile', async () => {
  const { useMutation, useQueryClient } = await import('@tanstack/react-query');
  return {
    useUpdateProfile: () => {
      const client = useQueryClient();
      return useMutation({
        mutationFn: mocks.update,
        onSuccess: (profile: unknown) => client.setQueryData(['profiles', 'me'], profile),
      });
    },
  };
});
vi.mock('../api/get-user-record', async () => {
  const { useQuery } = await import('@tanstack/react-query');
  return {
    useUserRecord: (id: number | null, enabled = true) =>
      useQuery({ queryKey: ['users', id], queryFn: () => mocks.record(id), enabled: enabled && id !== null }),
  };
});
vi.mock('../api/patch-user', async () => {
  const { useMutation } = await import('@tanstack/react-query');
  return { usePatchCurrentUser: () => useMutation({ mutationFn: mocks.patch }) };
});
vi.mock('../api/phone-change', async () => {
  const { useMutation } = await import('@tanstack/react-query');
  return {
    useSendPhoneChangeCode: () => useMutation({ mutationFn: mocks.sendCode }),
    useConfirmPhoneChange: () => useMutation({ mutationFn: mocks.confirmCode }),
  };
});
vi.mock('../api/photo', () => ({ uploadPhoto: mocks.uploadPhoto, usePhotoUrl: () => undefined }));
vi.mock('../api/territory', () => ({
  loadCountyOptions: async () => ({
    options: [
      { value: '261', label: 'Mureș' },
      { value: '21', label: 'Cluj' },
    ],
    hasMore: false,
  }),
  loadUatOptions: (county: number) => async () => ({
    options:
      county === 21
        ? [{ value: '54975', label: 'Cluj-Napoca (municipiu)' }]
        : [{ value: '114319', label: 'Târgu Mureș (municipiu)' }],
    hasMore: false,
  }),
  loadVillageOptions: () => async () => ({ options: [], hasMore: false }),
  loadCountryOptions: async () => ({ options: [{ value: '276', label: 'Germania' }], hasMore: false }),
}));

beforeAll(loadProfileTexts);
beforeEach(() => {
  for (const mock of Object.values(mocks)) mock.mockReset();
  mocks.record.mockResolvedValue({ parent_user_id: null, secondary_role: null });
});

const incomplete = () =>
  buildProfile({
    personal_numeric_code: null,
    street: null,
    profile_completed: false,
    missing_fields: ['personal_numeric_code', 'street'],
  });

function setup(profile = buildProfile(), user = buildCurrentUser(), refreshUser = vi.fn(async () => user)) {
  mocks.getProfile.mockResolvedValue(profile);
  return { ...renderPage('/profile', <ProfilePage />, { user, refreshUser }), refreshUser };
}

describe('/profile', { timeout: UI_TEST_TIMEOUT }, () => {
  it('shows an error state with a retry when the profile cannot be loaded', async () => {
    mocks.getProfile.mockImplementation(async () => {
      throw new ApiError(500, 'INTERNAL_ERROR');
    });
    const { user } = renderPage('/profile', <ProfilePage />, { user: buildCurrentUser() });
    expect(await screen.findByText('Profilul nu a putut fi încărcat')).toBeInTheDocument();
    mocks.getProfile.mockResolvedValue(buildProfile());
    await user.click(screen.getByRole('button', { name: 'Reîncearcă' }));
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
    expect(mocks.update).not.toHaveBeenCalled();
  });

  it('saves a complete profile and reloads the session user so the profile gate opens', async () => {
    const { user, refreshUser } = setup(incomplete());
    mocks.update.mockImplementation(async (body: Record<string, unknown>) => buildProfile({ ...body, missing_fields: [] }));
    await user.type(await screen.findByLabelText(/^CNP/), '1800101260071');
    await user.type(screen.getByLabelText(/^Strada/), 'Str. Primăriei');
    await user.click(screen.getByRole('button', { name: 'Salvați profilul' }));
    expect(await screen.findByText('Profilul a fost salvat și este complet.')).toBeInTheDocument();
    expect(refreshUser).toHaveBeenCalled();
    expect(mocks.update.mock.calls[0][0]).toMatchObject({
      first_name: 'Ioana',
      last_name: 'Mureșan',
      personal_numeric_code: '1800101260071',
      street: 'Str. Primăriei',
      county_id: 261,
      locality_id: 114319,
      id_card_issue_date: '2022-03-15',
    });
    expect(mocks.update.mock.calls[0][0]).not.toHaveProperty('phone');
    await waitFor(() => expect(screen.queryByTestId('profile-missing')).not.toBeInTheDocument());
  });

  it('marks the fields still missing after saving an incomplete profile', async () => {
    const { user, refreshUser } = setup(incomplete());
    mocks.update.mockResolvedValue(incomplete());
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
    mocks.update.mockImplementation(async () => {
      throw new ApiError(400, 'VALIDATION_ERROR', {
        fields: [{ path: 'body.locality_id', message: 'Valoarea introdusă nu este validă' }],
      });
    });
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
    mocks.update.mockImplementation(async (body: Record<string, unknown>) => buildProfile(body));
    await user.click(screen.getByRole('button', { name: 'Salvați profilul' }));
    await waitFor(() => expect(mocks.update).toHaveBeenCalled());
    expect(mocks.update.mock.calls[0][0]).toMatchObject({ county_id: 21, locality_id: 54975 });
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
    mocks.record.mockResolvedValue({ parent_user_id: null, secondary_role: 'administrator' });
    const { unmount } = setup(buildProfile({ user_type_name: 'legal_entity', account_type: 'professional' }), office);
    expect(await screen.findByTestId('profile-sub-accounts-link')).toHaveAttribute('href', '/sub-accounts');
    expect(screen.getByLabelText(/^Număr TNA/)).toBeInTheDocument();
    unmount();

    mocks.record.mockResolvedValue({ parent_user_id: 4, secondary_role: 'editor' });
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
    await waitFor(() => expect(mocks.record).toHaveBeenCalledTimes(2));
    expect(screen.queryByTestId('profile-sub-accounts-link')).not.toBeInTheDocument();
  });

  it('saves the name with PATCH /users and reloads the session user', async () => {
    const { user, refreshUser } = setup();
    mocks.patch.mockResolvedValue(buildCurrentUser({ first_name: 'Ioana-Maria' }));
    const first = await screen.findByLabelText(/^Prenume/);
    await user.clear(first);
    await user.type(first, 'Ioana-Maria');
    await user.click(screen.getByRole('button', { name: 'Salvați numele' }));
    expect(await screen.findByText('Numele a fost actualizat.')).toBeInTheDocument();
    expect(mocks.patch.mock.calls[0][0]).toEqual({ last_name: 'Mureșan', first_name: 'Ioana-Maria' });
    expect(refreshUser).toHaveBeenCalled();
  });

  it('changes the phone only after its SMS code is confirmed', async () => {
    const { user, refreshUser } = setup();
    mocks.sendCode.mockResolvedValue(undefined);
    await user.click(await screen.findByRole('button', { name: 'Schimbați numărul' }));
    const dialog = await screen.findByRole('dialog', { name: 'Schimbarea numărului de telefon' });
    await user.type(within(dialog).getByLabelText(/^Noul număr/), '0740123456');
    await user.click(within(dialog).getByRole('button', { name: 'Trimiteți codul' }));
    expect(await within(dialog).findByText('Valoarea introdusă nu este validă')).toBeInTheDocument();
    await user.clear(within(dialog).getByLabelText(/^Noul număr/));
    await user.type(within(dialog).getByLabelText(/^Noul număr/), '0722999888');
    await user.click(within(dialog).getByRole('button', { name: 'Trimiteți codul' }));
    expect(await within(dialog).findByText('0722999888')).toBeInTheDocument();
    expect(mocks.sendCode.mock.calls[0][0]).toBe('0722999888');
    mocks.confirmCode.mockImplementationOnce(async () => {
      throw new ApiError(400, 'SMS_CODE_INVALID', { remaining_attempts: 4 });
    });
    await user.type(within(dialog).getByLabelText(/^Codul primit/), '000000');
    await user.click(within(dialog).getByRole('button', { name: 'Confirmați numărul' }));
    expect(await within(dialog).findByText('Codul SMS nu este corect. Mai aveți 4 încercări.')).toBeInTheDocument();
    mocks.confirmCode.mockResolvedValue({
      isEmailConfirmed: true,
      isPhoneConfirmed: true,
      data: { authToken: null, verificationToken: null },
    });
    await user.click(within(dialog).getByRole('button', { name: 'Confirmați numărul' }));
    expect(await screen.findByText('Numărul de telefon a fost schimbat și confirmat.')).toBeInTheDocument();
    expect(mocks.confirmCode.mock.calls[1][0]).toEqual({ phone: '0722999888', smsCode: '000000' });
    expect(refreshUser).toHaveBeenCalled();
  });
});
