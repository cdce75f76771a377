import { buildPermissionSet, PERMISSIONS, type PermissionKey, type UserType } from '@ghiseu/domain';
import { matchPath } from 'react-router';
import { describe, expect, it } from 'vitest';
import layoutTexts from '../../locales/ro/layout.json';
import { permissionGuard } from '../routing/guards';
import { APP_ROUTES, REDIRECTS } from '../routing/routes';
import { buildCurrentUser } from '../../lib/testing/fixtures';
import {
  ARCHIVE_MENU,
  ATLAS_MENU,
  BRAND_TARGET,
  CREATE_REQUEST,
  DEFAULT_MENU,
  type MenuEntry,
  type MenuUser,
  resolveMenu,
  visibleMenuIds,
} from './menu';

const asRole = (role: UserType, extra: Partial<MenuUser> = {}): MenuUser => ({
  permissions: buildPermissionSet(role),
  user_type_name: role,
  is_organisation_admin: false,
  organisation_id: null,
  ...extra,
});

const APPLICANT_MENU = [
  'createRequest',
  'home',
  'applications',
  'generalRegistry',
  'beneficiaries',
  'issuedDocuments',
  'complaints',
  'faq',
];
const INBOX = [
  'inbox',
  'applicationsInbox',
  'newApplications',
  'applicationsAssigned',
  'applicationsReview',
  'applicationsInWork',
  'applicationsCompleted',
];

/** What each role sees with the grants of ROLE_GRANTS only (spec §2 'Layout and menu', §6). */
const EXPECTED: Record<UserType, string[]> = {
  citizen: APPLICANT_MENU,
  foreigner: APPLICANT_MENU,
  legal_entity: APPLICANT_MENU,
  staff: [
    'home',
    'dashboardGroup',
    'dashboard',
    'dashboardReports',
    'applications',
    ...INBOX,
    'internalDocumentsGroup',
    'internalDocuments',
    'signInternalDocuments',
    'generalRegistry',
    'beneficiaries',
    'issuedDocuments',
    'complaints',
    'controls',
    'realEstateRegister',
    'seriesAllocation',
    'usefulLinks',
    'atlas',
    'archive',
  ],
  admin: [
    'home',
    'dashboardGroup',
    'dashboard',
    'dashboardReports',
    'applications',
    ...INBOX,
    'generalRegistry',
    'beneficiaries',
    'registerApplication',
    'issuedDocuments',
    'complaints',
    'realEstateRegister',
    'documentSeries',
    'usefulLinks',
    'institutions',
    'atlas',
    'archive',
  ],
  super_admin: [
    'home',
    'applications',
    'internalDocumentsGroup',
    'internalDocuments',
    'signInternalDocuments',
    'generalRegistry',
    'registerApplication',
    'issuedDocuments',
    'complaints',
    'paymentsGroup',
    'payments',
    'taxCalculator',
    'paymentOrder',
    'realEstateRegister',
    'seriesAllocation',
    'usefulLinks',
    'institutions',
    'atlas',
    'archive',
    'processEditor',
    'accounts',
    'taxCategories',
    'complaintTypes',
    'applicationTypes',
    'documentSeriesTypes',
    'controlTypes',
    'forms',
    'documentTemplates',
    'responseTemplates',
    'notificationTemplates',
    'responsibilities',
    'permissions',
    'metadataMapping',
    'decisionPurposes',
    'decisionTargets',
    'systemSettings',
  ],
  archiver: ['home', 'complaints', 'faq', 'archive'],
  consultant: ['home', ...INBOX, 'complaints', 'faq'],
};

