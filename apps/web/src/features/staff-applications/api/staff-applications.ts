import type {
  ApplicationHistoryEntry,
  ReviewStatus,
  StaffApplication,
  StaffApplicationListItem,
  StaffCandidate,
  StaffRelatedFile,
  StaffSearchResult,
} from '@ghiseu/domain';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type DataEnvelope, type ListEnvelope } from '../../../lib/api-client';
import { type CandidateRole, staffKeys } from './keys';

export { type CandidateRole, staffKeys } from './keys';
export { COUNTERS_REFRESH_MS, staffCountersQueryOptions } from './counters';

/**
 * The staff side of applications (spec §7 Staff applications): the work lists, the staff record,
 * the menu counters and one call per staff action. Every action answers the record; the cache of
 * that record, the lists and the counters are refreshed after it (the counters are "live").
 */

const withQuery = (path: string, params: string) => (params ? `${path}?${params}` : path);

/** `GET /staff-applications?…`: one work list (its switches are part of `params`). */
export const staffListQueryOptions = (params: string) =>
  queryOptions({
    queryKey: staffKeys.list(params),
    queryFn: ({ signal }) =>
      api.get<ListEnvelope<StaffApplicationListItem>>(withQuery('/staff-applications', params), { signal }),
    placeholderData: keepPreviousData,
  });
export const useStaffApplications = (params: string) => useQuery(staffListQueryOptions(params));

/**
 * A work list whose rows carry the table's `hideSelectable` flag: only the applications the user
 * may assign or sign (the server's `abilities`) get a checkbox, for the bulk "Alocați" and
 * "Semnați în lot".
 */
export const useStaffWorkList = (params: string) =>
  useQuery({
    ...staffListQueryOptions(params),
    select: (page) => ({
      ...page,
      data: page.data.map((row) => ({ ...row, hideSelectable: !(row.abilities.canAssign || row.abilities.canSign) })),
    }),
  });

/** `GET /staff-applications/{id}`: the record as staff see it, with its `abilities`. */
export async function getStaffApplication(id: number, signal?: AbortSignal): Promise<StaffApplication> {
  return (await api.get<DataEnvelope<StaffApplication>>(`/staff-applications/${id}`, { signal })).data;
}
export const staffApplicationQueryOptions = (id: number) =>
  queryOptions({ queryKey: staffKeys.one(id), queryFn: ({ signal }) => getStaffApplication(id, signal) });
export const useStaffApplication = (id: number | null) =>
  useQuery({ ...staffApplicationQueryOptions(id ?? 0), enabled: id !== null && id > 0 });

/** `GET /applications/{id}/history`: the audit trail in words (the staff actions included). */
export const useStaffApplicationHistory = (id: number) =>
  useQuery({
    queryKey: staffKeys.history(id),
    queryFn: async ({ signal }) =>
      (await api.get<DataEnvelope<ApplicationHistoryEntry[]>>(`/applications/${id}/history`, { signal })).data,
  });

/** `GET /staff-applications/{id}/related-files`: the files of the parent and child applications. */
export const useRelatedFiles = (id: number) =>
  useQuery({
    queryKey: staffKeys.relatedFiles(id),
    queryFn: async ({ signal }) =>
      (await api.get<DataEnvelope<StaffRelatedFile[]>>(`/staff-applications/${id}/related-files`, { signal })).data,
  });

/**
 * `GET /staff-applications/search?value=&parentAppId=`: the related-document search (spec §7:
 * entry number contains `value`, at most 100, newest issued first; the application itself left out).
 * Asked only for `value`s the caller has already checked (at least 2 characters, debounced).
 */
export const useRelatedSearch = (id: number, value: string, enabled: boolean) =>
  useQuery({
    queryKey: staffKeys.relatedSearch(id, value),
    queryFn: async ({ signal }) =>
      (
        await api.get<DataEnvelope<StaffSearchResult[]>>('/staff-applications/search', {
          query: { value, parentAppId: id },
          signal,
        })
      ).data,
    enabled,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });

/** `GET /staff-applications/candidates?role=`: the people an application can be given to. */
export const useStaffCandidates = (role: CandidateRole, enabled = true) =>
  useQuery({
    queryKey: staffKeys.candidates(role),
    queryFn: async ({ signal }) =>
      (await api.get<DataEnvelope<StaffCandidate[]>>('/staff-applications/candidates', { query: { role }, signal })).data,
    enabled,
    staleTime: 60_000,
  });

export interface TypeOption {
  id: number;
  name: string;
}

/** `GET /application-types?unpaged=true&fields=id,name`: the organisation's types (filter, change of type). */
export const useStaffApplicationTypes = () =>
  useQuery({
    queryKey: staffKeys.types,
    queryFn: async ({ signal }) =>
      (await api.get<ListEnvelope<TypeOption>>('/application-types?unpaged=true&fields=id,name&sortKey=name', { signal })).data,
    staleTime: 5 * 60_000,
  });

/* ───────────────────────────── Actions ───────────────────────────── */

