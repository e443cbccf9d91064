import { Button, Group, Paper, Stack, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import { ROLE_LABELS, studentText } from '@bank/shared';
import { PageHeader } from '../../components/page-header';
import { useRequiredSession } from '../../lib/current-user';
import { paths } from '../../lib/paths';
import { ColorSchemeSetting } from './color-scheme-setting';

/** `settings`: name, display name, a masked password and Change Password (spec §2). */
export function SettingsPage() {
  const { user } = useRequiredSession();
  const hasDisplayName = Boolean(user.displayName);
  return (
    <>
      <PageHeader
        title={user.userRole === 'ADMIN' ? 'User Settings' : 'Settings'}
        subtitle={studentText.settingsIntro}
      />
      <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md" maw={640}>
        <Stack>
          <Table variant="vertical" layout="fixed" withTableBorder>
            <Table.Tbody>
              <Table.Tr>
                <Table.Th w={140}>User Id</Table.Th>
                <Table.Td>{user.username}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Td>{user.name}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>Display Name</Table.Th>
                <Table.Td data-testid="display-name">
                  {hasDisplayName ? (
                    user.displayName
                  ) : (
                    <Text c="dimmed" span>
                      {studentText.notSet}
                    </Text>
                  )}
                  <Text size="xs" c="dimmed">
                    {studentText.displayNameHint}
                  </Text>
                </Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>Role</Table.Th>
                <Table.Td>{ROLE_LABELS[user.userRole]}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>Password</Table.Th>
                <Table.Td aria-label="Password (hidden)">••••••••</Table.Td>
              </Table.Tr>
            </Table.Tbody>
          </Table>
          <Group>
            <Button component={Link} to={paths.editDisplayName} variant="light">
              {hasDisplayName ? 'Edit Display Name' : 'Create Display Name'}
            </Button>
            <Button component={Link} to={paths.updatePassword} variant="light">
              Change Password
            </Button>
          </Group>
        </Stack>
      </Paper>
      <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md" maw={640} mt="lg">
        <ColorSchemeSetting />
      </Paper>
    </>
  );
}
