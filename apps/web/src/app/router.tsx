import { createBrowserRouter, type RouteObject } from 'react-router';
import {
  BankSettingsPage,
  ManageAccountsPage,
  ManageBranchesPage,
  ManageUsersPage,
} from '../features/admin/admin-pages';
import { ActivityPage } from '../features/activity/activity-page';
import { LoginPage } from '../features/auth/login-page';
import { HomePage } from '../features/home/home-page';
import { LandingPage } from '../features/landing/landing-page';
import { ConfirmationPage } from '../features/money-movement/confirmation-page';
import { TellerFlowPage } from '../features/money-movement/teller-flow-page';
import { TransferPage } from '../features/money-movement/transfer-page';
import { AccountInfoPage } from '../features/settings/account-info-page';
import { EditDisplayNamePage } from '../features/settings/edit-display-name-page';
import { SettingsPage } from '../features/settings/settings-page';
import { UpdatePasswordPage } from '../features/settings/update-password-page';
import { StatementsPage } from '../features/statements/statements-page';
import { SupportPage } from '../features/support/support-page';
import { redirectIfSignedIn, requireOwnBank, requireRole, requireSession } from './guards';
import { ErrorPage, NotFoundPage } from './error-page';
import { ProtectedLayout } from './layouts/protected-layout';
import { RootLayout } from './layouts/root-layout';

const staffOnly = requireOwnBank('ADMIN', 'TELLER');
const adminOnly = requireOwnBank('ADMIN');
const anyRole = requireOwnBank();

/** Every route of the product (spec §2), under the root layout with its header. */
export const routes: RouteObject[] = [
  {
    path: '/',
    element: <RootLayout />,
    errorElement: <ErrorPage />,
    // The guards are synchronous; the first render waits for them without showing anything.
    HydrateFallback: () => null,
    children: [
      {
        // Errors of a screen show inside the layout, with the header and navigation still there.
        errorElement: <ErrorPage />,
        children: [
          { index: true, element: <LandingPage /> },
          { path: 'login', loader: redirectIfSignedIn, element: <LoginPage /> },
          {
            loader: requireSession,
            // The guard runs on every navigation, not only when this layout first matches.
            shouldRevalidate: () => true,
            element: <ProtectedLayout />,
            children: [
              { path: 'home', element: <HomePage /> },
              {
                path: 'account/:accountId',
                // The charts library is the heaviest dependency: it loads with this screen only.
                lazy: async () => ({
                  Component: (await import('../features/accounts/account-page')).AccountPage,
                }),
              },
              { path: ':bankId/transfer', loader: anyRole, element: <TransferPage /> },
              {
                path: ':bankId/transfer/confirmation',
                loader: anyRole,
                element: <ConfirmationPage flow="transfer" />,
              },
              { path: ':bankId/deposit', loader: staffOnly, element: <TellerFlowPage flow="deposit" /> },
              {
                path: ':bankId/deposit/confirmation',
                loader: staffOnly,
                element: <ConfirmationPage flow="deposit" />,
              },
              {
                path: ':bankId/withdrawal',
                loader: staffOnly,
                element: <TellerFlowPage flow="withdrawal" />,
              },
              {
                path: ':bankId/withdrawal/confirmation',
                loader: staffOnly,
                element: <ConfirmationPage flow="withdrawal" />,
              },
              { path: ':bankId/admin/users', loader: adminOnly, element: <ManageUsersPage /> },
              { path: ':bankId/admin/branches', loader: adminOnly, element: <ManageBranchesPage /> },
              { path: ':bankId/admin/accounts', loader: adminOnly, element: <ManageAccountsPage /> },
              { path: ':bankId/admin/bank', loader: adminOnly, element: <BankSettingsPage /> },
              { path: ':bankId/admin/activity', loader: adminOnly, element: <ActivityPage /> },
              { path: ':bankId/support', loader: anyRole, element: <SupportPage /> },
              { path: 'settings', element: <SettingsPage /> },
              { path: 'settings/accountInfo', element: <AccountInfoPage /> },
              { path: 'settings/editDisplayName', element: <EditDisplayNamePage /> },
              { path: 'settings/updatePassword', element: <UpdatePasswordPage /> },
              { path: 'documents/statements', loader: requireRole('USER'), element: <StatementsPage /> },
            ],
          },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
