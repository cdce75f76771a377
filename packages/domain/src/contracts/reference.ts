import { z } from 'zod';
import { ORGANISATION_TYPES } from '../roles.js';

export const ZCounty = z.object({
  id: z.number().int().describe('Codul SIRUTA al județului'),
  code: z.string().describe('Indicativul (MS, B, …)'),
  name: z.string(),
  uat_id: z.number().int().nullable(),
});
export type County = z.infer<typeof ZCounty>;

export const ZTerritorialUnit = z.object({
  id: z.number().int().describe('Codul SIRUTA al UAT-ului'),
  name: z.string(),
  type: z.enum(['municipiu', 'oraș', 'comună', 'sector']),
  county_id: z.number().int(),
  county_code: z.string(),
  is_county_seat: z.boolean(),
  environment: z.enum(['urban', 'rural']),
});
export type TerritorialUnit = z.infer<typeof ZTerritorialUnit>;

export const ZLocality = z.object({
  id: z.number().int().describe('Codul SIRUTA al localității'),
  name: z.string(),
  type: z.enum(['sat', 'localitate componentă']),
  uat_id: z.number().int(),
  uat_name: z.string(),
  county_code: z.string(),
  is_uat_seat: z.boolean(),
  postal_code: z.string().nullable(),
});
export type Locality = z.infer<typeof ZLocality>;

export const ZCountry = z.object({ id: z.number().int(), name: z.string(), iso_code: z.string() });
export type Country = z.infer<typeof ZCountry>;

export const ZOrganisation = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  status: z.enum(['active', 'inactive']),
  type: z.enum(ORGANISATION_TYPES),
  county_id: z.number().int().nullable(),
  locality_id: z.number().int().nullable(),
  uat_id: z.number().int().nullable(),
  is_test: z.boolean(),
  logo_file_id: z.number().int().nullable(),
  external_link: z.string().nullable(),
  citizen_dashboard_visible: z.boolean(),
  payment_order_details: z.string().nullable(),
  useful_links: z.array(z.object({ name: z.string(), link: z.string() })),
});
export type Organisation = z.infer<typeof ZOrganisation>;

export const ZUserTypeEntry = z.object({ id: z.number().int(), name: z.string(), label: z.string() });

export const ZSettingEntry = z.object({ key: z.string(), default_value: z.string(), description: z.string() });

export const ZOutboxMessage = z.object({
  id: z.number().int(),
  channel: z.enum(['email', 'sms']),
  to: z.string(),
  subject: z.string().nullable(),
  text: z.string(),
  html: z.string().nullable(),
  created_at: z.string(),
});
export type OutboxMessage = z.infer<typeof ZOutboxMessage>;

export const ZFileRecord = z.object({
  id: z.number().int(),
  name: z.string(),
  mime_type: z.string(),
  size: z.number().int(),
  purpose: z.string(),
  created_at: z.string(),
});
export type FileRecord = z.infer<typeof ZFileRecord>;
