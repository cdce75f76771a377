/** Query keys of the public status page. */
export const publicStatusKeys = {
  all: ['public-status'] as const,
  status: (applicationId: number, token: string) => [...publicStatusKeys.all, 'status', applicationId, token] as const,
};
