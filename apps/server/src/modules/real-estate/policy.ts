/**
 * Object rules of the real-estate module. Which drafts an actor may change is the applications
 * module's guard (`ownDraft`); what this module adds is where a target may lie: applications are
 * filed with an organisation for its county ('Se pot depune cereri doar pe județul …'), so a
 * target's UAT must be in the county of the application's organisation. An organisation without
 * a county (none known) accepts any UAT.
 */
export const mayTargetUat = (organisationCounty: { id: number } | null, uat: { countyId: number }): boolean =>
  organisationCounty === null || organisationCounty.id === uat.countyId;
