import { and, eq, sql } from 'drizzle-orm';
import { applicationTypes, collectorAccounts, organisations, taxCategories, taxes } from '../db/schema/index.js';
import { collectorBinding, encryptProviderPassword } from '../modules/payments/index.js';
import type { Config } from '../platform/config.js';
import type { Db } from '../platform/db.js';

/**
 * Demo taxes (issue 13): the three tax categories, for every demo organisation the taxes of
 * Codul fiscal art. 474 with real-looking values, the demo application types pointing at them,
 * and one active collector account per organisation (provider username `demo-<org id>`), so that
 * card payments work in the demo with the built-in sandbox gateway. Idempotent: what exists stays.
 */

export const DEMO_TAX_CATEGORIES = {
  land: 'Certificat de urbanism',
  construction: 'Autorizație de construire',
  extra: 'Taxe suplimentare',
} as const;

/** The demo provider password of every demo collector account (sandbox gateway only). */
export const DEMO_PROVIDER_PASSWORD = 'Sandbox!Demo2026';

const DECISION = { decisionNumber: '245', decisionDate: '2023-12-14', entryIntoForce: '2024-01-01' };
const JUSTIFICATION =
  'Hotărârea consiliului nr. 245/14.12.2023 privind impozitele și taxele locale pentru anul 2024 (Codul fiscal, art. 474)';

type TaxSeed = Omit<typeof taxes.$inferInsert, 'organisationId' | 'categoryId' | 'entryIntoForce'> & {
  category: keyof typeof DEMO_TAX_CATEGORIES;
};

/** Values in bani in the ranges (as the database keeps them); fixed values in lei (numeric). */
const TAXES: TaxSeed[] = [
  {
    category: 'land',
    name: 'Taxa pentru eliberarea certificatului de urbanism',
    priceModel: 'mixed',
    base: 'land_area',
    percentageValue: '1',
    ranges: [
      { start: 0, end: 150, value: 600 },
      { start: 150, end: 250, value: 700 },
      { start: 250, end: 500, value: 900 },
      { start: 500, end: 750, value: 1200 },
      { start: 750, end: 1000, value: 1400 },
      // 14 lei + 0,01 lei/m² pentru fiecare m² care depășește 1.000 m².
      { start: 1000, end: null, value: 1400 },
    ],
  },
  {
    category: 'construction',
    name: 'Taxa pentru eliberarea autorizației de construire (locuințe și anexe)',
    priceModel: 'percentage',
    base: 'construction_value',
    purpose: 'housing',
    percentageValue: '0.5',
  },
  {
    category: 'construction',
    name: 'Taxa pentru eliberarea autorizației de construire (alte construcții)',
    priceModel: 'percentage',
    base: 'construction_value',
    purpose: 'other',
    percentageValue: '1',
  },
  {
    category: 'extra',
    name: 'Taxa de arhivare a documentației',
    priceModel: 'fixed',
    base: 'none',
    fixedValue: '20.00',
  },
];

/** Which categories each demo application type uses (by name). */
const TYPE_CATEGORIES: Record<string, Partial<Record<keyof typeof DEMO_TAX_CATEGORIES, true>>> = {
  'Certificat de urbanism': { land: true, extra: true },
  'Autorizație de construire': { construction: true, extra: true },
  'Autorizație de desființare': { extra: true },
};

export async function seedDemoTaxes(tx: Db, secrets?: Pick<Config, 'appSecret' | 'dataDir'>): Promise<Record<string, number>> {
  const counts = { categories: 0, taxes: 0, applicationTypes: 0, collectorAccounts: 0 };
  const categoryIds = {} as Record<keyof typeof DEMO_TAX_CATEGORIES, number>;
  for (const [role, name] of Object.entries(DEMO_TAX_CATEGORIES) as [keyof typeof DEMO_TAX_CATEGORIES, string][]) {
    const [existing] = await tx
      .select({ id: taxCategories.id })
      .from(taxCategories)
      .where(sql`lower(${taxCategories.name}) = lower(${name})`);
    if (existing) {
      categoryIds[role] = existing.id;
      continue;
    }
    const [row] = await tx.insert(taxCategories).values({ name }).returning({ id: taxCategories.id });
    categoryIds[role] = row.id;
    counts.categories++;
  }

  const demoOrganisations = await tx
    .select({ id: organisations.id, name: organisations.name })
    .from(organisations)
    .where(
      sql`${organisations.name} IN ('Consiliul Județean Mureș', 'Primăria Municipiului Târgu Mureș', 'Primăria Municipiului Sighișoara')`,
    );
  for (const organisation of demoOrganisations) {
    for (const { category, ...tax } of TAXES) {
      const categoryId = categoryIds[category];
      const [existing] = await tx
        .select({ id: taxes.id })
        .from(taxes)
        .where(
          and(
            eq(taxes.organisationId, organisation.id),
            eq(taxes.categoryId, categoryId),
            sql`lower(${taxes.name}) = lower(${tax.name})`,
            eq(taxes.entryIntoForce, DECISION.entryIntoForce),
          ),
        );
      if (existing) continue;
      await tx.insert(taxes).values({
        ...tax,
        organisationId: organisation.id,
        categoryId,
        entryIntoForce: DECISION.entryIntoForce,
        decisionNumber: DECISION.decisionNumber,
        decisionDate: DECISION.decisionDate,
        justification: JUSTIFICATION,
      });
      counts.taxes++;
    }

    const types = await tx
      .select({ id: applicationTypes.id, name: applicationTypes.name, taxCategoryIds: applicationTypes.taxCategoryIds })
      .from(applicationTypes)
      .where(eq(applicationTypes.organisationId, organisation.id));
    for (const type of types) {
      const roles = TYPE_CATEGORIES[type.name];
      if (!roles || Object.values(type.taxCategoryIds ?? {}).some((id) => id !== null)) continue;
      const taxCategoryIds = {
        construction: roles.construction ? categoryIds.construction : null,
        land: roles.land ? categoryIds.land : null,
        extra: roles.extra ? categoryIds.extra : null,
      };
      await tx.update(applicationTypes).set({ taxCategoryIds }).where(eq(applicationTypes.id, type.id));
      counts.applicationTypes++;
    }

    // The provider password is encrypted with APP_SECRET: without the configuration there is no account.
    if (!secrets) continue;
    const username = `demo-${organisation.id}`;
    const [account] = await tx
      .select({ id: collectorAccounts.id })
      .from(collectorAccounts)
      .where(and(eq(collectorAccounts.organisationId, organisation.id), eq(collectorAccounts.providerUsername, username)));
    if (account) continue;
    await tx.insert(collectorAccounts).values({
      organisationId: organisation.id,
      name: `Cont colector ${organisation.name}`,
      bank: 'Trezoreria Târgu Mureș',
      iban: null,
      providerUsername: username,
      providerPasswordEncrypted: encryptProviderPassword(
        secrets,
        DEMO_PROVIDER_PASSWORD,
        collectorBinding(organisation.id, username),
      ),
      status: 'active',
    });
    counts.collectorAccounts++;
  }
  return counts;
}
