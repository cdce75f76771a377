import { cnpControlDigit } from '@ghiseu/domain';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, countries, files, organisations, profiles } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { accountsTestKit, STRONG_PASSWORD } from '../../../test/accounts-kit.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const { request, createUser, userByEmail, bearer, smsCode } = accountsTestKit(() => t);

/** SIRUTA codes: Mureș county, the UAT Târgu Mureș and its village Mureșeni; Cluj-Napoca; Tăureni (another UAT). */
const MURES = 261;
const TARGU_MURES = 114319;
const MURESENI = 114337;
const CLUJ_NAPOCA = 54975;
const TAURENI = 119867;

/** A CNP with its control digit. */
const cnp = (first12: string) => `${first12}${cnpControlDigit(first12)}`;
const ADULT_CNP = cnp('190010126001');
/** The same CNP with a wrong control digit. */
const BAD_CHECKSUM_CNP = `${ADULT_CNP.slice(0, 12)}${(Number(ADULT_CNP[12]) + 1) % 10}`;

const tokenOf = async (email: string) => {
  const response = await request({ method: 'POST', url: '/api/auth/login', payload: { email, password: STRONG_PASSWORD } });
  expect(response.statusCode).toBe(200);
  return response.json().data.authToken as string;
};
const getProfile = (headers: Record<string, string>) => request({ method: 'GET', url: '/api/profiles/me', headers });
const putProfile = (headers: Record<string, string>, payload: Record<string, unknown>) =>
  request({ method: 'PUT', url: '/api/profiles/me', headers, payload });
const fieldsOf = (response: { json(): { message: string; data: { fields: { path: string; message: string }[] } } }) => {
  const body = response.json();
  expect(body.message).toBe('VALIDATION_ERROR');
  return Object.fromEntries(body.data.fields.map((f) => [f.path, f.message]));
};

const citizenProfile = (overrides: Record<string, unknown> = {}) => ({
  first_name: 'Radu',
  last_name: 'Pop',
  personal_numeric_code: ADULT_CNP,
  county_id: MURES,
  locality_id: TARGU_MURES,
  village_id: MURESENI,
  street: 'Str. Gheorghe Doja',
  street_number: '5',
  postal_code: '540001',
  staircase: 'A',
  block: 'B2',
  floor: '3',
  apartment: '12',
  iban: 'ro49 aaaa 1b31 0075 9384 0000',
  bank: 'Banca Transilvania',
  id_card_series: 'ms',
  id_card_number: '123456',
  id_card_issue_date: '2020-01-10',
  id_card_expiry_date: '2030-01-10',
  id_card_issuer: 'SPCLEP Târgu Mureș',
  ...overrides,
});

describe('GET /api/profiles/me', () => {
  it('returns the profile with the names of county, UAT and organisation', async () => {
    const citizen = await getProfile(await t.authHeaders('citizen@demo.ghiseu.ro'));
    expect(citizen.statusCode).toBe(200);
    expect(citizen.json().data).toMatchObject({
      email: 'citizen@demo.ghiseu.ro',
      user_type_name: 'citizen',
      citizenship: 'romanian',
      first_name: 'Ioana',
      personal_numeric_code: '2850315260025',
      county_id: MURES,
      county_name: 'Mureș',
      locality_id: TARGU_MURES,
      locality_name: 'Târgu Mureș',
      id_card_series: 'MS',
      profile_completed: true,
      missing_fields: [],
      company_data_inherited: false,
      organisation_name: null,
      functions: [],
      departments: [],
    });
    const admin = (await getProfile(await t.authHeaders('admin@demo.ghiseu.ro'))).json().data;
    expect(admin).toMatchObject({
      organisation_name: 'Consiliul Județean Mureș',
      staff_badge_number: 'CJMS-001',
      enrolled: true,
    });
  });

  it('needs a session', async () => {
    expect((await request({ method: 'GET', url: '/api/profiles/me' })).json()).toEqual({ message: 'AUTH_REQUIRED' });
  });
});

