import { Alert, CloseButton, Group, Text } from '@mantine/core';
import { IconConfetti } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { participationScreenText as m, type Goal } from '@bank/shared';
import { SUCCESS_TITLE_COLOR } from '../../components/status-message';
import { announce } from '../../lib/announcer';

/** The goals already celebrated on this device: a reached goal is celebrated once, not on every visit. */
const CELEBRATED_KEY = 'bank.celebratedGoals';

function celebratedIds(): Set<number> {
  try {
    const stored: unknown = JSON.parse(window.localStorage.getItem(CELEBRATED_KEY) ?? '[]');
    return new Set(Array.isArray(stored) ? stored.filter((id): id is number => typeof id === 'number') : []);
  } catch {
    // An unreadable entry counts as none; it is written again below.
    return new Set();
  }
}

function markCelebrated(goals: Goal[]) {
  const ids = celebratedIds();
  for (const goal of goals) ids.add(goal.goalId);
  window.localStorage.setItem(CELEBRATED_KEY, JSON.stringify([...ids]));
}

/**
 * The goals reached since this device last showed them: shown (and announced through the page's
 * live region) once, then remembered. What was celebrated before this screen opened is read once,
 * so a goal celebrated here stays on screen until closed. Only the owner celebrates; `goals` is
 * undefined while loading.
 */
export function useCelebration(goals: Goal[] | undefined, owner: boolean) {
  const [celebratedBefore] = useState(celebratedIds);
  const [closed, setClosed] = useState(false);
  const reached = useMemo(
    () =>
      owner && goals ? goals.filter((g) => g.reachedAt !== null && !celebratedBefore.has(g.goalId)) : [],
    [goals, owner, celebratedBefore],
  );
  useEffect(() => {
    // Remembered and announced once, however often this runs.
    const now = celebratedIds();
    const fresh = reached.filter((goal) => !now.has(goal.goalId));
    if (fresh.length === 0) return;
    markCelebrated(fresh);
    announce(fresh.map((goal) => m.goalCelebrate(goal.name)).join(' '));
  }, [reached]);
  return { shown: closed ? [] : reached, dismiss: () => setClosed(true) };
}

/** The celebration itself: a cheerful box the eye sees (the screen reader heard it through the live region). */
export function Celebration({ goals, onClose }: { goals: Goal[]; onClose: () => void }) {
  if (goals.length === 0) return null;
  return (
    <Alert color="teal" variant="light" icon={<IconConfetti aria-hidden />} data-testid="goal-celebration">
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <div>
          {goals.map((goal) => (
            <Text key={goal.goalId} fw={700} c={SUCCESS_TITLE_COLOR}>
              {m.goalCelebrate(goal.name)}
            </Text>
          ))}
        </div>
        <CloseButton aria-label="Close" onClick={onClose} />
      </Group>
    </Alert>
  );
}
