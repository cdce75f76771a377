import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, DEMO } from '../../../test/administration-kit.js';
import { completeDraft, createDraft } from '../../../test/applications-kit.js';
import { buildApplicationType, buildCitizen, buildTenant, type SignedIn } from '../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { TAX_RULE_MESSAGES, TAX_VALIDATOR_MESSAGES } from '@ghiseu/domain';
import { organisationIdByName } from '../../../test/administration-kit.js';
import { DEMO_PROVIDER_PASSWORD, seedDemoTaxes } from '../../seed/demo-taxes.js';
import { merchantOf } from '../payments/index.js';

let t: TestApp;
let other: Awaited<ReturnType<typeof buildTenant>>;
let citizen: SignedIn;
beforeAll(async () => {
  t = await createTestApp();
  other = await buildTenant(t);
  citizen = await buildCitizen(t);
});
afterAll(async () => {
  await t?.close();
});

const unique = (base: string) => `${base} ${Math.random().toString(36).slice(2, 8)}`;
type Who = string | Record<string, string>;

async function created(path: string, who: Who, body: Record<string, unknown>) {
  const response = await call(t, 'POST', path, who, body);
  if (response.statusCode !== 201) throw new Error(`${path}: ${response.statusCode} ${response.body}`);
  return response.json().data;
}
const createCategory = (name = unique('Categorie')) => created('/api/tax-categories', DEMO.superadmin, { name });

/** Codul fiscal art. 474 alin. (1): the urban planning certificate by land area. */
const CU_RANGES = [
  { start: 0, end: 150, value: '6' },
  { start: 150, end: 250, value: '7' },
  { start: 250, end: 500, value: '9' },
  { start: 500, end: 750, value: '12' },
  { start: 750, end: 1000, value: '14' },
  { start: 1000, end: null, value: '14' },
];
const cuTax = (categoryId: number, extra: Record<string, unknown> = {}) => ({
  category_id: categoryId,
  name: unique('Taxă certificat de urbanism'),
  entry_into_force: '2024-01-01',
  decision_number: '123',
  decision_date: '2023-12-15',
  price_model: 'mixed',
  base: 'land_area',
  percentage_value: '1',
  ranges: CU_RANGES,
  ...extra,
});

