import { PlaceholderPage } from '../../../app/pages/placeholder-page';

/** Issue 13: being built. */
export function PublicPaymentPage() {
  return <PlaceholderPage />;
}
