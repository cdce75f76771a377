/**
 * The applications module's public face: the draft guard that the modules owning an
 * application's parts (beneficiaries, real estates) change drafts through, and the registry they
 * plug those parts into; the read policy and the look-ups of the public status page. Other
 * modules import only this file.
 */
export { type DraftChange, draftChanged, inDraft, ownDraft, realEstatesChanged } from './draft.js';
export {
  type ApplicationPartsRegistry,
  type BeneficiaryPart,
  type RealEstatePart,
  registerApplicationParts,
} from './parts.js';
export { type ApplicationFacts, mayReadApplication } from './policy.js';
/** The stored quick-search text of an application (the demo seed writes applications directly). */
export { refreshQuickSearch } from './repository.js';
export {
  findApplicationFormVersion,
  findApplicationSummary,
  findReadableApplication,
  listAttachedFiles,
} from './service.js';
export {
  registerWorkflowHook,
  unregisterWorkflowHook,
  type WorkflowFacts,
  type WorkflowHook,
  type WorkflowTransition,
  workflowHook,
} from './staff/workflow-hook.js';
