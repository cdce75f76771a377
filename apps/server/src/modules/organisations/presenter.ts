import type { Organisation } from '@ghiseu/domain';
import type { organisations } from '../../db/schema/index.js';

export function presentOrganisation(row: typeof organisations.$inferSelect): Organisation {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    status: row.status,
    type: row.type,
    county_id: row.countyId,
    locality_id: row.localityId,
    uat_id: row.uatId,
    is_test: row.isTest,
    logo_file_id: row.logoFileId,
    external_link: row.externalLink,
    citizen_dashboard_visible: row.citizenDashboardVisible,
    payment_order_details: row.paymentOrderDetails,
    useful_links: row.usefulLinks,
  };
}
