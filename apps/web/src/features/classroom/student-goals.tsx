import { Stack, Text } from '@mantine/core';
import { participationScreenText as m, type Student } from '@bank/shared';
import { useGoals } from '../../lib/participation-queries';
import { uiText } from '../../lib/ui-text';

/**
 * A student's savings goals in brief for the teacher ("Bike: 60%"), read only for students with a
 * savings account (goals live on those).
 */
export function StudentGoals({ student }: { student: Student }) {
  const saves = student.accounts.some((a) => a.accountType === 'SAVINGS');
  const goals = useGoals(student.username, saves);
  if (!saves) return null;
  if (goals.isPending) return <Text size="sm">{uiText.loading}</Text>;
  if (goals.isError) return <Text size="sm">{uiText.loadFailed}</Text>;
  if (goals.data.length === 0) return <Text size="sm">{m.noGoalsStaff}</Text>;
  return (
    <Stack gap={2} data-testid="student-goals">
      {goals.data.map((goal) => (
        <Text key={goal.goalId} size="sm" style={{ whiteSpace: 'nowrap' }}>
          {m.goalBrief(goal.name, Math.floor(goal.progress * 100))}
        </Text>
      ))}
    </Stack>
  );
}
