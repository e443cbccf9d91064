import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState, type ReactNode } from 'react';
import { participationScreenText as m, type Classmate } from '@bank/shared';
import { useClassmates } from './api';

/** A classmate as the list names them: "Jordan Lee (Jo)". */
export const classmateLabel = (c: Classmate) => (c.displayName ? `${c.name} (${c.displayName})` : c.name);

interface ClassmatePickerProps {
  username: string;
  value: Classmate | null;
  error: ReactNode;
  disabled: boolean;
  onChange: (classmate: Classmate | null) => void;
}

/**
 * Pick a classmate by typing part of a name: the server searches (GET /user/classmates?q=), so
 * the list is the answer as it is, not filtered again here (a User Id matches too).
 */
export function ClassmatePicker({ username, value, error, disabled, onChange }: ClassmatePickerProps) {
  const [search, setSearch] = useState(value ? classmateLabel(value) : '');
  // Showing the chosen one's name is not a search: the list then offers everyone again.
  const typed = value && search === classmateLabel(value) ? '' : search.trim();
  const [q] = useDebouncedValue(typed, 250);
  const classmates = useClassmates(username, q);
  const found = classmates.data ?? [];
  const options = value && !found.some((c) => c.username === value.username) ? [value, ...found] : found;
  return (
    <Select
      label={m.classmateLabel}
      description={m.classmateHint}
      placeholder={m.classmatePlaceholder}
      searchable
      clearable
      withAsterisk
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options: all }) => all}
      nothingFoundMessage={classmates.isFetching ? undefined : m.noClassmateMatches}
      // Inside the form, so the list is in the main landmark; no inner scroll box (axe).
      comboboxProps={{ withinPortal: false }}
      withScrollArea={false}
      limit={12}
      data={options.map((c) => ({ value: c.username, label: classmateLabel(c) }))}
      value={value?.username ?? null}
      onChange={(next) => onChange(options.find((c) => c.username === next) ?? null)}
      error={error}
      disabled={disabled}
    />
  );
}
