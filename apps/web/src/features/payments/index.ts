/**
 * The payments feature's public face (spec §4 payment flow): what the applicant's pages of the
 * applications feature hook in (the details page's payments tab, the confirmation's "pay now").
 */
export { ApplicationPaymentsPanel, PayNowPanel } from './components/application-payments-panel';
/** Where the browser goes to the gateway's card page (tests watch it). */
export { gatewayNavigation } from './api/payments';
