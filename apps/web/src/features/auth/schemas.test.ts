import { describe, expect, it } from 'vitest';
import { changePasswordSchema, newPasswordSchema, signUpDefaults, signUpSchema, toRegisterBody } from './schemas';

const valid = {
  ...signUpDefaults('personal'),
  first_name: 'Ioana',
  last_name: 'Mureșan',
  email: 'ioana@example.ro',
  phone: '0722 123 456',
  password: 'Cont!Nou2026',
  confirmPassword: 'Cont!Nou2026',
  terms_accepted: true,
};

const messages = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]));

describe('sign-up form rules (spec §5)', () => {
  it('accepts a complete citizen and normalises the phone', () => {
    const parsed = signUpSchema.parse(valid);
    expect(parsed.phone).toBe('0722123456');
    expect(toRegisterBody(parsed)).toEqual({
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

  it('reports every problem at once, with the Romanian texts', () => {
    const result = signUpSchema.safeParse({ ...signUpDefaults('personal') });
    expect(messages(result)).toMatchObject({
      first_name: 'Acest câmp este obligatoriu',
      last_name: 'Acest câmp este obligatoriu',
      email: 'Acest câmp este obligatoriu',
      phone: 'Acest câmp este obligatoriu',
      password: 'Acest câmp este obligatoriu',
      confirmPassword: 'Acest câmp este obligatoriu',
      terms_accepted: 'Trebuie să acceptați termenii și condițiile',
    });
  });

  it('checks the password policy and the confirmation', () => {
    const weak = signUpSchema.safeParse({ ...valid, password: 'parola', confirmPassword: 'parola2' });
    expect(messages(weak)).toEqual({
      password:
        'Parola trebuie să aibă cel puțin 8 caractere și să conțină o literă mare, o literă mică, o cifră și un caracter special',
      confirmPassword: 'Parolele nu sunt identice',
    });
  });

  it('wants a mobile phone (SMS codes go to it), a valid e-mail and names of letters', () => {
    const result = signUpSchema.safeParse({ ...valid, phone: '0265123456', email: 'ioana@', first_name: 'Ioana2' });
    expect(messages(result)).toEqual({
      phone: 'Numărul de telefon nu este valid',
      email: 'Adresa de e-mail nu este validă',
      first_name: 'Sunt permise doar litere, apostrof și cratimă',
    });
  });

  it('requires the company name of a legal entity and sends it', () => {
    const missing = signUpSchema.safeParse({ ...valid, user_type_name: 'legal_entity' });
    expect(messages(missing)).toEqual({ company_name: 'Acest câmp este obligatoriu' });
    const parsed = signUpSchema.parse({ ...valid, user_type_name: 'legal_entity', company_name: '  Construcții SRL ' });
    expect(toRegisterBody(parsed)).toMatchObject({ user_type_name: 'legal_entity', company_name: 'Construcții SRL' });
  });

  it('makes every professional account a legal entity, design office or not', () => {
    const values = { ...valid, ...{ account_type: 'professional' as const, user_type_name: 'citizen' as const } };
    expect(messages(signUpSchema.safeParse(values))).toEqual({ company_name: 'Acest câmp este obligatoriu' });
    const parsed = signUpSchema.parse({ ...values, company_name: 'Birou Proiect SRL', professional_kind: 'design_office' });
    expect(toRegisterBody(parsed)).toMatchObject({
      account_type: 'professional',
      user_type_name: 'legal_entity',
      company_name: 'Birou Proiect SRL',
    });
  });

  it('drops a company name typed before switching back to a person', () => {
    const parsed = signUpSchema.parse({ ...valid, company_name: 'Uitat SRL' });
    expect(toRegisterBody(parsed)).not.toHaveProperty('company_name');
  });
});

describe('password forms', () => {
  it('new password: policy and confirmation', () => {
    expect(newPasswordSchema.safeParse({ password: 'Cont!Nou2026', confirmPassword: 'Cont!Nou2026' }).success).toBe(true);
    expect(messages(newPasswordSchema.safeParse({ password: 'Cont!Nou2026', confirmPassword: 'cont!nou2026' }))).toEqual({
      confirmPassword: 'Parolele nu sunt identice',
    });
  });

  it('change password: e-mail and current password are required', () => {
    expect(
      messages(
        changePasswordSchema.safeParse({ email: '', oldPassword: '', password: 'Cont!Nou2026', confirmPassword: 'Cont!Nou2026' }),
      ),
    ).toEqual({ email: 'Acest câmp este obligatoriu', oldPassword: 'Acest câmp este obligatoriu' });
  });
});
