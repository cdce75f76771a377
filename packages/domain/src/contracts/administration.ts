import { zId } from './common.js';
import { ACCOUNT_STATUSES, ORGANISATION_TYPES, USER_TYPES } from '../roles.js';
import { PERMISSION_CATEGORIES, PERMISSION_KEYS } from '../permissions.js';
import { ZOrganisation } from './reference.js';
import { zHttpsUrl, zIsoDate, zCnp, zEmail, zRequiredText, zRomanianPhone } from '../validators/index.js';
import { z } from 'zod';

/**
 * Request and response contracts of the administration module (organisations, departments,
 * functions, responsibilities, permissions, staff accounts, UAT allocations, delegated sign-in,
 * staff enrollment). Every route declares these, so fastify validates them and the OpenAPI
 * document at /api/docs describes them. PATCH bodies are JSON merge patches: an absent field
 * stays as it is, `null` clears a nullable field.
 */

/**
 * Query of a list endpoint (DESIGN.md §4). Filters are written `field[op]=value`; the allowed
 * fields of each list are checked by the shared list-query parser (400 INVALID_QUERY otherwise),
 * so the object stays open here.
 */
export const ZListQuery = z.looseObject({
  skip: z.string().optional().describe('Câte înregistrări se sar'),
  limit: z.string().optional().describe('Câte înregistrări se întorc (1–500, implicit 20)'),
  pagination: z.enum(['true', 'false']).optional().describe('`true` adaugă { total, skip, limit }'),
  orLikeQuery: z.string().optional().describe('Text liber căutat în câmpurile listei'),
  sortKey: z.string().optional().describe('Câmpul de sortare, cu `-` în față pentru descrescător'),
});

const optionalText = (max = 255) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((v) => (v === '' ? null : v));

const ZIdList = z.array(zId()).max(500);

const ZNamed = z.object({ id: z.number().int(), name: z.string() });

/* ───────────────────────────── Organisations ───────────────────────────── */

export const ZOrganisationAbilities = z.object({
  canEdit: z.boolean(),
  canEditJurisdiction: z.boolean().describe('Tip, stare, test, județ, UAT: doar super administratorul'),
  canDelete: z.boolean(),
  canEditUsefulLinks: z.boolean(),
  canWorkIn: z.boolean().describe('Conectare delegată în această instituție (super administratorul, alta decât cea curentă)'),
});
export type OrganisationAbilities = z.infer<typeof ZOrganisationAbilities>;

/**
 * An organisation with what the reader may do with it. The public reads answer these too: all
 * false for an anonymous reader.
 */
export const ZAdminOrganisation = ZOrganisation.extend({ abilities: ZOrganisationAbilities });
export type AdminOrganisation = z.infer<typeof ZAdminOrganisation>;

/** What the reader of `GET /organisations` may do beyond its records (sent beside `data`). */
export const ZOrganisationListAbilities = z.object({
  canCreate: z.boolean().describe('Creează instituții: doar super administratorul'),
  canAdministerAll: z
    .boolean()
    .describe('Administrează toate instituțiile (super administratorul): listele de administrare arată și filtrează instituția'),
});
export type OrganisationListAbilities = z.infer<typeof ZOrganisationListAbilities>;

const organisationFields = {
  name: zRequiredText().describe('Denumirea instituției (unică, fără a ține cont de majuscule)'),
  description: optionalText(2000).describe('Descriere'),
  status: z.enum(['active', 'inactive']).describe('Starea'),
  type: z.enum(ORGANISATION_TYPES).describe('Consiliu județean, primărie sau servicii'),
  county_id: zId().nullish().describe('Codul SIRUTA al județului'),
  uat_id: zId().nullish().describe('Codul SIRUTA al UAT-ului (obligatoriu pentru primării)'),
  locality_id: zId().nullish().describe('Codul SIRUTA al localității'),
  is_test: z.boolean().describe('Instituție de test'),
  logo_file_id: zId().nullish().describe('Fișierul siglei (încărcat cu scopul `logo`)'),
  external_link: zHttpsUrl.nullish().describe('Site-ul instituției (https://)'),
  citizen_dashboard_visible: z.boolean().describe('Vizibilă pe panoul cetățeanului'),
  payment_order_details: optionalText(4000).describe('Detalii pentru ordinul de plată'),
};

export const ZOrganisationCreateRequest = z.object({
  ...organisationFields,
  status: organisationFields.status.default('active'),
  is_test: organisationFields.is_test.default(false),
  citizen_dashboard_visible: organisationFields.citizen_dashboard_visible.default(true),
});
export type OrganisationCreateRequest = z.infer<typeof ZOrganisationCreateRequest>;

