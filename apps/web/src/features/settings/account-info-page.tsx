import { Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { ROUTING_NUMBER, studentText } from '@bank/shared';
import { PageHeader } from '../../components/page-header';
import { QueryState } from '../../components/query-state';
import { useRequiredSession } from '../../lib/current-user';
import { useUserAccounts } from '../../lib/queries';
import { uiText } from '../../lib/ui-text';

/**
 * `settings/accountInfo`: each account's number and the bank's routing number (spec §2), each with
 * a line that says what it is (issue 33 item 9).
 */
export function AccountInfoPage() {
  const { user } = useRequiredSession();
  const accounts = useUserAccounts(user.username);
  return (
    <>
      <PageHeader title="Account Information" subtitle={studentText.accountInfoIntro} />
      <QueryState query={accounts} what="your accounts">
        {(list) =>
          list.length === 0 ? (
            <Text c="dimmed">{uiText.noAccounts}</Text>
          ) : (
            <SimpleGrid cols={{ base: 1, sm: 2 }} maw={800}>
              {list.map((account) => (
                <Paper key={account.accountId} withBorder p="lg" radius="md" data-testid="account-info">
                  <Text fw={600}>{account.accountType}</Text>
                  <Text size="sm" c="dimmed" mb="sm">
                    {studentText.accountKindLine[account.accountType]}
                  </Text>
                  <Stack gap="sm">
                    <div>
                      <Text size="xs" c="dimmed">
                        Account Number
                      </Text>
                      <Text ff="monospace">{account.accountId}</Text>
                      <Text size="xs" c="dimmed">
                        {studentText.accountNumberHint}
                      </Text>
                    </div>
                    <div>
                      <Text size="xs" c="dimmed">
                        Routing Number
                      </Text>
                      <Text ff="monospace">{ROUTING_NUMBER}</Text>
                      <Text size="xs" c="dimmed">
                        {studentText.routingNumberHint}
                      </Text>
                    </div>
                  </Stack>
                </Paper>
              ))}
            </SimpleGrid>
          )
        }
      </QueryState>
    </>
  );
}
