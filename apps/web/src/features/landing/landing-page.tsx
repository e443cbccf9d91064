import { Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useDocumentTitle } from '@mantine/hooks';
import { useSession } from '../../lib/current-user';
import { paths } from '../../lib/paths';

/** `/`: the landing page with placeholder text (spec §2). */
export function LandingPage() {
  useDocumentTitle('School Bank');
  const session = useSession();
  return (
    <Container size="sm" py={{ base: 'lg', sm: 60 }}>
      <Stack gap="lg">
        <Title order={1} tabIndex={-1} data-page-heading>
          Banking for the whole school
        </Title>
        <Text size="lg" c="dimmed">
          Students keep an eye on their checking and savings accounts and move money between them. Tellers
          take deposits and withdrawals, and administrators look after users, branches and the bank&apos;s
          settings.
        </Text>
        <Text c="dimmed">
          Lorem ipsum dolor sit amet, consectetur adipiscing elit. Integer posuere erat a ante venenatis
          dapibus posuere velit aliquet.
        </Text>
        <Group>
          {session ? (
            <Button component={Link} to={paths.home} size="md">
              Go to Home
            </Button>
          ) : (
            <Button component={Link} to={paths.login} size="md">
              Login
            </Button>
          )}
        </Group>
      </Stack>
    </Container>
  );
}
