import { Anchor, Button, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCheck, IconCircleDashed } from '@tabler/icons-react';
import { Link } from 'react-router';
import { adminGuidance as text } from '@bank/shared';
import { useBankUsers } from '../../features/admin/api';
import { paths } from '../../lib/paths';
import { useBankAccounts, useBranches } from '../../lib/queries';

export interface SetupStep {
  label: string;
  hint: string;
  to: string;
  done: boolean;
  /** A second way to do the step (import a roster). */
  also?: { label: string; to: string };
  /** Told when the step's link is followed (a step the app cannot see done otherwise). */
  onFollow?: () => void;
}

/**
 * What a new bank still lacks (issue 14): a branch, students, accounts. Undefined until all three
 * lists have loaded; the checklist shows nothing while it cannot tell.
 */
export function useSetupSteps(bankId: number): SetupStep[] | undefined {
  const branches = useBranches(bankId);
  const users = useBankUsers(bankId);
  const accounts = useBankAccounts(bankId);
  if (!branches.data || !users.data || !accounts.data) return undefined;
  return [
    {
      label: text.setupBranch,
      hint: text.setupBranchHint,
      to: paths.adminBranches(bankId),
      done: branches.data.length > 0,
    },
    {
      label: text.setupStudents,
      hint: text.setupStudentsHint,
      to: paths.adminUsers(bankId),
      done: users.data.some((u) => u.userRole === 'USER'),
      also: { label: text.setupImport, to: paths.importStudents(bankId) },
    },
    {
      label: text.setupAccounts,
      hint: text.setupAccountsHint,
      to: paths.adminAccounts(bankId),
      done: accounts.data.length > 0,
    },
  ];
}

function Step({ step }: { step: SetupStep }) {
  return (
    <Group
      component="li"
      wrap="nowrap"
      align="flex-start"
      gap="sm"
      data-testid="setup-step"
      data-done={step.done}
    >
      <ThemeIcon variant="light" color={step.done ? 'teal' : 'gray'} radius="xl" size="lg" aria-hidden>
        {step.done ? <IconCheck size={18} /> : <IconCircleDashed size={18} />}
      </ThemeIcon>
      <Stack gap={0}>
        <Group gap="xs" wrap="wrap">
          <Anchor component={Link} to={step.to} fw={600} onClick={step.onFollow}>
            {step.label}
          </Anchor>
          {step.also && (
            <Anchor component={Link} to={step.also.to} size="sm">
              {step.also.label}
            </Anchor>
          )}
          {/* In words, not only the tick's colour. */}
          <Text span size="sm" c={step.done ? 'var(--bank-success-text)' : 'dimmed'} fw={600}>
            {step.done ? text.setupDone : text.setupToDo}
          </Text>
        </Group>
        <Text size="sm" c="dimmed">
          {step.hint}
        </Text>
      </Stack>
    </Group>
  );
}

/** A card of steps, each a link to the screen that does it, with how many are done. */
export function StepsCard(props: {
  id: string;
  title: string;
  intro: string;
  steps: SetupStep[];
  onHide?: () => void;
}) {
  const { id, title, intro, steps, onHide } = props;
  const done = steps.filter((s) => s.done).length;
  return (
    <Paper
      withBorder
      p={{ base: 'md', sm: 'lg' }}
      radius="md"
      mb="lg"
      component="section"
      aria-labelledby={id}
    >
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
          <div>
            <Title order={2} size="h4" id={id}>
              {title}
            </Title>
            <Text size="sm" c="dimmed">
              {intro} {text.setupProgress(done, steps.length)}.
            </Text>
          </div>
          {onHide && (
            <Button variant="default" size="compact-md" onClick={onHide}>
              {text.nextHide}
            </Button>
          )}
        </Group>
        <Stack component="ol" gap="sm" m={0} p={0} style={{ listStyle: 'none' }}>
          {steps.map((step) => (
            <Step key={step.label} step={step} />
          ))}
        </Stack>
      </Stack>
    </Paper>
  );
}

/** A new bank's admin sees the three setup steps on Home until all are done (issue 14). */
export function SetupChecklist({ bankId }: { bankId: number }) {
  const steps = useSetupSteps(bankId);
  if (!steps || steps.every((s) => s.done)) return null;
  return <StepsCard id="setup-title" title={text.setupTitle} intro={text.setupIntro} steps={steps} />;
}
