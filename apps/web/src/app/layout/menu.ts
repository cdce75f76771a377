import { hasAnyPermission, isSimpleStaff, isStaffType, type PermissionKey, type PermissionSet } from '@ghiseu/domain';
import type { MenuMode } from '../routing/route-meta';

/**
 * The side menu of spec §2 'Layout and menu' as data: which entry exists, where it leads and who
 * sees it. Pure (no React, no icons) so that unit tests and the e2e suite read the same
 * definition the aside renders. Labels are keys of the `layout` namespace (`menu.<id>`).
 */

/** Counters fed by later modules; an entry shows nothing until its counter has a value. */
export type MenuCounterKey = 'assignedApplications' | 'applicationsToReview' | 'internalDocuments' | 'internalDocumentsToReview';

/** What the menu needs to know about the signed-in user. */
export interface MenuUser {
  permissions: PermissionSet;
  user_type_name: string;
  is_organisation_admin: boolean;
  organisation_id: number | null;
}

export interface MenuEntry {
  id: string;
  /** Link target; a function when it depends on the user (my organisation). */
  to?: string | ((user: MenuUser) => string);
  /** Shown when the user holds at least one of these. */
  permissions?: readonly PermissionKey[];
  /** Extra rule beyond permissions (staff only, organisation admins…). */
  when?: (user: MenuUser) => boolean;
  counter?: MenuCounterKey;
  /** A group: shown when at least one child is. */
  children?: readonly MenuEntry[];
}

export interface MenuSection {
  id: string;
  /** Section heading key (`menu.section.<id>`); none for the main list. */
  heading?: boolean;
  /** The whole section needs one of these. */
  permissions?: readonly PermissionKey[];
  when?: (user: MenuUser) => boolean;
  entries: readonly MenuEntry[];
}

const staffOnly = (user: MenuUser) => isStaffType(user.user_type_name);
const nonStaff = (user: MenuUser) => !isStaffType(user.user_type_name);

/** The create-request button above the menu (needs create on application). */
export const CREATE_REQUEST: MenuEntry = { id: 'createRequest', to: '/application/new', permissions: ['applicationsCreate'] };

