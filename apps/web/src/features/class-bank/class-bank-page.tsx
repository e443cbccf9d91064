import { Alert, Stack } from '@mantine/core';
import { participationScreenText as m } from '@bank/shared';
import { PageHeader } from '../../components/page-header';
import { useRequiredSession } from '../../lib/current-user';
import { MyRequests } from './my-requests';
import { RequestFlow } from './request-flow';

/**
 * `{bankId}/class-bank` (issue 24): a class banker asks to pay into or take out of a classmate's
 * account; below, what they asked and what became of it. A Student who is not a banker is told who
 * can make them one (the server refuses them too).
 */
export function ClassBankPage() {
  const { user } = useRequiredSession();
  return (
    <>
      <PageHeader title={m.classBankTitle} subtitle={m.classBankSubtitle} />
      {user.banker ? (
        <Stack gap="lg">
          <RequestFlow username={user.username} />
          <MyRequests username={user.username} />
        </Stack>
      ) : (
        <Alert color="blue" variant="light" maw={640}>
          {m.notABanker}
        </Alert>
      )}
    </>
  );
}
