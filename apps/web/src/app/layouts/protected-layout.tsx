import { useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { authStore, useSession } from '../../lib/auth-store';
import { useUserRecord } from '../../lib/queries';
import { UPDATE_PASSWORD_PATH } from '../guards';

/**
 * The screens behind sign-in. The route loader guards navigation; this guards changes of the
 * session while a screen is open (logout, a 401, a password change), and keeps the user record fresh.
 */
export function ProtectedLayout() {
  const session = useSession();
  const { pathname } = useLocation();
  if (!session) return <Navigate to="/login" replace />;
  if (session.user.mustChangePassword && pathname !== UPDATE_PASSWORD_PATH) {
    return <Navigate to={UPDATE_PASSWORD_PATH} replace />;
  }
  return (
    <>
      <UserRecordSync username={session.user.username} />
      <Outlet />
    </>
  );
}

function UserRecordSync({ username }: { username: string }) {
  const user = useUserRecord(username);
  useEffect(() => {
    if (user.data && JSON.stringify(user.data) !== JSON.stringify(authStore.get()?.user)) {
      authStore.updateUser(user.data);
    }
  }, [user.data]);
  return null;
}
