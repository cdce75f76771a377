import { buildPermissionSet } from '@ghiseu/domain';
import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildCurrentUser } from '../../../lib/testing/fixtures';
import { fakeSession, loadAllTexts, renderRoute } from '../../../lib/testing/render-app';
import { HttpResponse, http, server } from '../../../test/msw';
import { staffDestinationsFor } from '../components/staff-destinations';

beforeAll(async () => {
  await loadAllTexts();
});

const types = [
  { id: 1, name: 'Certificat de urbanism', domain: 'urbanism' },
  { id: 2, name: 'Autorizație de construire', domain: 'urbanism' },
];
const serveTypes = () => server.use(http.get('/api/application-types/organisation', () => HttpResponse.json({ data: types })));

describe('home of someone who files applications', () => {
  it('makes only the domains with types cards, links them, and names the empty ones once', async () => {
    serveTypes();
    renderRoute('/home', fakeSession({ user: buildCurrentUser({ user_type_name: 'citizen' }) }));
    const urbanism = await screen.findByTestId('domain-urbanism');
    expect(within(urbanism).getByRole('link')).toHaveAttribute('href', '/application/new?domain=urbanism');
    expect(within(urbanism).getByTestId('domain-count-urbanism')).toHaveTextContent('2 tipuri de cereri');
    const empty = screen.getByTestId('domains-empty');
    expect(empty).toHaveTextContent('Domenii fără cereri online deocamdată: Administrație');
    expect(within(empty).queryAllByRole('link')).toHaveLength(0);
    expect(screen.queryByText(/niciun tip de cerere/i)).not.toBeInTheDocument();
    expect(screen.queryByTestId('profile-notice')).not.toBeInTheDocument();
  });

  it('says why after the profile gate sent an incomplete profile home, with a link to the profile', async () => {
    serveTypes();
    const session = fakeSession({ user: buildCurrentUser({ user_type_name: 'citizen', profile_completed: false }) });
    const { router } = renderRoute('/application/new', session);
    const notice = await screen.findByTestId('profile-notice');
    expect(router.state.location.pathname).toBe('/home');
    expect(notice).toHaveAttribute('role', 'alert');
    expect(within(notice).getByTestId('profile-notice-bounce')).toHaveTextContent(
      'Pagina cerută se deschide doar cu profilul complet',
    );
    expect(within(notice).getByRole('link', { name: 'Completați profilul' })).toHaveAttribute('href', '/profile');
    // The tiles do not lead into the gate again.
    expect(within(await screen.findByTestId('domain-urbanism')).queryByRole('link')).not.toBeInTheDocument();
  });

  it('explains an incomplete profile on home without a bounce too, quietly', async () => {
    serveTypes();
    renderRoute('/home', fakeSession({ user: buildCurrentUser({ user_type_name: 'citizen', profile_needs_update: true }) }));
    const notice = await screen.findByTestId('profile-notice');
    expect(notice).not.toHaveAttribute('role', 'alert');
    expect(notice).toHaveTextContent('Actualizați-vă profilul');
    expect(screen.queryByTestId('profile-notice-bounce')).not.toBeInTheDocument();
  });
});

describe('home of staff', () => {
  it('lists the screens staff can open instead of the citizen domain tiles', async () => {
    serveTypes();
    const user = buildCurrentUser({ user_type_name: 'admin', organisation_id: 2, is_organisation_admin: true });
    renderRoute('/home', fakeSession({ user }));
    const list = await screen.findByTestId('staff-destinations');
    expect(screen.queryByTestId('domain-tiles')).not.toBeInTheDocument();
    const links = within(list)
      .getAllByRole('link')
      .map((link) => link.getAttribute('href'));
    expect(links).toEqual(staffDestinationsFor(user).map((d) => d.to(user)));
    expect(links).toContain('/institution?id=2&tab=institution-details');
    expect(links).toContain('/profile');
    expect(screen.getByTestId('staff-home-coming')).toHaveTextContent('Cereri – funcționari');
  });

  it('shows each destination under the rule of its route', () => {
    const superAdmin = buildCurrentUser({ user_type_name: 'super_admin' });
    const ids = staffDestinationsFor(superAdmin).map((d) => d.id);
    expect(ids).toContain('forms');
    expect(ids).toContain('applicationTypes');
    expect(ids).not.toContain('staffEnrollment');
    const staff = buildCurrentUser({ user_type_name: 'staff', permissions: buildPermissionSet('staff') as never });
    const staffIds = staffDestinationsFor(staff).map((d) => d.id);
    expect(staffIds).not.toContain('forms');
    expect(staffIds).toContain('staffEnrollment');
    expect(staffIds).toContain('profile');
  });
});
