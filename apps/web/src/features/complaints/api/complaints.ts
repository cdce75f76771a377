import type {
  ZComplaintAssignRequest,
  ZComplaintCommentRequest,
  ZComplaintDismissRequest,
  ZComplaintResolveRequest,
} from '@ghiseu/domain';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type DataEnvelope, type ListEnvelope } from '../../../lib/api-client';
import type { AvailableComplaintType, ComplaintCreateRequest, ComplaintListItem, ComplaintRecord, Solver } from './types';
import type { z } from 'zod';

/**
 * Calls of the complaints (sesizări) screens: the list, one complaint, filing one, the staff
 * actions (assign, comment, resolve, reject, dismiss), the solvers of the organisation and the
 * complaint types a citizen can choose for a UAT.
 */

const ROOT = 'complaints' as const;
export const complaintKeys = {
  all: [ROOT] as const,
  list: (params: string) => [ROOT, 'list', params] as const,
  one: (id: number) => [ROOT, 'one', id] as const,
  solvers: (id: number) => [ROOT, 'solvers', id] as const,
  available: (uatId: number) => [ROOT, 'available-types', uatId] as const,
};

const withQuery = (path: string, params: string) => (params ? `${path}?${params}` : path);

/** `GET /complaints`: the citizen's own, the organisation's for staff, all for the super administrator. */
export const useComplaints = (params: string) =>
  useQuery({
    queryKey: complaintKeys.list(params),
    queryFn: ({ signal }) => api.get<ListEnvelope<ComplaintListItem>>(withQuery('/complaints', params), { signal }),
    placeholderData: keepPreviousData,
  });

/** `GET /complaints/{id}`: the record with files, comments, history and abilities. */
export const complaintQueryOptions = (id: number) =>
  queryOptions({
    queryKey: complaintKeys.one(id),
    queryFn: async ({ signal }) => (await api.get<DataEnvelope<ComplaintRecord>>(`/complaints/${id}`, { signal })).data,
    // The page shows its own error state (404 for another organisation's complaint).
    meta: { skipGlobalErrorHandler: true },
  });

export const useComplaint = (id: number | null) =>
  useQuery({ ...complaintQueryOptions(id ?? 0), enabled: id !== null && id > 0 });

/** `GET /complaint-types/available?uat_id=`: the active types of the organisations answering for the UAT. */
export const useAvailableComplaintTypes = (uatId: number | null) =>
  useQuery({
    queryKey: complaintKeys.available(uatId ?? 0),
    queryFn: async ({ signal }) =>
      (
        await api.get<DataEnvelope<AvailableComplaintType[]>>('/complaint-types/available', {
          query: { uat_id: uatId ?? 0 },
          signal,
        })
      ).data,
    enabled: uatId !== null,
    staleTime: 60_000,
  });

/** `GET /complaints/{id}/solvers`: the staff of the complaint's organisation. */
export const useComplaintSolvers = (id: number, enabled: boolean) =>
  useQuery({
    queryKey: complaintKeys.solvers(id),
    queryFn: async ({ signal }) => (await api.get<DataEnvelope<Solver[]>>(`/complaints/${id}/solvers`, { signal })).data,
    enabled,
    staleTime: 60_000,
  });

/** The profile fields the form starts from (`GET /profiles/me`): name, e-mail, phone, UAT. */
export interface ContactDefaults {
  first_name: string | null;
  last_name: string | null;
  email: string;
  phone: string | null;
  county_id: number | null;
  locality_id: number | null;
}

export const useContactDefaults = () =>
  useQuery({
    queryKey: [ROOT, 'contact-defaults'] as const,
    queryFn: async ({ signal }) => (await api.get<DataEnvelope<ContactDefaults>>('/profiles/me', { signal })).data,
    meta: { skipGlobalErrorHandler: true },
    staleTime: 5 * 60_000,
    retry: false,
  });

/** `POST /complaints`: files the complaint; resolves with the record (its entry code). */
export const useCreateComplaint = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: ComplaintCreateRequest) => (await api.post<DataEnvelope<ComplaintRecord>>('/complaints', body)).data,
    meta: { skipGlobalErrorHandler: true },
    onSuccess: (record) => {
      client.setQueryData(complaintKeys.one(record.id), record);
      void client.invalidateQueries({ queryKey: [ROOT, 'list'] });
    },
  });
};

/** One staff action on a complaint: `POST /complaints/{id}/{action}`; the answer is the record. */
export type ComplaintAction =
  | { action: 'assign'; body: z.input<typeof ZComplaintAssignRequest> }
  | { action: 'comments'; body: z.input<typeof ZComplaintCommentRequest> }
  | { action: 'resolve' | 'reject'; body: z.input<typeof ZComplaintResolveRequest> }
  | { action: 'dismiss'; body: z.input<typeof ZComplaintDismissRequest> };

export const useComplaintAction = (id: number) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ action, body }: ComplaintAction) =>
      (await api.post<DataEnvelope<unknown>>(`/complaints/${id}/${action}`, body)).data,
    meta: { skipGlobalErrorHandler: true },
    onSettled: () => {
      // A refused action (COMPLAINT_ACTION_NOT_ALLOWED) means the record changed: read it again too.
      void client.invalidateQueries({ queryKey: complaintKeys.one(id) });
      void client.invalidateQueries({ queryKey: [ROOT, 'list'] });
    },
  });
};