describe('tax categories', () => {
  it('are configured by the super administrator and read by organisation administrators', async () => {
    const category = await createCategory();
    expect(category).toMatchObject({ status: 'active', taxes_count: 0, abilities: { canEdit: true, canDelete: true } });
    expect((await call(t, 'POST', '/api/tax-categories', DEMO.admin, { name: unique('X') })).statusCode).toBe(403);
    expect((await call(t, 'PATCH', `/api/tax-categories/${category.id}`, DEMO.admin, { name: 'Y' })).statusCode).toBe(403);
    expect((await call(t, 'DELETE', `/api/tax-categories/${category.id}`, DEMO.admin)).statusCode).toBe(403);
    const read = await call(t, 'GET', `/api/tax-categories/${category.id}`, DEMO.admin);
    expect(read.statusCode).toBe(200);
    expect(read.json().data.abilities).toEqual({ canEdit: false, canDelete: false });
    expect((await call(t, 'GET', '/api/tax-categories', DEMO.citizen)).statusCode).toBe(403);
    expect((await call(t, 'GET', '/api/tax-categories', DEMO.staff)).statusCode).toBe(403);

    const list = await call(
      t,
      'GET',
      `/api/tax-categories?status[eq]=active&name[like]=${encodeURIComponent(`%${category.name.slice(-6)}`)}&pagination=true`,
      DEMO.admin,
    );
    expect(list.json().pagination.total).toBe(1);
    expect(list.json().data[0].id).toBe(category.id);
  });

  it('keep names unique, case-insensitively (VALIDATION_ERROR on name)', async () => {
    const category = await createCategory();
    const duplicate = await call(t, 'POST', '/api/tax-categories', DEMO.superadmin, { name: category.name.toUpperCase() });
    expect(duplicate.statusCode).toBe(400);
    expect(duplicate.json().data.fields[0].path).toBe('body.name');
    const second = await createCategory();
    const renamed = await call(t, 'PATCH', `/api/tax-categories/${second.id}`, DEMO.superadmin, { name: category.name });
    expect(renamed.statusCode).toBe(400);
    const patched = await call(t, 'PATCH', `/api/tax-categories/${second.id}`, DEMO.superadmin, { status: 'inactive' });
    expect(patched.json().data).toMatchObject({ name: second.name, status: 'inactive' });
  });

  it('cannot be deleted while taxes or application types refer to them (CATEGORY_NOT_EMPTY)', async () => {
    const withTax = await createCategory();
    await created('/api/taxes', DEMO.admin, cuTax(withTax.id));
    expect((await call(t, 'GET', `/api/tax-categories/${withTax.id}`, DEMO.superadmin)).json().data).toMatchObject({
      taxes_count: 1,
      abilities: { canDelete: false },
    });
    const refused = await call(t, 'DELETE', `/api/tax-categories/${withTax.id}`, DEMO.superadmin);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ message: 'CATEGORY_NOT_EMPTY', data: { taxes: 1, application_types: 0 } });

    const named = await createCategory();
    const fixture = await buildApplicationType(t);
    const put = await call(t, 'PUT', `/api/application-types/${fixture.typeId}/all-taxes`, DEMO.superadmin, { extra: named.id });
    expect(put.statusCode, put.body).toBe(200);
    expect((await call(t, 'DELETE', `/api/tax-categories/${named.id}`, DEMO.superadmin)).json()).toMatchObject({
      message: 'CATEGORY_NOT_EMPTY',
      data: { taxes: 0, application_types: 1 },
    });

    const empty = await createCategory();
    expect((await call(t, 'DELETE', `/api/tax-categories/${empty.id}`, DEMO.superadmin)).statusCode).toBe(204);
    expect((await call(t, 'GET', `/api/tax-categories/${empty.id}`, DEMO.superadmin)).statusCode).toBe(404);
  });

  it('must exist and be active when an application type names them', async () => {
    const fixture = await buildApplicationType(t);
    const inactive = await createCategory();
    await call(t, 'PATCH', `/api/tax-categories/${inactive.id}`, DEMO.superadmin, { status: 'inactive' });
    const refused = await call(t, 'PUT', `/api/application-types/${fixture.typeId}/taxes`, DEMO.superadmin, {
      land: inactive.id,
      extra: 999_999,
    });
    expect(refused.statusCode).toBe(400);
    expect(
      refused
        .json()
        .data.fields.map((f: { path: string }) => f.path)
        .sort(),
    ).toEqual(['body.tax_category_ids.extra', 'body.tax_category_ids.land']);
    const patched = await call(t, 'PATCH', `/api/application-types/${fixture.typeId}`, DEMO.superadmin, {
      tax_category_ids: { construction: 999_999 },
    });
    expect(patched.statusCode).toBe(400);
    expect(patched.json().data.fields[0].path).toBe('body.tax_category_ids.construction');
  });
});

