import {
  type EnrollmentCreateRequest,
  type EnrollmentRecord,
  ZEnrollmentCreated,
  ZEnrollmentRecord,
  ZEnrollmentRedirect,
} from '@ghiseu/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api, type DataEnvelope, type ListEnvelope } from '../../../lib/api-client';
import { readContract } from '../../../lib/contract';
import { adminKeys, withQuery } from './keys';

/**
 * Staff identity enrollment for signing (spec §4, §7 video-enrollment): the staff member submits
 * identity data and a picture of the ID document; an administrator of the organisation approves
 * or rejects it.
 */

export async function getEnrollments(params: string, signal?: AbortSignal) {
  return api.get<ListEnvelope<EnrollmentRecord>>(withQuery('/enrollments', params), { signal });
}

export const useEnrollments = (params: string, enabled = true) =>
  useQuery({
    queryKey: adminKeys.enrollmentList(params),
    queryFn: ({ signal }) => getEnrollments(params, signal),
    placeholderData: keepPreviousData,
    enabled,
  });

const readRecord = (body: DataEnvelope<unknown>, what: string) => readContract(ZEnrollmentRecord, body.data, what);

export async function approveEnrollment(id: number) {
  return readRecord(await api.put<DataEnvelope<unknown>>(`/enrollments/${id}/approve`), 'PUT enrollments/{id}/approve');
}

export async function rejectEnrollment({ id, reason }: { id: number; reason: string }) {
  return readRecord(await api.put<DataEnvelope<unknown>>(`/enrollments/${id}/reject`, { reason }), 'PUT enrollments/{id}/reject');
}

function useReview<V>(fn: (variables: V) => Promise<EnrollmentRecord>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    meta: { skipGlobalErrorHandler: true },
    // Also on failure: a 'not_pending' conflict means the list is out of date.
    onSettled: () => {
      void client.invalidateQueries({ queryKey: adminKeys.enrollments() });
      void client.invalidateQueries({ queryKey: adminKeys.staffAccounts() });
    },
  });
}

export const useApproveEnrollment = () => useReview(approveEnrollment);
export const useRejectEnrollment = () => useReview(rejectEnrollment);

/** `POST /video-enrollment`: answers the new request's id and where to show its outcome. */
export async function submitEnrollment(body: EnrollmentCreateRequest) {
  const response = await api.post<unknown>('/video-enrollment', body);
  return readContract(ZEnrollmentCreated, response, 'POST video-enrollment').data;
}

export const useSubmitEnrollment = () => useMutation({ mutationFn: submitEnrollment, meta: { skipGlobalErrorHandler: true } });

export type EnrollmentRedirect = z.infer<typeof ZEnrollmentRedirect>;

/** `GET /video-enrollment/redirect/{id}`: status with the title, message and next step to show. */
export async function getEnrollmentRedirect(id: number, signal?: AbortSignal): Promise<EnrollmentRedirect> {
  const { data } = await api.get<DataEnvelope<unknown>>(`/video-enrollment/redirect/${id}`, { signal });
  return readContract(ZEnrollmentRedirect, data, 'video-enrollment/redirect/{id}');
}

/** A pending request is looked at again every 30 s, so an approval shows without reloading. */
export const ENROLLMENT_POLL_MS = 30_000;

export const useEnrollmentRedirect = (id: number) =>
  useQuery({
    queryKey: adminKeys.enrollmentRedirect(id),
    queryFn: ({ signal }) => getEnrollmentRedirect(id, signal),
    enabled: Number.isInteger(id) && id > 0,
    refetchInterval: (query) => (query.state.data?.status === 'pending' ? ENROLLMENT_POLL_MS : false),
    meta: { skipGlobalErrorHandler: true },
  });

/** Identity fields of the signed-in user's profile, to prefill the enrollment form. */
export interface OwnIdentity {
  personal_numeric_code: string | null;
  id_card_series: string | null;
  id_card_number: string | null;
  id_card_issue_date: string | null;
  id_card_expiry_date: string | null;
  id_card_issuer: string | null;
}

export async function getOwnIdentity(signal?: AbortSignal): Promise<OwnIdentity> {
  const { data } = await api.get<DataEnvelope<OwnIdentity>>('/profiles/me', { signal });
  return {
    personal_numeric_code: data.personal_numeric_code ?? null,
    id_card_series: data.id_card_series ?? null,
    id_card_number: data.id_card_number ?? null,
    id_card_issue_date: data.id_card_issue_date ?? null,
    id_card_expiry_date: data.id_card_expiry_date ?? null,
    id_card_issuer: data.id_card_issuer ?? null,
  };
}

/** The prefill is a convenience: when it fails the form simply starts empty. */
export const useOwnIdentity = (enabled: boolean) =>
  useQuery({
    queryKey: adminKeys.ownIdentity(),
    queryFn: ({ signal }) => getOwnIdentity(signal),
    enabled,
    retry: false,
    meta: { skipGlobalErrorHandler: true },
  });
