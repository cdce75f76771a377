import { LIMITS, type PermissionKey } from '@ghiseu/domain';
import type { ComponentType } from 'react';
import { initI18n } from '../../lib/i18n';
import type { RouteMeta } from './route-meta';

/**
 * Every route of spec §2 with its guards (route `handle`) and its lazily loaded page. Pages that
 * later issues build render the shared placeholder until then: replace `placeholder` by the
 * feature's page loader, keep the meta.
 */

export type PageLoader = () => Promise<{ Component: ComponentType }>;

export interface AppRouteDefinition {
  path: string;
  meta: RouteMeta;
  page: PageLoader;
}

/** Rejects a chunk that has not arrived after 120 s (spec §9) so the error page can show. */
function withTimeout<T>(promise: Promise<T>): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('CHUNK_LOAD_TIMEOUT')), LIMITS.chunkLoadTimeoutMs);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

/**
 * A page loader for the named export of a lazily imported module. `namespaces` are the page's
 * texts: fetched beside the chunk, so that the page does not suspend on them after it arrives
 * (one round trip less before it shows). A failed text fetch does not fail the page: its
 * `useTranslation` asks again.
 */
export function lazyPage<M extends Record<string, unknown>>(
  load: () => Promise<M>,
  exportName: keyof M & string,
  namespaces: readonly string[] = [],
): PageLoader {
  return async () => {
    // i18next ignores loadNamespaces before its init: wait for it (it is started once, by main).
    const texts =
      namespaces.length > 0
        ? initI18n()
            .then((i18n) => i18n.loadNamespaces([...namespaces]))
            .catch(() => {})
        : undefined;
    const module = await withTimeout(load());
    await texts;
    return { Component: module[exportName] as ComponentType };
  };
}

