import { zId } from './common.js';
import { z } from 'zod';
import { FORM_MESSAGES } from '../forms/messages.js';
import { VALIDATION_MESSAGES as M } from '../validators/messages.js';

/**
 * Real-estate targets of an application and the land-registry parcel search (spec §3, §5, §7).
 * The portal's own cadastral table stands in for the land-registry service (DESIGN.md §6).
 */

export const REAL_ESTATE_TYPES = ['land', 'land_constructions'] as const;
export type RealEstateType = (typeof REAL_ESTATE_TYPES)[number];
export const REAL_ESTATE_TYPE_LABELS: Record<RealEstateType, string> = {
  land: 'Teren',
  land_constructions: 'Teren și construcții',
};

export const REAL_ESTATE_MESSAGES = {
  duplicateCadastralNumber: 'Numărul cadastral a fost deja adăugat pe cerere.',
  /** Spec §5, `{county}` is the organisation's county. */
  countyOnly: 'Se pot depune cereri doar pe județul {county}',
  unknownUat: 'UAT-ul nu există',
  area: 'Introduceți o suprafață pozitivă, cu cel mult două zecimale',
  searchCriteria: 'Căutați după număr cadastral și UAT sau după număr topografic',
} as const;

/**
 * A cadastral number (număr cadastral) as the land registry writes it: digits, optionally with
 * suffixes for a construction or a unit ('123456-C1', '123456-C1-U4'), upper-cased. The same rule
 * as the forms' cadastral-number field.
 */
export const zCadastralNumber = z
  .string({ error: M.required })
  .trim()
  .toUpperCase()
  .min(1, { error: M.required, abort: true })
  .regex(/^\d{1,12}(?:-[A-Z]{1,3}\d{1,5})*$/, { error: FORM_MESSAGES.cadastralNumber });

/** Area in square metres: positive, at most two decimals (the column is numeric(14,2)). */
export const zArea = z
  .number({ error: REAL_ESTATE_MESSAGES.area })
  .positive({ error: REAL_ESTATE_MESSAGES.area })
  .max(999_999_999_999, { error: REAL_ESTATE_MESSAGES.area })
  .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, { error: REAL_ESTATE_MESSAGES.area });

const optionalAddress = z
  .string()
  .trim()
  .max(500, { error: M.maxLength.replace('{max}', '500') })
  .nullish()
  .transform((v) => (v === '' ? null : (v ?? null)));

export const ZRealEstateCreateRequest = z.object({
  cadastral_number: zCadastralNumber.describe('Numărul cadastral'),
  uat_id: zId({ error: M.required }).describe('UAT-ul imobilului (cod SIRUTA); trebuie să fie în județul instituției'),
  type: z.enum(REAL_ESTATE_TYPES).describe('Teren sau teren și construcții'),
  area: zArea.nullish().describe('Suprafața declarată (m²); lipsă: cea din evidența cadastrală'),
  address: optionalAddress.describe('Adresa imobilului'),
});
export type RealEstateCreateRequest = z.infer<typeof ZRealEstateCreateRequest>;

/** Merge-patch of a real-estate target. */
export const ZRealEstatePatchRequest = z.object({
  cadastral_number: zCadastralNumber.optional(),
  uat_id: zId().optional(),
  type: z.enum(REAL_ESTATE_TYPES).optional(),
  area: zArea.nullish(),
  address: optionalAddress.optional(),
});
export type RealEstatePatchRequest = z.infer<typeof ZRealEstatePatchRequest>;

/** A real-estate target of an application. */
export const ZRealEstate = z.object({
  id: z.number().int(),
  application_id: z.number().int(),
  cadastral_number: z.string(),
  uat_id: z.number().int(),
  uat_name: z.string(),
  uat_type: z.string(),
  county_id: z.number().int(),
  county_name: z.string(),
  type: z.enum(REAL_ESTATE_TYPES),
  type_label: z.string(),
  area: z.number().nullable().describe('Suprafața declarată (m²)'),
  address: z.string().nullable(),
  registry_area: z.number().nullable().describe('Suprafața din evidența cadastrală, când parcela a fost găsită'),
  area_mismatch: z.boolean().describe('Suprafața declarată diferă de cea din evidența cadastrală'),
  found_in_registry: z.boolean(),
  position: z.number().int(),
});
export type RealEstate = z.infer<typeof ZRealEstate>;

/** The parcel search body (`POST /ancpi/parcels-search-requests/`): cadastral number and UAT, or topo number. */
export const ZParcelSearchRequest = z
  .object({
    cadastral_number: zCadastralNumber.optional(),
    uat_id: zId().optional(),
    topo_number: z.string().trim().min(1).max(50).optional(),
  })
  .refine((v) => v.topo_number !== undefined || (v.cadastral_number !== undefined && v.uat_id !== undefined), {
    error: REAL_ESTATE_MESSAGES.searchCriteria,
  });
export type ParcelSearchRequest = z.infer<typeof ZParcelSearchRequest>;

/** GeoJSON geometry in EPSG:4326, six decimals. */
export const ZGeoJsonGeometry = z.looseObject({ type: z.string(), coordinates: z.array(z.unknown()) });

export const ZParcel = z.object({
  cadastral_number: z.string(),
  topo_number: z.string(),
  uat_id: z.number().int(),
  uat_name: z.string(),
  area: z.number().describe('m²'),
  address: z.string().nullable(),
  land_registry_number: z.string().nullable().describe('Numărul cărții funciare'),
  geometry: ZGeoJsonGeometry.nullable(),
});
export type Parcel = z.infer<typeof ZParcel>;
