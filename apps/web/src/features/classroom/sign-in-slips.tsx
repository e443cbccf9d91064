import { Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { IconPrinter } from '@tabler/icons-react';
import { QRCodeSVG } from 'qrcode.react';
import { useState, type CSSProperties, type ReactNode } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { classroomText as t, teacherText, type Branch, type ImportedStudent, type Slip } from '@bank/shared';
import { PageHeader } from '../../components/page-header';
import { LoadingBlock } from '../../components/query-state';
import { StatusMessage } from '../../components/status-message';
import { useRequiredSession } from '../../lib/current-user';
import { paths } from '../../lib/paths';
import { importResultStore, newSlipsStore, studentsSearchOf } from '../../lib/import-result';
import { useBankSettings, useBranches } from '../../lib/queries';
import { SignInAddressNote, useSignInAddress } from './sign-in-address';
import classes from './sign-in-slips.module.css';

/** Two columns of four (sign-in-slips.module.css). */
const SLIPS_PER_PAGE = 8;

/** A User Id or password: on one line, smaller when long (the CSS reads its length). */
function Value({ text, testId }: { text: string; testId: string }) {
  return (
    <span className={classes.value} data-testid={testId} style={{ '--chars': text.length } as CSSProperties}>
      {text}
    </span>
  );
}

/**
 * The sign-in address with the User Id filled in (`/login?user=...`): what the QR code opens, so a
 * student only types their password. Never the password: a slip left on a desk signs nobody in.
 */
export const signInLinkFor = (signInAt: string, username: string) =>
  `${signInAt}?user=${encodeURIComponent(username)}`;

function SlipCard({ slip, bankName, signInAt }: { slip: Slip; bankName: string; signInAt: string }) {
  return (
    <div className={classes.slip} data-testid="sign-in-slip">
      <div className={classes.top}>
        <div className={classes.main}>
          <div className={classes.bank}>
            {bankName}
            {slip.branchName && (
              <span className={classes.class} data-testid="slip-class">
                {' · '}
                {teacherText.classOfSlips}: {slip.branchName}
              </span>
            )}
          </div>
          <div className={classes.name}>{slip.name}</div>
          <span className={classes.label}>{t.slipUserId}</span>
          <Value text={slip.username} testId="slip-user-id" />
          <span className={classes.label}>{t.slipPassword}</span>
          <Value text={slip.temporaryPassword} testId="slip-password" />
        </div>
        <div className={classes.qr}>
          <QRCodeSVG
            value={signInLinkFor(signInAt, slip.username)}
            level="M"
            className={classes.qrCode}
            aria-label={t.slipQrLabel}
            data-testid="slip-qr"
          />
          <span aria-hidden>{t.slipScan}</span>
        </div>
      </div>
      <div className={classes.address}>
        <span className={classes.addressLabel}>{t.slipSignIn}</span>{' '}
        <span className={classes.addressValue} data-testid="slip-address">
          {signInAt}
        </span>
      </div>
      <div className={classes.note}>
        {t.slipNote} {teacherText.slipScanNote}
      </div>
    </div>
  );
}

/** The slips in pages of eight: each page is a printed sheet. */
function Sheets({ slips, bankName, signInAt }: { slips: Slip[]; bankName: string; signInAt: string }) {
  const pages = Array.from({ length: Math.ceil(slips.length / SLIPS_PER_PAGE) }, (_, i) =>
    slips.slice(i * SLIPS_PER_PAGE, (i + 1) * SLIPS_PER_PAGE),
  );
  return pages.map((page, i) => (
    <section className={classes.sheet} key={i} aria-label={`Page ${i + 1} of sign-in slips`}>
      {page.map((s) => (
        <SlipCard key={s.username} slip={s} bankName={bankName} signInAt={signInAt} />
      ))}
    </section>
  ));
}

/** An imported student's slip: their class by the branch's name. */
const slipOf =
  (branches: Branch[]) =>
  (s: ImportedStudent): Slip => ({
    username: s.username,
    name: s.name,
    branchName: branches.find((b) => b.branchId === s.branchId)?.branchName ?? '',
    temporaryPassword: s.temporaryPassword,
  });

/**
 * A screen of printable slips: its header (the way back, Print), where they sign in, then the
 * sheets. Only the slips are printed. Not before the address and the bank's name are known: a slip
 * printed without them is useless.
 */
function SlipsScreen(props: {
  title: string;
  back: ReactNode;
  extra?: ReactNode;
  slips: Slip[];
  empty: string;
  loading?: boolean;
}) {
  const { user } = useRequiredSession();
  const bank = useBankSettings(user.bankId);
  const address = useSignInAddress();
  const ready = address.ready && !bank.isPending && !props.loading;
  return (
    <>
      <Stack className={classes.screenOnly} gap="md" mb="lg">
        <PageHeader
          title={props.title}
          actions={
            <Group gap="sm">
              {props.back}
              {props.slips.length > 0 && (
                <Button
                  leftSection={<IconPrinter size={16} aria-hidden />}
                  onClick={() => window.print()}
                  disabled={!ready}
                >
                  {t.print}
                </Button>
              )}
            </Group>
          }
        />
        {props.slips.length === 0 ? (
          <StatusMessage kind="failure" title={props.empty} />
        ) : (
          <>
            {props.extra}
            <SignInAddressNote address={address} />
          </>
        )}
      </Stack>
      {!ready ? (
        <LoadingBlock />
      ) : (
        <Sheets slips={props.slips} bankName={bank.data?.bankName ?? ''} signInAt={address.url} />
      )}
    </>
  );
}

/**
 * `{bankId}/admin/users/import/slips`: the printable sign-in slips of the last import, each with the
 * student's class, the address students sign in at and its QR code.
 */
export function SignInSlipsPage() {
  const { user } = useRequiredSession();
  const branches = useBranches(user.bankId);
  const students = importResultStore.load()?.created ?? [];
  return (
    <SlipsScreen
      title={t.slipsTitle}
      back={
        <Anchor component={Link} to={paths.importStudents(user.bankId)}>
          {t.backToImport}
        </Anchor>
      }
      slips={students.map(slipOf(branches.data ?? []))}
      empty={t.noImportResult}
      loading={branches.isPending}
    />
  );
}

/**
 * `{bankId}/students/slips` (issue 33): new sign-in slips of chosen students, a class, or one
 * student after a reset, printed like the import's. Their passwords are shown only here: Done forgets
 * them.
 */
export function NewSlipsPage() {
  const { user } = useRequiredSession();
  const navigate = useNavigate();
  const back = paths.students(user.bankId) + studentsSearchOf(useLocation().state);
  const [slips] = useState(() => newSlipsStore.load());
  const done = () => {
    newSlipsStore.clear();
    void navigate(back);
  };
  return (
    <SlipsScreen
      title={teacherText.slipsFromStudents}
      back={
        slips.length > 0 ? (
          <Button variant="default" onClick={done}>
            {teacherText.slipsDone}
          </Button>
        ) : (
          <Anchor component={Link} to={back}>
            {teacherText.backToStudents}
          </Anchor>
        )
      }
      extra={<Text size="sm">{teacherText.slipsNote}</Text>}
      slips={slips}
      empty={teacherText.noSlips}
    />
  );
}
