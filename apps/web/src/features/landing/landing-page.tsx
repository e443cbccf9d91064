import { Button, Container, Group, List, Stack, Text, Title } from '@mantine/core';
import { landingText as text } from '@bank/shared';
import { Link } from 'react-router';
import { useDocumentTitle } from '@mantine/hooks';
import { useSession } from '../../lib/current-user';
import { paths } from '../../lib/paths';

/** `/`: the landing page (spec §2): what the bank is and what it teaches (issue 33). */
export function LandingPage() {
  useDocumentTitle('School Bank');
  const session = useSession();
  return (
    <Container size="sm" py={{ base: 'lg', sm: 60 }}>
      <Stack gap="lg">
        <Title order={1} tabIndex={-1} data-page-heading>
          {text.title}
        </Title>
        <Text size="lg">{text.what}</Text>
        <Title order={2} size="h3">
          {text.teachesTitle}
        </Title>
        <List spacing="xs">
          {text.teaches.map((line) => (
            <List.Item key={line}>{line}</List.Item>
          ))}
        </List>
        <Text c="dimmed">{text.who}</Text>
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
