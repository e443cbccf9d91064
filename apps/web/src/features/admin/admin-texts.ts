/**
 * Texts of the admin screens that the product spec does not define. The spec's own texts
 * ("Please provide a User Id and Name", "Creating New User...", "Branch successfully created", ...)
 * come from @bank/shared's `messages`.
 */
export const adminText = {
  // Users
  createUserFailed: 'Failed to create user',
  temporaryPasswordLabel: 'Temporary password',
  temporaryPasswordNote:
    'Hand this password to the user now: it is shown only once. They choose their own password when they first sign in.',
  copyPassword: 'Copy password',
  copied: 'Copied',
  userUpdated: 'User successfully updated',
  updateUserFailed: 'Failed to update user',
  deleteUserFailed: 'Failed to delete user',
  userDeleted: (userId: string) => `User ${userId} was deleted.`,
  resetPassword: 'Reset Password',
  resetPasswordHint: 'Forgotten password? Give the user a new temporary one.',
  resetPasswordConfirm: (userId: string, name: string) =>
    `Reset the password of ${userId} (${name})? Their current password stops working and they are signed out everywhere.`,
  passwordReset: 'Password reset',
  resetPasswordNote:
    'Hand this password to the user now: it is shown only once and works for 7 days. They choose their own password when they sign in.',
  resetPasswordFailed: 'Failed to reset password',
  noUsers: 'No users yet.',

  // Branches
  createBranchFailed: 'Failed to create branch',
  updatingBranch: 'Updating Branch...',
  updateBranchFailed: 'Failed to update branch',
  deletingBranch: 'Deleting Branch...',
  deleteBranchFailed: 'Failed to delete branch',
  branchDeleted: (name: string) => `Branch "${name}" was deleted.`,
  noBranches: 'No branches yet.',

  // Accounts
  creatingAccount: 'Creating Account...',
  deletingAccount: 'Deleting...',
  deleteAccountFailed: (accountId: string) => `Failed to delete account ${accountId}`,
  accountDeleted: (accountId: string) =>
    `Account ${accountId} was closed. Its history is kept for statements and audit.`,
  noAccountsInBank: 'No open accounts.',
  noStudentsInBranch: 'This branch has no Students.',
  noAccountTypesOffered:
    'The bank offers no account types. Turn on checking or savings accounts in Bank Settings first.',

  // Bank settings
  savingChanges: 'Saving Changes...',
  bankSaved: 'Bank settings saved',
  bankSaveFailed: 'Failed to save bank settings',
  reloading: 'Reloading the settings...',
} as const;
