import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { loadingMessages } from '@bank/shared';
import { ApiError } from '../lib/api-client';
import { uiText } from '../lib/ui-text';
import { allOf, QueryState, type QueryLike } from './query-state';

const loaded = <T,>(data: T): QueryLike<T> => ({
  data,
  isPending: false,
  isError: false,
  error: null,
  refetch: vi.fn(),
});
const pending = (): QueryLike<never> => ({ ...loaded(undefined as never), isPending: true });
const failed = (message: string): QueryLike<never> => ({
  ...loaded(undefined as never),
  isError: true,
  error: new ApiError(503, 'UNKNOWN', message),
});

function show(query: QueryLike<readonly unknown[]>) {
  render(
    <MantineProvider>
      <QueryState query={query} what="this page">
        {(data) => <p>{`loaded ${data.join(', ')}`}</p>}
      </QueryState>
    </MantineProvider>,
  );
}

describe('a page of several queries (issue 14: one error with a Retry, once)', () => {
  it('shows one error block when two queries fail, and its one Retry reloads every query', async () => {
    const queries = [failed('First is down'), failed('Second is down'), loaded('three')] as const;
    show(allOf(...queries));
    const alert = screen.getByRole('alert');
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(alert).toHaveTextContent(loadingMessages.couldNotLoad('this page'));
    expect(alert).toHaveTextContent('First is down');
    expect(screen.getAllByRole('button', { name: uiText.retry })).toHaveLength(1);

    await userEvent.click(screen.getByRole('button', { name: uiText.retry }));
    for (const query of queries) expect(query.refetch).toHaveBeenCalledTimes(1);
  });

  it('shows the failure at once, even while another query still loads', () => {
    show(allOf(pending(), failed('Down')));
    expect(screen.getByRole('alert')).toHaveTextContent('Down');
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('loads while any query loads, then shows the content of all', () => {
    show(allOf(loaded('one'), pending()));
    expect(screen.getByRole('status')).toHaveTextContent(uiText.loading);
  });

  it('gives the content every query data, in order', () => {
    show(allOf(loaded('one'), loaded('two')));
    expect(screen.getByText('loaded one, two')).toBeInTheDocument();
  });

  it('keeps what is shown when a later refresh fails', () => {
    show(allOf({ ...loaded('kept'), isError: true, error: new Error('refresh failed') }));
    expect(screen.getByText('loaded kept')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