describe('PUT /api/profiles/me', () => {
  it('saves a complete citizen profile, marks the account complete and clears profile_needs_update', async () => {
    const user = await createUser('profil@example.ro', { profileCompleted: false, profileNeedsUpdate: true });
    const headers = bearer(await tokenOf('profil@example.ro'));
    const response = await putProfile(headers, citizenProfile());
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({
      first_name: 'Radu',
      personal_numeric_code: ADULT_CNP,
      village_id: MURESENI,
      village_name: 'Mureșeni',
      iban: 'RO49AAAA1B31007593840000',
      id_card_series: 'MS',
      profile_completed: true,
      profile_needs_update: false,
      missing_fields: [],
    });
    const me = (await request({ method: 'GET', url: '/api/users/me', headers })).json().data;
    expect(me).toMatchObject({ first_name: 'Radu', last_name: 'Pop', profile_completed: true, profile_needs_update: false });

    // The audit entry says what changed, with the identifiers masked.
    const [entry] = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, String(user.id)), eq(auditLog.action, 'profile.update')))
      .orderBy(desc(auditLog.id));
    const after = entry.after as Record<string, unknown>;
    expect(after.personalNumericCode).toBe(`***${ADULT_CNP.slice(-3)}`);
    expect(after.iban).toBe('***000');
    expect(after.street).toBe('Str. Gheorghe Doja');
    expect(JSON.stringify(entry)).not.toContain(ADULT_CNP);
  });

  it('saves an incomplete profile and lists what is missing; removing a required field makes it incomplete again', async () => {
    await createUser('partial@example.ro', { profileCompleted: true });
    const headers = bearer(await tokenOf('partial@example.ro'));
    const response = await putProfile(headers, { first_name: 'Ion', last_name: 'Rus', county_id: MURES, postal_code: '540001' });
    expect(response.statusCode).toBe(200);
    const data = response.json().data;
    expect(data.profile_completed).toBe(false);
    expect(data.missing_fields).toEqual([
      'personal_numeric_code',
      'id_card_series',
      'id_card_number',
      'id_card_issue_date',
      'id_card_expiry_date',
      'id_card_issuer',
      'locality_id',
      'street',
      'street_number',
    ]);
    expect(data.postal_code).toBe('540001');
    expect((await userByEmail('partial@example.ro')).profileCompleted).toBe(false);
    // A PUT replaces: what is not sent is cleared.
    const cleared = (await putProfile(headers, { first_name: 'Ion', last_name: 'Rus' })).json().data;
    expect(cleared.postal_code).toBeNull();
    expect(cleared.county_id).toBeNull();
  });

  it('validates CNP, age, postal code, IBAN, phone, names and ID-card dates', async () => {
    const headers = bearer(await tokenOf((await createUser('validare@example.ro')).email));
    const response = await putProfile(
      headers,
      citizenProfile({
        personal_numeric_code: BAD_CHECKSUM_CNP,
        postal_code: '5400',
        iban: 'RO49AAAA1B31007593840001',
        phone: '12345',
        first_name: 'R4du',
        id_card_number: '12AB',
      }),
    );
    expect(response.statusCode).toBe(400);
    expect(fieldsOf(response)).toEqual({
      'body.personal_numeric_code': 'CNP-ul nu este valid',
      'body.postal_code': 'Codul poștal trebuie să conțină 6 cifre',
      'body.iban': 'IBAN-ul nu este valid',
      'body.phone': 'Numărul de telefon nu este valid',
      'body.first_name': 'Sunt permise doar litere, apostrof și cratimă',
      'body.id_card_number': 'Valoarea introdusă nu este validă',
    });
    // Born ten years ago: a valid CNP, but a minor.
    const year = new Date().getFullYear() - 10;
    const minor = cnp(`6${String(year).slice(2)}0101260010`.slice(0, 12));
    expect(fieldsOf(await putProfile(headers, citizenProfile({ personal_numeric_code: minor })))).toEqual({
      'body.personal_numeric_code': 'Persoana trebuie să aibă cel puțin 18 ani',
    });
    expect(
      fieldsOf(
        await putProfile(headers, citizenProfile({ id_card_issue_date: '2030-01-10', id_card_expiry_date: '2020-01-10' })),
      ),
    ).toEqual({ 'body.id_card_expiry_date': 'Data de început nu poate fi după data de sfârșit' });
    expect(
      fieldsOf(
        await putProfile(headers, citizenProfile({ id_card_issue_date: '2099-01-10', id_card_expiry_date: '2109-01-10' })),
      ),
    ).toEqual({ 'body.id_card_issue_date': 'Data nu poate fi în viitor' });
    // Nothing was saved.
    expect((await getProfile(headers)).json().data.personal_numeric_code).toBeNull();
  });

  it('checks the address chain: county exists, UAT in the county, village in the UAT, country exists', async () => {
    const headers = bearer(await tokenOf((await createUser('adresa@example.ro')).email));
    expect(fieldsOf(await putProfile(headers, citizenProfile({ locality_id: CLUJ_NAPOCA, village_id: undefined })))).toEqual({
      'body.locality_id': 'Valoarea introdusă nu este validă',
    });
    expect(fieldsOf(await putProfile(headers, citizenProfile({ village_id: TAURENI })))).toEqual({
      'body.village_id': 'Valoarea introdusă nu este validă',
    });
    expect(
      fieldsOf(await putProfile(headers, citizenProfile({ county_id: 999_999, locality_id: undefined, village_id: undefined }))),
    ).toEqual({
      'body.county_id': 'Valoarea introdusă nu este validă',
    });
    expect(fieldsOf(await putProfile(headers, citizenProfile({ county_id: undefined, village_id: undefined })))).toEqual({
      'body.county_id': 'Acest câmp este obligatoriu',
    });
    expect(fieldsOf(await putProfile(headers, citizenProfile({ locality_id: undefined })))).toEqual({
      'body.locality_id': 'Acest câmp este obligatoriu',
    });
    expect(fieldsOf(await putProfile(headers, citizenProfile({ country_id: 999_999 })))).toEqual({
      'body.country_id': 'Valoarea introdusă nu este validă',
    });
  });

  it('accepts company fields only from legal entities', async () => {
    const headers = bearer(await tokenOf((await createUser('nu-firma@example.ro')).email));
    expect(
      fieldsOf(await putProfile(headers, citizenProfile({ company_name: 'Firma SRL', company_registration_code: 'RO18547290' }))),
    ).toEqual({
      'body.company_name': 'Câmpul este disponibil doar pentru persoane juridice',
      'body.company_registration_code': 'Câmpul este disponibil doar pentru persoane juridice',
    });
  });

  it('completes a legal entity with its company identity, checking the CUI', async () => {
    const headers = bearer(await tokenOf((await createUser('firma@example.ro', { userType: 'legal_entity' })).email));
    const person = await putProfile(headers, citizenProfile());
    expect(person.json().data).toMatchObject({
      profile_completed: false,
      missing_fields: ['company_name', 'company_registration_code', 'trade_registry_number'],
    });
    expect(fieldsOf(await putProfile(headers, citizenProfile({ company_registration_code: '18547291' })))).toEqual({
      'body.company_registration_code': 'CUI/CIF-ul nu este valid',
    });
    const complete = await putProfile(
      headers,
      citizenProfile({
        company_name: 'Construcții Test SRL',
        company_registration_code: 'ro 18547290',
        trade_registry_number: 'J26/77/2020',
      }),
    );
    expect(complete.json().data).toMatchObject({
      company_registration_code: 'RO18547290',
      profile_completed: true,
      missing_fields: [],
    });
  });

  it('completes a foreigner with passport, country, city and address instead of CNP and Romanian address', async () => {
    const [germany] = await t.ctx.db.select().from(countries).where(eq(countries.isoCode, 'DE'));
    const headers = bearer(await tokenOf((await createUser('strain@example.de', { userType: 'foreigner' })).email));
    const partial = await putProfile(headers, {
      first_name: 'Hans',
      last_name: 'Müller',
      passport_number: 'c01x00t47',
      city: 'München',
    });
    expect(partial.json().data).toMatchObject({
      profile_completed: false,
      missing_fields: ['country_id', 'address'],
      citizenship: 'foreign',
    });
    const response = await putProfile(headers, {
      first_name: 'Hans',
      last_name: 'Müller',
      passport_number: 'c01x00t47',
      country_id: germany.id,
      city: 'München',
      address: 'Leopoldstraße 21',
    });
    expect(response.json().data).toMatchObject({
      passport_number: 'C01X00T47',
      country_name: germany.name,
      personal_numeric_code: null,
      profile_completed: true,
      missing_fields: [],
    });
  });

  it("shows a sub-account its parent's company data and ignores company fields it sends", async () => {
    const headers = await t.authHeaders('office-editor@demo.ghiseu.ro');
    const before = (await getProfile(headers)).json().data;
    expect(before).toMatchObject({
      company_name: 'Atelier Proiect Arhitectură SRL',
      company_registration_code: '30123455',
      trade_registry_number: 'J26/555/2012',
      company_data_inherited: true,
    });
    const response = await putProfile(
      headers,
      citizenProfile({
        first_name: 'Elena',
        last_name: 'Moldovan',
        company_name: 'Alta Firmă SRL',
        trade_registry_number: 'J26/1/2000',
      }),
    );
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({
      company_name: 'Atelier Proiect Arhitectură SRL',
      trade_registry_number: 'J26/555/2012',
      profile_completed: true,
    });
    const editor = await userByEmail('office-editor@demo.ghiseu.ro');
    const [row] = await t.ctx.db.select().from(profiles).where(eq(profiles.userId, editor.id));
    expect(row.companyName).toBe('Atelier Proiect Arhitectură SRL');
  });

  it('keeps the phone when none is sent; a new phone must be confirmed again by SMS', async () => {
    await createUser('telefon@example.ro', { phone: '0722333444' });
    const headers = bearer(await tokenOf('telefon@example.ro'));
    const kept = (await putProfile(headers, citizenProfile())).json().data;
    expect(kept).toMatchObject({ phone: '0722333444', is_phone_confirmed: true });

    const changed = (await putProfile(headers, citizenProfile({ phone: '+40 722 333 555' }))).json().data;
    expect(changed).toMatchObject({ phone: '0722333555', is_phone_confirmed: false });
    // The session carries on; the SMS step runs with it instead of a verification token.
    expect(
      (await request({ method: 'POST', url: '/api/auth/phone/update', headers, payload: { phone: '0722333555' } })).statusCode,
    ).toBe(204);
    const code = await smsCode('0722333555');
    const validated = await request({
      method: 'POST',
      url: '/api/auth/phone/validate',
      headers,
      payload: { phone: '0722333555', smsCode: code },
    });
    expect(validated.json()).toMatchObject({
      isEmailConfirmed: true,
      isPhoneConfirmed: true,
      data: { authToken: expect.any(String) },
    });
    expect((await getProfile(headers)).json().data.is_phone_confirmed).toBe(true);
  });
});

