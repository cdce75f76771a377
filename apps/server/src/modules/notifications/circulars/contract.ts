import { z } from 'zod';

/**
 * A sent circular as GET /notifications/circulars lists it (the history of
 * /application-circular-mail/:id). Kept beside the module until the lead moves it into
 * packages/domain/src/contracts/notifications.ts.
 */
export const ZCircularRecord = z.object({
  id: z.number().int(),
  application_id: z.number().int().nullable(),
  subject: z.string(),
  /** Sanitised HTML, as sent. */
  message: z.string(),
  department_ids: z.array(z.number().int()),
  user_ids: z.array(z.number().int()),
  /** How many extra addresses it went to (the addresses are not repeated in the list). */
  extra_emails_count: z.number().int(),
  file_ids: z.array(z.number().int()),
  /** Portal users reached (in-app and e-mail). */
  recipient_users: z.number().int(),
  /** E-mails queued. */
  recipient_emails: z.number().int(),
  created_by: z.object({ id: z.number().int(), name: z.string() }),
  created_at: z.string(),
});
export type CircularRecord = z.infer<typeof ZCircularRecord>;
