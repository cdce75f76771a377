import type { TFunction } from 'i18next';
import { ApiError } from '../../lib/api-client';

/**
 * The errors of spec §8 'Public SMS check', each with its own Romanian message: phone blocked
 * (with the minutes left), wrong code (with the attempts left), expired code, phone not
 * belonging to the applicant, application not found, technical error. `target` says where the
 * page shows it: under the phone or code field, or above the form.
 */
export interface PublicErrorView {
  target: 'phone' | 'code' | 'form';
  message: string;
  /** The server code, or TECHNICAL for anything unexpected (network, 5xx). */
  code: string;
}

const count = (value: unknown, fallback: number): number =>
  typeof value === 'number' && Number.isFinite(value) ? value : fallback;

export function describePublicError(error: unknown, t: TFunction<'public-status'>): PublicErrorView {
  const technical: PublicErrorView = { target: 'form', message: t('errors.technical'), code: 'TECHNICAL' };
  if (!(error instanceof ApiError) || !error.hasResponse) return technical;
  const data = error.data ?? {};
  switch (error.code) {
    case 'PUBLIC_PHONE_BLOCKED':
      return { target: 'form', code: error.code, message: t('errors.blocked', { count: count(data.minutes, 5) }) };
    case 'PUBLIC_CODE_INVALID':
      return { target: 'code', code: error.code, message: t('errors.codeInvalid', { count: count(data.remaining_attempts, 1) }) };
    case 'PUBLIC_CODE_EXPIRED':
      return { target: 'code', code: error.code, message: t('errors.codeExpired') };
    case 'PUBLIC_PHONE_NOT_ALLOWED':
      return { target: 'phone', code: error.code, message: t('errors.phoneNotAllowed') };
    case 'NOT_FOUND':
      return { target: 'form', code: error.code, message: t('errors.notFound') };
    case 'RATE_LIMITED': {
      const seconds = data.retry_after_seconds;
      return {
        target: 'form',
        code: error.code,
        message: typeof seconds === 'number' ? t('errors.tooManyRequestsIn', { count: seconds }) : t('errors.tooManyRequests'),
      };
    }
    case 'VALIDATION_ERROR': {
      const fields = Array.isArray(data.fields) ? (data.fields as { path?: string; message?: string }[]) : [];
      const field = fields.find((f) => f.path === 'body.phone' || f.path === 'body.code');
      if (!field?.message) return technical;
      return { target: field.path === 'body.phone' ? 'phone' : 'code', code: error.code, message: field.message };
    }
    default:
      return technical;
  }
}

/** A 403 of the status call: the access token is no longer accepted (expired, or the phone left the application). */
export const isAccessRefused = (error: unknown): boolean => error instanceof ApiError && error.status === 403;
export const isNotFound = (error: unknown): boolean => error instanceof ApiError && error.code === 'NOT_FOUND';
