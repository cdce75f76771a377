import {
  COMPLAINT_LIMITS,
  COMPLAINT_STATUS_LABELS,
  type ComplaintStatus,
  type Open311Request,
  type Open311Service,
  open311Status,
} from '@ghiseu/domain';
import type { z } from 'zod';
import type { ZOpen311RequestsQuery } from '@ghiseu/domain';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { invalidField, notFound } from '../../platform/request.js';
import * as repo from './repository.js';

/**
 * The Open311 GeoReport v2 export (read-only, public): the active complaint types as services and
 * the complaints as service requests. `jurisdiction_id` is an organisation id, `service_code` a
 * complaint type id, `service_request_id` a complaint id. Nothing personal leaves: no reporter,
 * contact, description, comments or answer (free text may name people), only the type, the place,
 * the status and the dates.
 */

export async function open311Services(ctx: AppContext, jurisdictionId?: number): Promise<Open311Service[]> {
  const types = await repo.activeComplaintTypes(ctx.db, jurisdictionId);
  return types.map((t) => ({
    service_code: String(t.id),
    service_name: t.name,
    description: `${t.name} (${t.organisationName})`,
    metadata: false,
    type: 'realtime',
    keywords: '',
    group: t.organisationName,
  }));
}

/** NEW, PENDING are open; the others closed. */
const STATUSES_OF: Record<'open' | 'closed', ComplaintStatus[]> = {
  open: ['NEW', 'PENDING'],
  closed: ['RESOLVED', 'REJECTED', 'DISMISSED'],
};

/** A comma-separated list of positive int4 ids, or a 400 naming the parameter. */
function idList(value: string | undefined, param: string): number[] | undefined {
  if (value === undefined || value === '') return undefined;
  const parts = value.split(',').map((part) => part.trim());
  if (parts.some((part) => !/^\d{1,10}$/.test(part) || Number(part) < 1 || Number(part) > 2_147_483_647))
    throw invalidField(`querystring.${param}`, 'Valoare nevalidă.');
  return parts.map(Number);
}

type RequestsQuery = z.infer<typeof ZOpen311RequestsQuery>;

export async function open311Requests(ctx: AppContext, query: RequestsQuery): Promise<Open311Request[]> {
  const ids = idList(query.service_request_id, 'service_request_id');
  const typeIds = idList(query.service_code, 'service_code');
  let statuses: ComplaintStatus[] | undefined;
  if (query.status) {
    const wanted = query.status.split(',').map((s) => s.trim());
    if (wanted.some((s) => s !== 'open' && s !== 'closed'))
      throw invalidField('querystring.status', 'Valori acceptate: open, closed.');
    statuses = wanted.flatMap((s) => STATUSES_OF[s as 'open' | 'closed']);
  }
  const to = query.end_date ? new Date(query.end_date) : undefined;
  const from = query.start_date
    ? new Date(query.start_date)
    : new Date((to ?? new Date()).getTime() - COMPLAINT_LIMITS.open311DefaultDays * 86_400_000);
  if (to && from >= to)
    throw new AppError('VALIDATION_ERROR', {
      fields: [{ path: 'querystring.end_date', message: 'Data de sfârșit trebuie să fie după data de început.' }],
    });
  const rows = await repo.open311Requests(ctx.db, {
    organisationId: query.jurisdiction_id,
    typeIds,
    ids,
    statuses,
    from,
    to,
    limit: COMPLAINT_LIMITS.open311MaxRequests,
  });
  return rows.map(presentOpen311Request);
}

export async function open311Request(ctx: AppContext, id: number): Promise<Open311Request[]> {
  const rows = await repo.open311Requests(ctx.db, { ids: [id], from: new Date(0), limit: 1 });
  if (rows.length === 0) throw notFound();
  return rows.map(presentOpen311Request);
}

function presentOpen311Request(row: Awaited<ReturnType<typeof repo.open311Requests>>[number]): Open311Request {
  const place = row.localityName ?? row.uatName;
  return {
    service_request_id: String(row.id),
    status: open311Status(row.status),
    status_notes: COMPLAINT_STATUS_LABELS[row.status],
    service_name: row.typeName,
    service_code: String(row.typeId),
    agency_responsible: row.organisationName,
    service_notice: row.entryCode,
    requested_datetime: row.createdAt.toISOString(),
    updated_datetime: row.updatedAt.toISOString(),
    expected_datetime: null,
    address: place ? `${row.address}, ${place}` : row.address,
    address_id: null,
    zipcode: row.postalCode,
    lat: row.lat === null ? null : Number(row.lat),
    long: row.lng === null ? null : Number(row.lng),
    media_url: null,
  };
}
