/** The circular records and the recipients' answer live in the shared contracts (packages/domain). */
export {
  type CircularRecipients,
  type CircularRecord,
  ZCircularRecipients,
  ZCircularRecipientsQuery,
  ZCircularRecord,
} from '@ghiseu/domain';
