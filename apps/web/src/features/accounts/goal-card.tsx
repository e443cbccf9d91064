import { ActionIcon, Badge, Button, Group, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import { IconArrowDown, IconArrowUp } from '@tabler/icons-react';
import { useId, type DragEvent } from 'react';
import { participationScreenText as m, type Goal } from '@bank/shared';
import { DeleteButton } from '../../components/delete-button';
import { formatDate, money } from '../../lib/format';

/** Whole percent, rounded down: 99.6 % is not yet "100%". */
export const goalPercent = (goal: Goal) => Math.floor(goal.progress * 100);

/** Where the goal stands: reached, or how long at this pace, or no estimate yet. */
function paceLine(goal: Goal): string {
  if (goal.progress >= 1) return m.goalReached(formatDate(goal.reachedAt ?? goal.createdAt));
  return goal.weeksToGo === null ? m.goalNoPace : m.goalPace(goal.weeksToGo);
}

/**
 * The bar is one progressbar with a name and a value a screen reader reads in full ("60%: $60.00
 * of $100.00"); the section inside it is only what the eye sees.
 */
function GoalProgress({ goal }: { goal: Goal }) {
  const percent = goalPercent(goal);
  return (
    <Progress.Root
      size="lg"
      radius="xl"
      role="progressbar"
      aria-label={m.goalProgressLabel(goal.name)}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      aria-valuetext={m.goalProgressText(percent, money(goal.held), money(goal.amount))}
    >
      <Progress.Section value={percent} withAria={false} color={goal.progress >= 1 ? 'teal.8' : 'blue.8'} />
    </Progress.Root>
  );
}

interface GoalCardProps {
  goal: Goal;
  /** The savings account's name, where goals of several accounts are shown together. */
  accountName?: string | undefined;
  /** The owner's buttons; staff see the goal only. */
  onEdit?: (() => void) | undefined;
  onDelete?: (() => void) | undefined;
  /** The owner's order: a step up or down among the account's goals (undefined at either end). */
  onMoveUp?: (() => void) | undefined;
  onMoveDown?: (() => void) | undefined;
  /** The owner drags a goal onto another's place (the arrows do the same without a mouse). */
  drag?: GoalDrag | undefined;
  busy?: boolean;
}

export interface GoalDrag {
  onDragStart: () => void;
  onDrop: () => void;
}

/** Up and down, each a button with the goal's name; the end a goal cannot pass is disabled. */
function MoveButtons({
  goal,
  onMoveUp,
  onMoveDown,
  busy,
}: Pick<GoalCardProps, 'goal' | 'onMoveUp' | 'onMoveDown' | 'busy'>) {
  const moves = [
    { onClick: onMoveUp, label: m.moveGoalUp(goal.name), Icon: IconArrowUp },
    { onClick: onMoveDown, label: m.moveGoalDown(goal.name), Icon: IconArrowDown },
  ];
  return (
    <Group gap={4} wrap="nowrap">
      {moves.map(({ onClick, label, Icon }) => (
        <ActionIcon
          key={label}
          variant="default"
          size="lg"
          onClick={onClick}
          disabled={busy || !onClick}
          aria-label={label}
        >
          <Icon size={18} aria-hidden />
        </ActionIcon>
      ))}
    </Group>
  );
}

type OwnerButtonsProps = Pick<GoalCardProps, 'goal' | 'onMoveUp' | 'onMoveDown' | 'busy'> & {
  onEdit: () => void;
  onDelete: () => void;
};

/** At the card's foot: the order's arrows on one side, Edit and Delete on the other. */
function OwnerButtons({ goal, onEdit, onDelete, onMoveUp, onMoveDown, busy = false }: OwnerButtonsProps) {
  return (
    <Group justify="space-between" gap="xs" mt="auto">
      <MoveButtons goal={goal} onMoveUp={onMoveUp} onMoveDown={onMoveDown} busy={busy} />
      <Group gap="xs">
        <Button
          size="compact-sm"
          variant="default"
          onClick={onEdit}
          disabled={busy}
          aria-label={m.editGoal(goal.name)}
        >
          Edit
        </Button>
        <DeleteButton
          size="compact-sm"
          onClick={onDelete}
          disabled={busy}
          aria-label={m.deleteGoal(goal.name)}
        >
          Delete
        </DeleteButton>
      </Group>
    </Group>
  );
}

/** HTML drag and drop: the dragged goal is remembered by the section, the drop target names the place. */
function dragProps(drag: GoalDrag | undefined) {
  if (!drag) return {};
  return {
    draggable: true,
    onDragStart: (event: DragEvent) => {
      event.dataTransfer.effectAllowed = 'move';
      drag.onDragStart();
    },
    onDragOver: (event: DragEvent) => event.preventDefault(),
    onDrop: (event: DragEvent) => {
      event.preventDefault();
      drag.onDrop();
    },
    style: { cursor: 'grab' },
  };
}

/** One goal: its name, the bar, what is saved of what, what is left, and the pace. */
export function GoalCard({
  goal,
  accountName,
  onEdit,
  onDelete,
  onMoveUp,
  onMoveDown,
  drag,
  busy = false,
}: GoalCardProps) {
  const titleId = useId();
  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      component="article"
      aria-labelledby={titleId}
      data-testid="goal"
      {...dragProps(drag)}
    >
      {/* Full height, so that the buttons of cards side by side line up at the foot. */}
      <Stack gap="xs" h="100%">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <div>
            <Badge variant="light" color="gray" tt="none" size="sm" mb={4}>
              {m.goalPlace(goal.position)}
            </Badge>
            <Title order={3} size="h5" id={titleId} style={{ overflowWrap: 'anywhere' }}>
              {goal.name}
            </Title>
            {accountName && (
              <Text size="sm" c="dimmed">
                {accountName}
              </Text>
            )}
          </div>
          <Text fw={700} aria-hidden>
            {goalPercent(goal)}%
          </Text>
        </Group>
        <GoalProgress goal={goal} />
        <Text size="sm">
          {m.goalOf(money(goal.held), money(goal.amount))}
          {goal.left > 0 && ` · ${m.goalLeft(money(goal.left))}`}
        </Text>
        <Text size="sm" c="dimmed" data-testid="goal-pace">
          {paceLine(goal)}
        </Text>
        {goal.targetDate && (
          <Text size="sm" c="dimmed">
            {m.goalTarget(formatDate(goal.targetDate))}
          </Text>
        )}
        {onEdit && onDelete && (
          <OwnerButtons
            goal={goal}
            onEdit={onEdit}
            onDelete={onDelete}
            onMoveUp={onMoveUp}
            onMoveDown={onMoveDown}
            busy={busy}
          />
        )}
      </Stack>
    </Paper>
  );
}
