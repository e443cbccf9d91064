import { Button, Checkbox, Group, SegmentedControl, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { economyScreens as t, type Student } from '@bank/shared';

export type ChooserView = 'list' | 'seats';

export interface ChooserProps {
  students: Student[];
  /** The chosen Students' User Ids. */
  chosen: ReadonlySet<string>;
  onChange: (next: Set<string>) => void;
  view: ChooserView;
  onView: (view: ChooserView) => void;
}

const toggled = (chosen: ReadonlySet<string>, username: string) => {
  const next = new Set(chosen);
  if (next.has(username)) next.delete(username);
  else next.add(username);
  return next;
};

/** The class as a list of ticks: several at once, read by name. */
function StudentList({ students, chosen, onChange }: ChooserProps) {
  return (
    <Stack gap="xs" role="group" aria-label={t.studentListLabel}>
      {students.map((s) => (
        <Checkbox
          key={s.username}
          label={s.name}
          description={s.username}
          checked={chosen.has(s.username)}
          onChange={() => onChange(toggled(chosen, s.username))}
        />
      ))}
    </Stack>
  );
}

/** The class as seats to tap: one tile a Student, pressed while chosen. */
function SeatGrid({ students, chosen, onChange }: ChooserProps) {
  return (
    <SimpleGrid cols={{ base: 3, xs: 4, sm: 6 }} spacing="xs" role="group" aria-label={t.seatGridLabel}>
      {students.map((s) => {
        const on = chosen.has(s.username);
        return (
          <Button
            key={s.username}
            variant={on ? 'filled' : 'default'}
            aria-pressed={on}
            h={64}
            px={6}
            data-testid="seat"
            leftSection={on ? <IconCheck size={16} aria-hidden /> : undefined}
            onClick={() => onChange(toggled(chosen, s.username))}
            styles={{
              label: { whiteSpace: 'normal', overflowWrap: 'anywhere', textAlign: 'center', lineHeight: 1.2 },
            }}
          >
            {s.name}
          </Button>
        );
      })}
    </SimpleGrid>
  );
}

/** Choose Students of the class, from a list or a seat grid; everyone or nobody in one press. */
export function StudentChooser(props: ChooserProps) {
  const { students, chosen, onChange, view, onView } = props;
  if (students.length === 0) return <Text c="dimmed">{t.noStudentsInClass}</Text>;
  return (
    <Stack gap="sm">
      <Group justify="space-between" gap="xs">
        <SegmentedControl
          aria-label={t.viewLabel}
          value={view}
          onChange={(v) => onView(v as ChooserView)}
          data={[
            { value: 'seats', label: t.viewSeats },
            { value: 'list', label: t.viewList },
          ]}
        />
        <Group gap="xs">
          <Button
            size="compact-sm"
            variant="default"
            onClick={() => onChange(new Set(students.map((s) => s.username)))}
          >
            {t.chooseAll}
          </Button>
          <Button
            size="compact-sm"
            variant="default"
            onClick={() => onChange(new Set())}
            disabled={chosen.size === 0}
          >
            {t.chooseNone}
          </Button>
        </Group>
      </Group>
      {view === 'seats' ? <SeatGrid {...props} /> : <StudentList {...props} />}
    </Stack>
  );
}
