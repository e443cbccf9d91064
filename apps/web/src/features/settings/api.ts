import { useMutation, useQueryClient } from '@tanstack/react-query';
import { userCalls, type User } from '@bank/shared';
import { api } from '../../lib/api-client';
import { userQuery } from '../../lib/current-user';
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
      api.call(userCalls.updateDisplayName, { params: { userId: username }, body: displayName }),
    onSuccess: storeUser,
  });
}

/** PUT /user/users/{username}/updatePassword with JSON [current, new] → text; then the fresh user record. */
export function useUpdatePassword(username: string) {
  const queryClient = useQueryClient();
  const storeUser = useStoreUser();
  return useMutation({
    mutationFn: async ({ current, next }: { current: string; next: string }) => {
      const answer = await api.call(userCalls.updatePassword, {
        params: { userId: username },
        body: [current, next],
      });
      // mustChangePassword turns false now; the guards read it from the user record.
      const user = await fetchUser(username).catch(() => null);
      return { answer, user };
    },
    onSuccess: ({ user }) => {
      if (user) storeUser(user);
      else {
        const current = queryClient.getQueryData(userQuery(username).queryKey);
        if (current) storeUser({ ...current, mustChangePassword: false });
      }
    },
  });
}
