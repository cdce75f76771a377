import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadAllTexts } from '../../../lib/testing/render-app';
import { renderPage } from '../testing';
import { apiError, HttpResponse, http, sentRequests, server } from '../../../test/msw';
import { SignUpForm } from './sign-up-form';

/** Generous: these tests type and click a lot, and CI machines are shared. */
const UI_TEST_TIMEOUT = 20_000;

beforeAll(loadAllTexts);
beforeEach(() => {
  server.use(http.get('/api/auth/providers', () => HttpResponse.json({ data: { google: false, facebook: false } })));
});

/** `POST /api/auth/register` answers these in turn (the last one again after that). */
function serveRegister(...answers: (() => Response)[]) {
  let next = 0;
  server.use(http.post('/api/auth/register', () => answers[Math.min(next++, answers.length - 1)]()));
}
const registrations = async () => (await sentRequests({ method: 'POST', path: '/api/auth/register' })).map((r) => r.body);

function setup(accountType: 'personal' | 'professional' = 'personal') {
  const onRegistered = vi.fn();
  const rendered = renderPage('/auth/signup/x', <SignUpForm accountType={accountType} onRegistered={onRegistered} />);
  const { user } = rendered;
  const fill = async (overrides: Partial<Record<string, string>> = {}) => {
    const values = {
      last: 'Mureșan',
      first: 'Ioana',
      email: 'ioana@example.ro',
      phone: '0722123456',
      password: 'Cont!Nou2026',
      confirm: 'Cont!Nou2026',
      ...overrides,
    };
    if (values.last) await user.type(screen.getByLabelText(/^Nume/), values.last);
    if (values.first) await user.type(screen.getByLabelText(/^Prenume/), values.first);
    if (values.email) await user.type(screen.getByLabelText(/^Adresa de e-mail/), values.email);
    if (values.phone) await user.type(screen.getByLabelText(/^Telefon mobil/), values.phone);
    if (values.password) await user.type(screen.getByTestId('new-password'), values.password);
    if (values.confirm) await user.type(screen.getByTestId('confirm-password'), values.confirm);
  };
  const submit = () => user.click(screen.getByRole('button', { name: 'Creați contul' }));
  return { ...rendered, onRegistered, fill, submit };
}

