import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, Link, Outlet, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { NavigationProgress } from './navigation-progress';

function Frame() {
  return (
    <>
      <NavigationProgress />
      <Link to="/account">Account</Link>
      <Outlet />
    </>
  );
}

describe('the navigation progress bar', () => {
  it('shows while the next route loads, named Loading..., and goes once the screen is there', async () => {
    let finish = () => {};
    const loaded = new Promise<null>((resolve) => (finish = () => resolve(null)));
    const router = createMemoryRouter([
      {
        element: <Frame />,
        children: [
          { path: '/', element: <p>Home</p> },
          { path: '/account', loader: () => loaded, element: <p>The account</p> },
        ],
      },
    ]);
    render(<RouterProvider router={router} />);
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Account' }));
    expect(await screen.findByRole('progressbar', { name: 'Loading...' })).toBeInTheDocument();
    expect(screen.getByText('Home')).toBeInTheDocument();
    finish();
    expect(await screen.findByText('The account')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('progressbar')).not.toBeInTheDocument());
  });
});
