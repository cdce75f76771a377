import type {
  ApplicationTypeForm,
  Beneficiary,
  PublicApplicationType,
  RegisterApplicationRequest,
  RegisterDocumentRequest,
  RegistryAssignee,
  RegistryConnection,
  RegistryRecord,
  RegistrySendRequest,
} from '@ghiseu/domain';
import { ZRegistryRecord } from '@ghiseu/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type DataEnvelope, type ListEnvelope } from '../../../lib/api-client';
import { readContract } from '../../../lib/contract';

/**
 * Calls of /register-application (spec §7): the organisation's types and their citizen form,
 * the clerk's beneficiaries register, the connected-document search, the registrations, the
 * changes while REGISTERED, the slip, registry-send and the beneficiary's invitation.
 */

const ROOT = 'registry' as const;
export const registryKeys = {
  types: (organisationId: number) => [ROOT, 'types', organisationId] as const,
  form: (typeId: number) => [ROOT, 'form', typeId] as const,
  beneficiaries: () => [ROOT, 'beneficiaries'] as const,
  connections: (value: string) => [ROOT, 'connections', value] as const,
  assignees: () => [ROOT, 'assignees'] as const,
  record: (id: number) => [ROOT, 'record', id] as const,
};

/** The inbound types of the clerk's organisation, with a published citizen form. */
export const useRegistryTypes = (organisationId: number | null) =>
  useQuery({
    queryKey: registryKeys.types(organisationId ?? 0),
    queryFn: async ({ signal }) =>
      (
        await api.get<DataEnvelope<PublicApplicationType[]>>('/application-types/organisation', {
          query: { organisation_id: organisationId ?? undefined },
          signal,
        })
      ).data.filter((type) => type.category === 'inbound'),
    enabled: organisationId !== null,
    staleTime: 5 * 60_000,
  });

export const useTypeForm = (typeId: number | null) =>
  useQuery({
    queryKey: registryKeys.form(typeId ?? 0),
    queryFn: async ({ signal }) =>
      (await api.get<DataEnvelope<ApplicationTypeForm>>(`/application-types/${typeId}/citizen-form`, { signal })).data,
    enabled: typeId !== null,
    staleTime: 5 * 60_000,
  });

/** The clerk's own beneficiaries register (first 100 by name). */
export const useRegisterBeneficiaries = (enabled: boolean) =>
  useQuery({
    queryKey: registryKeys.beneficiaries(),
    queryFn: async ({ signal }) =>
      (await api.get<ListEnvelope<Beneficiary>>('/beneficiaries', { query: { limit: 100, sortKey: 'display_name' }, signal }))
        .data,
    enabled,
    staleTime: 60_000,
  });

export const searchConnections = async (value: string): Promise<RegistryConnection[]> =>
  (await api.get<DataEnvelope<RegistryConnection[]>>('/staff-applications/registry/connections', { query: { value } })).data;

export const useAssignees = (enabled: boolean) =>
  useQuery({
    queryKey: registryKeys.assignees(),
    queryFn: async ({ signal }) =>
      (await api.get<DataEnvelope<RegistryAssignee[]>>('/staff-applications/registry/assignees', { signal })).data,
    enabled,
    staleTime: 60_000,
  });

const readRecord = (body: DataEnvelope<unknown>, what: string) => readContract(ZRegistryRecord, body.data, what);

function useRegistryWrite<V>(fn: (variables: V) => Promise<RegistryRecord>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    meta: { skipGlobalErrorHandler: true },
    onSuccess: (record) => client.setQueryData(registryKeys.record(record.id), record),
  });
}

export const useRegisterApplication = () =>
  useRegistryWrite(async (body: RegisterApplicationRequest) =>
    readRecord(
      await api.post<DataEnvelope<unknown>>('/staff-applications/register', body, { query: { echo: 'true' } }),
      'POST staff-applications/register',
    ),
  );

export const useRegisterDocument = () =>
  useRegistryWrite(async (body: RegisterDocumentRequest) =>
    readRecord(
      await api.post<DataEnvelope<unknown>>('/staff-applications/generate-registry-doc', body, { query: { echo: 'true' } }),
      'POST staff-applications/generate-registry-doc',
    ),
  );

export const useRegenerateSlip = () =>
  useRegistryWrite(async (id: number) =>
    readRecord(
      await api.patch<DataEnvelope<unknown>>(`/staff-applications/${id}/generate-registry-doc`, {}),
      'PATCH generate-registry-doc',
    ),
  );

export const useSendRegistered = () =>
  useRegistryWrite(async ({ id, body }: { id: number; body: RegistrySendRequest }) =>
    readRecord(await api.put<DataEnvelope<unknown>>(`/staff-applications/${id}/registry-send`, body), 'PUT registry-send'),
  );

export const useInviteBeneficiary = () =>
  useMutation({
    mutationFn: async (body: { email: string; application_id: number }) =>
      (await api.post<DataEnvelope<{ email: string }>>('/notifications/invite-beneficiary', body)).data,
    meta: { skipGlobalErrorHandler: true },
  });

/** The registration slip (PDF) as a blob address, for opening or printing. */
export async function slipObjectUrl(record: RegistryRecord): Promise<string> {
  const blob = await api.get<Blob>(`/staff-applications/${record.id}/registry-slip`, { responseType: 'blob' });
  return URL.createObjectURL(blob);
}