const placeholder = lazyPage(() => import('../pages/placeholder-page'), 'PlaceholderPage');
const complaintsPage = lazyPage(() => import('../../features/complaints/pages/complaints-page'), 'ComplaintsPage', [
  'complaints',
]);
const complaintNewPage = lazyPage(() => import('../../features/complaints/pages/complaint-new-page'), 'ComplaintNewPage', [
  'complaints',
]);
const complaintPage = lazyPage(() => import('../../features/complaints/pages/complaint-page'), 'ComplaintPage', ['complaints']);
const complaintTypesPage = lazyPage(() => import('../../features/complaints/pages/complaint-types-page'), 'ComplaintTypesPage', [
  'complaints',
]);
const responseTemplatesPage = lazyPage(
  () => import('../../features/complaints/pages/response-templates-page'),
  'ResponseTemplatesPage',
  ['complaints'],
);
const controlsPage = lazyPage(() => import('../../features/controls/pages/controls-page'), 'ControlsPage', ['controls']);
const controlPage = lazyPage(() => import('../../features/controls/pages/control-page'), 'ControlPage', ['controls']);
const controlTypesPage = lazyPage(() => import('../../features/controls/pages/control-types-page'), 'ControlTypesPage', [
  'controls',
]);
const signInPage = lazyPage(() => import('../../features/auth/pages/sign-in-page'), 'SignInPage', ['auth']);
const signUpChoicePage = lazyPage(() => import('../../features/auth/pages/sign-up-choice-page'), 'SignUpChoicePage', ['auth']);
const signUpPersonalPage = lazyPage(() => import('../../features/auth/pages/sign-up-page'), 'SignUpPersonalPage', ['auth']);
const signUpProfessionalPage = lazyPage(() => import('../../features/auth/pages/sign-up-page'), 'SignUpProfessionalPage', [
  'auth',
]);
const forgotPasswordPage = lazyPage(() => import('../../features/auth/pages/forgot-password-page'), 'ForgotPasswordPage', [
  'auth',
]);
const resetPasswordPage = lazyPage(() => import('../../features/auth/pages/reset-password-page'), 'ResetPasswordPage', ['auth']);
const setPasswordPage = lazyPage(() => import('../../features/auth/pages/reset-password-page'), 'SetPasswordPage', ['auth']);
const changePasswordPage = lazyPage(() => import('../../features/auth/pages/change-password-page'), 'ChangePasswordPage', [
  'auth',
]);
const googleCallbackPage = lazyPage(() => import('../../features/auth/pages/google-callback-page'), 'GoogleCallbackPage');
const confirmEmailPage = lazyPage(() => import('../../features/auth/pages/confirm-email-page'), 'ConfirmEmailPage', ['auth']);
const verifySmsPage = lazyPage(() => import('../../features/auth/pages/verify-sms-page'), 'VerifySmsPage', ['auth']);
const invalidLinkPage = lazyPage(() => import('../../features/auth/pages/invalid-link-page'), 'InvalidLinkPage', ['auth']);
const profilePage = lazyPage(() => import('../../features/profile/pages/profile-page'), 'ProfilePage');
const subAccountsPage = lazyPage(() => import('../../features/sub-accounts/pages/sub-accounts-page'), 'SubAccountsPage');
const homePage = lazyPage(() => import('../../features/home/pages/home-page'), 'HomePage', ['home']);
const domainsPage = lazyPage(() => import('../../features/home/pages/domains-page'), 'DomainsPage');
const aboutPage = lazyPage(() => import('../../features/about/pages/about-page'), 'AboutPage');
const termsPage = lazyPage(() => import('../../features/about/pages/terms-page'), 'TermsPage');
export const errorPage = lazyPage(() => import('../pages/error-page'), 'ErrorPage');
const institutionsPage = lazyPage(() => import('../../features/administration/pages/institutions-page'), 'InstitutionsPage');
const institutionPage = lazyPage(() => import('../../features/administration/pages/institution-page'), 'InstitutionPage');
const accountsPage = lazyPage(() => import('../../features/administration/pages/accounts-page'), 'AccountsPage');
const responsibilitiesPage = lazyPage(
  () => import('../../features/administration/pages/responsibilities-page'),
  'ResponsibilitiesPage',
);
const permissionsPage = lazyPage(() => import('../../features/administration/pages/permissions-page'), 'PermissionsPage');
const staffEnrollmentPage = lazyPage(
  () => import('../../features/administration/pages/staff-enrollment-page'),
  'StaffEnrollmentPage',
);
const enrollmentRedirectPage = lazyPage(
  () => import('../../features/administration/pages/enrollment-redirect-page'),
  'EnrollmentRedirectPage',
);

const formsPage = lazyPage(() => import('../../features/forms/pages/forms-page'), 'FormsPage');
const processesPage = lazyPage(() => import('../../features/processes/pages/processes-page'), 'ProcessesPage', ['processes']);
const processEditorPage = lazyPage(() => import('../../features/processes/pages/process-editor-page'), 'ProcessEditorPage', [
  'processes',
]);
const formEditorPage = lazyPage(() => import('../../features/forms/pages/form-editor-page'), 'FormEditorPage');
const applicationTypesPage = lazyPage(
  () => import('../../features/application-types/pages/application-types-page'),
  'ApplicationTypesPage',
);
const documentTemplatesPage = lazyPage(
  () => import('../../features/document-templates/pages/document-templates-page'),
  'DocumentTemplatesPage',
  ['document-templates'],
);
const documentTemplateEditorPage = lazyPage(
  () => import('../../features/document-templates/pages/document-template-editor-page'),
  'DocumentTemplateEditorPage',
  ['document-templates'],
);
const notificationPreferencesPage = lazyPage(
  () => import('../../features/notifications/pages/notification-preferences-page'),
  'NotificationPreferencesPage',
  ['notifications'],
);
const notificationTemplatesPage = lazyPage(
  () => import('../../features/notifications/pages/notification-templates-page'),
  'NotificationTemplatesPage',
  ['notifications'],
);
const notificationTemplateEditPage = lazyPage(
  () => import('../../features/notifications/pages/notification-template-edit-page'),
  'NotificationTemplateEditPage',
  ['notifications'],
);
const circularMailPage = lazyPage(() => import('../../features/notifications/pages/circular-mail-page'), 'CircularMailPage', [
  'notifications',
]);
const documentSeriesPage = lazyPage(
  () => import('../../features/document-series/pages/document-series-page'),
  'DocumentSeriesPage',
);

