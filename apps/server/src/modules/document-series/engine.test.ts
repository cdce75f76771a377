import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentSeries, documentSeriesTypes, organisations } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { currentIndex, formatSeriesNumber, romanianYear, setCurrentIndex, takeNextNumber } from './engine.js';

let t: TestApp;
let seriesId: number;
let plainSeriesId: number;
beforeAll(async () => {
  t = await createTestApp();
  const [org] = await t.ctx.db.select().from(organisations).limit(1);
  const [type] = await t.ctx.db.insert(documentSeriesTypes).values({ name: 'Intrări test' }).returning();
  [{ id: seriesId }] = await t.ctx.db
    .insert(documentSeries)
    .values({
      typeId: type.id,
      organisationId: org.id,
      name: 'Registratură test',
      prefix: 'CU',
      rejectedPrefix: 'R',
      separator: '/',
    })
    .returning({ id: documentSeries.id });
  [{ id: plainSeriesId }] = await t.ctx.db
    .insert(documentSeries)
    .values({ typeId: type.id, organisationId: org.id, name: 'Fără resetare', prefix: '', separator: '-', yearlyReset: false })
    .returning({ id: documentSeries.id });
});
afterAll(async () => {
  await t?.close();
});

describe('document series engine', () => {
  it('formats numbers with prefix, index and year', () => {
    expect(formatSeriesNumber({ prefix: 'CU', separator: '/', index: 15, year: 2026 })).toBe('CU/15/2026');
    expect(formatSeriesNumber({ prefix: '', separator: '-', index: 7, year: 0 })).toBe('7');
  });

  it('takes the year in Romanian time', () => {
    expect(romanianYear(new Date('2026-12-31T22:30:00Z'))).toBe(2027);
    expect(romanianYear(new Date('2026-12-31T21:30:00Z'))).toBe(2026);
  });

  it('numbers one after the other and resets every year', async () => {
    const a = await t.ctx.db.transaction((tx) => takeNextNumber(tx, seriesId, 'main', new Date('2026-05-01T10:00:00Z')));
    const b = await t.ctx.db.transaction((tx) => takeNextNumber(tx, seriesId, 'main', new Date('2026-05-01T10:00:00Z')));
    expect([a.code, b.code]).toEqual(['CU/1/2026', 'CU/2/2026']);
    const next = await t.ctx.db.transaction((tx) => takeNextNumber(tx, seriesId, 'main', new Date('2027-01-02T10:00:00Z')));
    expect(next.code).toBe('CU/1/2027');
    const rejected = await t.ctx.db.transaction((tx) =>
      takeNextNumber(tx, seriesId, 'rejected', new Date('2026-05-01T10:00:00Z')),
    );
    expect(rejected.code).toBe('R/1/2026');
  });

  it('gives a number back when the transaction rolls back: no gap', async () => {
    const at = new Date('2026-06-01T10:00:00Z');
    const before = await currentIndex(t.ctx.db, plainSeriesId, 'main', at);
    await expect(
      t.ctx.db.transaction(async (tx) => {
        await takeNextNumber(tx, plainSeriesId, 'main', at);
        throw new Error('submission failed');
      }),
    ).rejects.toThrow('submission failed');
    const after = await t.ctx.db.transaction((tx) => takeNextNumber(tx, plainSeriesId, 'main', at));
    expect(after.index).toBe(before + 1);
  });

  it('hands out distinct contiguous numbers to concurrent transactions', async () => {
    const at = new Date('2026-07-01T10:00:00Z');
    const start = await currentIndex(t.ctx.db, plainSeriesId, 'main', at);
    const taken = await Promise.all(
      Array.from({ length: 12 }, () => t.ctx.db.transaction((tx) => takeNextNumber(tx, plainSeriesId, 'main', at))),
    );
    const indexes = taken.map((n) => n.index).sort((x, y) => x - y);
    expect(indexes).toEqual(Array.from({ length: 12 }, (_, i) => start + 1 + i));
  });

  it('moves forward but never back', async () => {
    const at = new Date('2026-08-01T10:00:00Z');
    await t.ctx.db.transaction((tx) => setCurrentIndex(tx, seriesId, 500, 'main', at));
    expect((await t.ctx.db.transaction((tx) => takeNextNumber(tx, seriesId, 'main', at))).index).toBe(501);
    await expect(t.ctx.db.transaction((tx) => setCurrentIndex(tx, seriesId, 10, 'main', at))).rejects.toMatchObject({
      code: 'INDEX_CANNOT_BE_LOWER_THAN_CURRENT_VALUE',
      data: { current: 501 },
    });
  });

  it('refuses an inactive or unknown series', async () => {
    await t.ctx.db.update(documentSeries).set({ active: false }).where(eq(documentSeries.id, plainSeriesId));
    await expect(t.ctx.db.transaction((tx) => takeNextNumber(tx, plainSeriesId))).rejects.toMatchObject({
      code: 'DOCUMENT_SERIES_INACTIVE',
    });
    await expect(t.ctx.db.transaction((tx) => takeNextNumber(tx, 999_999))).rejects.toMatchObject({
      code: 'DOCUMENT_SERIES_NOT_DEFINED',
    });
  });
});
