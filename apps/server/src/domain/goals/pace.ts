/** The weeks a pace looks back over (API.md "Students who take part": the last 8 weeks of saving). */
export const PACE_WEEKS = 8;
/** Beyond this a goal is "not at this pace": ten school years of weeks. */
const HORIZON_WEEKS = 520;
const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * The average weekly saving: what the account grew by over the last 8 weeks (or since it opened,
 * if that is sooner, counted as at least one week), in whole cents.
 */
export function weeklySavingCents(grownCents: number, openedAt: Date, now: Date): number {
  const weeksOpen = Math.max(1, Math.min(PACE_WEEKS, (now.getTime() - openedAt.getTime()) / WEEK_MS));
  return Math.round(grownCents / weeksOpen);
}

/**
 * About how many weeks until the balance reaches the goal, saving `weeklyCents` a week with the
 * savings rate's interest (simple weekly compounding, an estimate for a child, not a promise):
 * null when the goal is reached or the balance does not grow, or it would take longer than the
 * horizon.
 */
export function weeksToGoal(input: {
  balanceCents: number;
  goalCents: number;
  weeklyCents: number;
  annualRatePercent: number;
}): number | null {
  let balance = input.balanceCents;
  if (balance >= input.goalCents) return null;
  const weeklyRate = input.annualRatePercent / 100 / 52;
  for (let week = 1; week <= HORIZON_WEEKS; week += 1) {
    const next = balance + balance * weeklyRate + input.weeklyCents;
    if (next <= balance) return null;
    balance = next;
    if (balance >= input.goalCents) return week;
  }
  return null;
}