describe('sign-up form', { timeout: UI_TEST_TIMEOUT }, () => {
  it('shows every required field and focuses the first one', async () => {
    const { submit } = setup();
    await submit();
    expect(await screen.findAllByText('Acest câmp este obligatoriu')).toHaveLength(6);
    expect(screen.getByText('Trebuie să acceptați termenii și condițiile')).toBeInTheDocument();
    const lastName = screen.getByLabelText(/^Nume/);
    expect(lastName).toHaveFocus();
    expect(lastName).toHaveAttribute('aria-invalid', 'true');
    expect(lastName.getAttribute('aria-describedby')).toMatch(/error/);
    expect(await registrations()).toEqual([]);
  });

  it('keeps digits only in the phone field, at most 10', async () => {
    const { user } = setup();
    const phone = screen.getByLabelText(/^Telefon mobil/);
    await user.type(phone, '+40 722-123-4567');
    expect(phone).toHaveValue('4072212345');
  });

  it('ticks the password rules as they are met', async () => {
    const { user } = setup();
    const checklist = screen.getByTestId('password-checklist');
    const rule = (name: string) => within(checklist).getByText(name).closest('li');
    expect(rule('O literă mare')).toHaveAttribute('data-met', 'false');
    await user.type(screen.getByTestId('new-password'), 'Parola');
    expect(rule('O literă mare')).toHaveAttribute('data-met', 'true');
    expect(rule('O literă mică')).toHaveAttribute('data-met', 'true');
    expect(rule('O cifră')).toHaveAttribute('data-met', 'false');
    expect(within(rule('O cifră') as HTMLElement).getByText(/neîndeplinită/)).toBeInTheDocument();
    await user.type(screen.getByTestId('new-password'), '!2026');
    expect(checklist.querySelectorAll('[data-met="true"]')).toHaveLength(5);
  });

  it('registers a citizen and hands the result over', async () => {
    const { fill, submit, user, onRegistered } = setup();
    serveRegister(() =>
      HttpResponse.json(
        { data: { user_id: 9, email: 'ioana@example.ro', isEmailConfirmed: false, isPhoneConfirmed: false } },
        { status: 201 },
      ),
    );
    await fill();
    await user.click(screen.getByLabelText(/Am citit și accept/));
    await submit();
    await waitFor(() => expect(onRegistered).toHaveBeenCalledWith(expect.objectContaining({ user_id: 9 })));
    expect(await registrations()).toHaveLength(1);
    expect((await registrations())[0]).toEqual({
      account_type: 'personal',
      user_type_name: 'citizen',
      first_name: 'Ioana',
      last_name: 'Mureșan',
      email: 'ioana@example.ro',
      phone: '0722123456',
      password: 'Cont!Nou2026',
      confirmPassword: 'Cont!Nou2026',
      terms_accepted: true,
    });
  });

  it('asks a legal entity for its company name', async () => {
    const { user, fill, submit } = setup();
    expect(screen.queryByLabelText(/^Denumirea firmei/)).not.toBeInTheDocument();
    await user.click(screen.getByLabelText('Persoană juridică'));
    await fill();
    await user.click(screen.getByLabelText(/Am citit și accept/));
    await submit();
    const company = screen.getByLabelText(/^Denumirea firmei/);
    await waitFor(() => expect(company).toHaveFocus());
    expect(await registrations()).toEqual([]);
  });

  it('names the design office on the professional form', async () => {
    const { user } = setup('professional');
    expect(screen.getByLabelText(/^Denumirea biroului de proiectare/)).toBeInTheDocument();
    await user.click(screen.getByLabelText('Persoană juridică'));
    expect(screen.getByLabelText(/^Denumirea firmei/)).toBeInTheDocument();
  });

  it.each([
    ['REGISTRATION_EMAIL_ALREADY_EXISTS', /^Adresa de e-mail/, 'Există deja un cont cu această adresă de e-mail.'],
    ['REGISTRATION_EMAIL_DOMAIN_BLOCKED', /^Adresa de e-mail/, 'Nu vă puteți înregistra cu o adresă din acest domeniu.'],
    ['REGISTRATION_INVALID_PASSWORD', /^Parola/, 'Parola nu respectă regulile de complexitate.'],
  ])('puts %s on its field', async (code, label, message) => {
    const { fill, submit, user } = setup();
    serveRegister(() => apiError(code.includes('EXISTS') ? 409 : 400, code));
    await fill();
    await user.click(screen.getByLabelText(/Am citit și accept/));
    await submit();
    expect(await screen.findByText(message)).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByLabelText(label)[0]).toHaveFocus());
    if (code === 'REGISTRATION_EMAIL_ALREADY_EXISTS') {
      expect(screen.getByRole('link', { name: 'Resetați parola' })).toHaveAttribute('href', '/auth/forgot-password');
    }
  });

  it("places the server's field errors, and shows other failures above the form", async () => {
    const { fill, submit, user } = setup();
    serveRegister(
      () => apiError(400, 'VALIDATION_ERROR', { fields: [{ path: 'body.phone', message: 'Numărul de telefon nu este valid' }] }),
      () => apiError(429, 'RATE_LIMITED'),
    );
    await fill();
    await user.click(screen.getByLabelText(/Am citit și accept/));
    await submit();
    expect(await screen.findByText('Numărul de telefon nu este valid')).toBeInTheDocument();
    await submit();
    expect(await screen.findByRole('alert')).toHaveTextContent('Prea multe cereri.');
  });
});
