import { Stack, Text } from '@mantine/core';
import { participationScreenText as m, type Goal, type Student } from '@bank/shared';
import { uiText } from '../../lib/ui-text';

/**
 * A student's savings goals in brief for the teacher ("Bike: 60%"), for students with a savings
 * account (goals live on those). The goals come with their page of the roster, one call a page
 * (issue 33), not one call a row.
 */
export function StudentGoals({
  student,
  goals,
  failed,
}: {
  student: Student;
  /** Undefined until the page's answer is in. */
  goals: Goal[] | undefined;
  failed: boolean;
}) {
  const saves = student.accounts.some((a) => a.accountType === 'SAVINGS');
  if (!saves) return null;
  if (failed) return <Text size="sm">{uiText.loadFailed}</Text>;
  if (!goals) return <Text size="sm">{uiText.loading}</Text>;
  if (goals.length === 0) return <Text size="sm">{m.noGoalsStaff}</Text>;
  return (
    <Stack gap={2} data-testid="student-goals">
      {goals.map((goal) => (
        <Text key={goal.goalId} size="sm" style={{ whiteSpace: 'nowrap' }}>
          {m.goalBrief(goal.name, Math.floor(goal.progress * 100))}
        </Text>
      ))}
    </Stack>
  );
}