describe('taxes', () => {
  it('belong to an organisation: its administrators and the super administrator edit them', async () => {
    const category = await createCategory();
    const tax = await created('/api/taxes', DEMO.admin, cuTax(category.id));
    expect(tax).toMatchObject({
      category_id: category.id,
      category_name: category.name,
      price_model: 'mixed',
      base: 'land_area',
      moment: 'application',
      percentage_value: '1',
      fixed_value: null,
      status: 'active',
      abilities: { canEdit: true, canDelete: true },
    });
    expect(tax.ranges[3]).toEqual({ start: 500, end: 750, value: '12.00' });

    // Another organisation's administrator does not see it; a citizen or staff member may not ask.
    expect((await call(t, 'GET', `/api/taxes/${tax.id}`, other.headers)).statusCode).toBe(404);
    expect((await call(t, 'PATCH', `/api/taxes/${tax.id}`, other.headers, { name: 'X' })).statusCode).toBe(404);
    expect((await call(t, 'DELETE', `/api/taxes/${tax.id}`, other.headers)).statusCode).toBe(404);
    const theirs = await call(t, 'GET', `/api/taxes?category_id[eq]=${category.id}`, other.headers);
    expect(theirs.json().data).toEqual([]);
    expect((await call(t, 'GET', '/api/taxes', DEMO.citizen)).statusCode).toBe(403);
    expect((await call(t, 'GET', `/api/taxes/${tax.id}`, DEMO.staff)).statusCode).toBe(403);
    // Only the super administrator names another organisation.
    expect(
      (await call(t, 'POST', '/api/taxes', DEMO.admin, { ...cuTax(category.id), organisation_id: other.organisationId }))
        .statusCode,
    ).toBe(403);
    const forOther = await created('/api/taxes', DEMO.superadmin, {
      ...cuTax(category.id),
      organisation_id: other.organisationId,
    });
    expect(forOther.organisation_id).toBe(other.organisationId);
    const filtered = await call(
      t,
      'GET',
      `/api/taxes?organisation_id[eq]=${other.organisationId}&category_id[eq]=${category.id}&pagination=true`,
      DEMO.superadmin,
    );
    expect(filtered.json().data.map((x: { id: number }) => x.id)).toEqual([forOther.id]);
    const range = await call(
      t,
      'GET',
      `/api/taxes?category_id[eq]=${category.id}&entry_into_force[ge]=2024-01-01&entry_into_force[lt]=2024-01-02&status[eq]=active`,
      DEMO.superadmin,
    );
    expect(range.json().data).toHaveLength(2);

    const patched = await call(t, 'PATCH', `/api/taxes/${tax.id}`, DEMO.superadmin, { name: 'Certificat de urbanism (teren)' });
    expect(patched.json().data).toMatchObject({ name: 'Certificat de urbanism (teren)', price_model: 'mixed' });
    const fixed = await call(t, 'PATCH', `/api/taxes/${tax.id}`, DEMO.admin, { price_model: 'fixed', fixed_value: '15,5' });
    expect(fixed.json().data).toMatchObject({ price_model: 'fixed', base: 'none', fixed_value: '15.50', ranges: [] });
    expect((await call(t, 'DELETE', `/api/taxes/${tax.id}`, DEMO.admin)).statusCode).toBe(204);
    expect((await call(t, 'GET', `/api/taxes/${tax.id}`, DEMO.admin)).statusCode).toBe(404);
  });

  it('refuse a second version with the same name, category and entry date (TAX_ALREADY_EXISTS)', async () => {
    const category = await createCategory();
    const tax = await created('/api/taxes', DEMO.admin, cuTax(category.id));
    const again = await call(t, 'POST', '/api/taxes', DEMO.admin, cuTax(category.id, { name: tax.name.toUpperCase() }));
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: 'TAX_ALREADY_EXISTS' });
    // A new version from a later date is welcome.
    await created('/api/taxes', DEMO.admin, cuTax(category.id, { name: tax.name, entry_into_force: '2025-01-01' }));
    const moved = await call(t, 'PATCH', `/api/taxes/${tax.id}`, DEMO.admin, { entry_into_force: '2025-01-01' });
    expect(moved.json()).toEqual({ message: 'TAX_ALREADY_EXISTS' });
  });

  it('refuse ranges with a hole or an overlap, naming the range', async () => {
    const category = await createCategory();
    const hole = await call(
      t,
      'POST',
      '/api/taxes',
      DEMO.admin,
      cuTax(category.id, {
        ranges: [
          { start: 0, end: 150, value: '6' },
          { start: 200, end: null, value: '7' },
        ],
      }),
    );
    expect(hole.statusCode).toBe(400);
    expect(hole.json()).toEqual({
      message: 'VALIDATION_ERROR',
      data: { fields: [{ path: 'body.ranges.1.start', message: TAX_RULE_MESSAGES.contiguous }] },
    });
    const overlap = await call(
      t,
      'POST',
      '/api/taxes',
      DEMO.admin,
      cuTax(category.id, {
        ranges: [
          { start: 0, end: 150, value: '6' },
          { start: 100, end: 300, value: '7' },
          { start: 300, end: 250, value: '8' },
        ],
      }),
    );
    expect(overlap.json().data.fields).toEqual([
      { path: 'body.ranges.1.start', message: TAX_RULE_MESSAGES.contiguous },
      { path: 'body.ranges.2.end', message: TAX_RULE_MESSAGES.endAfterStart },
    ]);
    const noPercent = await call(t, 'POST', '/api/taxes', DEMO.admin, {
      ...cuTax(category.id),
      price_model: 'percentage',
      base: 'construction_value',
      percentage_value: null,
    });
    expect(noPercent.json().data.fields).toEqual([
      { path: 'body.percentage_value', message: TAX_RULE_MESSAGES.percentageRequired },
    ]);
    const inactiveCategory = await createCategory();
    await call(t, 'PATCH', `/api/tax-categories/${inactiveCategory.id}`, DEMO.superadmin, { status: 'inactive' });
    const refused = await call(t, 'POST', '/api/taxes', DEMO.admin, cuTax(inactiveCategory.id));
    expect(refused.json().data.fields[0].path).toBe('body.category_id');
  });
});

