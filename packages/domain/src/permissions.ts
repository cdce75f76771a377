import type { UserType } from './roles.js';

/**
 * The permission catalogue of spec §6. A user's permissions are an object keyed by these keys
 * (`GET /api/users/me`). Routes and menu entries name the keys they accept; a user holding at
 * least one of them passes. Staff receive the grants of their role plus whatever their
 * functions → responsibilities → permissions add (computed on the server in one place).
 */
export const PERMISSION_CATEGORIES = {
  applications: 'Cereri',
  complaints: 'Sesizări',
  organisation: 'Instituție',
  configuration: 'Configurare sistem',
  archive: 'Arhivă',
  controls: 'Controale',
  documents: 'Documente',
  dashboard: 'Panou de control',
  atlas: 'Atlas',
  payments: 'Plăți',
  account: 'Cont',
} as const;
export type PermissionCategory = keyof typeof PERMISSION_CATEGORIES;

interface PermissionDefinition {
  category: PermissionCategory;
  description: string;
}
const p = (category: PermissionCategory, description: string): PermissionDefinition => ({ category, description });

export const PERMISSIONS = {
  // Applications (citizen side and staff side)
  applicationsRead: p('applications', 'Vizualizare cereri'),
  applicationsCreate: p('applications', 'Creare cereri'),
  applicationsEdit: p('applications', 'Modificare cereri proprii'),
  applicationsDestroy: p('applications', 'Ștergere ciorne'),
  applicationsStaffOwnRead: p('applications', 'Vizualizare cereri în lucru (funcționar)'),
  applicationsStaffOwnEdit: p('applications', 'Procesare cereri (funcționar)'),
  applicationsRegister: p('applications', 'Înregistrare cereri pentru instituții și funcționari'),
  beneficiariesRead: p('applications', 'Vizualizare beneficiari'),
  beneficiariesEdit: p('applications', 'Modificare beneficiari'),
  issuedDocumentView: p('documents', 'Vizualizare documente emise'),
  responseDueDaysEdit: p('applications', 'Modificare termen de răspuns'),
  circularNotificationsCreate: p('applications', 'Trimitere circulare'),
  CAN_VIEW_ALL: p('applications', 'Vizualizare toate cererile'),
  CAN_CREATE_ALL: p('applications', 'Creare pentru toți'),
  CAN_EDIT_ALL: p('applications', 'Modificare toate cererile'),
  CAN_DELETE_ALL: p('applications', 'Ștergere toate cererile'),
  CAN_VIEW_ORGANISATIONS_APPLICATIONS: p('applications', 'Vizualizare cererile instituției'),
  CAN_ASSIGN_APPLICATION: p('applications', 'Alocare și realocare cereri'),

  // Complaints
  complainView: p('complaints', 'Vizualizare sesizări'),
  complainCreate: p('complaints', 'Creare sesizări'),
  complainEdit: p('complaints', 'Soluționare sesizări'),
  complainStaffComment: p('complaints', 'Comentarii interne la sesizări'),

  // Organisation administration
  organisationsRead: p('organisation', 'Vizualizare instituții'),
  organisationsView: p('organisation', 'Vizualizare detalii instituție'),
  organisationsOwn: p('organisation', 'Administrare instituția proprie'),
  organisationsCreate: p('organisation', 'Creare instituții'),
  organisationsEdit: p('organisation', 'Modificare instituții'),
  organisationsDestroy: p('organisation', 'Ștergere instituții'),
  accountsRead: p('organisation', 'Vizualizare conturi funcționari'),
  accountsEdit: p('organisation', 'Administrare conturi funcționari'),
  departmentsEdit: p('organisation', 'Administrare departamente'),
  functionsEdit: p('organisation', 'Administrare funcții'),
  responsibilityRead: p('organisation', 'Vizualizare responsabilități'),
  responsibilityEdit: p('organisation', 'Administrare responsabilități'),
  bankAccountsEdit: p('organisation', 'Administrare conturi bancare'),
  bankAccountsDestroy: p('organisation', 'Ștergere conturi bancare'),
  taxesEdit: p('organisation', 'Administrare taxe'),
  documentSeriesEdit: p('organisation', 'Administrare serii de documente'),
  territorialUnitAllocationsEdit: p('organisation', 'Alocare UAT-uri'),
  decisionsEdit: p('organisation', 'Administrare hotărâri'),
  decisionsDestroy: p('organisation', 'Ștergere hotărâri'),
  legalEntityAccounts: p('account', 'Administrare subconturi'),
  companyProfileEdit: p('account', 'Modificare profil companie'),
  notificationPreferences: p('account', 'Preferințe notificări'),

  // Super-admin configuration
  systemConfig: p('configuration', 'Meniul de configurare a sistemului'),
  permissionsRead: p('configuration', 'Administrare permisiuni'),
  processEditorRead: p('configuration', 'Vizualizare procese'),
  processEditorCreate: p('configuration', 'Creare procese'),
  processEditorEdit: p('configuration', 'Modificare procese'),
  formsRead: p('configuration', 'Vizualizare formulare'),
  formsCreate: p('configuration', 'Creare formulare'),
  documentTemplateRead: p('configuration', 'Vizualizare șabloane de documente'),
  documentTemplateCreate: p('configuration', 'Creare șabloane de documente'),
  documentTemplateEdit: p('configuration', 'Modificare șabloane de documente'),
  taxCategoryRead: p('configuration', 'Categorii de taxe'),
  applicationTypeRead: p('configuration', 'Tipuri de cereri'),
  complainTypeRead: p('configuration', 'Tipuri de sesizări'),
  documentSeriesTypeRead: p('configuration', 'Tipuri de serii de documente'),
  controlTypeRead: p('configuration', 'Tipuri de control'),
  responseTemplatesRead: p('configuration', 'Șabloane de răspuns'),
  notificationsTemplateRead: p('configuration', 'Vizualizare șabloane de notificări'),
  notificationsTemplateEdit: p('configuration', 'Modificare șabloane de notificări'),
  metadataMappingRead: p('configuration', 'Corespondență metadate'),
  decisionPurposeRead: p('configuration', 'Scopuri hotărâri'),
  decisionTargetRead: p('configuration', 'Obiective hotărâri'),
  systemSettingsRead: p('configuration', 'Setări sistem'),
  layerVisibilityManage: p('atlas', 'Ordinea de vizibilitate a straturilor'),

  // Payments
  paymentRegistryRead: p('payments', 'Registrul de plăți'),
  taxCalculatorView: p('payments', 'Calculator taxe'),
  paymentOrderCreate: p('payments', 'Ordine de plată'),

  // Archive
  archiveRead: p('archive', 'Vizualizare arhivă'),
  archiveCreate: p('archive', 'Adăugare în arhivă'),
  archiveAdmin: p('archive', 'Administrare arhivă'),

  // Controls, internal documents, series allocation
  controlRead: p('controls', 'Vizualizare controale'),
  controlEdit: p('controls', 'Modificare controale'),
  internalDocumentsRead: p('documents', 'Vizualizare documente interne'),
  internalDocumentsCreate: p('documents', 'Creare documente interne'),
  internalDocumentsEdit: p('documents', 'Modificare documente interne'),
  documentSeriesAllocationRead: p('documents', 'Vizualizare alocări de serii'),
  documentSeriesAllocationCreate: p('documents', 'Creare alocări de serii'),
  documentSeriesAllocationEdit: p('documents', 'Modificare alocări de serii'),

  // Dashboard, reports, register
  dashboardView: p('dashboard', 'Panou de control'),
  reportsView: p('dashboard', 'Rapoarte'),
  predefinedReports: p('dashboard', 'Rapoarte predefinite'),
  realEstateRegisterRead: p('dashboard', 'Registrul imobilelor'),

  // Atlas
  atlasPublish: p('atlas', 'Publicare straturi'),
  atlasManage: p('atlas', 'Administrare straturi'),
  atlasDetails: p('atlas', 'Detalii straturi'),
} as const satisfies Record<string, PermissionDefinition>;

