import { eq, sql } from 'drizzle-orm';
import { documentSeries, documentSeriesCounters } from '../../db/schema/index.js';
import type { Db } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';

export type SeriesKind = 'main' | 'rejected';

export interface SeriesNumber {
  seriesId: number;
  kind: SeriesKind;
  /** 0 for a series that never resets. */
  year: number;
  index: number;
  /** The printed number, e.g. 'CU/15/2026'. */
  code: string;
}

/** The calendar year in Romania (a number taken at 00:30 on 1 January belongs to the new year). */
export function romanianYear(now: Date): number {
  return Number(new Intl.DateTimeFormat('en', { timeZone: 'Europe/Bucharest', year: 'numeric' }).format(now));
}

/** Builds the printed number from its parts: prefix, index and (for yearly series) the year. */
export function formatSeriesNumber(parts: { prefix: string; separator: string; index: number; year: number }): string {
  return [parts.prefix, String(parts.index), parts.year > 0 ? String(parts.year) : '']
    .filter((p) => p !== '')
    .join(parts.separator);
}

/**
 * Takes the next number of a series inside the caller's transaction (DESIGN.md §3). The
 * upsert locks the counter row until the transaction ends, so concurrent submissions get
 * distinct, contiguous numbers, and a rolled-back transaction gives its number back.
 */
export async function takeNextNumber(
  tx: Db,
  seriesId: number,
  kind: SeriesKind = 'main',
  now = new Date(),
): Promise<SeriesNumber> {
  const [series] = await tx.select().from(documentSeries).where(eq(documentSeries.id, seriesId));
  if (!series) throw new AppError('DOCUMENT_SERIES_NOT_DEFINED');
  if (!series.active) throw new AppError('DOCUMENT_SERIES_INACTIVE', { series_id: seriesId });
  const year = series.yearlyReset ? romanianYear(now) : 0;
  const [row] = await tx
    .insert(documentSeriesCounters)
    .values({ seriesId, year, kind, currentIndex: 1 })
    .onConflictDoUpdate({
      target: [documentSeriesCounters.seriesId, documentSeriesCounters.year, documentSeriesCounters.kind],
      set: { currentIndex: sql`${documentSeriesCounters.currentIndex} + 1` },
    })
    .returning({ index: documentSeriesCounters.currentIndex });
  const prefix = kind === 'rejected' ? series.rejectedPrefix : series.prefix;
  return {
    seriesId,
    kind,
    year,
    index: row.index,
    code: formatSeriesNumber({ prefix, separator: series.separator, index: row.index, year }),
  };
}

/** The last number given this year (0 when none yet). */
export async function currentIndex(tx: Db, seriesId: number, kind: SeriesKind = 'main', now = new Date()): Promise<number> {
  const [series] = await tx
    .select({ yearlyReset: documentSeries.yearlyReset })
    .from(documentSeries)
    .where(eq(documentSeries.id, seriesId));
  if (!series) throw new AppError('DOCUMENT_SERIES_NOT_DEFINED');
  const year = series.yearlyReset ? romanianYear(now) : 0;
  const [row] = await tx
    .select({ index: documentSeriesCounters.currentIndex })
    .from(documentSeriesCounters)
    .where(
      sql`${documentSeriesCounters.seriesId} = ${seriesId} AND ${documentSeriesCounters.year} = ${year} AND ${documentSeriesCounters.kind} = ${kind}`,
    );
  return row?.index ?? 0;
}

/**
 * Moves a series forward (an administrator aligning it with a paper register). Never back:
 * a lower value would hand out numbers twice (INDEX_CANNOT_BE_LOWER_THAN_CURRENT_VALUE).
 */
export async function setCurrentIndex(
  tx: Db,
  seriesId: number,
  value: number,
  kind: SeriesKind = 'main',
  now = new Date(),
): Promise<void> {
  const [series] = await tx
    .select({ yearlyReset: documentSeries.yearlyReset })
    .from(documentSeries)
    .where(eq(documentSeries.id, seriesId));
  if (!series) throw new AppError('DOCUMENT_SERIES_NOT_DEFINED');
  const year = series.yearlyReset ? romanianYear(now) : 0;
  // Lock the counter row (creating it at 0, which reads as "none given") before comparing: a
  // number taken by a concurrent submission can then not slip in between the check and the write.
  await tx
    .insert(documentSeriesCounters)
    .values({ seriesId, year, kind, currentIndex: 0 })
    .onConflictDoUpdate({
      target: [documentSeriesCounters.seriesId, documentSeriesCounters.year, documentSeriesCounters.kind],
      set: { currentIndex: sql`${documentSeriesCounters.currentIndex}` },
    });
  const current = await currentIndex(tx, seriesId, kind, now);
  if (value < current) throw new AppError('INDEX_CANNOT_BE_LOWER_THAN_CURRENT_VALUE', { current });
  await tx
    .insert(documentSeriesCounters)
    .values({ seriesId, year, kind, currentIndex: value })
    .onConflictDoUpdate({
      target: [documentSeriesCounters.seriesId, documentSeriesCounters.year, documentSeriesCounters.kind],
      set: { currentIndex: value },
    });
}
