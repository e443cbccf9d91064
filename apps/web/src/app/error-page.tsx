import { Button, Code, Container, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { isRouteErrorResponse, Link, useLocation, useRouteError } from 'react-router';
import { messages, studentText } from '@bank/shared';
import { uiText } from '../lib/ui-text';

/** A screen's chunk did not load: after a new release the old file names are gone. */
function isChunkLoadFailure(error: unknown): boolean {
  const text = error instanceof Error ? `${error.name} ${error.message}` : String(error);
  return /dynamically imported module|Importing a module script failed|ChunkLoadError|module script/i.test(
    text,
  );
}

/** "Unexpected Application Error!" (spec §8) as the page's heading, and what to do under it. */
function UnexpectedError({ children }: { children: ReactNode }) {
  return (
    <Container size="sm" py="xl">
      <Stack gap="md" align="flex-start" role="alert">
        <Title order={1} tabIndex={-1} data-page-heading>
          {messages.unexpectedError}
        </Title>
        {children}
      </Stack>
    </Container>
  );
}

/** "The bank was updated", never a module's address, and a button that reloads the page. */
function AppUpdated() {
  return (
    <UnexpectedError>
      <Text>{uiText.appUpdated}</Text>
      <Button onClick={() => window.location.reload()}>{uiText.reload}</Button>
    </UnexpectedError>
  );
}

/** Unknown routes give a no-route-matches message (spec §8), and what to do (issue 33 item 9). */
export function NotFoundPage() {
  const { pathname } = useLocation();
  return (
    <Container size="sm" py="xl">
      <Stack gap="md" align="flex-start">
        <Title order={1} tabIndex={-1} data-page-heading>
          404 Not Found
        </Title>
        <Text>
          No route matches URL <Code>&quot;{pathname}&quot;</Code>
        </Text>
        <Text>{studentText.notFoundHelp}</Text>
        <Button component={Link} to="/home">
          Go to Home
        </Button>
      </Stack>
    </Container>
  );
}

/** Any other router-level error: "Unexpected Application Error!" (spec §8) and what went wrong. */
export function ErrorPage() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  if (isChunkLoadFailure(error)) return <AppUpdated />;
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : String(error);
  return (
    <UnexpectedError>
      <Text>{studentText.errorHelp}</Text>
      <Text c="dimmed">{detail}</Text>
      <Button component="a" href="/home">
        Reload the app
      </Button>
    </UnexpectedError>
  );
}