/** Every staff action, with the body it sends. */
export type StaffActionCall =
  | { action: 'register' }
  | { action: 'assign'; body: { assignee_user_id: number } }
  | { action: 'assign-reviewer'; body: { reviewer_user_id: number } }
  | { action: 'send-to-consultant'; body: { consultant_user_id: number; question: string } }
  | { action: 'consultant-review'; body: { answer: string } }
  | { action: 'staff-review'; body: { review_status: ReviewStatus; comment?: string | null } }
  | { action: 'application-reviewed-by-staff-function'; body: { form_staff: Record<string, unknown> } }
  | { action: 'request-clarification'; body: { message: string } }
  | { action: 'response-due-in-days'; body: { application_type_remaining_period: number } }
  | { action: 'modify-application-type'; body: { application_type_id: number; application_type_name?: string } }
  | { action: 'remove-document'; body: { file_id: number } }
  | { action: 'manual-completion'; force?: boolean }
  | { action: 'close-application' }
  | { action: 'start-process' }
  | { action: 'approve'; body: { comment?: string | null } }
  | { action: 'reject'; body: { rejected_reason: string; reject_form: Record<string, unknown> } }
  | { action: 'viza-reject'; body: { rejected_reason: string } }
  | { action: 'staff-review-document' };

export type StaffActionName = StaffActionCall['action'];

/** The actions sent as PUT (spec §7); every other one is a PATCH. */
const PUT_ACTIONS: ReadonlySet<StaffActionName> = new Set(['approve', 'reject', 'viza-reject', 'staff-review-document']);

/** Sends one staff action; answers the record after it. */
export async function runStaffAction(id: number, call: StaffActionCall): Promise<StaffApplication> {
  const path = `/staff-applications/${id}/${call.action}`;
  const body = 'body' in call ? call.body : {};
  const query = call.action === 'manual-completion' && call.force ? { force: 'true' } : undefined;
  const envelope = PUT_ACTIONS.has(call.action)
    ? await api.put<DataEnvelope<StaffApplication>>(path, body, { query })
    : await api.patch<DataEnvelope<StaffApplication>>(path, body, { query });
  return envelope.data;
}

/**
 * After any staff write: the record (put in the cache, its history and related files asked
 * again), every work list, the menu counters and the citizen-side cache of the application.
 */
function useRefreshAfterWrite() {
  const client = useQueryClient();
  return (id: number, record?: StaffApplication) => {
    if (record) {
      // The answer is the fresh record: only what hangs under it (history, related files) is asked again.
      client.setQueryData(staffKeys.one(id), record);
      void client.invalidateQueries({
        queryKey: staffKeys.one(id),
        predicate: (query) => query.queryKey.length > staffKeys.one(id).length,
      });
    } else void client.invalidateQueries({ queryKey: staffKeys.one(id) });
    void client.invalidateQueries({ queryKey: staffKeys.lists });
    void client.invalidateQueries({ queryKey: staffKeys.counters });
    void client.invalidateQueries({ queryKey: ['applications'] });
  };
}

/** One mutation for every action of the actions bar. */
export function useStaffAction(id: number) {
  const refresh = useRefreshAfterWrite();
  return useMutation({
    mutationFn: (call: StaffActionCall) => runStaffAction(id, call),
    meta: { skipGlobalErrorHandler: true },
    onSuccess: (record) => refresh(id, record),
  });
}

/** Assigns several applications of a list to one clerk (the list's bulk "Alocați"), one call each. */
export function useBulkAssign() {
  const refresh = useRefreshAfterWrite();
  return useMutation({
    mutationFn: async ({ ids, assigneeUserId }: { ids: readonly number[]; assigneeUserId: number }) => {
      const failed: { id: number; error: unknown }[] = [];
      for (const id of ids) {
        try {
          await runStaffAction(id, { action: 'assign', body: { assignee_user_id: assigneeUserId } });
        } catch (error) {
          failed.push({ id, error });
        }
      }
      return { done: ids.length - failed.length, failed };
    },
    meta: { skipGlobalErrorHandler: true },
    onSettled: (_result, _error, { ids }) => {
      for (const id of ids) refresh(id);
    },
  });
}

/** `POST /staff-applications/{id}/comment`: a comment, internal (hidden from the applicant) by default. */
export function useStaffComment(id: number) {
  const refresh = useRefreshAfterWrite();
  return useMutation({
    mutationFn: async (body: { text: string; is_internal: boolean }) =>
      (await api.post<DataEnvelope<StaffApplication>>(`/staff-applications/${id}/comment`, body)).data,
    meta: { skipGlobalErrorHandler: true },
    onSuccess: (record) => refresh(id, record),
  });
}

/**
 * `PATCH /staff-applications/{id}/download-compression {files}`: a zip of the chosen files,
 * saved under the entry number.
 */
export async function downloadCompression(id: number, fileIds: readonly number[], name: string): Promise<void> {
  const blob = await api.patch<Blob>(
    `/staff-applications/${id}/download-compression`,
    { files: fileIds },
    { responseType: 'blob' },
  );
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `${name.replace(/[^\p{L}\p{N}-]+/gu, '-')}.zip`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