/** A type of a fresh city hall with the CU tax (land), the AC tax (construction value, optional) and a fixed extra tax. */
async function taxedType(options: { construction?: boolean; discounts?: { name: string; percent: number }[] } = {}) {
  const fixture = await buildApplicationType(t);
  const land = await createCategory(unique('Certificat de urbanism'));
  const extra = await createCategory(unique('Taxe suplimentare'));
  const construction = await createCategory(unique('Autorizație de construire'));
  const org = { organisation_id: fixture.organisationId };
  const cu = await created('/api/taxes', DEMO.superadmin, { ...cuTax(land.id), ...org, name: 'Certificat de urbanism' });
  const stamp = await created('/api/taxes', DEMO.superadmin, {
    ...org,
    category_id: extra.id,
    name: 'Taxă de arhivare',
    entry_into_force: '2024-01-01',
    price_model: 'fixed',
    fixed_value: '5',
  });
  // Not in force yet: never applies.
  await created('/api/taxes', DEMO.superadmin, {
    ...org,
    category_id: extra.id,
    name: 'Taxă viitoare',
    entry_into_force: '2999-01-01',
    price_model: 'fixed',
    fixed_value: '100',
  });
  let ac: { id: number } | null = null;
  if (options.construction) {
    ac = await created('/api/taxes', DEMO.superadmin, {
      ...org,
      category_id: construction.id,
      name: 'Autorizație de construire',
      entry_into_force: '2024-01-01',
      price_model: 'percentage',
      base: 'construction_value',
      percentage_value: '0.5',
      purpose: 'housing',
    });
  }
  const put = await call(t, 'PUT', `/api/application-types/${fixture.typeId}/all-taxes`, DEMO.superadmin, {
    land: land.id,
    extra: extra.id,
    construction: construction.id,
  });
  expect(put.statusCode, put.body).toBe(200);
  if (options.discounts) {
    const patched = await call(t, 'PATCH', `/api/application-types/${fixture.typeId}`, DEMO.superadmin, {
      discounts: options.discounts,
    });
    expect(patched.statusCode, patched.body).toBe(200);
  }
  return { fixture, cu, stamp, ac, categories: { land: land.id, extra: extra.id, construction: construction.id } };
}

