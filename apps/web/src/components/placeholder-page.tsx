import { Paper, Text } from '@mantine/core';
import { PageHeader } from './page-header';

/** A screen whose content arrives with a later issue; its route and navigation already exist. */
export function PlaceholderPage({ title }: { title: string }) {
  return (
    <>
      <PageHeader title={title} />
      <Paper withBorder p="lg" radius="md">
        <Text c="dimmed">This screen is coming soon.</Text>
      </Paper>
    </>
  );
}
