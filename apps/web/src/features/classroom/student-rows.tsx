import { ActionIcon, Anchor, Button, Checkbox, Group, Menu, Stack, Switch, Text } from '@mantine/core';
import { IconArrowsExchange, IconKey } from '@tabler/icons-react';
import { Link } from 'react-router';
import {
  ACCOUNT_TYPES,
  classroomText as t,
  participationScreenText,
  teacherText,
  type Account,
  type Branch,
  type Student,
  type User,
} from '@bank/shared';
import type { Column } from '../../components/data-table';
import { MoneyText } from '../../components/money-text';
import { paths } from '../../lib/paths';
import { money } from '../../lib/format';
import { accountShort } from './payday-rows';
import { StudentGoals } from './student-goals';
import type { PageGoals } from './teacher-api';

/** What the signed-in staff member may do from a student's row. */
export interface RowActions {
  user: User;
  deposit: boolean;
  withdraw: boolean;
  /** Whether they may reset this student's password and print a new slip (issue 33). */
  mayReset: (student: Student) => boolean;
  /** Opens the Reset Password dialog for the student. */
  onReset: (student: Student) => void;
  /** Whether they may make this student a class banker, or no longer one. */
  mayChooseBanker: (student: Student) => boolean;
  onBanker: (student: Student, banker: boolean) => void;
  /** The student whose banker flag is being saved. */
  bankerBusy: string | null;
  /** The students chosen for new sign-in slips, by User Id; null when the teacher may not print any. */
  chosen: ReadonlySet<string> | null;
  onChoose: (student: Student, chosen: boolean) => void;
  /** The goals of the roster's pages, one call a page. */
  goals: PageGoals;
}

type Flow = 'deposit' | 'withdrawal';

/** The teller flow, with the branch and account chosen (flow-config presetOf reads the router state). */
function flowLink(actions: RowActions, account: Account, kind: Flow) {
  return {
    to: paths.flow(actions.user.bankId, kind),
    state: { branchId: String(account.branchId), accountId: account.accountId },
  };
}

const allowedFlows = (actions: RowActions): Flow[] =>
  [actions.deposit && ('deposit' as const), actions.withdraw && ('withdrawal' as const)].filter(
    (f): f is Flow => f !== false,
  );

const flowLabel = (kind: Flow) => (kind === 'deposit' ? t.deposit : t.withdraw);

/**
 * Centred in its box: on a phone every link is a 44 px tap target (app/a11y.css), and the text
 * would sit at the top of it, above the balance beside it.
 */
const linkStyle = { whiteSpace: 'nowrap', display: 'inline-flex', alignItems: 'center' } as const;

function AccountLink({ account }: { account: Account }) {
  return (
    <Anchor component={Link} to={paths.account(account.accountId)} size="sm" style={linkStyle}>
      {accountShort(account)}
    </Anchor>
  );
}

/**
 * The balance and, while a waiting request holds part of it, what is free to spend beside it
 * ("$12.00 · $4.00 available"), with what is held said in words for a screen reader and a tooltip.
 */
function Balance({ account }: { account: Account }) {
  const held = Math.round((account.balance - account.available) * 100) / 100;
  if (held <= 0) return <MoneyText amount={account.balance} />;
  return (
    <Group gap={4} wrap="nowrap" title={teacherText.heldNote(money(held))} data-testid="student-available">
      <MoneyText amount={account.balance} />
      <Text span size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
        · {teacherText.availableOfBalance(money(account.available))}
      </Text>
    </Group>
  );
}

/** A wide screen: one account per line, its balance and the flows as buttons. */
function AccountLine({
  student,
  account,
  actions,
}: {
  student: Student;
  account: Account;
  actions: RowActions;
}) {
  const named = `${student.name}, ${accountShort(account)}`;
  return (
    <Group gap="xs" wrap="nowrap" data-testid="student-account" justify="space-between">
      <Group gap="xs" wrap="nowrap">
        <AccountLink account={account} />
        <Balance account={account} />
      </Group>
      <Group gap="xs" wrap="nowrap">
        {allowedFlows(actions).map((kind) => (
          <Button
            key={kind}
            component={Link}
            {...flowLink(actions, account, kind)}
            size="compact-sm"
            variant="default"
            aria-label={`${flowLabel(kind)}: ${named}`}
          >
            {flowLabel(kind)}
          </Button>
        ))}
      </Group>
    </Group>
  );
}

