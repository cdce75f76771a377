import { zRomanianPhone, zSmsCode } from '@ghiseu/domain';
import { z } from 'zod';

/** The visitor's forms, with the shared Romanian rules of spec §5 (phone, 6-digit SMS code). */
export const phoneSchema = z.object({ phone: zRomanianPhone });
export type PhoneValues = z.input<typeof phoneSchema>;

export const codeSchema = z.object({ code: zSmsCode });
export type CodeValues = z.input<typeof codeSchema>;
