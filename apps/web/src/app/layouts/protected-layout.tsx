import { Navigate, Outlet, useLocation } from 'react-router';
import { useSession, useStoredAuth } from '../../lib/current-user';
import { UPDATE_PASSWORD_PATH } from '../guards';

/**
 * The screens behind sign-in. The route loader guards navigation; this guards changes of the
 * session while a screen is open (logout, a 401, a password change). The user record is a query,
 * so reading it here also keeps it fresh.
 */
export function ProtectedLayout() {
  const auth = useStoredAuth();
  const session = useSession();
  const { pathname } = useLocation();
  if (!auth) return <Navigate to="/login" replace />;
  // The guard loaded the user before this rendered; it is missing only while the cache is cleared.
  if (!session) return null;
  if (session.user.mustChangePassword && pathname !== UPDATE_PASSWORD_PATH) {
    return <Navigate to={UPDATE_PASSWORD_PATH} replace />;
  }
  return <Outlet />;
}
