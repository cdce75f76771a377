/** Application statuses of spec §4 with their Romanian labels. */
export const APPLICATION_STATUSES = [
  'DRAFT',
  'NEW',
  'REGISTERED',
  'PENDING',
  'REVIEW',
  'APPROVED',
  'REJECTED',
  'REJECTED_IN_PROGRESS',
  'GENERATED',
  'SIGN_PENDING',
  'SIGNED',
  'SIGN_APPLICANT_USER_PENDING',
  'SEAL_PENDING',
  'SEALED',
  'SEAL_ERROR',
  'RESOLVED',
  'CLOSED',
  'INTERNAL',
  'ERROR',
] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];

export const APPLICATION_STATUS_LABELS: Record<ApplicationStatus, string> = {
  DRAFT: 'Ciornă',
  NEW: 'Nouă',
  REGISTERED: 'Înregistrată',
  PENDING: 'În verificare',
  REVIEW: 'În clarificări',
  APPROVED: 'În lucru',
  REJECTED: 'Respinsă',
  REJECTED_IN_PROGRESS: 'Respingere în curs',
  GENERATED: 'Document generat',
  SIGN_PENDING: 'În curs de semnare',
  SIGNED: 'Semnată',
  SIGN_APPLICANT_USER_PENDING: 'Așteaptă semnătura solicitantului',
  SEAL_PENDING: 'În curs de sigilare',
  SEALED: 'Sigilată',
  SEAL_ERROR: 'Eroare la sigilare',
  RESOLVED: 'Soluționată',
  CLOSED: 'Închisă',
  INTERNAL: 'Internă',
  ERROR: 'Eroare',
};

export const PAYMENT_STATUSES = ['CREATED', 'SUCCESSFUL', 'FAILED'] as const;
export const PAYMENT_TYPES = ['DISCOUNT', 'LINK', 'CARD', 'OP', 'OFFICE'] as const;
export const COMPLAINT_STATUSES = ['NEW', 'PENDING', 'RESOLVED', 'REJECTED', 'DISMISSED'] as const;
export const CONTROL_STATUSES = ['draft', 'registered', 'resolved', 'closed', 'generated', 'error'] as const;
export const FORM_STATUSES = ['draft', 'published'] as const;
export const ACTIVE_STATUSES = ['active', 'inactive'] as const;

/** Domains of the dashboard and of application types (spec §2 Dashboard). */
export const DOMAINS = [
  'urbanism',
  'administration',
  'city_hall',
  'approvals',
  'roads',
  'economic',
  'subordination',
  'maps',
  'investments',
  'tourism',
  'events',
] as const;
export type Domain = (typeof DOMAINS)[number];
export const DOMAIN_LABELS: Record<Domain, string> = {
  urbanism: 'Urbanism',
  administration: 'Administrație',
  city_hall: 'Primărie',
  approvals: 'Avize',
  roads: 'Drumuri',
  economic: 'Economic',
  subordination: 'Subordonare',
  maps: 'Hărți',
  investments: 'Investiții',
  tourism: 'Turism',
  events: 'Evenimente',
};
