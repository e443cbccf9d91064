import { PlaceholderPage } from '../../components/placeholder-page';

/** Screens of a later issue (spec §2: Manage Users, Branches, Accounts, Bank Settings). */
export const ManageUsersPage = () => <PlaceholderPage title="Manage Users" />;
export const ManageBranchesPage = () => <PlaceholderPage title="Manage Branches" />;
export const ManageAccountsPage = () => <PlaceholderPage title="Manage Accounts" />;
export const BankSettingsPage = () => <PlaceholderPage title="Bank Settings" />;
