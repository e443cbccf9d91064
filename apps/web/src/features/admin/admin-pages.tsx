/** The admin screens (spec §2: Manage Users, Branches, Accounts, Bank Settings), as the router imports them. */
export { ManageUsersPage } from './users-page';
export { ManageBranchesPage } from './branches-page';
export { ManageAccountsPage } from './accounts-page';
export { BankSettingsPage } from './bank-settings-page';