describe('PATCH /api/users', () => {
  const patch = (headers: Record<string, string>, body: unknown) =>
    request({
      method: 'PATCH',
      url: '/api/users',
      headers: { ...headers, 'content-type': 'application/merge-patch+json' },
      payload: JSON.stringify(body),
    });
  const storeFile = async (ownerUserId: number, mimeType: string) => {
    const [row] = await t.ctx.db
      .insert(files)
      .values({
        storageKey: `test/${Math.random()}`,
        name: 'poza',
        mimeType,
        size: 10,
        sha256: '0'.repeat(64),
        purpose: 'default',
        ownerUserId,
      })
      .returning();
    return row.id;
  };

  it('merges names and the photo into the current user and audits the change', async () => {
    const user = await createUser('patch@example.ro');
    const headers = bearer(await tokenOf('patch@example.ro'));
    const renamed = await patch(headers, { first_name: 'Ștefan' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().data).toMatchObject({ first_name: 'Ștefan', last_name: 'Utilizator', email: 'patch@example.ro' });

    const photo = await storeFile(user.id, 'image/png');
    expect((await patch(headers, { photo_file_id: photo })).json().data.photo).toBe(String(photo));
    expect((await patch(headers, { photo_file_id: null })).json().data.photo).toBeNull();
    const actions = (
      await t.ctx.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.entityId, String(user.id)))
    ).map((a) => a.action);
    expect(actions.filter((a) => a === 'user.update')).toHaveLength(3);
  });

  it("refuses someone else's file, a file that is not an image, and bad names", async () => {
    const user = await createUser('poze@example.ro');
    const stranger = await createUser('strain@example.ro');
    const headers = bearer(await tokenOf('poze@example.ro'));
    const foreign = await patch(headers, { photo_file_id: await storeFile(stranger.id, 'image/png') });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ message: 'FILE_NOT_EXISTS' });
    expect((await patch(headers, { photo_file_id: 9_999_999 })).json()).toEqual({ message: 'FILE_NOT_EXISTS' });
    const pdf = await patch(headers, { photo_file_id: await storeFile(user.id, 'application/pdf') });
    expect(pdf.statusCode).toBe(415);
    expect(pdf.json().message).toBe('VALIDATION.UPLOADED_FILE_TYPE');
    expect((await patch(headers, { last_name: '' })).json().message).toBe('VALIDATION_ERROR');
    expect((await patch(headers, { first_name: null })).json().message).toBe('VALIDATION_ERROR');
    expect((await userByEmail('poze@example.ro')).photoFileId).toBeNull();
  });
});