export const DEFAULT_MENU: readonly MenuSection[] = [
  {
    id: 'main',
    entries: [
      { id: 'home', to: '/home' },
      {
        id: 'dashboardGroup',
        children: [
          { id: 'dashboard', to: '/dashboard', permissions: ['dashboardView'] },
          { id: 'dashboardReports', to: '/dashboard-reports', permissions: ['reportsView'] },
        ],
      },
      { id: 'applications', to: '/applications', permissions: ['applicationsRead'] },
      {
        id: 'inbox',
        children: [
          { id: 'applicationsInbox', to: '/applications-inbox', permissions: ['applicationsStaffOwnRead'] },
          { id: 'newApplications', to: '/new-applications', permissions: ['applicationsStaffOwnRead'] },
          {
            id: 'applicationsAssigned',
            to: '/applications-assigned',
            permissions: ['applicationsStaffOwnRead'],
            counter: 'assignedApplications',
          },
          {
            id: 'applicationsReview',
            to: '/applications-review',
            permissions: ['applicationsStaffOwnRead'],
            counter: 'applicationsToReview',
          },
          { id: 'applicationsInWork', to: '/applications-in-work', permissions: ['applicationsStaffOwnRead'] },
          { id: 'applicationsCompleted', to: '/applications-completed', permissions: ['applicationsStaffOwnRead'] },
        ],
      },
      {
        id: 'internalDocumentsGroup',
        children: [
          {
            id: 'internalDocuments',
            to: '/internal-documents',
            permissions: ['internalDocumentsRead'],
            counter: 'internalDocuments',
          },
          {
            id: 'signInternalDocuments',
            to: '/sign-internal-documents',
            permissions: ['internalDocumentsRead'],
            counter: 'internalDocumentsToReview',
          },
        ],
      },
      {
        id: 'generalRegistry',
        children: [
          { id: 'beneficiaries', to: '/beneficiaries', permissions: ['beneficiariesRead'] },
          { id: 'registerApplication', to: '/register-application', permissions: ['applicationsRegister'] },
        ],
      },
      { id: 'issuedDocuments', to: '/issued-documents', permissions: ['issuedDocumentView'] },
      { id: 'complaints', to: '/complain', permissions: ['complainView'] },
      { id: 'controls', to: '/controls', permissions: ['controlRead'] },
      {
        id: 'paymentsGroup',
        children: [
          { id: 'payments', to: '/payments', permissions: ['paymentRegistryRead'] },
          { id: 'taxCalculator', to: '/tax-calculator', permissions: ['taxCalculatorView'] },
          { id: 'paymentOrder', to: '/payment-order', permissions: ['paymentOrderCreate'] },
        ],
      },
      { id: 'realEstateRegister', to: '/real-estate-register', permissions: ['realEstateRegisterRead'] },
      { id: 'seriesAllocation', to: '/document-series-allocation', permissions: ['documentSeriesAllocationRead'] },
      {
        // The organisation's own series; the super administrator reaches them from configuration.
        id: 'documentSeries',
        to: '/document-series-type?tab=series',
        permissions: ['documentSeriesEdit'],
        when: (user) => isSimpleStaff(user.user_type_name),
      },
      { id: 'usefulLinks', to: '/useful-links', when: staffOnly },
      { id: 'institutions', to: '/institutions', permissions: ['organisationsRead'] },
      {
        id: 'myOrganisation',
        to: (user) => `/institution?id=${user.organisation_id}&tab=institution-details`,
        permissions: ['organisationsOwn'],
        when: (user) => isSimpleStaff(user.user_type_name) && user.is_organisation_admin && user.organisation_id !== null,
      },
      { id: 'faq', to: '/faq', when: nonStaff },
    ],
  },
  {
    // Staff-only external apps (spec §6); the archive also opens for archivers.
    id: 'apps',
    heading: true,
    entries: [
      { id: 'atlas', to: '/atlas', when: staffOnly },
      { id: 'archive', to: '/archive-dashboard', permissions: ['archiveRead'] },
    ],
  },
  {
    id: 'configuration',
    heading: true,
    permissions: ['systemConfig'],
    entries: [
      { id: 'processEditor', to: '/process-editor', permissions: ['processEditorRead'] },
      { id: 'accounts', to: '/accounts', permissions: ['accountsRead'] },
      { id: 'configBeneficiaries', to: '/beneficiaries', permissions: ['beneficiariesRead'] },
      { id: 'taxCategories', to: '/tax-category', permissions: ['taxCategoryRead'] },
      { id: 'complaintTypes', to: '/complain-type', permissions: ['complainTypeRead'] },
      { id: 'applicationTypes', to: '/application-type', permissions: ['applicationTypeRead'] },
      { id: 'documentSeriesTypes', to: '/document-series-type', permissions: ['documentSeriesTypeRead'] },
      { id: 'controlTypes', to: '/control-type', permissions: ['controlTypeRead'] },
      { id: 'forms', to: '/forms', permissions: ['formsRead'] },
      { id: 'documentTemplates', to: '/document-template', permissions: ['documentTemplateRead'] },
      { id: 'responseTemplates', to: '/response-templates', permissions: ['responseTemplatesRead'] },
      { id: 'notificationTemplates', to: '/notifications-templates', permissions: ['notificationsTemplateRead'] },
      { id: 'responsibilities', to: '/responsibilities', permissions: ['responsibilityRead'] },
      { id: 'permissions', to: '/permissions', permissions: ['permissionsRead'] },
      { id: 'metadataMapping', to: '/metadata-mapping', permissions: ['metadataMappingRead'] },
      { id: 'decisionPurposes', to: '/decision-purpose-list', permissions: ['decisionPurposeRead'] },
      { id: 'decisionTargets', to: '/decision-target-list', permissions: ['decisionTargetRead'] },
      { id: 'systemSettings', to: '/system-settings', permissions: ['systemSettingsRead'] },
    ],
  },
];

