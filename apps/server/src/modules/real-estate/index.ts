/**
 * The real-estate module's public face: the part it plugs into an application, the list the registration receipt prints, and
 * the cadastral import the demo seed uses. Other modules import only this file.
 */
export { importParcels, type ParcelImport } from './parcels.js';
export { insertRegistryRealEstate, listApplicationRealEstates, realEstatePart } from './service.js';