/**
 * A phone: the account, its balance, and its flows behind one menu button, on one line where they
 * fit; on the narrowest phones a large balance moves under the account, at the right (text that
 * cannot wrap would otherwise be drawn over its neighbour).
 */
function PhoneAccountLine({
  student,
  account,
  actions,
}: {
  student: Student;
  account: Account;
  actions: RowActions;
}) {
  const flows = allowedFlows(actions);
  const named = `${student.name}, ${accountShort(account)}`;
  return (
    <Group gap={6} wrap="wrap" justify="space-between" data-testid="student-account">
      <AccountLink account={account} />
      <Group gap={6} wrap="nowrap" ml="auto">
        <Balance account={account} />
        {flows.length > 0 && (
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <ActionIcon
                variant="default"
                size="lg"
                aria-label={t.accountActions(student.name, accountShort(account))}
              >
                <IconArrowsExchange size={18} aria-hidden />
              </ActionIcon>
            </Menu.Target>
            <Menu.Dropdown>
              {flows.map((kind) => (
                <Menu.Item
                  key={kind}
                  component={Link}
                  {...flowLink(actions, account, kind)}
                  aria-label={`${flowLabel(kind)}: ${named}`}
                >
                  {flowLabel(kind)}
                </Menu.Item>
              ))}
            </Menu.Dropdown>
          </Menu>
        )}
      </Group>
    </Group>
  );
}

/**
 * Reset Password for one student: the button says whose in its accessible name (the dialog's
 * title, starting with the words it shows) and, for sight, by standing in the student's row or card.
 */
function ResetButton({
  student,
  onReset,
  short = false,
}: {
  student: Student;
  onReset: (student: Student) => void;
  /** "Reset" in the table's Password column (its header says what); the whole words on a card. */
  short?: boolean;
}) {
  return (
    <Button
      size="compact-sm"
      variant="default"
      leftSection={<IconKey size={14} aria-hidden />}
      onClick={() => onReset(student)}
      style={{ flexShrink: 0 }}
      aria-label={t.resetPasswordFor(student.name, student.userId)}
    >
      {short ? teacherText.resetShort : 'Reset Password'}
    </Button>
  );
}

const fullName = (s: Student) => (s.displayName ? `${s.name} (${s.displayName})` : s.name);

/** The box that chooses a student for new sign-in slips (only those the teacher may print). */
function ChooseBox({ student, actions }: { student: Student; actions: RowActions }) {
  if (!actions.chosen || !actions.mayReset(student)) return null;
  return (
    <Checkbox
      aria-label={teacherText.chooseStudent(student.name)}
      checked={actions.chosen.has(student.username)}
      onChange={(e) => actions.onChoose(student, e.currentTarget.checked)}
      data-testid="choose-student"
    />
  );
}

/** Whether the student is a class banker: a switch for whom the teacher may choose, else Yes or No. */
function BankerCell({ student, actions }: { student: Student; actions: RowActions }) {
  if (!actions.mayChooseBanker(student))
    return <Text size="sm">{student.banker ? teacherText.bankerOn : teacherText.bankerOff}</Text>;
  return (
    <Switch
      aria-label={teacherText.bankerFor(student.name)}
      checked={student.banker}
      disabled={actions.bankerBusy !== null}
      onChange={(e) => actions.onBanker(student, e.currentTarget.checked)}
      data-testid="banker-switch"
    />
  );
}

function branchNameOf(branches: Branch[]) {
  return (id: number | null) => branches.find((b) => b.branchId === id)?.branchName ?? '';
}

