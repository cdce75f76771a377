import { AppError } from '../../../platform/errors.js';
import type { AppContext, JobContext } from '../../../platform/context.js';
import type { PaymentGateway } from '../gateway.js';

/** CONTRACT PLACEHOLDER (issue 13): the sandbox gateway's client, written by the card-payments work. */
export function sandboxGateway(_ctx: Pick<AppContext, 'config' | 'db' | 'jobs'> | JobContext): PaymentGateway {
  const unavailable = async (): Promise<never> => {
    throw new AppError('SERVICE_UNAVAILABLE', undefined, 'sandbox gateway not built yet');
  };
  return { name: 'sandbox', register: unavailable, status: unavailable, report: unavailable };
}