export const ZOrganisationPatchRequest = z.object({
  name: organisationFields.name.optional(),
  description: organisationFields.description,
  status: organisationFields.status.optional(),
  type: organisationFields.type.optional(),
  county_id: organisationFields.county_id,
  uat_id: organisationFields.uat_id,
  locality_id: organisationFields.locality_id,
  is_test: organisationFields.is_test.optional(),
  logo_file_id: organisationFields.logo_file_id,
  external_link: organisationFields.external_link,
  citizen_dashboard_visible: organisationFields.citizen_dashboard_visible.optional(),
  payment_order_details: organisationFields.payment_order_details,
});
export type OrganisationPatchRequest = z.infer<typeof ZOrganisationPatchRequest>;

export const ZUsefulLinksCsv = z
  .string()
  .max(200_000)
  .describe('Text CSV, o legătură pe linie: `denumire,link` (antetul `name,link` este opțional; linkurile încep cu https://)');

/* ───────────────────────────── Departments ───────────────────────────── */

export const ZEditDeleteAbilities = z.object({ canEdit: z.boolean(), canDelete: z.boolean() });

export const ZDepartment = z.object({
  id: z.number().int(),
  organisation_id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  status: z.enum(['active', 'inactive']),
  user_count: z.number().int().describe('Câți funcționari aparțin departamentului'),
  created_at: z.string(),
  updated_at: z.string(),
  abilities: ZEditDeleteAbilities,
});
export type Department = z.infer<typeof ZDepartment>;

export const ZDepartmentCreateRequest = z.object({
  name: zRequiredText(),
  description: optionalText(2000),
  status: z.enum(['active', 'inactive']).default('active'),
  organisation_id: zId().optional().describe('Doar super administratorul; implicit instituția în care lucrează'),
});
export const ZDepartmentPatchRequest = z.object({
  name: zRequiredText().optional(),
  description: optionalText(2000),
  status: z.enum(['active', 'inactive']).optional(),
});

/* ───────────────────────────── Functions ───────────────────────────── */

export const ZStaffFunctionRecord = z.object({
  id: z.number().int(),
  organisation_id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  is_system: z.boolean(),
  system_key: z.string().nullable(),
  responsibility_ids: z.array(z.number().int()),
  responsibilities: z.array(ZNamed),
  user_count: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
  abilities: ZEditDeleteAbilities,
});
export type StaffFunctionRecord = z.infer<typeof ZStaffFunctionRecord>;

export const ZFunctionCreateRequest = z.object({
  name: zRequiredText(),
  description: optionalText(2000),
  responsibility_ids: ZIdList.default([]),
  organisation_id: zId().optional().describe('Doar super administratorul'),
});
export const ZFunctionPatchRequest = z.object({
  name: zRequiredText().optional(),
  description: optionalText(2000),
  responsibility_ids: ZIdList.optional(),
});

/* ───────────────────────────── Responsibilities ───────────────────────────── */

export const ZPermissionKey = z.enum(PERMISSION_KEYS as [string, ...string[]]).describe('Cheie din catalogul de permisiuni');

export const ZResponsibility = z.object({
  id: z.number().int(),
  organisation_id: z.number().int().nullable().describe('null: responsabilitate comună tuturor instituțiilor'),
  name: z.string(),
  description: z.string().nullable(),
  permissions: z.array(z.string()),
  function_count: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
  abilities: ZEditDeleteAbilities,
});
export type Responsibility = z.infer<typeof ZResponsibility>;

export const ZResponsibilityCreateRequest = z.object({
  name: zRequiredText(),
  description: optionalText(2000),
  permissions: z.array(ZPermissionKey).max(PERMISSION_KEYS.length).describe('Cel puțin o permisiune (EMPTY_RESPONSIBILITIES)'),
  organisation_id: zId().nullable().optional().describe('Doar super administratorul; null pentru o responsabilitate comună'),
});
export const ZResponsibilityPatchRequest = z.object({
  name: zRequiredText().optional(),
  description: optionalText(2000),
  permissions: z.array(ZPermissionKey).max(PERMISSION_KEYS.length).optional(),
});

export const ZAssignablePermission = z.object({
  key: z.string(),
  name: z.string(),
  category: z.string(),
  category_label: z.string(),
});

/* ───────────────────────────── Permissions ───────────────────────────── */

