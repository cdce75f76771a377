import {
  type AdminOrganisation,
  type OrganisationListAbilities,
  ZAdminOrganisation,
  type ZOrganisationCreateRequest,
  type ZOrganisationPatchRequest,
} from '@ghiseu/domain';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api, type DataEnvelope, type ListEnvelope } from '../../../lib/api-client';
import { readContract } from '../../../lib/contract';
import { adminKeys, withQuery } from './keys';

/**
 * Organisations (spec §3): the public list and record (`GET /organisations`, `GET
 * /organisations/{id}`) and the administration calls (create, merge-patch, delete, useful-links
 * CSV). Every record carries the reader's `abilities` and the list carries the reader's list
 * abilities (create, administer every organisation): the server's policy decides, the UI follows.
 */

/** A page of organisations with the reader's list abilities. */
export type OrganisationList = ListEnvelope<AdminOrganisation> & { abilities: OrganisationListAbilities };

/** `GET /organisations?…` (list-query contract: `orLikeQuery` on the name, `type[eq]`, `status[eq]`). */
export async function getOrganisations(params: string, signal?: AbortSignal): Promise<OrganisationList> {
  return api.get<OrganisationList>(withQuery('/organisations', params), { signal });
}

export const organisationListQueryOptions = (params: string) =>
  queryOptions({
    queryKey: adminKeys.organisationList(params),
    queryFn: ({ signal }) => getOrganisations(params, signal),
    placeholderData: keepPreviousData,
  });

export const useOrganisations = (params: string) => useQuery(organisationListQueryOptions(params));

/** Every organisation (at most 100, spec §9), for pickers and for naming ids in tables. */
export const ALL_ORGANISATIONS_PARAMS = 'limit=100&sortKey=name';
export const useAllOrganisations = () =>
  useQuery({ ...organisationListQueryOptions(ALL_ORGANISATIONS_PARAMS), staleTime: 5 * 60_000 });

/**
 * Whether the reader administers every organisation (the super administrator): lists that span
 * organisations then show and filter the organisation. Read from the organisation list's
 * abilities; false until it arrives.
 */
export const useAdministersAllOrganisations = (): boolean => useAllOrganisations().data?.abilities?.canAdministerAll ?? false;

/** `GET /organisations/{id}` with the reader's abilities. */
export type OrganisationRecord = AdminOrganisation;

export async function getOrganisation(id: number, signal?: AbortSignal): Promise<OrganisationRecord> {
  const body = await api.get<DataEnvelope<unknown>>(`/organisations/${id}`, { signal });
  return readContract(ZAdminOrganisation, body.data, 'organisations/{id}');
}

export const organisationQueryOptions = (id: number) =>
  queryOptions({ queryKey: adminKeys.organisation(id), queryFn: ({ signal }) => getOrganisation(id, signal) });

export const useOrganisation = (id: number | null) =>
  useQuery({ ...organisationQueryOptions(id ?? 0), enabled: id !== null && id > 0 });

/** `GET /organisations/logos`: public addresses of the logos (short-lived download tokens). */
export async function getOrganisationLogos(signal?: AbortSignal) {
  const body = await api.get<DataEnvelope<{ organisation_id: number; file_id: number; url: string }[]>>('/organisations/logos', {
    signal,
  });
  return body.data;
}

export const useOrganisationLogo = (id: number | null) =>
  useQuery({
    queryKey: adminKeys.organisationLogos(),
    queryFn: ({ signal }) => getOrganisationLogos(signal),
    staleTime: 60_000,
    enabled: id !== null,
    select: (logos) => logos.find((logo) => logo.organisation_id === id) ?? null,
    meta: { skipGlobalErrorHandler: true },
  });

const readAdmin = (body: DataEnvelope<unknown>, what: string): AdminOrganisation =>
  readContract(ZAdminOrganisation, body.data, what);

/** Body of `POST /organisations` (defaults such as status 'active' are filled by the server). */
export type OrganisationCreateBody = z.input<typeof ZOrganisationCreateRequest>;
/** A merge patch of an organisation: absent fields stay, `null` clears a nullable one. */
export type OrganisationPatchBody = z.input<typeof ZOrganisationPatchRequest>;

/** `POST /organisations` (super administrator). */
export async function createOrganisation(body: OrganisationCreateBody) {
  return readAdmin(await api.post<DataEnvelope<unknown>>('/organisations', body), 'POST organisations');
}

/** `PATCH /organisations/{id}` (merge patch: only the changed fields). */
export async function patchOrganisation({ id, patch }: { id: number; patch: OrganisationPatchBody }) {
  return readAdmin(await api.patch<DataEnvelope<unknown>>(`/organisations/${id}`, patch), 'PATCH organisations/{id}');
}

/** `DELETE /organisations/{id}`: refused with CANNOT_DELETE_ORGANISATION while users exist. */
export async function deleteOrganisation(id: number): Promise<void> {
  await api.delete<void>(`/organisations/${id}`);
}

/** `PUT /organisations/{id}/useful-links` with the CSV text (`text/csv`). */
export async function putUsefulLinks({ id, csv }: { id: number; csv: string }) {
  const body = await api.put<DataEnvelope<unknown>>(`/organisations/${id}/useful-links`, new Blob([csv], { type: 'text/csv' }), {
    headers: { 'Content-Type': 'text/csv; charset=utf-8' },
  });
  return readAdmin(body, 'PUT organisations/{id}/useful-links');
}

/** After a write: the answered record (with abilities) replaces the cached one; lists reload. */
function useOrganisationWrite<V>(fn: (variables: V) => Promise<AdminOrganisation>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    meta: { skipGlobalErrorHandler: true },
    onSuccess: (record) => {
      client.setQueryData<OrganisationRecord>(adminKeys.organisation(record.id), record);
      void client.invalidateQueries({ queryKey: [...adminKeys.organisations(), 'list'] });
      void client.invalidateQueries({ queryKey: adminKeys.organisationLogos() });
    },
  });
}

export const useCreateOrganisation = () => useOrganisationWrite(createOrganisation);
export const usePatchOrganisation = () => useOrganisationWrite(patchOrganisation);
export const usePutUsefulLinks = () => useOrganisationWrite(putUsefulLinks);

export function useDeleteOrganisation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteOrganisation,
    meta: { skipGlobalErrorHandler: true },
    onSuccess: () => void client.invalidateQueries({ queryKey: adminKeys.organisations() }),
  });
}
