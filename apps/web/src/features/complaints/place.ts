import type { ComplaintListItem } from './api/types';

/** Where a complaint is, in words: the address, then the locality and the UAT (each once). */
export const placeOf = (row: Pick<ComplaintListItem, 'address' | 'locality' | 'uat'>): string =>
  [row.address, row.locality?.name, row.uat.name].filter((part, i, all) => part && all.indexOf(part) === i).join(', ');
