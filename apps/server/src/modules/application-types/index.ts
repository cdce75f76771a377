/**
 * The application-types module's public face: the numbering of an application
 * type's documents from the series its type names (applications take their entry number here).
 * Other modules import only this file.
 */
export { takeApplicationTypeNumber, takeIncomingNumber } from './numbers.js';
