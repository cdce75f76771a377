/** The staff's payments: the face other features use. */
export { ApplicationPaymentsPanel } from './components/application-payments-panel';
export { PaymentAttemptsTable } from './components/payment-attempts-table';
