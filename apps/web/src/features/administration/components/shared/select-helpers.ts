import type { SelectLoadParams, SelectPage } from '../../../../components/inputs/select-field';
import { api, type ListEnvelope } from '../../../../lib/api-client';

/**
 * Loads one page of a list endpoint as select options (SelectField and the
 * `selectablequeryfilter` of the FilterBar: 30 per page, load more on scroll).
 */
export async function loadOptionsPage<T extends { id: number; name: string }>(
  path: string,
  { page, pageSize, search }: SelectLoadParams,
  filters: Record<string, string | number> = {},
): Promise<SelectPage> {
  const body = await api.get<ListEnvelope<T>>(path, {
    query: {
      skip: (page - 1) * pageSize,
      limit: pageSize,
      pagination: true,
      sortKey: 'name',
      ...(search.trim() ? { orLikeQuery: search.trim() } : {}),
      ...filters,
    },
  });
  const total = body.pagination?.total ?? body.data.length;
  return { options: body.data.map((row) => ({ value: String(row.id), label: row.name })), hasMore: page * pageSize < total };
}
