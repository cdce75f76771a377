import type { ApplicationPayments } from '@ghiseu/domain';

/**
 * The staff's actions on an application's payments (register an OP or office payment, reject a
 * proof, send a payment link, check the status), shown by the payments tab when the abilities
 * allow. Issue 13: being built.
 */
export function StaffPaymentActions(_props: { applicationId: number; payments: ApplicationPayments; onChanged: () => void }) {
  return null;
}
