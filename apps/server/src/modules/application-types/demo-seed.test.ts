import { type FormDefinition, validateFormData } from '@ghiseu/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { seedDemoApplicationTypes } from '../../seed/demo-applications.js';
import { call, DEMO } from '../../../test/administration-kit.js';
import { romanianYear } from '../document-series/index.js';
import { takeIncomingNumber } from './numbers.js';

/**
 * The demo configuration of Mureș, seeded into a fresh database through
 * `seedDemoApplicationTypes` (the test database has the demo accounts, not this seed).
 */
let t: TestApp;
let firstRun: Record<string, number>;
beforeAll(async () => {
  t = await createTestApp();
  firstRun = await t.ctx.db.transaction((tx) => seedDemoApplicationTypes(tx));
});
afterAll(async () => {
  await t?.close();
});

const EXPECTED = [
  { name: 'Certificat de urbanism', remaining_period: 30, domain: 'urbanism' },
  { name: 'Autorizație de construire', remaining_period: 30, domain: 'urbanism' },
  { name: 'Autorizație de desființare', remaining_period: 30, domain: 'urbanism' },
  { name: 'Aviz', remaining_period: 15, domain: 'approvals' },
];

describe('demo application types of Mureș', () => {
  it('are listed for citizens, in order, with their organisation and response period', async () => {
    const response = await call(t, 'GET', '/api/application-types/organisation');
    expect(response.statusCode).toBe(200);
    const mures = response
      .json()
      .data.filter((r: { organisation_name: string }) => r.organisation_name === 'Consiliul Județean Mureș');
    expect(
      mures.map((r: Record<string, unknown>) => ({ name: r.name, remaining_period: r.remaining_period, domain: r.domain })),
    ).toEqual(EXPECTED);
    expect(mures.every((r: { citizen_form_version: number }) => r.citizen_form_version === 1)).toBe(true);
    const approvals = await call(t, 'GET', '/api/application-types/organisation?domain=approvals');
    expect(approvals.json().data.map((r: { name: string }) => r.name)).toContain('Aviz');
  });

  it('is idempotent: a second run creates nothing', async () => {
    expect(Object.values(firstRun).every((n) => n >= 0)).toBe(true);
    const second = await t.ctx.db.transaction((tx) => seedDemoApplicationTypes(tx));
    expect(second).toEqual({ seriesTypes: 0, series: 0, forms: 0, applicationTypes: 0 });
  });

  it('numbers submissions from the Registratură CJ Mureș series', async () => {
    const [type] = (await call(t, 'GET', '/api/application-types/organisation')).json().data;
    const number = await t.ctx.db.transaction((tx) => takeIncomingNumber(tx, type.id));
    expect(number.code).toMatch(new RegExp(`^CJMS/\\d+/${romanianYear(new Date())}$`));
    const series = await call(t, 'GET', '/api/document-series?name[eq]=Registratură CJ Mureș', DEMO.admin);
    expect(series.json().data[0]).toMatchObject({
      prefix: 'CJMS',
      rejected_prefix: 'RES',
      yearly_reset: true,
      type_name: 'Intrări',
    });
    const types = (await call(t, 'GET', '/api/document-series-types?limit=100', DEMO.superadmin))
      .json()
      .data.map((r: { name: string }) => r.name);
    expect(types).toEqual(expect.arrayContaining(['Intrări', 'Ieșiri', 'Viză']));
  });

  it('has realistic published forms that the one validator accepts', async () => {
    const listed = (await call(t, 'GET', '/api/application-types/organisation')).json().data;
    const formOf = async (name: string): Promise<FormDefinition> => {
      const type = listed.find((r: { name: string }) => r.name === name);
      return (await call(t, 'GET', `/api/application-types/${type.id}/citizen-form`)).json().data.definition;
    };

    const certificate = await formOf('Certificat de urbanism');
    const keys = certificate.fields.map((f) => f.key);
    expect(keys).toEqual(
      expect.arrayContaining([
        'scopul_solicitarii',
        'descrierea_lucrarilor',
        'suprafata_terenului',
        'imobile',
        'beneficiari',
        'plan_incadrare_zona',
        'plan_situatie',
        'extras_carte_funciara',
        'dovada_achitarii_taxei',
      ]),
    );
    const filled = validateFormData(
      certificate,
      {
        scopul_solicitarii: 'vanzare_cumparare',
        descrierea_lucrarilor: 'ascunsă',
        suprafata_terenului: '850,5',
        regim_juridic: 'proprietar',
      },
      { files: { plan_incadrare_zona: [1], plan_situatie: [2], extras_carte_funciara: [3] } },
    );
    expect(filled.errors).toEqual([]);
    // The description is asked only when building or demolishing.
    expect(filled.value).toEqual({
      scopul_solicitarii: 'vanzare_cumparare',
      suprafata_terenului: 850.5,
      regim_juridic: 'proprietar',
    });
    expect(filled.markers.map((m) => m.type)).toEqual(['real_estate_target', 'beneficiaries']);

    const building = await formOf('Autorizație de construire');
    const result = validateFormData(
      building,
      {
        numar_certificat_urbanism: '125',
        data_certificat_urbanism: '2026-03-10',
        categoria_lucrarilor: 'locuinta',
        descrierea_lucrarilor: 'Locuință unifamilială P+1E',
        valoarea_lucrarilor: 450000,
        durata_executiei: 24,
        suprafata_terenului: 900,
        corpuri_cladire: [
          { denumire_corp: 'C1 locuință', regim_inaltime: 'P+1E', numar_niveluri: 2, arie_construita: 120.5 },
          { denumire_corp: 'C2 garaj', numar_niveluri: 1, arie_construita: 30 },
        ],
      },
      { files: { certificat_urbanism: [1], extras_carte_funciara: [2], documentatie_dtac: [3, 4] }, today: '2026-06-01' },
    );
    expect(result.errors).toEqual([]);
    expect(result.value).toMatchObject({ total_arie_construita: 150.5, total_arie_desfasurata: 271 });
    const missing = validateFormData(building, {}, { files: {}, today: '2026-06-01' });
    expect(missing.errors.map((e) => e.path)).toEqual(
      expect.arrayContaining(['corpuri_cladire', 'certificat_urbanism', 'documentatie_dtac', 'numar_certificat_urbanism']),
    );

    for (const name of ['Autorizație de desființare', 'Aviz']) expect((await formOf(name)).fields.length).toBeGreaterThan(5);
  });
});