export const ZPermissionRecord = z.object({
  key: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  category: z.string(),
  category_label: z.string(),
  scope: z.enum(['user', 'organisation']),
  organisation_ids: z.array(z.number().int()),
  default_assignment: z.enum(['user', 'organisation']).nullable(),
  customised: z.boolean().describe('true când înregistrarea a fost modificată față de catalog'),
  updated_at: z.string().nullable(),
  abilities: z.object({ canEdit: z.boolean() }),
});
export type PermissionRecord = z.infer<typeof ZPermissionRecord>;

export const ZPermissionParams = z.object({ key: z.string().max(100) });

export const ZPermissionPatchRequest = z.object({
  name: zRequiredText().optional(),
  description: optionalText(2000),
  category: z.enum(Object.keys(PERMISSION_CATEGORIES) as [string, ...string[]]).optional(),
  scope: z.enum(['user', 'organisation']).optional(),
  organisation_ids: ZIdList.optional(),
  default_assignment: z.enum(['user', 'organisation']).nullish(),
});
export type PermissionPatchRequest = z.infer<typeof ZPermissionPatchRequest>;

/* ───────────────────────────── Staff accounts ───────────────────────────── */

export const ZStaffAccountAbilities = z.object({
  canEdit: z.boolean(),
  canDelete: z.boolean(),
  canActivate: z.boolean(),
  canDeactivate: z.boolean(),
  canResetPassword: z.boolean(),
  canAssignUats: z.boolean(),
  canChangeRole: z.boolean().describe('Schimbă rolul (funcționar ↔ administrator): nu propriul cont, nu un super administrator'),
  canGrantAdminRole: z.boolean().describe('Poate acorda rolul de administrator sau marcajul de administrator al instituției'),
});

/** What the reader of `GET /staff-accounts` may do beyond its records (sent beside `data`). */
export const ZStaffAccountListAbilities = z.object({
  canInvite: z.boolean().describe('Invită funcționari în instituția în care lucrează'),
  canGrantAdminRole: z.boolean().describe('Poate acorda rolul de administrator sau marcajul de administrator al instituției'),
});
export type StaffAccountListAbilities = z.infer<typeof ZStaffAccountListAbilities>;

