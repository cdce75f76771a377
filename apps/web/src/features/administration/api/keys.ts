/**
 * Query keys of the administration feature. Everything lives under one root so that switching
 * organisation (delegated sign-in) can drop every cached administration answer at once.
 */
export const ADMIN_ROOT = 'administration' as const;

export const adminKeys = {
  all: [ADMIN_ROOT] as const,
  organisations: () => [ADMIN_ROOT, 'organisations'] as const,
  organisationList: (params: string) => [ADMIN_ROOT, 'organisations', 'list', params] as const,
  organisation: (id: number) => [ADMIN_ROOT, 'organisations', 'one', id] as const,
  organisationLogos: () => [ADMIN_ROOT, 'organisations', 'logos'] as const,
  departments: () => [ADMIN_ROOT, 'departments'] as const,
  departmentList: (params: string) => [ADMIN_ROOT, 'departments', 'list', params] as const,
  functions: () => [ADMIN_ROOT, 'functions'] as const,
  functionList: (params: string) => [ADMIN_ROOT, 'functions', 'list', params] as const,
  responsibilities: () => [ADMIN_ROOT, 'responsibilities'] as const,
  responsibilityList: (params: string) => [ADMIN_ROOT, 'responsibilities', 'list', params] as const,
  assignablePermissions: () => [ADMIN_ROOT, 'responsibilities', 'assignable-permissions'] as const,
  permissions: () => [ADMIN_ROOT, 'permissions'] as const,
  permissionList: (params: string) => [ADMIN_ROOT, 'permissions', 'list', params] as const,
  staffAccounts: () => [ADMIN_ROOT, 'staff-accounts'] as const,
  staffAccountList: (params: string) => [ADMIN_ROOT, 'staff-accounts', 'list', params] as const,
  staffAccount: (id: number) => [ADMIN_ROOT, 'staff-accounts', 'one', id] as const,
  uatAllocations: () => [ADMIN_ROOT, 'staff-accounts', 'uat-allocations'] as const,
  enrollments: () => [ADMIN_ROOT, 'enrollments'] as const,
  enrollmentList: (params: string) => [ADMIN_ROOT, 'enrollments', 'list', params] as const,
  enrollmentRedirect: (id: number) => [ADMIN_ROOT, 'enrollments', 'redirect', id] as const,
  ownIdentity: () => [ADMIN_ROOT, 'enrollments', 'own-identity'] as const,
};

/** `?a=b` when there are parameters, '' otherwise. */
export const withQuery = (path: string, params: string): string => (params ? `${path}?${params}` : path);
