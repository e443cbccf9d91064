import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { User } from '@bank/shared';
import { api } from '../../lib/api-client';
import { fetchUser, queryKeys } from '../../lib/queries';

function useStoreUser() {
  const queryClient = useQueryClient();
  return (user: User) => {
    queryClient.setQueryData(queryKeys.user(user.username), user);
  };
}

/** PUT /user/users/{username}/updateDisplayName with the raw name as text/plain → the user. */
export function useUpdateDisplayName(username: string) {
  const storeUser = useStoreUser();
  return useMutation({
    mutationFn: (displayName: string) =>
      api.json<User>(`/user/users/${encodeURIComponent(username)}/updateDisplayName`, {
        method: 'PUT',
        text: displayName,
      }),
    onSuccess: storeUser,
  });
}

/** PUT /user/users/{username}/updatePassword with JSON [current, new] → text; then the fresh user record. */
export function useUpdatePassword(username: string) {
  const queryClient = useQueryClient();
  const storeUser = useStoreUser();
  return useMutation({
    mutationFn: async ({ current, next }: { current: string; next: string }) => {
      const answer = await api.text(`/user/users/${encodeURIComponent(username)}/updatePassword`, {
        method: 'PUT',
        json: [current, next],
      });
      // mustChangePassword turns false now; the guards read it from the user record.
      const user = await fetchUser(username).catch(() => null);
      return { answer, user };
    },
    onSuccess: ({ user }) => {
      if (user) storeUser(user);
      else {
        const current = queryClient.getQueryData<User>(queryKeys.user(username));
        if (current) storeUser({ ...current, mustChangePassword: false });
      }
    },
  });
}