type Extra = Omit<RouteMeta, 'titleKey' | 'moduleKey' | 'permissions'>;

/** A signed-in route, optionally needing one of `permissions`. */
function signedIn(
  path: string,
  titleKey: string,
  moduleKey: string,
  permissions?: readonly PermissionKey[],
  extra: Extra = {},
  page: PageLoader = placeholder,
): AppRouteDefinition {
  return { path, page, meta: { titleKey, moduleKey, auth: true, ...(permissions ? { permissions } : {}), ...extra } };
}

/** A route of the accounts module (sign-up, passwords, verification). */
function account(path: string, titleKey: string, page: PageLoader, extra: Extra = {}): AppRouteDefinition {
  return { path, page, meta: { titleKey, moduleKey: 'accounts', ...extra } };
}

/** The staff work lists (features/staff-applications): one page per list, with the list's texts. */
type StaffListPages = typeof import('../../features/staff-applications/pages/staff-list-page');
const staffListPage = (exportName: Exclude<keyof StaffListPages, 'StaffListPage'>) =>
  lazyPage(() => import('../../features/staff-applications/pages/staff-list-page'), exportName, ['staff-applications']);
const staffList = (path: string, titleKey: string, page: PageLoader) =>
  signedIn(path, titleKey, 'staffApplications', ['applicationsStaffOwnRead'], {}, page);
const config = (path: string, titleKey: string, permission: PermissionKey, page: PageLoader = placeholder) =>
  signedIn(path, titleKey, 'configuration', [permission], {}, page);
const atlas = (path: string, titleKey: string) => signedIn(path, titleKey, 'atlas', undefined, { menu: 'atlas' });
const archive = (path: string, titleKey: string) => signedIn(path, titleKey, 'archive', ['archiveRead'], { menu: 'archive' });

