/**
 * The complaint contract's types as the screens use them (packages/domain contracts/complaints):
 * request bodies are the schemas' inputs (defaults and transforms left to the server).
 */
import type {
  ZComplaintCreateRequest,
  ZComplaintTypeCreateRequest,
  ZComplaintTypePatchRequest,
  ZResponseTemplateCreateRequest,
  ZResponseTemplatePatchRequest,
} from '@ghiseu/domain';
import type { z } from 'zod';

export type {
  AvailableComplaintType,
  Complaint as ComplaintRecord,
  ComplaintAbilities,
  ComplaintComment,
  ComplaintFile,
  ComplaintHistoryEntry,
  ComplaintListItem,
  ComplaintSolver as Solver,
  ComplaintStatus,
  ComplaintType as ComplaintTypeRecord,
  ResponseTemplate as ResponseTemplateRecord,
  ResponseTemplateCategory,
} from '@ghiseu/domain';

export type ComplaintCreateRequest = z.input<typeof ZComplaintCreateRequest>;
export type ComplaintTypeWrite = z.input<typeof ZComplaintTypeCreateRequest>;
export type ComplaintTypePatch = z.input<typeof ZComplaintTypePatchRequest>;
export type ResponseTemplateWrite = z.input<typeof ZResponseTemplateCreateRequest>;
export type ResponseTemplatePatch = z.input<typeof ZResponseTemplatePatchRequest>;