describe('GET /api/users/{id}', () => {
  const read = (headers: Record<string, string>, id: number) => request({ method: 'GET', url: `/api/users/${id}`, headers });

  it('lets a user read their own record, without secrets', async () => {
    const citizen = await userByEmail('citizen@demo.ghiseu.ro');
    const response = await read(await t.authHeaders('citizen@demo.ghiseu.ro'), citizen.id);
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ user_id: citizen.id, email: 'citizen@demo.ghiseu.ro', status: 'active' });
    expect(JSON.stringify(response.json())).not.toMatch(/argon2|password|failed_login/);
  });

  it("does not let a citizen read another citizen's record (nor probe ids)", async () => {
    const other = await userByEmail('foreigner@demo.ghiseu.ro');
    const headers = await t.authHeaders('citizen@demo.ghiseu.ro');
    const response = await read(headers, other.id);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: 'FORBIDDEN' });
    expect((await read(headers, 9_999_999)).json()).toEqual({ message: 'FORBIDDEN' });
  });

  it('lets staff with accountsRead read accounts of their own organisation only', async () => {
    const adminHeaders = await t.authHeaders('admin@demo.ghiseu.ro');
    const staff = await userByEmail('staff@demo.ghiseu.ro');
    expect((await read(adminHeaders, staff.id)).json().data).toMatchObject({
      email: 'staff@demo.ghiseu.ro',
      user_type_name: 'staff',
    });

    const [cityHall] = await t.ctx.db
      .select()
      .from(organisations)
      .where(eq(organisations.name, 'Primăria Municipiului Sighișoara'));
    const elsewhere = await createUser('functionar@sighisoara.ro', { userType: 'staff', organisationId: cityHall.id });
    expect((await read(adminHeaders, elsewhere.id)).json()).toEqual({ message: 'FORBIDDEN' });
    // Applicants belong to no organisation: staff do not read them here.
    const citizen = await userByEmail('citizen@demo.ghiseu.ro');
    expect((await read(adminHeaders, citizen.id)).json()).toEqual({ message: 'FORBIDDEN' });
    expect((await read(adminHeaders, 9_999_999)).json()).toEqual({ message: 'NOT_FOUND' });
    // Staff without accountsRead cannot read colleagues.
    const admin = await userByEmail('admin@demo.ghiseu.ro');
    expect((await read(await t.authHeaders('staff@demo.ghiseu.ro'), admin.id)).json()).toEqual({ message: 'FORBIDDEN' });
  });

  it('rejects a malformed id', async () => {
    const response = await request({
      method: 'GET',
      url: '/api/users/abc',
      headers: await t.authHeaders('citizen@demo.ghiseu.ro'),
    });
    expect(response.statusCode).toBe(400);
  });
});