describe('default menu per role (ROLE_GRANTS)', () => {
  it.each(Object.keys(EXPECTED) as UserType[])('%s', (role) => {
    expect(visibleMenuIds('default', asRole(role))).toEqual(EXPECTED[role]);
  });

  it('shows the create-request button only with applicationsCreate', () => {
    expect(visibleMenuIds('default', asRole('citizen'))).toContain('createRequest');
    expect(visibleMenuIds('default', { ...asRole('staff') })).not.toContain('createRequest');
    expect(visibleMenuIds('default', { ...asRole('staff'), permissions: { applicationsCreate: true } })).toContain(
      'createRequest',
    );
  });

  it('shows the configuration section only with systemConfig, each entry by its own permission', () => {
    const withoutSection = {
      ...asRole('super_admin'),
      permissions: { ...buildPermissionSet('super_admin'), systemConfig: undefined },
    };
    expect(resolveMenu('default', withoutSection).map((s) => s.id)).not.toContain('configuration');
    const partial = asRole('admin', { permissions: { ...buildPermissionSet('admin'), systemConfig: true } });
    const config = resolveMenu('default', partial).find((s) => s.id === 'configuration');
    // admin holds accounts, document templates, responsibilities and beneficiaries.
    expect(config?.entries.map((e) => e.id)).toEqual([
      'accounts',
      'configBeneficiaries',
      'documentTemplates',
      'responsibilities',
    ]);
  });

  it('shows "my organisation" to organisation admins with organisationsOwn, linking to their institution', () => {
    const orgAdmin = asRole('admin', {
      is_organisation_admin: true,
      organisation_id: 12,
      permissions: { ...buildPermissionSet('admin'), organisationsOwn: true },
    });
    const entry = resolveMenu('default', orgAdmin)
      .flatMap((s) => s.entries)
      .find((e) => e.id === 'myOrganisation');
    expect(entry?.to).toBe('/institution?id=12&tab=institution-details');
    // Without the flag, without the permission, or for a super admin: hidden.
    expect(visibleMenuIds('default', { ...orgAdmin, is_organisation_admin: false })).not.toContain('myOrganisation');
    const { organisationsOwn: _own, ...withoutOwn } = buildPermissionSet('admin');
    expect(visibleMenuIds('default', { ...orgAdmin, permissions: withoutOwn })).not.toContain('myOrganisation');
    expect(visibleMenuIds('default', { ...orgAdmin, user_type_name: 'super_admin' })).not.toContain('myOrganisation');
  });

  it('shows useful links to staff only', () => {
    for (const role of ['staff', 'admin', 'super_admin'] as const)
      expect(visibleMenuIds('default', asRole(role))).toContain('usefulLinks');
    for (const role of ['citizen', 'archiver', 'consultant'] as const) {
      expect(visibleMenuIds('default', asRole(role))).not.toContain('usefulLinks');
    }
  });

  it('shows a counter place on the four counted entries', () => {
    const counted = resolveMenu('default', asRole('staff'))
      .flatMap((s) => s.entries)
      .flatMap((e) => e.children ?? [e])
      .filter((e) => e.counter)
      .map((e) => e.counter);
    expect(counted).toEqual(['assignedApplications', 'applicationsToReview', 'internalDocuments', 'internalDocumentsToReview']);
  });
});

describe('atlas and archive menus', () => {
  it('start with the home action that returns to the default menu', () => {
    expect(visibleMenuIds('atlas', asRole('citizen'))[0]).toBe('backHome');
    expect(visibleMenuIds('archive', asRole('archiver'))[0]).toBe('backHome');
  });
  it('gate atlas help to staff and archive entries to archiveRead', () => {
    expect(visibleMenuIds('atlas', asRole('staff'))).toContain('atlasHelp');
    expect(visibleMenuIds('atlas', asRole('citizen'))).not.toContain('atlasHelp');
    expect(visibleMenuIds('archive', asRole('archiver'))).toEqual(['backHome', 'archiveDashboard', 'archiveWorkspaces']);
    expect(visibleMenuIds('archive', asRole('citizen'))).toEqual(['backHome']);
  });
  it('send the brand to home, archive dashboard or atlas by mode', () => {
    expect(BRAND_TARGET).toEqual({ default: '/home', archive: '/archive-dashboard', atlas: '/atlas' });
  });
});

describe('menu and routes agree', () => {
  const all = (entries: readonly MenuEntry[]): MenuEntry[] => entries.flatMap((e) => [e, ...all(e.children ?? [])]);
  const entries = [CREATE_REQUEST, ...[...DEFAULT_MENU, ...ATLAS_MENU, ...ARCHIVE_MENU].flatMap((s) => all(s.entries))];
  const paths = [...APP_ROUTES.map((r) => r.path), ...REDIRECTS.filter((r) => r.path !== '*').map((r) => r.path)];
  const menuTexts = layoutTexts.menu as Record<string, unknown>;

  it.each(entries.map((e) => [e.id, e] as const))('%s has a label and leads to a route its permissions open', (_id, entry) => {
    expect(typeof menuTexts[entry.id]).toBe('string');
    if (!entry.to) return;
    const target = typeof entry.to === 'function' ? entry.to(asRole('admin', { organisation_id: 1 })) : entry.to;
    const pathname = target.split('?')[0];
    const route = APP_ROUTES.find((r) => matchPath(r.path, pathname));
    expect(route ?? paths.includes(pathname)).toBeTruthy();
    if (route && entry.permissions) {
      for (const key of entry.permissions) {
        const user = buildCurrentUser({ permissions: { [key]: true } as Record<PermissionKey, true> });
        expect(
          permissionGuard({ user, pendingLogin: null, tokenCheck: 'idle' }, route.meta, { pathname, search: '' }),
        ).toBeNull();
      }
    }
  });

  it('uses only known permission keys', () => {
    for (const entry of entries) for (const key of entry.permissions ?? []) expect(PERMISSIONS).toHaveProperty(key);
    for (const route of APP_ROUTES) for (const key of route.meta.permissions ?? []) expect(PERMISSIONS).toHaveProperty(key);
  });
});
