import type {
  ControlAction,
  ControlActivity,
  ControlBuildingBodyRequest,
  ControlComplaintOption,
  ControlCreateRequest,
  ControlDetail,
  ControlFileRequest,
  ControlListItem,
  ControlPatchRequest,
  ControlPersonRequest,
} from '@ghiseu/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type DataEnvelope, type ListEnvelope } from '../../../lib/api-client';

/**
 * Calls of the control screens (/controls, /control/new, /control/:id): the list, one control with
 * its staff, persons, building bodies and documents, the writes on each part (every write answers
 * the whole control with its new version, which replaces the cached one), the state actions and
 * the history.
 */

const ROOT = 'controls' as const;
export const controlKeys = {
  all: [ROOT] as const,
  list: (params: string) => [ROOT, 'list', params] as const,
  detail: (id: number) => [ROOT, 'detail', id] as const,
  activities: (id: number) => [ROOT, 'activities', id] as const,
  complaintOptions: (search: string, complaintId: number | null) => [ROOT, 'complaint-options', search, complaintId] as const,
};

const withQuery = (path: string, params: string) => (params ? `${path}?${params}` : path);

export const useControls = (params: string) =>
  useQuery({
    queryKey: controlKeys.list(params),
    queryFn: ({ signal }) => api.get<ListEnvelope<ControlListItem>>(withQuery('/controls', params), { signal }),
    placeholderData: keepPreviousData,
  });

export const getControl = async (id: number, signal?: AbortSignal) =>
  (await api.get<DataEnvelope<ControlDetail>>(`/controls/${id}`, { signal })).data;

export const useControl = (id: number | null) =>
  useQuery({
    queryKey: controlKeys.detail(id ?? 0),
    queryFn: ({ signal }) => getControl(id ?? 0, signal),
    enabled: id !== null,
  });

/** The history of a control, newest first (the first page: the latest entries). */
export const useControlActivities = (id: number, page = 1) =>
  useQuery({
    queryKey: [...controlKeys.activities(id), page],
    queryFn: async ({ signal }) =>
      api.get<ListEnvelope<ControlActivity>>(`/controls/${id}/activities`, { query: { page }, signal }),
    placeholderData: keepPreviousData,
  });

/**
 * The organisation's complaints a control may refer to: by text, or the one complaint of
 * `?complaint_id=` (the link "Pregătiți un control" of a complaint).
 */
export const getComplaintOptions = async (
  { search, complaintId }: { search?: string; complaintId?: number | null },
  signal?: AbortSignal,
) =>
  (
    await api.get<DataEnvelope<ControlComplaintOption[]>>('/controls/complaint-options', {
      query: { search: search || undefined, complaint_id: complaintId ?? undefined },
      signal,
    })
  ).data;

export const useComplaintOption = (complaintId: number | null) =>
  useQuery({
    queryKey: controlKeys.complaintOptions('', complaintId),
    queryFn: async ({ signal }) => (await getComplaintOptions({ complaintId }, signal))[0] ?? null,
    enabled: complaintId !== null,
    staleTime: 60_000,
  });

/** A write that answers the whole control: the answer replaces the cached control, the lists refresh. */
function useControlWrite<V>(fn: (variables: V) => Promise<ControlDetail>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    meta: { skipGlobalErrorHandler: true },
    onSuccess: (control) => {
      client.setQueryData(controlKeys.detail(control.id), control);
      void client.invalidateQueries({ queryKey: [ROOT, 'list'] });
      void client.invalidateQueries({ queryKey: controlKeys.activities(control.id) });
    },
  });
}

const detailOf = async (call: Promise<DataEnvelope<ControlDetail>>) => (await call).data;

export const useCreateControl = () =>
  useControlWrite((body: ControlCreateRequest) => detailOf(api.post<DataEnvelope<ControlDetail>>('/controls', body)));

export const usePatchControl = (id: number) =>
  useControlWrite((body: ControlPatchRequest) => detailOf(api.patch<DataEnvelope<ControlDetail>>(`/controls/${id}`, body)));

export const useAddPerson = (id: number) =>
  useControlWrite((body: ControlPersonRequest) =>
    detailOf(api.post<DataEnvelope<ControlDetail>>(`/controls/${id}/persons`, body)),
  );
export const usePatchPerson = (id: number) =>
  useControlWrite(({ personId, body }: { personId: number; body: Partial<ControlPersonRequest> }) =>
    detailOf(api.patch<DataEnvelope<ControlDetail>>(`/controls/${id}/persons/${personId}`, body)),
  );
export const useDeletePerson = (id: number) =>
  useControlWrite(({ personId, version }: { personId: number; version: number }) =>
    detailOf(api.delete<DataEnvelope<ControlDetail>>(`/controls/${id}/persons/${personId}?version=${version}`)),
  );

export const useAddBuildingBody = (id: number) =>
  useControlWrite((body: ControlBuildingBodyRequest) =>
    detailOf(api.post<DataEnvelope<ControlDetail>>(`/controls/${id}/building-bodies`, body)),
  );
export const usePatchBuildingBody = (id: number) =>
  useControlWrite(({ bodyId, body }: { bodyId: number; body: Partial<ControlBuildingBodyRequest> }) =>
    detailOf(api.patch<DataEnvelope<ControlDetail>>(`/controls/${id}/building-bodies/${bodyId}`, body)),
  );
export const useDeleteBuildingBody = (id: number) =>
  useControlWrite(({ bodyId, version }: { bodyId: number; version: number }) =>
    detailOf(api.delete<DataEnvelope<ControlDetail>>(`/controls/${id}/building-bodies/${bodyId}?version=${version}`)),
  );

export const useAddControlFile = (id: number) =>
  useControlWrite((body: ControlFileRequest) => detailOf(api.post<DataEnvelope<ControlDetail>>(`/controls/${id}/files`, body)));
export const useDeleteControlFile = (id: number) =>
  useControlWrite(({ fileId, version }: { fileId: number; version: number }) =>
    detailOf(api.delete<DataEnvelope<ControlDetail>>(`/controls/${id}/files/${fileId}?version=${version}`)),
  );

/** The state actions of a control (spec §4) other than deleting a draft; each names the version the user saw. */
export type ControlStateAction = Exclude<ControlAction, 'delete'>;

export const useControlAction = (id: number) =>
  useControlWrite(({ action, version }: { action: ControlStateAction; version: number }) =>
    detailOf(api.post<DataEnvelope<ControlDetail>>(`/controls/${id}/${action}`, { version })),
  );

/** Deletes a draft. */
export const useDeleteControl = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => {
      await api.delete<void>(`/controls/${id}`);
    },
    meta: { skipGlobalErrorHandler: true },
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: [ROOT, 'list'] });
    },
  });
};