/** Atlas menu: the home action returns to the default menu. */
export const ATLAS_MENU: readonly MenuSection[] = [
  {
    id: 'atlas',
    entries: [
      { id: 'backHome', to: '/home' },
      { id: 'atlasLayers', to: '/atlas/layers' },
      { id: 'atlasApplications', to: '/atlas/applications' },
      { id: 'atlasInterestAreas', to: '/atlas/interest-areas' },
      { id: 'atlasHelp', to: '/atlas/help', when: staffOnly },
    ],
  },
];

/** Archive menu; the workspace and folder tree is added by the archive module. */
export const ARCHIVE_MENU: readonly MenuSection[] = [
  {
    id: 'archive',
    entries: [
      { id: 'backHome', to: '/home' },
      { id: 'archiveDashboard', to: '/archive-dashboard', permissions: ['archiveRead'] },
      { id: 'archiveWorkspaces', to: '/archive-workspaces', permissions: ['archiveRead'] },
    ],
  },
];

export const MENUS: Record<MenuMode, readonly MenuSection[]> = {
  default: DEFAULT_MENU,
  atlas: ATLAS_MENU,
  archive: ARCHIVE_MENU,
};

/** Where the brand (logo) leads in each mode. */
export const BRAND_TARGET: Record<MenuMode, string> = { default: '/home', archive: '/archive-dashboard', atlas: '/atlas' };

/** An entry after filtering, with its link resolved. */
export interface ResolvedMenuEntry {
  id: string;
  to?: string;
  counter?: MenuCounterKey;
  children?: ResolvedMenuEntry[];
}
export interface ResolvedMenuSection {
  id: string;
  heading: boolean;
  entries: ResolvedMenuEntry[];
}

function allowed(rule: { permissions?: readonly PermissionKey[]; when?: (user: MenuUser) => boolean }, user: MenuUser): boolean {
  if (rule.permissions && !hasAnyPermission(user.permissions, rule.permissions)) return false;
  return rule.when ? rule.when(user) : true;
}

function resolveEntry(entry: MenuEntry, user: MenuUser): ResolvedMenuEntry | null {
  if (!allowed(entry, user)) return null;
  if (entry.children) {
    const children = entry.children.map((child) => resolveEntry(child, user)).filter((c): c is ResolvedMenuEntry => c !== null);
    return children.length > 0 ? { id: entry.id, children } : null;
  }
  const to = typeof entry.to === 'function' ? entry.to(user) : entry.to;
  return { id: entry.id, to, counter: entry.counter };
}

/** The sections and entries this user sees in `mode`; empty sections are dropped. */
export function resolveMenu(mode: MenuMode, user: MenuUser): ResolvedMenuSection[] {
  return MENUS[mode]
    .filter((section) => allowed(section, user))
    .map((section) => ({
      id: section.id,
      heading: section.heading === true,
      entries: section.entries.map((entry) => resolveEntry(entry, user)).filter((e): e is ResolvedMenuEntry => e !== null),
    }))
    .filter((section) => section.entries.length > 0);
}

/** Ids of every visible entry (groups, their children and the create-request button): for tests. */
export function visibleMenuIds(mode: MenuMode, user: MenuUser): string[] {
  const ids: string[] = [];
  const walk = (entries: ResolvedMenuEntry[]) => {
    for (const entry of entries) {
      ids.push(entry.id);
      if (entry.children) walk(entry.children);
    }
  };
  if (mode === 'default' && allowed(CREATE_REQUEST, user)) ids.push(CREATE_REQUEST.id);
  for (const section of resolveMenu(mode, user)) walk(section.entries);
  return ids;
}
