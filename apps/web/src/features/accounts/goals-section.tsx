import { Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconTarget } from '@tabler/icons-react';
import { lazy, Suspense, useId, useRef, useState } from 'react';
import { limits, participationScreenText as m, type Account, type Goal } from '@bank/shared';
import { useConfirmAction } from '../../components/use-confirm-action';
import { QueryState } from '../../components/query-state';
import { failureStatus, StatusLine, type Status } from '../../components/status-message';
import { lastFour } from '../../lib/format';
import { useGoals } from '../../lib/participation-queries';
import { Celebration, useCelebration } from './celebration';
import { GoalCard, type GoalDrag } from './goal-card';
import { useDeleteGoal, useUpdateGoal } from './goals-api';

interface GoalsSectionProps {
  username: string;
  /** The savings accounts whose goals are shown (one on its account page, all of them at home). */
  accounts: Account[];
  /** The Student themself: adds, changes and deletes, and is celebrated. Staff only look. */
  owner: boolean;
}

/** The form (Mantine's form hook and inputs) loads when a goal is first added or changed (issue 22). */
const GoalForm = lazy(async () => ({ default: (await import('./goal-form')).GoalForm }));

/** The owner's add, edit, delete and order, each with its status line. */
function useGoalEditing(username: string) {
  const [editing, setEditing] = useState<Goal | 'new' | null>(null);
  const [status, setStatus] = useState<Status | null>(null);
  const remove = useDeleteGoal(username);
  const update = useUpdateGoal(username);
  /** A new place for a goal: the server shifts the others (API.md "Goals share nothing"). */
  const move = (goal: Goal, position: number) => {
    setStatus(null);
    update.mutate(
      { goalId: goal.goalId, body: { position } },
      {
        onSuccess: () => setStatus({ kind: 'success', title: m.goalMoved(goal.name, position) }),
        onError: (error) => setStatus(failureStatus(m.goalMoveFailed, error)),
      },
    );
  };
  const { ask, modal } = useConfirmAction();
  const open = (next: Goal | 'new') => {
    setStatus(null);
    setEditing(next);
  };
  const saved = () => {
    setEditing(null);
    setStatus({ kind: 'success', title: m.goalSaved });
  };
  const askDelete = (goal: Goal) =>
    ask({
      message: m.deleteGoalConfirm(goal.name),
      confirmLabel: 'Delete Goal',
      danger: true,
      onConfirm: () => {
        setStatus(null);
        remove.mutate(goal.goalId, {
          onSuccess: () => setStatus({ kind: 'success', title: m.goalDeleted }),
          onError: (error) => setStatus(failureStatus(m.goalDeleteFailed, error)),
        });
      },
    });
  return {
    editing,
    open,
    close: () => setEditing(null),
    saved,
    askDelete,
    move,
    status,
    modal,
    busy: remove.isPending || update.isPending,
  };
}

/**
 * The owner's ways to change the order: a step up or down among the goals of the same account, or
 * a drag of one goal onto another's place.
 */
function useGoalOrder(shown: Goal[], move: (goal: Goal, position: number) => void) {
  const dragged = useRef<Goal | null>(null);
  const countOf = (accountId: string) => shown.filter((g) => g.accountId === accountId).length;
  return (goal: Goal) => {
    const drag: GoalDrag = {
      onDragStart: () => {
        dragged.current = goal;
      },
      onDrop: () => {
        const from = dragged.current;
        dragged.current = null;
        if (from && from.goalId !== goal.goalId && from.accountId === goal.accountId)
          move(from, goal.position);
      },
    };
    return {
      onMoveUp: goal.position > 1 ? () => move(goal, goal.position - 1) : undefined,
      onMoveDown: goal.position < countOf(goal.accountId) ? () => move(goal, goal.position + 1) : undefined,
      drag,
    };
  };
}

interface GoalListProps {
  shown: Goal[];
  owner: boolean;
  edit: ReturnType<typeof useGoalEditing>;
  nameOf: (goal: Goal) => string | undefined;
}

/** The goals in their order; the owner's have their buttons and may be dragged. */
function GoalList({ shown, owner, edit, nameOf }: GoalListProps) {
  const orderOf = useGoalOrder(shown, edit.move);
  if (shown.length === 0)
    return <Text size="sm">{owner ? `${m.noGoalsYet} ${m.goalsIntro}` : m.noGoalsStaff}</Text>;
  return (
    <>
      {owner && shown.length > 1 && (
        <Text size="sm" data-testid="goals-order-hint">
          {m.goalsOrderHint}
        </Text>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        {shown.map((goal) => (
          <GoalCard
            key={goal.goalId}
            goal={goal}
            accountName={nameOf(goal)}
            onEdit={owner ? () => edit.open(goal) : undefined}
            onDelete={owner ? () => edit.askDelete(goal) : undefined}
            {...(owner ? orderOf(goal) : {})}
            busy={edit.busy}
          />
        ))}
      </SimpleGrid>
    </>
  );
}

/**
 * Savings goals (issue 24): each with its bar, what is left and the pace; the owner adds (up to 5 on
 * an account), changes and deletes them, and a goal reached is celebrated once.
 */
export function GoalsSection({ username, accounts, owner }: GoalsSectionProps) {
  const titleId = useId();
  const goals = useGoals(username);
  const ids = new Set(accounts.map((a) => a.accountId));
  const shown = goals.data?.filter((goal) => ids.has(goal.accountId));
  const celebration = useCelebration(shown, owner);
  const edit = useGoalEditing(username);
  const count = (accountId: string) => shown?.filter((g) => g.accountId === accountId).length ?? 0;
  const roomy = accounts.filter((a) => count(a.accountId) < limits.goalsPerAccountMax);
  const nameOf = (goal: Goal) => (accounts.length > 1 ? `SAVINGS ${lastFour(goal.accountId)}` : undefined);
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby={titleId}>
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Title order={2} size="h4" id={titleId}>
            {m.goalsTitle}
          </Title>
          {owner && edit.editing === null && (
            <Button
              variant="light"
              leftSection={<IconTarget size={16} aria-hidden />}
              onClick={() => edit.open('new')}
              disabled={!shown || roomy.length === 0}
            >
              {m.addGoal}
            </Button>
          )}
        </Group>
        <Celebration goals={celebration.shown} onClose={celebration.dismiss} />
        <StatusLine status={edit.status} />
        {owner && shown && roomy.length === 0 && <Text size="sm">{m.goalsFull}</Text>}
        {edit.editing !== null && (
          <Suspense fallback={null}>
            <GoalForm
              username={username}
              goal={edit.editing === 'new' ? null : edit.editing}
              accounts={roomy}
              onDone={edit.saved}
              onCancel={edit.close}
            />
          </Suspense>
        )}
        <QueryState query={goals} what={m.goalsTitle.toLowerCase()}>
          {() => <GoalList shown={shown ?? []} owner={owner} edit={edit} nameOf={nameOf} />}
        </QueryState>
      </Stack>
      {edit.modal}
    </Paper>
  );
}