/** Checking before savings in every row, whatever order the accounts were opened in. */
const inTypeOrder = (accounts: Account[]) =>
  [...accounts].sort(
    (a, b) =>
      ACCOUNT_TYPES.indexOf(a.accountType) - ACCOUNT_TYPES.indexOf(b.accountType) ||
      a.accountId.localeCompare(b.accountId),
  );

function AccountsCell({
  student,
  actions,
  phone,
}: {
  student: Student;
  actions: RowActions;
  phone: boolean;
}) {
  if (student.accounts.length === 0) return <Text size="sm">{t.noOpenAccounts}</Text>;
  const Line = phone ? PhoneAccountLine : AccountLine;
  return (
    <Stack gap={phone ? 2 : 4}>
      {inTypeOrder(student.accounts).map((a) => (
        <Line key={a.accountId} student={student} account={a} actions={actions} />
      ))}
    </Stack>
  );
}

/**
 * The Students table on a wide screen. With one class chosen its Branch column would say the same
 * on every row (the Class filter names it), so it is left out and the table fits a laptop.
 */
export function studentColumns(branches: Branch[], actions: RowActions, oneClass = false): Column<Student>[] {
  const branchName = branchNameOf(branches);
  const goals = (s: Student) => (
    <StudentGoals
      student={s}
      goals={actions.goals.goalsOf(s.username)}
      failed={actions.goals.failed(s.username)}
    />
  );
  return [
    // The box that chooses a student for slips stands before their name: a column of its own would
    // push the table past a laptop's width.
    {
      header: 'Name',
      cell: (s) => (
        <Group gap="xs" wrap="nowrap">
          <ChooseBox student={s} actions={actions} />
          <span>{fullName(s)}</span>
        </Group>
      ),
    },
    { header: 'User Id', cell: (s) => s.userId },
    ...(oneClass ? [] : [{ header: 'Branch', cell: (s: Student) => branchName(s.branchId) }]),
    { header: 'Accounts', cell: (s) => <AccountsCell student={s} actions={actions} phone={false} /> },
    { header: participationScreenText.goalsColumn, cell: goals },
    { header: teacherText.bankerColumn, cell: (s) => <BankerCell student={s} actions={actions} /> },
    {
      header: 'Password',
      action: true,
      cell: (s) => (actions.mayReset(s) ? <ResetButton student={s} onReset={actions.onReset} short /> : null),
    },
  ];
}

/**
 * One student on a phone, in a few lines (issue 20: a card per student, not a label and value per
 * column): the name across the card (with the box that chooses them for slips), the User Id and
 * branch with Reset Password beside them, one line per account, the goals, and the class banker.
 * The name has the width to itself, so that even a long one breaks between words.
 */
export function StudentCard({
  student,
  branches,
  actions,
}: {
  student: Student;
  branches: Branch[];
  actions: RowActions;
}) {
  return (
    <Stack gap={2}>
      <Group gap="xs" wrap="nowrap" align="flex-start">
        <ChooseBox student={student} actions={actions} />
        <Text size="sm" fw={700} style={{ overflowWrap: 'anywhere' }}>
          {fullName(student)}
        </Text>
      </Group>
      <Group justify="space-between" wrap="nowrap" gap="xs" align="center">
        <Text size="xs" c="dimmed" miw={0} style={{ overflowWrap: 'anywhere' }}>
          {student.userId} · {branchNameOf(branches)(student.branchId)}
        </Text>
        {actions.mayReset(student) && <ResetButton student={student} onReset={actions.onReset} />}
      </Group>
      <AccountsCell student={student} actions={actions} phone />
      <StudentGoals
        student={student}
        goals={actions.goals.goalsOf(student.username)}
        failed={actions.goals.failed(student.username)}
      />
      <Group gap="xs" wrap="nowrap" justify="space-between">
        <Text size="sm" c="dimmed">
          {teacherText.bankerColumn}
        </Text>
        <BankerCell student={student} actions={actions} />
      </Group>
    </Stack>
  );
}
