import { Button, Group, Loader, Stack, Text, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useEffect, useId, useRef, type ReactNode, type RefObject } from 'react';
import { classroomText, limits, listMessages, type ListNoun } from '@bank/shared';
import { announce } from '../lib/announcer';
import type { PagedList } from '../lib/paged-list';
import { LoadFailed } from './query-state';

/**
 * The pieces every long list shares (issue 20): the search box with the list's count above it, and
 * Show more under it. Students, Manage Users and Manage Accounts use them over `usePagedList`.
 */

/** The row elements DataTable marks, in order (a table row, or a card on a phone). */
const ROW_SELECTOR = '[data-list-row]';

/** "38 students", or with a search or filter "3 of 112 students match". */
export function countText(
  list: Pick<PagedList<unknown>, 'total'>,
  noun: ListNoun,
  filtered: boolean,
  unfilteredTotal: number | undefined,
): string | null {
  if (list.total === undefined) return null;
  if (!filtered) return listMessages.count(list.total, noun);
  return unfilteredTotal === undefined
    ? listMessages.count(list.total, noun)
    : listMessages.matching(list.total, unfilteredTotal, noun);
}

interface ListSearchProps {
  value: string;
  onChange: (text: string) => void;
  placeholder: string;
  /** The list's count (countText); announced when a search answers. */
  count: string | null;
  /** The answer of the last search is on screen while the next one loads. */
  searching: boolean;
  filtered: boolean;
  /** More filters beside the search box (the Students' branch). */
  children?: ReactNode;
}

/** The search box and the list's count. A search's count is read out once its answer is in. */
export function ListSearch({
  value,
  onChange,
  placeholder,
  count,
  searching,
  filtered,
  children,
}: ListSearchProps) {
  const countId = useId();
  useEffect(() => {
    if (filtered && !searching && count) announce(count);
  }, [filtered, searching, count]);
  return (
    <Stack gap={6}>
      <Group align="flex-end" gap="sm" wrap="wrap">
        <TextInput
          type="search"
          label={classroomText.searchLabel}
          placeholder={placeholder}
          leftSection={<IconSearch size={16} aria-hidden />}
          rightSection={searching ? <Loader size={14} aria-hidden /> : null}
          value={value}
          onChange={(e) => onChange(e.currentTarget.value)}
          w={{ base: '100%', xs: 320 }}
          maxLength={limits.studentSearchMaxLength}
          aria-describedby={count ? countId : undefined}
        />
        {children}
      </Group>
      <Text size="sm" id={countId} data-testid="list-count" aria-busy={searching || undefined}>
        {count ?? '\u00a0'}
      </Text>
    </Stack>
  );
}

/**
 * Show more under a long list, with how many are shown. After it the focus goes to the first row
 * just shown (the button may be gone: that was the last page), and a screen reader hears how many
 * rows are shown now.
 */
export function ShowMore<T>({
  list,
  noun,
  what,
  listRef,
}: {
  list: PagedList<T>;
  noun: ListNoun;
  /** Names what failed to load ("more students"). */
  what: string;
  /** Holds the list's rows. */
  listRef: RefObject<HTMLElement | null>;
}) {
  const shown = list.rows?.length ?? 0;
  const focusFrom = useRef<number | null>(null);
  const statusId = useId();
  useEffect(() => {
    const from = focusFrom.current;
    if (from === null || shown <= from) return;
    focusFrom.current = null;
    const row = listRef.current?.querySelectorAll<HTMLElement>(ROW_SELECTOR)[from];
    if (row) {
      row.tabIndex = -1;
      row.focus();
    }
    if (list.total !== undefined) announce(listMessages.showing(shown, list.total, noun));
  }, [shown, list.total, noun, listRef]);

  if (list.isFetchNextPageError) {
    return <LoadFailed what={what} error={list.error} onRetry={() => void list.fetchNextPage()} />;
  }
  if (!list.hasNextPage || list.total === undefined) return null;
  return (
    <Group justify="center" gap="sm" mt="sm">
      <Text size="sm" id={statusId}>
        {listMessages.showing(shown, list.total, noun)}
      </Text>
      <Button
        variant="default"
        aria-describedby={statusId}
        // Not disabled while loading: a disabled button would drop the keyboard focus to the page.
        aria-disabled={list.isFetchingNextPage || undefined}
        onClick={() => {
          if (list.isFetchingNextPage) return;
          focusFrom.current = shown;
          void list.fetchNextPage();
        }}
      >
        {list.isFetchingNextPage ? listMessages.loadingMore : listMessages.showMore}
      </Button>
    </Group>
  );
}
