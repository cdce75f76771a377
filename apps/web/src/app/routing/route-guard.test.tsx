import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildCurrentUser } from '../../lib/testing/fixtures';
import { fakeSession, loadAllTexts, renderRoute } from '../../lib/testing/render-app';
import { HttpResponse, http, server } from '../../test/msw';

beforeAll(loadAllTexts);
// The shell's own requests: the home page's application types and the sign-in page's providers.
beforeEach(() => {
  server.use(
    http.get('/api/application-types/organisation', () => HttpResponse.json({ data: [] })),
    http.get('/api/auth/providers', () => HttpResponse.json({ data: { google: false, facebook: false } })),
  );
});

const citizen = () => fakeSession({ user: buildCurrentUser({ user_type_name: 'citizen' }) });
const pathOf = (router: ReturnType<typeof renderRoute>['router']) => router.state.location.pathname;

describe('routes and guards in the shell', () => {
  it('sends a visitor to sign-in', async () => {
    const { router } = renderRoute('/applications');
    expect(await screen.findByRole('heading', { level: 1, name: 'Autentificare' })).toBeInTheDocument();
    expect(pathOf(router)).toBe('/auth/signin');
    expect(screen.queryByRole('navigation', { name: 'Meniu principal' })).not.toBeInTheDocument();
  });

  it('redirects / to /home and greets the user by name', async () => {
    const { router } = renderRoute('/', citizen());
    expect(await screen.findByRole('heading', { level: 1, name: 'Bun venit, Ioana Mureșan!' })).toBeInTheDocument();
    expect(pathOf(router)).toBe('/home');
    expect(screen.getByTestId('domain-tiles')).toBeInTheDocument();
  });

  it('sends a user without the permission home', async () => {
    const { router } = renderRoute('/payments', citizen());
    await screen.findByTestId('home-greeting');
    expect(pathOf(router)).toBe('/home');
  });

  it('opens a permitted route (placeholder of a later module)', async () => {
    const staff = fakeSession({ user: buildCurrentUser({ user_type_name: 'staff', organisation_id: 2 }) });
    renderRoute('/real-estate-register', staff);
    expect(await screen.findByRole('heading', { level: 1, name: 'Registrul imobilelor' })).toBeInTheDocument();
    expect(screen.getByTestId('placeholder-page')).toHaveTextContent('odată cu modulul „Registrul imobilelor”');
  });

  it('shows the generic error page for unknown paths', async () => {
    const { router } = renderRoute('/nu-exista');
    expect(await screen.findByRole('heading', { level: 1, name: 'Pagina nu a fost găsită' })).toBeInTheDocument();
    expect(pathOf(router)).toBe('/404');
  });

  it('sends a signed-in user away from public-only routes', async () => {
    const { router } = renderRoute('/auth/forgot-password', citizen());
    await screen.findByTestId('home-greeting');
    expect(pathOf(router)).toBe('/home');
  });

  it('needs a confirmationKey for password links', async () => {
    const { router } = renderRoute('/auth/reset-password');
    await screen.findByRole('heading', { level: 1, name: 'Autentificare' });
    expect(pathOf(router)).toBe('/auth/signin');
    renderRoute('/auth/reset-password?confirmationKey=abc');
    expect(await screen.findByRole('heading', { level: 1, name: 'Resetare parolă' })).toBeInTheDocument();
  });

  it('keeps a user with an incomplete profile on home', async () => {
    const session = fakeSession({ user: buildCurrentUser({ profile_completed: false }) });
    const { router } = renderRoute('/applications', session);
    await screen.findByTestId('home-greeting');
    expect(pathOf(router)).toBe('/home');
  });

  it('renders the landmarks, the permission menu and the footer', async () => {
    renderRoute('/home', citizen());
    await screen.findByTestId('home-greeting');
    const nav = screen.getByRole('navigation', { name: 'Meniu principal' });
    expect(within(nav).getByRole('link', { name: 'Cereri' })).toBeInTheDocument();
    expect(within(nav).queryByText('Controale')).not.toBeInTheDocument();
    expect(within(nav).getByTestId('menu-createRequest')).toHaveTextContent('Cerere nouă');
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('main')).toBeInTheDocument();
    const footer = screen.getByRole('contentinfo');
    expect(footer).toHaveTextContent(`© ${new Date().getFullYear()} Consiliul Județean Mureș`);
    expect(within(footer).getByRole('link', { name: 'Despre portal și sursele datelor' })).toHaveAttribute('href', '/about');
    expect(screen.getByRole('link', { name: 'Salt la conținutul principal' })).toHaveAttribute('href', '#main-content');
  });

  it('switches to the atlas menu and hides the footer on atlas routes', async () => {
    const staff = fakeSession({ user: buildCurrentUser({ user_type_name: 'staff', organisation_id: 2 }) });
    const { router } = renderRoute('/atlas', staff);
    await screen.findByRole('heading', { level: 1, name: 'Atlas – straturi' });
    expect(pathOf(router)).toBe('/atlas/layers');
    expect(screen.getByTestId('aside-menu')).toHaveAttribute('data-menu-mode', 'atlas');
    expect(screen.getByTestId('menu-backHome')).toHaveAttribute('href', '/home');
    expect(screen.getByTestId('brand-link')).toHaveAttribute('href', '/atlas');
    expect(screen.queryByRole('contentinfo')).not.toBeInTheDocument();
  });

  it('uses the archive menu on archive routes', async () => {
    const archiver = fakeSession({ user: buildCurrentUser({ user_type_name: 'archiver' }) });
    renderRoute('/archive-dashboard', archiver);
    await screen.findByRole('heading', { level: 1, name: 'Panou arhivă' });
    expect(screen.getByTestId('aside-menu')).toHaveAttribute('data-menu-mode', 'archive');
    expect(screen.getByTestId('brand-link')).toHaveAttribute('href', '/archive-dashboard');
  });

  it('shows the about page with the data attributions to visitors', async () => {
    renderRoute('/about');
    await screen.findByRole('heading', { level: 1, name: 'Despre portal' });
    const list = screen.getByTestId('about-attributions');
    expect(list).toHaveTextContent('Sursa: INS – nomenclatorul SIRUTA');
    expect(list).toHaveTextContent('Limite UAT: ANCPI, prelucrare geo-spatial.org; CC BY-SA 4.0 (date simplificate)');
  });

  it('opens the non-closable session-expired modal', async () => {
    const user = buildCurrentUser();
    renderRoute('/home', fakeSession({ user, sessionExpired: true }));
    const dialog = await screen.findByRole('dialog', { name: 'Sesiunea a expirat' });
    // The address of whoever was signed in is there, without an error; the password has the focus.
    const email = within(dialog).getByLabelText(/Adresa de e-mail/);
    expect(email).toHaveValue(user.email);
    expect(email).not.toHaveAttribute('aria-invalid', 'true');
    await waitFor(() => expect(within(dialog).getByTestId('login-password')).toHaveFocus());
    expect(within(dialog).queryByRole('link', { name: 'Creați un cont' })).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Închideți și deconectați-vă' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Acasă – Ghișeul Unic'));
  });
});
