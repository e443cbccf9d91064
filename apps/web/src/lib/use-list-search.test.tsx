import { act, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SEARCH_DEBOUNCE_MS, useListSearch } from './use-list-search';

function List() {
  const { text, setText, q } = useListSearch();
  return (
    <>
      <input aria-label="Search" value={text} onChange={(e) => setText(e.currentTarget.value)} />
      <p>searching: [{q}]</p>
    </>
  );
}

function renderList(at: string) {
  const router = createMemoryRouter([{ path: '/list', element: <List /> }], { initialEntries: [at] });
  render(<RouterProvider router={router} />);
  return router;
}

afterEach(() => vi.useRealTimers());

// The browser suite's admin-accounts spec clicks View inside the pause: a write left for the end of
// the pause once swallowed that click, or landed on the account page.
describe('useListSearch', () => {
  it('writes the search into the address at once, and asks the list for it only after the pause', async () => {
    vi.useFakeTimers();
    const router = renderList('/list');
    await act(async () => {
      fireEvent.change(screen.getByLabelText('Search'), { target: { value: ' 859 ' } });
    });
    expect(router.state.location.search).toBe('?q=859');
    expect(screen.getByText('searching: []')).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS + 50));
    expect(screen.getByText('searching: [859]')).toBeTruthy();
    await act(async () => {
      fireEvent.change(screen.getByLabelText('Search'), { target: { value: '  ' } });
    });
    expect(router.state.location.search).toBe('');
  });

  it('starts from the search in the address, as Back finds it', () => {
    renderList('/list?q=sam');
    expect(screen.getByLabelText('Search')).toHaveProperty('value', 'sam');
    expect(screen.getByText('searching: [sam]')).toBeTruthy();
  });
});