export type PermissionKey = keyof typeof PERMISSIONS;
export const PERMISSION_KEYS = Object.keys(PERMISSIONS) as PermissionKey[];

/** The permission object of `GET /api/users/me`. */
export type PermissionSet = Partial<Record<PermissionKey, true>>;

const APPLICANT: PermissionKey[] = [
  'applicationsRead',
  'applicationsCreate',
  'applicationsEdit',
  'applicationsDestroy',
  'complainView',
  'complainCreate',
  'beneficiariesRead',
  'beneficiariesEdit',
  'issuedDocumentView',
  'notificationPreferences',
];

const ORGANISATION_ADMIN: PermissionKey[] = [
  'organisationsRead',
  'organisationsView',
  'organisationsCreate',
  'organisationsEdit',
  'organisationsDestroy',
  'accountsRead',
  'accountsEdit',
  'departmentsEdit',
  'functionsEdit',
  'responsibilityRead',
  'responsibilityEdit',
  'bankAccountsEdit',
  'taxesEdit',
  'documentSeriesEdit',
  'territorialUnitAllocationsEdit',
  'decisionsEdit',
  'documentTemplateRead',
  'documentTemplateCreate',
  'documentTemplateEdit',
];

const COMPLAINT_SOLVER: PermissionKey[] = ['complainView', 'complainEdit'];

