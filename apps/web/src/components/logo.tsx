import { Group, Text } from '@mantine/core';
import { IconBuildingBank } from '@tabler/icons-react';

/** The product logo of the header. */
export function Logo() {
  return (
    <Group gap={8} wrap="nowrap">
      <IconBuildingBank size={28} stroke={1.8} color="var(--mantine-color-blue-filled)" aria-hidden />
      <Text fw={700} size="lg" style={{ whiteSpace: 'nowrap' }}>
        School Bank
      </Text>
    </Group>
  );
}
