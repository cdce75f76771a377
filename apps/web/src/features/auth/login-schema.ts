import type { TFunction } from 'i18next';
import { z } from 'zod';

/** What the sign-in form sends. */
export interface LoginValues {
  email: string;
  password: string;
}

/**
 * The sign-in form's checks (spec §5 texts). In a module of its own: the sign-in page is a
 * first screen, and the form loads this (and zod) only when the visitor starts using it.
 */
export const loginSchema = (t: TFunction) =>
  z.object({
    email: z
      .string()
      .trim()
      .min(1, t('validation.required'))
      .pipe(z.email(t('validation.emailInvalid'))),
    password: z.string().min(1, t('validation.required')),
  });
