import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { User } from '@bank/shared';
import { student } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';
import { server } from '../../test/server';

describe('display name', () => {
  it('offers Create Display Name when there is none, and sends the name as raw text', async () => {
    let body: string | null = null;
    let contentType: string | null = null;
    server.use(
      http.put('*/api/user/users/student/updateDisplayName', async ({ request }) => {
        contentType = request.headers.get('Content-Type');
        body = await request.text();
        return HttpResponse.json({ ...student, displayName: 'Sammy' });
      }),
    );
    const { user, router, queryClient } = renderApp('/settings', student);
    await user.click(await screen.findByRole('link', { name: 'Create Display Name' }));
    await user.type(await screen.findByLabelText(/Display Name/), 'Sammy');
    await user.click(screen.getByRole('button', { name: 'Save Display Name' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/settings'));
    expect(body).toBe('Sammy');
    expect(contentType).toMatch(/^text\/plain/);
    expect(queryClient.getQueryData<User>(['user', 'student'])?.displayName).toBe('Sammy');
    expect(await screen.findByTestId('display-name')).toHaveTextContent('Sammy');
    expect(screen.getByRole('link', { name: 'Edit Display Name' })).toBeInTheDocument();
  });
});
