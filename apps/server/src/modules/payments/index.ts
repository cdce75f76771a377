/**
 * The payments module's face (docs/adr/0021-module-boundaries.md): the ledger (create and settle
 * payments, balances) and the checkout for other modules; its routes are registered by app.ts
 * from routes.ts.
 */
export {
  applicationBalanceOf,
  createPayment,
  settlePayment,
  type NewPayment,
  type SettleOutcome,
  type SettleResult,
} from './ledger.js';
export { beginCheckout, merchantOf } from './checkout.js';
export { paymentGateway, type PaymentGateway } from './gateway.js';
export { encryptProviderPassword, decryptProviderPassword, collectorBinding } from './secrets.js';
export { maskPersonalCode, toPayment, type PaymentContext } from './presenter.js';
export { applicationPaymentsView, type PaymentsViewApplication } from './view.js';