export const ZStaffAccount = z.object({
  id: z.number().int(),
  email: z.string(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  phone: z.string().nullable(),
  user_type_name: z.enum(USER_TYPES),
  status: z.enum(ACCOUNT_STATUSES),
  organisation_id: z.number().int().nullable(),
  is_organisation_admin: z.boolean(),
  badge_number: z.string().nullable(),
  badge_issuer: z.string().nullable(),
  external_enrollment_id: z.string().nullable(),
  enrolled: z.boolean(),
  departments: z.array(ZNamed),
  functions: z.array(ZNamed.extend({ is_system: z.boolean() })),
  responsibilities: z.array(ZNamed),
  uats: z.array(ZNamed),
  created_at: z.string(),
  last_login_at: z.string().nullable(),
  abilities: ZStaffAccountAbilities,
});
export type StaffAccount = z.infer<typeof ZStaffAccount>;

export const ZStaffAccountDetail = ZStaffAccount.extend({
  permissions: z.array(z.string()).describe('Permisiunile efective: rolul plus funcțiile'),
});
export type StaffAccountDetail = z.infer<typeof ZStaffAccountDetail>;

const staffFields = {
  first_name: zRequiredText(),
  last_name: zRequiredText(),
  phone: zRomanianPhone.nullish(),
  user_type_name: z.enum(['staff', 'admin']).describe('Funcționar sau administrator'),
  is_organisation_admin: z.boolean(),
  badge_number: optionalText(),
  badge_issuer: optionalText(),
  external_enrollment_id: optionalText(),
  department_ids: ZIdList,
  function_ids: ZIdList,
};

export const ZStaffAccountInviteRequest = z.object({
  email: zEmail.transform((v) => v.toLowerCase()).describe('Adresa de e-mail a funcționarului'),
  ...staffFields,
  user_type_name: staffFields.user_type_name.default('staff'),
  is_organisation_admin: staffFields.is_organisation_admin.default(false),
  department_ids: staffFields.department_ids.default([]),
  function_ids: staffFields.function_ids.default([]),
  organisation_id: zId().optional().describe('Doar super administratorul; implicit instituția actuală'),
});
export type StaffAccountInviteRequest = z.infer<typeof ZStaffAccountInviteRequest>;

export const ZStaffAccountPatchRequest = z.object({
  first_name: staffFields.first_name.optional(),
  last_name: staffFields.last_name.optional(),
  phone: staffFields.phone,
  user_type_name: staffFields.user_type_name.optional(),
  is_organisation_admin: staffFields.is_organisation_admin.optional(),
  badge_number: staffFields.badge_number,
  badge_issuer: staffFields.badge_issuer,
  external_enrollment_id: staffFields.external_enrollment_id,
  department_ids: staffFields.department_ids.optional(),
  function_ids: staffFields.function_ids.optional(),
});
export type StaffAccountPatchRequest = z.infer<typeof ZStaffAccountPatchRequest>;

export const ZUatAssignmentRequest = z.object({
  uat_ids: ZIdList.describe('UAT-urile alocate (înlocuiesc lista actuală)'),
});

export const ZUatAllocation = z.object({
  uat_id: z.number().int(),
  uat_name: z.string(),
  county_id: z.number().int(),
  user_id: z.number().int(),
  user_name: z.string(),
  organisation_id: z.number().int(),
  created_at: z.string(),
});

/* ───────────────────────────── Delegated sign-in ───────────────────────────── */

export const ZDelegatedLoginRequest = z.object({
  organisation_id: zId()
    .nullable()
    .describe('Instituția în care lucrează super administratorul; null sau instituția proprie pentru revenire'),
});
export const ZDelegatedLoginResponse = z.object({
  data: z.object({
    authToken: z.string(),
    organisation_id: z.number().int().nullable(),
    delegated_from_organisation_id: z.number().int().nullable(),
  }),
});

/* ───────────────────────────── Enrollment ───────────────────────────── */

export const ZEnrollmentCreateRequest = z
  .object({
    personal_numeric_code: zCnp.describe('CNP'),
    id_card_series: zRequiredText(10).toUpperCase().describe('Seria actului de identitate'),
    id_card_number: zRequiredText(20).describe('Numărul actului de identitate'),
    id_card_issue_date: zIsoDate.describe('Data eliberării (aaaa-ll-zz)'),
    id_card_expiry_date: zIsoDate.describe('Data expirării (aaaa-ll-zz)'),
    id_card_issuer: zRequiredText().describe('Emitentul actului'),
    id_document_file_id: zId().describe('Imaginea actului, încărcată cu /api/files (scop `default`)'),
  })
  .refine((v) => v.id_card_issue_date < v.id_card_expiry_date, {
    error: 'Data expirării trebuie să fie după data eliberării',
    path: ['id_card_expiry_date'],
  });
export type EnrollmentCreateRequest = z.infer<typeof ZEnrollmentCreateRequest>;

export const ZEnrollmentStatus = z.enum(['pending', 'approved', 'rejected']);

export const ZEnrollmentCreated = z.object({
  data: z.object({ id: z.number().int(), redirect_url: z.string() }),
});

export const ZEnrollmentStatusRecord = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  status: ZEnrollmentStatus,
  enrolled: z.boolean().describe('Utilizatorul este înrolat (poate semna)'),
  rejection_reason: z.string().nullable(),
  created_at: z.string(),
  reviewed_at: z.string().nullable(),
});

export const ZEnrollmentRedirect = ZEnrollmentStatusRecord.extend({
  title: z.string(),
  message: z.string(),
  action: z.object({ label: z.string(), route: z.string() }),
});

export const ZEnrollmentRecord = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  user_name: z.string(),
  user_email: z.string(),
  organisation_id: z.number().int().nullable(),
  status: ZEnrollmentStatus,
  identity: z.record(z.string(), z.string()),
  id_document_file_id: z.number().int().nullable(),
  reviewed_by: z.number().int().nullable(),
  reviewed_at: z.string().nullable(),
  rejection_reason: z.string().nullable(),
  created_at: z.string(),
  abilities: z.object({ canApprove: z.boolean(), canReject: z.boolean() }),
});
export type EnrollmentRecord = z.infer<typeof ZEnrollmentRecord>;

export const ZEnrollmentListQuery = ZListQuery.extend({
  status: ZEnrollmentStatus.optional().describe('Scurtătură pentru status[eq]'),
});

export const ZEnrollmentRejectRequest = z.object({ reason: zRequiredText(1000).describe('Motivul respingerii') });

export const ZEnrollmentPersonResponse = z.object({
  success: z.boolean().describe('false: profilul nu are un CNP valid sau datele actului de identitate'),
  data: z.object({
    enrolled: z.boolean(),
    problems: z.array(z.string()).describe('Câmpurile profilului care trebuie completate sau corectate'),
  }),
});
