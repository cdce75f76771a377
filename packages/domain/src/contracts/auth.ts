import { z } from 'zod';
import { USER_TYPES } from '../roles.js';

export const ZLoginRequest = z.object({
  email: z.string().trim().min(1).max(255).describe('Adresa de e-mail'),
  password: z.string().min(1).max(255).describe('Parola'),
});
export type LoginRequest = z.infer<typeof ZLoginRequest>;

export const ZLoginResponse = z.object({
  isEmailConfirmed: z.boolean(),
  isPhoneConfirmed: z.boolean(),
  data: z.object({
    authToken: z.string().nullable().describe('Tokenul de sesiune; lipsește până la confirmarea e-mailului și a telefonului'),
    verificationToken: z.string().nullable().describe('Token pentru pașii de verificare'),
    phone: z
      .string()
      .nullable()
      .optional()
      .describe('Telefonul dat la înregistrare, cât timp nu e confirmat: precompletează pasul SMS'),
  }),
});
export type LoginResponse = z.infer<typeof ZLoginResponse>;

export const ZTokenInvalidateRequest = z.object({ token: z.string().min(1).max(255) });

export const ZStaffFunction = z.object({ id: z.number().int(), name: z.string() });

/** Current user of spec §3, returned by `GET /api/users/me`. */
export const ZCurrentUser = z.object({
  user_id: z.number().int(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  email: z.string(),
  photo: z.string().nullable(),
  user_type_name: z.enum(USER_TYPES),
  account_type: z.enum(['personal', 'professional']),
  permissions: z.record(z.string(), z.literal(true)),
  profile_completed: z.boolean(),
  profile_needs_update: z.boolean(),
  is_email_confirmed: z.boolean(),
  is_phone_confirmed: z.boolean(),
  enrolled: z.boolean(),
  organisation_id: z.number().int().nullable(),
  is_organisation_admin: z.boolean(),
  functions: z.array(ZStaffFunction),
  delegated_from_organisation_id: z.number().int().nullable(),
});
export type CurrentUser = z.infer<typeof ZCurrentUser>;
