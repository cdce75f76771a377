/**
 * The document-series module's public face: the
 * numbering engine, and the series look-ups the application types make. Other modules import
 * only this file.
 */
export { romanianYear, type SeriesKind, type SeriesNumber, takeNextNumber } from './engine.js';
export { existingSeriesTypeIds, findSeriesOfType } from './service.js';