/** A complete draft of the type with land area 500 + 100 = 600 m². */
async function draftOf(typeId: number) {
  const id = await createDraft(t, citizen.headers, typeId);
  await completeDraft(t, citizen.headers, id, 7);
  const second = await call(t, 'POST', `/api/applications/${id}/real-estates`, citizen.headers, {
    cadastral_number: '300007',
    uat_id: 114319,
    type: 'land',
    area: 100,
  });
  expect(second.statusCode, second.body).toBeLessThan(300);
  return id;
}

describe('application type tax rules', () => {
  it('give the wizard the active taxes of the type’s categories and its discounts', async () => {
    const { fixture, cu, stamp, ac, categories } = await taxedType({
      construction: true,
      discounts: [{ name: 'Persoană cu dizabilități', percent: 100 }],
    });
    const rules = await call(t, 'GET', `/api/application-types/${fixture.typeId}/tax-rules`, citizen.headers);
    expect(rules.statusCode, rules.body).toBe(200);
    const data = rules.json().data;
    expect(data).toMatchObject({
      application_type_id: fixture.typeId,
      category_ids: categories,
      discounts: [{ name: 'Persoană cu dizabilități', percent: 100 }],
      needs_construction_value: true,
      needs_land_area: true,
    });
    expect(data.rules.map((r: { id: number }) => r.id)).toEqual(expect.arrayContaining([cu.id, stamp.id, ac!.id]));
    expect(data.rules.every((r: { abilities: { canEdit: boolean } }) => !r.abilities.canEdit)).toBe(true);
    expect((await call(t, 'GET', '/api/application-types/999999/tax-rules', citizen.headers)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/application-types/${fixture.typeId}/tax-rules` })).statusCode).toBe(
      401,
    );
  });
});

describe('the tax summary at submission', () => {
  it('is stored with the taxes in force: 600 m² of land → 12 lei, plus the 5 lei extra tax', async () => {
    const { fixture, cu, stamp } = await taxedType();
    const id = await draftOf(fixture.typeId);
    const sent = await call(t, 'PUT', `/api/applications/${id}/send`, citizen.headers);
    expect(sent.statusCode, sent.body).toBe(200);
    const application = sent.json().data;
    expect(application.total_tax).toBe(17);
    expect(application.is_paid).toBe(false);
    const summary = application.tax_summary;
    expect(summary).toMatchObject({ currency: 'RON', gross: '17.00', total: '17.00', discount: null, signing_tax_values: [] });
    expect(summary.application_tax_values).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ tax_id: cu.id, quantity: 600, amount: '12.00', missing_input: false }),
        expect.objectContaining({ tax_id: stamp.id, quantity: null, amount: '5.00' }),
      ]),
    );
    expect(summary.application_tax_values).toHaveLength(2);
  });

  it('needs the construction value when a tax is computed on it (TAX_INPUTS_MISSING)', async () => {
    const { fixture } = await taxedType({ construction: true });
    const id = await draftOf(fixture.typeId);
    const refused = await call(t, 'PUT', `/api/applications/${id}/send`, citizen.headers);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('TAX_INPUTS_MISSING');

    // The tax validator's rules on the draft: the value may not be below surface × unit value.
    const below = await call(t, 'PATCH', `/api/applications/${id}`, citizen.headers, {
      tax_inputs: {
        construction_scope: 'new',
        construction_type: 'A_UTIL',
        construction_purpose: 'housing',
        surface: 100,
        construction_value: '1000',
      },
    });
    expect(below.statusCode).toBe(400);
    expect(below.json().data.fields).toEqual([
      { path: 'body.tax_inputs.construction_value', message: TAX_VALIDATOR_MESSAGES.belowMinimum },
    ]);
    const saved = await call(t, 'PATCH', `/api/applications/${id}`, citizen.headers, {
      tax_inputs: {
        construction_scope: 'new',
        construction_type: 'A_UTIL',
        construction_purpose: 'housing',
        surface: 100,
        construction_value: '200000',
      },
      is_paid: true,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data.is_paid).toBe(false);
    const sent = await call(t, 'PUT', `/api/applications/${id}/send`, citizen.headers);
    expect(sent.statusCode, sent.body).toBe(200);
    // 12 (CU, 600 m²) + 5 (extra) + 0.5 % of 200 000 = 1 000 lei.
    expect(sent.json().data.tax_summary.total).toBe('1017.00');
  });

  it('applies the chosen discount; a total of 0 is paid by DISCOUNT', async () => {
    const { fixture } = await taxedType({ discounts: [{ name: 'Scutire', percent: 100 }] });
    const id = await draftOf(fixture.typeId);
    const unknown = await call(t, 'PATCH', `/api/applications/${id}`, citizen.headers, { discount_name: 'Inexistentă' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().data.fields[0].path).toBe('body.discount_name');
    const chosen = await call(t, 'PATCH', `/api/applications/${id}`, citizen.headers, { discount_name: 'Scutire' });
    expect(chosen.json().data.discount_name).toBe('Scutire');
    const sent = await call(t, 'PUT', `/api/applications/${id}/send`, citizen.headers);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().data).toMatchObject({ is_paid: true, payment_type: 'DISCOUNT', total_tax: 0 });
    expect(sent.json().data.tax_summary.discount).toEqual({ name: 'Scutire', discount_percent_value: 100, diff_value: '17.00' });
  });

  it('keeps a tax named in a stored summary: deleting it sets it inactive', async () => {
    const { fixture, stamp } = await taxedType();
    const id = await draftOf(fixture.typeId);
    expect((await call(t, 'PUT', `/api/applications/${id}/send`, citizen.headers)).statusCode).toBe(200);
    expect((await call(t, 'DELETE', `/api/taxes/${stamp.id}`, DEMO.superadmin)).statusCode).toBe(204);
    expect((await call(t, 'GET', `/api/taxes/${stamp.id}`, DEMO.superadmin)).json().data.status).toBe('inactive');
  });
});

describe('the demo seed', () => {
  it('gives the demo certificate type the art. 474 taxes of its organisation', async () => {
    const types = await call(
      t,
      'GET',
      `/api/application-types?name[eq]=${encodeURIComponent('Certificat de urbanism')}`,
      DEMO.superadmin,
    );
    const type = types.json().data[0];
    expect(type, types.body).toBeDefined();
    const rules = (await call(t, 'GET', `/api/application-types/${type.id}/tax-rules`, citizen.headers)).json().data;
    expect(rules.needs_land_area).toBe(true);
    const names = rules.rules.map((r: { name: string }) => r.name);
    expect(names).toEqual(
      expect.arrayContaining(['Taxa pentru eliberarea certificatului de urbanism', 'Taxa de arhivare a documentației']),
    );
    const cu = rules.rules.find((r: { price_model: string }) => r.price_model === 'mixed');
    expect(cu.ranges.at(-1)).toEqual({ start: 1000, end: null, value: '14.00' });
  });

  it('gives every demo organisation a sandbox collector account, once', async () => {
    const first = await seedDemoTaxes(t.ctx.db, t.ctx.config);
    expect(first).toMatchObject({ categories: 0, taxes: 0, collectorAccounts: 3 });
    expect(await seedDemoTaxes(t.ctx.db, t.ctx.config)).toEqual({
      categories: 0,
      taxes: 0,
      applicationTypes: 0,
      collectorAccounts: 0,
    });
    const council = await organisationIdByName(t, 'Consiliul Județean Mureș');
    expect((await merchantOf(t.ctx, council))?.merchant).toEqual({
      username: `demo-${council}`,
      password: DEMO_PROVIDER_PASSWORD,
    });
  });
});
