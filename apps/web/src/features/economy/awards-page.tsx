import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconMinus, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import {
  economyScreens as t,
  economyText,
  type Award,
  type GiveAwardResult,
  type Student,
} from '@bank/shared';
import { PageHeader } from '../../components/page-header';
import { allOf, QueryState } from '../../components/query-state';
import { failureStatus, StatusLine, StatusMessage, type Status } from '../../components/status-message';
import { useConfirmAction } from '../../components/use-confirm-action';
import { money } from '../../lib/format';
import { useAwards, useGiveAward } from './api';
import { AwardForm } from './award-form';
import { ClassSelect, useClassChoice } from './class-choice';
import { NewButton, useEditing } from './form-actions';
import { StudentChooser, type ChooserView } from './student-chooser';

/** "+$2.00" for a bonus, "−$1.00" for a fine: what it does to the balance. */
export const signedAmount = (award: Award) =>
  `${award.kind === 'deposit' ? '+' : '\u2212'}${money(award.amount)}`;

/** What a give did, and whom it left out with why (a fine never makes a balance negative). */
function GiveResult({
  award,
  result,
  students,
}: {
  award: Award;
  result: GiveAwardResult;
  students: Student[];
}) {
  const names = new Map(students.map((s) => [s.username, s.name]));
  const said =
    result.count === 0
      ? t.givenNobody(award.name)
      : (award.kind === 'deposit' ? t.givenBonus : t.givenFine)(
          award.name,
          result.count,
          money(result.total),
        );
  const lines = result.leftOut.map((l) =>
    t.leftOutLine(
      l.name ?? (l.username ? (names.get(l.username) ?? l.username) : (l.accountId ?? '')),
      l.reason,
    ),
  );
  return (
    <Stack gap={4} data-testid="give-result">
      <StatusMessage
        kind={result.count === 0 ? 'failure' : 'success'}
        title={said}
        detail={lines.length ? `${t.leftOutHeading(lines.length)} ${lines.join('; ')}` : undefined}
      />
    </Stack>
  );
}

interface GiveState {
  award: Award;
  result: GiveAwardResult;
}

/** The chosen Students and the give: an award's button, then Confirm Action's Give. */
function useGive(students: Student[]) {
  const give = useGiveAward();
  const { ask, modal } = useConfirmAction();
  const [chosen, setChosen] = useState<Set<string>>(new Set());
  const [done, setDone] = useState<GiveState | null>(null);
  const [problem, setProblem] = useState<Status | null>(null);
  const choose = (next: Set<string>) => {
    setProblem(null);
    setChosen(next);
  };
  const press = (award: Award) => {
    setDone(null);
    if (chosen.size === 0) {
      setProblem({ kind: 'failure', title: t.chooseFirst });
      return;
    }
    const usernames = students.filter((s) => chosen.has(s.username)).map((s) => s.username);
    const names = students.filter((s) => chosen.has(s.username)).map((s) => s.name);
    ask({
      message: t.confirmGive(award.name, signedAmount(award), names),
      confirmLabel: t.giveButton,
      onConfirm: () =>
        give.mutate(
          { awardId: award.awardId, body: { usernames } },
          {
            onSuccess: (result) => {
              setDone({ award, result });
              setChosen(new Set());
            },
            onError: (error) => setProblem(failureStatus(t.giveFailed, error)),
          },
        ),
    });
  };
  return { chosen, choose, press, done, problem, modal, pending: give.isPending };
}

function AwardButtons({
  awards,
  chosenCount,
  pending,
  onGive,
}: {
  awards: Award[];
  chosenCount: number;
  pending: boolean;
  onGive: (award: Award) => void;
}) {
  return (
    <Paper
      component="section"
      aria-label={t.awardButtonsLabel}
      withBorder
      shadow="md"
      radius="md"
      p="sm"
      style={{ position: 'sticky', bottom: 0, zIndex: 3 }}
    >
      <Stack gap="xs">
        <Text size="sm" fw={700} data-testid="chosen-count" aria-live="polite">
          {pending ? t.giving : t.chosenCount(chosenCount)}
        </Text>
        {awards.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t.noAwards}
          </Text>
        ) : (
          <Group gap="xs">
            {awards.map((a) => (
              <Button
                key={a.awardId}
                variant="default"
                leftSection={
                  a.kind === 'deposit' ? (
                    <IconPlus size={16} aria-hidden />
                  ) : (
                    <IconMinus size={16} aria-hidden />
                  )
                }
                disabled={pending}
                onClick={() => onGive(a)}
              >
                {t.awardButton(a.name, signedAmount(a))}
              </Button>
            ))}
          </Group>
        )}
      </Stack>
    </Paper>
  );
}

/** The award buttons to change: each opens its form. */
function EditAwards({ awards, onEdit }: { awards: Award[]; onEdit: (award: Award) => void }) {
  if (awards.length === 0) return null;
  return (
    <Stack gap="xs">
      <Title order={2} size="h4">
        {t.editAwardsLabel}
      </Title>
      <Group gap="xs">
        {awards.map((a) => (
          <Button key={a.awardId} size="compact-sm" variant="default" onClick={() => onEdit(a)}>
            {t.editAward(a.name)}
          </Button>
        ))}
      </Group>
    </Stack>
  );
}

/** The class as seats or a list, in a section of its own. */
function ChooseStudents({ people, g }: { people: Student[]; g: ReturnType<typeof useGive> }) {
  const [view, setView] = useState<ChooserView>('seats');
  return (
    <Paper
      withBorder
      p={{ base: 'sm', sm: 'md' }}
      radius="md"
      component="section"
      aria-label={t.chooseHeading}
    >
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t.chooseHeading}
        </Title>
        <StudentChooser
          students={people}
          chosen={g.chosen}
          onChange={g.choose}
          view={view}
          onView={setView}
        />
      </Stack>
    </Paper>
  );
}

/** `{bankId}/awards` (issue 34): the teacher's bonus and fine buttons, given to chosen Students in two clicks. */
export function AwardsPage() {
  const klass = useClassChoice();
  const awards = useAwards(klass.bankId);
  const { students } = klass;
  const roster = students.data ?? [];
  const g = useGive(roster);
  const e = useEditing<Award>();
  return (
    <>
      <PageHeader
        title={t.awardsTitle}
        subtitle={t.awardsSubtitle}
        actions={<NewButton label={t.newAward} open={() => e.open('new')} off={e.editing === 'new'} />}
      />
      <Stack gap="md">
        {e.editing && (
          <AwardForm
            key={e.editing === 'new' ? 'new' : e.editing.awardId}
            award={e.editing === 'new' ? undefined : e.editing}
            onClose={e.close}
            onDone={e.done}
          />
        )}
        <StatusLine status={e.status} />
        {g.done && <GiveResult award={g.done.award} result={g.done.result} students={roster} />}
        <StatusLine status={g.problem} />
        <ClassSelect
          {...klass}
          onChange={(v) => {
            g.choose(new Set());
            klass.setChosen(v);
          }}
        />
        {klass.branchId === null ? (
          <StatusMessage kind="failure" title={economyText.giveNoClass} />
        ) : (
          <QueryState query={allOf(awards, students)} what="the awards and the class">
            {([list, people]) => (
              <Stack gap="md">
                <ChooseStudents people={people} g={g} />
                <AwardButtons
                  awards={list}
                  chosenCount={g.chosen.size}
                  pending={g.pending}
                  onGive={g.press}
                />
                <EditAwards awards={list} onEdit={e.open} />
              </Stack>
            )}
          </QueryState>
        )}
      </Stack>
      {g.modal}
    </>
  );
}
