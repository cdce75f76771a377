import { PlaceholderPage } from '../../../app/pages/placeholder-page';

/** Stub: replaced by issue 15. */
export function ComplaintNewPage() {
  return <PlaceholderPage />;
}