export const APP_ROUTES: readonly AppRouteDefinition[] = [
  // Authentication area
  { path: '/auth/signin', page: signInPage, meta: { titleKey: 'signIn' } },
  account('/auth/signup', 'signUp', signUpChoicePage, { publicOnly: true, layout: 'bare' }),
  account('/auth/signup/personal', 'signUpPersonal', signUpPersonalPage, { publicOnly: true }),
  account('/auth/signup/professional', 'signUpProfessional', signUpProfessionalPage, { publicOnly: true }),
  account('/auth/forgot-password', 'forgotPassword', forgotPasswordPage, { publicOnly: true }),
  account('/auth/reset-password', 'resetPassword', resetPasswordPage, { publicOnly: true, confirmationKey: true }),
  account('/auth/set-password', 'setPassword', setPasswordPage, { publicOnly: true, confirmationKey: true }),
  account('/auth/change-password', 'changePassword', changePasswordPage, { publicOnly: true }),
  account('/auth/google', 'googleCallback', googleCallbackPage, { publicOnly: true }),
  account('/auth/confirm-email', 'confirmEmail', confirmEmailPage, { emailVerification: true }),
  account('/auth/verify-sms', 'verifySms', verifySmsPage, { phoneVerification: true, verifyToken: true }),
  account('/auth/invalid-link', 'invalidLink', invalidLinkPage),

  // Home and applications
  signedIn('/home', 'home', 'applications', undefined, {}, homePage),
  signedIn('/domains', 'domains', 'applications', undefined, {}, domainsPage),
  signedIn(
    '/applications',
    'applications',
    'applications',
    ['applicationsRead'],
    {},
    lazyPage(() => import('../../features/applications/pages/applications-route'), 'ApplicationsRoutePage', ['applications']),
  ),
  signedIn(
    '/application/new/:appId?',
    'applicationNew',
    'applications',
    ['applicationsCreate'],
    {},
    lazyPage(() => import('../../features/applications/pages/application-wizard-page'), 'ApplicationWizardPage'),
  ),
  signedIn(
    '/application/:id/edit',
    'applicationEdit',
    'applications',
    ['applicationsRead'],
    {},
    lazyPage(() => import('../../features/applications/pages/application-wizard-page'), 'ApplicationWizardPage'),
  ),
  signedIn(
    '/application/:id/:tab?',
    'applicationView',
    'applications',
    // Staff and consultants read an application through the staff view (applicationsStaffOwnRead).
    ['applicationsRead', 'applicationsStaffOwnRead'],
    {},
    lazyPage(() => import('../../features/applications/pages/application-details-page'), 'ApplicationDetailsPage'),
  ),
  signedIn(
    '/application-payment/:applicationId/:opPaymentId',
    'applicationPayment',
    'payments',
    undefined,
    {},
    lazyPage(() => import('../../features/payments/pages/application-payment-page'), 'ApplicationPaymentPage', ['payments']),
  ),
  signedIn(
    '/application-confirmation/:id',
    'applicationConfirmation',
    'applications',
    undefined,
    {},
    lazyPage(() => import('../../features/applications/pages/application-confirmation-page'), 'ApplicationConfirmationPage'),
  ),
  signedIn(
    '/application-notify/:id',
    'applicationNotify',
    'payments',
    undefined,
    {},
    lazyPage(() => import('../../features/payments/pages/application-notify-page'), 'ApplicationNotifyPage', ['payments']),
  ),
  staffList('/applications-inbox', 'applicationsInbox', staffListPage('ApplicationsInboxPage')),
  staffList('/applications-assigned', 'applicationsAssigned', staffListPage('ApplicationsAssignedPage')),
  staffList('/applications-review', 'applicationsReview', staffListPage('ApplicationsReviewPage')),
  staffList('/new-applications', 'newApplications', staffListPage('NewApplicationsPage')),
  staffList('/applications-in-work', 'applicationsInWork', staffListPage('ApplicationsInWorkPage')),
  staffList('/applications-completed', 'applicationsCompleted', staffListPage('ApplicationsCompletedPage')),
  signedIn(
    '/register-application',
    'registerApplication',
    'staffApplications',
    ['applicationsRegister'],
    {},
    lazyPage(() => import('../../features/registry/pages/register-application-page'), 'RegisterApplicationPage', ['registry']),
  ),
  signedIn(
    '/application-circular-mail/:id',
    'circularMail',
    'staffApplications',
    ['circularNotificationsCreate'],
    {},
    circularMailPage,
  ),
  signedIn(
    '/beneficiaries',
    'beneficiaries',
    'beneficiaries',
    ['beneficiariesRead'],
    {},
    lazyPage(() => import('../../features/beneficiaries/pages/beneficiaries-page'), 'BeneficiariesPage', ['beneficiaries']),
  ),
  {
    path: '/qr/:id',
    page: lazyPage(() => import('../../features/public-status/pages/application-status-page'), 'ApplicationStatusPage', [
      'public-status',
    ]),
    meta: { titleKey: 'applicationStatus', moduleKey: 'publicStatus' },
  },

  {
    path: '/plata/:token',
    page: lazyPage(() => import('../../features/payments/pages/public-payment-page'), 'PublicPaymentPage', ['payments']),
    meta: { titleKey: 'publicPayment', moduleKey: 'payments' },
  },

  {
    path: '/verificare/:code',
    page: lazyPage(
      () => import('../../features/document-verification/pages/document-verification-page'),
      'DocumentVerificationPage',
      ['document-verification'],
    ),
    meta: { titleKey: 'documentVerification' },
  },

  // Issued documents, complaints, controls
  signedIn(
    '/issued-documents',
    'issuedDocuments',
    'issuedDocuments',
    ['issuedDocumentView'],
    {},
    lazyPage(() => import('../../features/issued-documents/pages/issued-documents-page'), 'IssuedDocumentsPage', [
      'issuedDocuments',
    ]),
  ),
  signedIn(
    '/document-series-allocation',
    'seriesAllocation',
    'seriesAllocation',
    ['documentSeriesAllocationRead'],
    {},
    lazyPage(() => import('../../features/series-allocations/pages/series-allocations-page'), 'SeriesAllocationsPage', [
      'seriesAllocations',
    ]),
  ),
  signedIn('/complain', 'complaints', 'complaints', ['complainView'], {}, complaintsPage),
  signedIn('/complain/new', 'complaintNew', 'complaints', ['complainCreate'], {}, complaintNewPage),
  signedIn('/complain/:id', 'complaintView', 'complaints', ['complainView'], {}, complaintPage),
  signedIn('/controls', 'controls', 'controls', ['controlRead'], {}, controlsPage),
  signedIn('/control/new', 'controlNew', 'controls', ['controlRead'], {}, controlPage),
  signedIn('/control/:id', 'controlView', 'controls', ['controlEdit'], {}, controlPage),
  config('/control-type', 'controlTypes', 'controlTypeRead', controlTypesPage),

  // Payments
  signedIn(
    '/payments',
    'payments',
    'payments',
    ['paymentRegistryRead'],
    {},
    lazyPage(() => import('../../features/payments-registry/pages/payments-page'), 'PaymentsPage', ['payments-registry']),
  ),
  signedIn(
    '/tax-calculator',
    'taxCalculator',
    'payments',
    ['taxCalculatorView'],
    {},
    lazyPage(() => import('../../features/taxes/pages/tax-calculator-page'), 'TaxCalculatorPage', ['taxes']),
  ),
  signedIn(
    '/payment-order',
    'paymentOrder',
    'payments',
    ['paymentOrderCreate'],
    {},
    lazyPage(() => import('../../features/payments-registry/pages/payment-order-page'), 'PaymentOrderPage', [
      'payments-registry',
    ]),
  ),

  // Configuration
  signedIn('/accounts', 'accounts', 'configuration', ['accountsRead'], {}, accountsPage),
  signedIn('/responsibilities', 'responsibilities', 'configuration', ['responsibilityRead'], {}, responsibilitiesPage),
  signedIn('/permissions', 'permissions', 'configuration', ['permissionsRead'], {}, permissionsPage),
  config('/process-editor', 'processEditor', 'processEditorRead', processesPage),
  config('/process/new', 'processNew', 'processEditorCreate', processEditorPage),
  config('/process/:id', 'processEdit', 'processEditorEdit', processEditorPage),
  config('/forms', 'forms', 'formsRead', formsPage),
  config('/form/new', 'formNew', 'formsCreate', formEditorPage),
  config('/form/:id', 'formView', 'formsRead', formEditorPage),
  config('/document-template', 'documentTemplates', 'documentTemplateRead', documentTemplatesPage),
  config('/document-template/new', 'documentTemplateNew', 'documentTemplateCreate', documentTemplateEditorPage),
  config('/document-template/:id', 'documentTemplateEdit', 'documentTemplateEdit', documentTemplateEditorPage),
  config(
    '/tax-category',
    'taxCategories',
    'taxCategoryRead',
    lazyPage(() => import('../../features/taxes/pages/tax-categories-page'), 'TaxCategoriesPage', ['taxes']),
  ),
  config('/application-type', 'applicationTypes', 'applicationTypeRead', applicationTypesPage),
  config('/complain-type', 'complaintTypes', 'complainTypeRead', complaintTypesPage),
  // Series types are the super administrator's; an organisation's administrator keeps its series here too.
  signedIn(
    '/document-series-type',
    'documentSeriesTypes',
    'configuration',
    ['documentSeriesTypeRead', 'documentSeriesEdit'],
    {},
    documentSeriesPage,
  ),
  config('/response-templates', 'responseTemplates', 'responseTemplatesRead', responseTemplatesPage),
  config('/system-settings', 'systemSettings', 'systemSettingsRead'),
  config('/decision-purpose-list', 'decisionPurposes', 'decisionPurposeRead'),
  config('/decision-target-list', 'decisionTargets', 'decisionTargetRead'),
  config('/metadata-mapping', 'metadataMapping', 'metadataMappingRead'),
  config('/notifications-templates', 'notificationTemplates', 'notificationsTemplateRead', notificationTemplatesPage),
  config(
    '/notifications-templates/:id/edit',
    'notificationTemplateEdit',
    'notificationsTemplateEdit',
    notificationTemplateEditPage,
  ),

  // Organisation, register, dashboard, account
  signedIn('/useful-links', 'usefulLinks', 'usefulLinks'),
  signedIn('/institutions', 'institutions', 'organisations', ['organisationsRead'], {}, institutionsPage),
  signedIn(
    '/institution',
    'institution',
    'organisations',
    ['organisationsOwn', 'organisationsView'],
    { organisationLimited: true },
    institutionPage,
  ),
  signedIn('/real-estate-register', 'realEstateRegister', 'realEstateRegister', ['realEstateRegisterRead']),
  signedIn('/dashboard', 'dashboard', 'dashboard', ['dashboardView']),
  signedIn('/dashboard-reports', 'dashboardReports', 'dashboard', ['reportsView']),
  signedIn('/profile', 'profile', 'profile', undefined, {}, profilePage),
  signedIn('/sub-accounts', 'subAccounts', 'profile', ['legalEntityAccounts'], {}, subAccountsPage),
  signedIn(
    '/notifications',
    'notificationSettings',
    'notifications',
    ['notificationPreferences'],
    {},
    notificationPreferencesPage,
  ),
  signedIn('/staff-enrollment', 'staffEnrollment', 'profile', undefined, {}, staffEnrollmentPage),
  signedIn('/staff-enrollment/redirect/:id', 'staffEnrollment', 'profile', undefined, {}, enrollmentRedirectPage),
  { path: '/faq', page: placeholder, meta: { titleKey: 'faq', moduleKey: 'faq' } },
  { path: '/faq/:id', page: placeholder, meta: { titleKey: 'faqDetails', moduleKey: 'faq' } },

  // Atlas
  atlas('/atlas/layers', 'atlasLayers'),
  atlas('/atlas/applications', 'atlasApplications'),
  atlas('/atlas/interest-areas', 'atlasInterestAreas'),
  atlas('/atlas/help', 'atlasHelp'),
  { path: '/atlas-public-view', page: placeholder, meta: { titleKey: 'atlasPublicView', moduleKey: 'atlas', menu: 'atlas' } },

  // Archive
  archive('/archive-dashboard', 'archiveDashboard'),
  archive('/archive-workspaces', 'archiveWorkspaces'),
  archive('/subfolder/:id', 'archiveSubfolder'),
  archive('/archive-documents/:id', 'archiveDocuments'),
  archive('/archive-document/:id', 'archiveDocument'),

  // Internal documents
  signedIn('/internal-documents', 'internalDocuments', 'internalDocuments', ['internalDocumentsRead']),
  signedIn('/internal-document/:id', 'internalDocumentEdit', 'internalDocuments', ['internalDocumentsEdit']),
  signedIn('/internal-document-new', 'internalDocumentNew', 'internalDocuments', ['internalDocumentsCreate']),
  signedIn('/sign-internal-documents', 'signInternalDocuments', 'internalDocuments', ['internalDocumentsRead']),

  // Public pages
  { path: '/about', page: aboutPage, meta: { titleKey: 'about' } },
  { path: '/terms', page: termsPage, meta: { titleKey: 'terms' } },
  { path: '/403', page: errorPage, meta: { titleKey: 'error403' } },
  { path: '/404', page: errorPage, meta: { titleKey: 'error404' } },
  { path: '/500', page: errorPage, meta: { titleKey: 'error500' } },
];

/** Redirect-only routes of spec §2. */
export const REDIRECTS: readonly { path: string; to: string }[] = [
  { path: '/', to: '/home' },
  { path: '/atlas', to: '/atlas/layers' },
  { path: '*', to: '/404' },
];
