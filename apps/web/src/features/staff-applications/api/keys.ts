/** Who can be picked for an application: its clerk, its reviewer, a consultant. */
export type CandidateRole = 'assignee' | 'reviewer' | 'consultant';

/** The query keys of the staff side; every write invalidates by these. */
export const staffKeys = {
  all: ['staff-applications'] as const,
  lists: ['staff-applications', 'list'] as const,
  list: (params: string) => ['staff-applications', 'list', params] as const,
  one: (id: number) => ['staff-applications', 'one', id] as const,
  /** Under `one(id)`: whatever refreshes the record refreshes these too. */
  history: (id: number) => ['staff-applications', 'one', id, 'history'] as const,
  relatedFiles: (id: number) => ['staff-applications', 'one', id, 'related-files'] as const,
  /** The related-document search from one application (its results change with any application's entry number). */
  relatedSearch: (id: number, value: string) => ['staff-applications', 'search', id, value] as const,
  counters: ['staff-applications', 'counters'] as const,
  candidates: (role: CandidateRole) => ['staff-applications', 'candidates', role] as const,
  types: ['staff-applications', 'types'] as const,
};