/** Grants by role of spec §6. Staff add what their functions give them. */
export const ROLE_GRANTS: Record<UserType, readonly PermissionKey[]> = {
  citizen: APPLICANT,
  foreigner: APPLICANT,
  legal_entity: [...APPLICANT, 'legalEntityAccounts', 'companyProfileEdit'],
  staff: [
    'applicationsRead',
    'applicationsStaffOwnRead',
    'applicationsStaffOwnEdit',
    ...COMPLAINT_SOLVER,
    'complainStaffComment',
    'beneficiariesRead',
    'beneficiariesEdit',
    'issuedDocumentView',
    'archiveRead',
    'controlRead',
    'controlEdit',
    'documentSeriesAllocationRead',
    'documentSeriesAllocationCreate',
    'documentSeriesAllocationEdit',
    'internalDocumentsRead',
    'internalDocumentsCreate',
    'internalDocumentsEdit',
    'dashboardView',
    'reportsView',
    'predefinedReports',
    'responseDueDaysEdit',
    'realEstateRegisterRead',
    'circularNotificationsCreate',
    'atlasPublish',
    'atlasManage',
    'atlasDetails',
    'notificationPreferences',
  ],
  admin: [
    // The 'my organisation' entry (spec §2); the screen itself checks that the id is their own.
    'organisationsOwn',
    'applicationsRead',
    'applicationsStaffOwnRead',
    'applicationsRegister',
    ...COMPLAINT_SOLVER,
    'complainStaffComment',
    'beneficiariesRead',
    'beneficiariesEdit',
    'issuedDocumentView',
    ...ORGANISATION_ADMIN,
    'archiveRead',
    'archiveCreate',
    'archiveAdmin',
    'dashboardView',
    'reportsView',
    'realEstateRegisterRead',
    'circularNotificationsCreate',
    'notificationPreferences',
  ],
  super_admin: [
    'applicationsRead',
    'applicationsRegister',
    'CAN_VIEW_ALL',
    ...COMPLAINT_SOLVER,
    'issuedDocumentView',
    ...ORGANISATION_ADMIN,
    'bankAccountsDestroy',
    'decisionsDestroy',
    'systemConfig',
    'permissionsRead',
    'processEditorRead',
    'processEditorCreate',
    'processEditorEdit',
    'formsRead',
    'formsCreate',
    'taxCategoryRead',
    'applicationTypeRead',
    'complainTypeRead',
    'documentSeriesTypeRead',
    'controlTypeRead',
    'responseTemplatesRead',
    'notificationsTemplateRead',
    'notificationsTemplateEdit',
    'metadataMappingRead',
    'decisionPurposeRead',
    'decisionTargetRead',
    'systemSettingsRead',
    'layerVisibilityManage',
    'paymentRegistryRead',
    'taxCalculatorView',
    'paymentOrderCreate',
    'internalDocumentsRead',
    'internalDocumentsCreate',
    'internalDocumentsEdit',
    'documentSeriesAllocationRead',
    'atlasPublish',
    'atlasManage',
    'atlasDetails',
    'predefinedReports',
    'responseDueDaysEdit',
    'realEstateRegisterRead',
    'circularNotificationsCreate',
    'archiveRead',
    'notificationPreferences',
  ],
  archiver: ['archiveRead', 'archiveCreate', 'complainView', 'notificationPreferences'],
  consultant: ['applicationsStaffOwnRead', 'complainView', 'notificationPreferences'],
};

/** Builds the permission object for a role plus extra keys (from functions, delegation…). */
export function buildPermissionSet(role: UserType, extra: Iterable<string> = []): PermissionSet {
  const set: PermissionSet = {};
  for (const key of ROLE_GRANTS[role]) set[key] = true;
  for (const key of extra) if (Object.hasOwn(PERMISSIONS, key)) set[key as PermissionKey] = true;
  return set;
}

/** True when the user holds at least one of `allowed` (spec §6); an empty list allows all. */
export function hasAnyPermission(set: PermissionSet | undefined | null, allowed: readonly PermissionKey[]): boolean {
  if (allowed.length === 0) return true;
  if (!set) return false;
  return allowed.some((key) => set[key] === true);
}
