import { Anchor, Button, Group, Stack } from '@mantine/core';
import { IconPrinter } from '@tabler/icons-react';
import { QRCodeSVG } from 'qrcode.react';
import type { CSSProperties } from 'react';
import { Link } from 'react-router';
import { classroomText as t, type ImportedStudent } from '@bank/shared';
import { PageHeader } from '../../components/page-header';
import { LoadingBlock } from '../../components/query-state';
import { StatusMessage } from '../../components/status-message';
import { useRequiredSession } from '../../lib/current-user';
import { importResultStore } from '../../lib/import-result';
import { paths } from '../../lib/paths';
import { useBankSettings } from '../../lib/queries';
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

function Slip({
  student,
  bankName,
  signInAt,
}: {
  student: ImportedStudent;
  bankName: string;
  signInAt: string;
}) {
  return (
    <div className={classes.slip} data-testid="sign-in-slip">
      <div className={classes.top}>
        <div className={classes.main}>
          <div className={classes.bank}>{bankName}</div>
          <div className={classes.name}>{student.name}</div>
          <span className={classes.label}>{t.slipUserId}</span>
          <Value text={student.username} testId="slip-user-id" />
          <span className={classes.label}>{t.slipPassword}</span>
          <Value text={student.temporaryPassword} testId="slip-password" />
        </div>
        <div className={classes.qr}>
          <QRCodeSVG
            value={signInAt}
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
      <div className={classes.note}>{t.slipNote}</div>
    </div>
  );
}

/** The slips in pages of eight: each page is a printed sheet. */
function Sheets({
  students,
  bankName,
  signInAt,
}: {
  students: ImportedStudent[];
  bankName: string;
  signInAt: string;
}) {
  const pages = Array.from({ length: Math.ceil(students.length / SLIPS_PER_PAGE) }, (_, i) =>
    students.slice(i * SLIPS_PER_PAGE, (i + 1) * SLIPS_PER_PAGE),
  );
  return pages.map((page, i) => (
    <section className={classes.sheet} key={i} aria-label={`Page ${i + 1} of sign-in slips`}>
      {page.map((s) => (
        <Slip key={s.username} student={s} bankName={bankName} signInAt={signInAt} />
      ))}
    </section>
  ));
}

/**
 * `{bankId}/admin/users/import/slips`: the printable sign-in slips of the last import, each with the
 * address students sign in at and its QR code. Only the slips are printed.
 */
export function SignInSlipsPage() {
  const { user } = useRequiredSession();
  const bank = useBankSettings(user.bankId);
  const address = useSignInAddress();
  const students = importResultStore.load()?.created ?? [];
  // Not before the address and the bank's name are known: a slip printed without them is useless.
  const ready = address.ready && !bank.isPending;
  return (
    <>
      <Stack className={classes.screenOnly} gap="md" mb="lg">
        <PageHeader
          title={t.slipsTitle}
          actions={
            <Group gap="sm">
              <Anchor component={Link} to={paths.importStudents(user.bankId)}>
                {t.backToImport}
              </Anchor>
              {students.length > 0 && (
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
        {students.length === 0 ? (
          <StatusMessage kind="failure" title={t.noImportResult} />
        ) : (
          <SignInAddressNote address={address} />
        )}
      </Stack>
      {!ready ? (
        <LoadingBlock />
      ) : (
        <Sheets students={students} bankName={bank.data?.bankName ?? ''} signInAt={address.url} />
      )}
    </>
  );
}
