import { Group, Text } from '@mantine/core';
import { IconBuildingBank } from '@tabler/icons-react';

/** The header's logo: the bank's own name once signed in, the product's before. */
export function Logo({ name = 'School Bank' }: { name?: string }) {
  return (
    <Group gap={8} wrap="nowrap" miw={0}>
      <IconBuildingBank size={28} stroke={1.8} color="var(--mantine-color-anchor)" aria-hidden />
      <Text fw={700} size="lg" truncate data-testid="bank-name">
        {name}
      </Text>
    </Group>
  );
}
