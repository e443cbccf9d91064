/** `{bankId}/admin/activity` (beyond the spec's routes; lib/paths.ts lists the spec's). */
export const activityPath = (bankId: number) => `/${bankId}/admin/activity`;
