/** Test set-up of the staff applications feature: texts, records as the API sends them, rendering. */
import '../../components/test-polyfills';
import type { StaffApplication, StaffApplicationAbilities, StaffApplicationListItem, UserType } from '@ghiseu/domain';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { i18n } from '../../lib/i18n';
import { buildCurrentUser } from '../../lib/testing/fixtures';
import { AppTestProviders, fakeSession, loadAllTexts } from '../../lib/testing/render-app';

/** Loads the shell's texts, this feature's and the form renderer's. */
export async function loadStaffTexts(): Promise<void> {
  await loadAllTexts();
  await i18n.loadNamespaces(['staff-applications', 'form-renderer', 'signing']);
}

/** Every ability false; a test turns on the ones it needs. */
export const NO_ABILITIES: StaffApplicationAbilities = {
  canRegister: false,
  canAssign: false,
  canAssignReviewer: false,
  canSendToConsultant: false,
  canAnswerConsultation: false,
  canStaffReview: false,
  canApprove: false,
  canReject: false,
  canVizaReject: false,
  canRequestClarification: false,
  canModifyType: false,
  canRemoveDocument: false,
  canDownloadFiles: false,
  canManualComplete: false,
  canClose: false,
  canComment: false,
  canEditResponseDays: false,
  canStartProcess: false,
  canSaveStaffForm: false,
  canReviewDocument: false,
  canGenerateDocument: false,
  canReturnDocument: false,
  canSign: false,
  canSeal: false,
};

export function buildListItem(overrides: Partial<StaffApplicationListItem> = {}): StaffApplicationListItem {
  return {
    id: 1,
    application_type_id: 3,
    application_type_name: 'Certificat de urbanism',
    organisation_id: 2,
    tenant_name: 'Consiliul Județean Mureș',
    identification_number: 'CJMS/1/2026',
    status: 'REGISTERED',
    status_label: 'Înregistrată',
    purpose: null,
    created_at: '2026-11-20T10:00:00.000Z',
    updated_at: '2026-11-20T10:00:00.000Z',
    application_date: '2026-11-20T10:05:00.000Z',
    response_due_in_days: 30,
    beneficiaries: [{ id: 1, person_type: 'individual', display_name: 'Andrei Pop' }],
    beneficiaries_count: 1,
    cadastral_numbers: ['123410'],
    applicant_name: 'Ioana Mureșan',
    assignee: null,
    reviewer: null,
    registered_at: '2026-11-20T11:00:00.000Z',
    response_due_date: '2027-01-08',
    remaining_response_days: 12,
    clock_paused: false,
    overdue: false,
    current_step_name: null,
    current_function_id: null,
    abilities: NO_ABILITIES,
    ...overrides,
  };
}

export function buildStaffApplication(overrides: Partial<StaffApplication> = {}): StaffApplication {
  const item = buildListItem();
  return {
    ...item,
    type: { id: 3, name: 'Certificat de urbanism', domain: 'urbanism', category: 'inbound' },
    application_type_is_inbound_category: true,
    application_type_is_outbound_category: false,
    application_type_is_internal_category: false,
    uat_id: null,
    uat_name: null,
    uat_type: null,
    real_estate_type: null,
    land_area: null,
    applicant_user_id: 11,
    created_by: 11,
    assignee_user_id: null,
    parent_application_id: null,
    last_review_at: null,
    issued_date: null,
    resolved_at: null,
    clock_paused_since: null,
    paused_working_days: 0,
    rejected_reason: null,
    is_paid: false,
    is_internal: false,
    total_tax: null,
    tax_summary: null,
    quick_search_values: '',
    form_version_id: null,
    form_definition: null,
    form: { real_estate_target: [], beneficiary_users: [], sign_details: { isOnline: true, package: null } },
    sign_details: { isOnline: true, package: null },
    beneficiaries: [],
    real_estates: [],
    files: [],
    attachments: [],
    identification_files: [],
    gis_files: [],
    reviewer_user_id: null,
    form_staff: {},
    staff_form_definition: null,
    reject_form_definition: null,
    review_status: null,
    consultations: [],
    deadline: {
      registered_at: item.registered_at,
      response_due_in_days: 30,
      response_due_date: item.response_due_date,
      remaining_response_days: item.remaining_response_days,
      clock_paused_since: null,
      paused_working_days: 0,
    },
    comments: [],
    ...overrides,
  } as StaffApplication;
}

/** Renders `children` at `path` for a signed-in user of `role` (staff by default). */
export function renderAsStaff(children: ReactNode, { path = '/', route = '/', role = 'staff' as UserType } = {}) {
  const session = fakeSession({ user: buildCurrentUser({ user_type_name: role, organisation_id: 2 }) });
  const user = userEvent.setup();
  const view = render(
    <AppTestProviders session={session}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path={route} element={children} />
          <Route path="/404" element={<p>pagina 404</p>} />
          <Route path="*" element={<p>alt loc</p>} />
        </Routes>
      </MemoryRouter>
    </AppTestProviders>,
  );
  return { user, ...view };
}
