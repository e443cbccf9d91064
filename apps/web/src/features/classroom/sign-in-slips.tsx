import { Anchor, Button, Group, Text } from '@mantine/core';
import { IconPrinter } from '@tabler/icons-react';
import { Link } from 'react-router';
import { classroomText as t, type ImportedStudent } from '@bank/shared';
import { PageHeader } from '../../components/page-header';
import { StatusMessage } from '../../components/status-message';
import { useRequiredSession } from '../../lib/current-user';
import { importResultStore } from '../../lib/import-result';
import { paths } from '../../lib/paths';
import { useBankSettings } from '../../lib/queries';

const SLIPS_PER_PAGE = 8;

/**
 * Eight slips to an A4 or Letter page, two columns of four, dashed lines to cut along; in print
 * the app's header, navigation and this screen's buttons are hidden.
 */
const printCss = `
.slip-page { display: grid; grid-template-columns: 1fr 1fr; margin-bottom: 16px; }
.slip { border: 1px dashed #495057; padding: 14px 18px; box-sizing: border-box; break-inside: avoid; color: #000; }
.slip dl { display: grid; grid-template-columns: auto 1fr; gap: 2px 10px; margin: 8px 0; }
.slip dt { font-weight: 600; }
.slip dd { margin: 0; font-family: monospace; font-size: 15px; overflow-wrap: anywhere; }
@media print {
  @page { margin: 10mm; }
  .mantine-AppShell-header, .mantine-AppShell-navbar, [data-print-hide] { display: none !important; }
  .mantine-AppShell-main { padding: 0 !important; min-height: 0 !important; }
  .slip-page { margin: 0; break-after: page; }
  .slip-page:last-child { break-after: auto; }
  .slip { height: 68mm; }
}`;

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
    <div className="slip" data-testid="sign-in-slip">
      <Text fw={700} size="sm">
        {bankName}
      </Text>
      <Text fw={700} size="lg">
        {student.name}
      </Text>
      <dl>
        <dt>{t.slipUserId}</dt>
        <dd data-testid="slip-user-id">{student.username}</dd>
        <dt>{t.slipPassword}</dt>
        <dd data-testid="slip-password">{student.temporaryPassword}</dd>
        <dt>{t.slipSignIn}</dt>
        <dd>{signInAt}</dd>
      </dl>
      <Text size="xs">{t.slipNote}</Text>
    </div>
  );
}

/** `{bankId}/admin/users/import/slips`: the printable sign-in slips of the last import. */
export function SignInSlipsPage() {
  const { user } = useRequiredSession();
  const bank = useBankSettings(user.bankId);
  const result = importResultStore.load();
  const back = (
    <Anchor component={Link} to={paths.importStudents(user.bankId)}>
      {t.backToImport}
    </Anchor>
  );
  const students = result?.created ?? [];
  const pages = Array.from({ length: Math.ceil(students.length / SLIPS_PER_PAGE) }, (_, i) =>
    students.slice(i * SLIPS_PER_PAGE, (i + 1) * SLIPS_PER_PAGE),
  );
  const signInAt = `${window.location.origin}${paths.login}`;
  return (
    <>
      <style>{printCss}</style>
      <div data-print-hide>
        <PageHeader
          title={t.slipsTitle}
          actions={
            <Group gap="sm">
              {back}
              {students.length > 0 && (
                <Button leftSection={<IconPrinter size={16} aria-hidden />} onClick={() => window.print()}>
                  {t.print}
                </Button>
              )}
            </Group>
          }
        />
      </div>
      {students.length === 0 && <StatusMessage kind="failure" title={t.noImportResult} />}
      {pages.map((page, i) => (
        <section className="slip-page" key={i} aria-label={`Page ${i + 1} of sign-in slips`}>
          {page.map((s) => (
            <Slip key={s.username} student={s} bankName={bank.data?.bankName ?? ''} signInAt={signInAt} />
          ))}
        </section>
      ))}
    </>
  );
}
