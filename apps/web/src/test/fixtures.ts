import type { Account, BankSettings, Branch, Transaction, User } from '@bank/shared';

export const student: User = {
  userId: 'student',
  username: 'student',
  name: 'Sam Student',
  displayName: null,
  userRole: 'USER',
  bankId: 1,
  branchId: 1,
  mustChangePassword: false,
  banker: false,
};

export const teller: User = {
  ...student,
  userId: 'teller',
  username: 'teller',
  name: 'Terry Teller',
  userRole: 'TELLER',
  branchId: null,
};
export const admin: User = {
  ...student,
  userId: 'admin',
  username: 'admin',
  name: 'Ada Admin',
  userRole: 'ADMIN',
  branchId: null,
};

export const checking: Account = {
  id: '1000000001',
  accountId: '1000000001',
  accountType: 'CHECKING',
  balance: 500,
  branchId: 1,
  bankId: 1,
  username: 'student',
  pendingCount: 0,
  available: 500,
};
export const savings: Account = {
  ...checking,
  id: '1000000002',
  accountId: '1000000002',
  accountType: 'SAVINGS',
  balance: 1250.5,
  available: 1250.5,
};
/** An account of the other branch, for the staff branch filter. */
export const northChecking: Account = {
  ...checking,
  id: '2000000003',
  accountId: '2000000003',
  branchId: 2,
  username: 'nora',
  balance: 75,
  available: 75,
};

export const branches: Branch[] = [
  { id: 1, branchId: 1, branchName: 'Main Campus', numOfAccounts: 2, bankId: 1 },
  { id: 2, branchId: 2, branchName: 'North Campus', numOfAccounts: 1, bankId: 1 },
];

export const bankSettings: BankSettings = {
  bankId: 1,
  bankName: 'Demo School Bank',
  checkingActive: true,
  savingsActive: true,
  savingsRate: 2.5,
  tellerDepositPermission: true,
  tellerWithdrawalPermission: true,
  tellerTransferPermission: false,
  timeZone: 'UTC',
  bankerLimit: 0,
  tellerCanReverse: true,
  tellerCanResetPasswords: true,
  tellerCanManageBankers: true,
};

/** The bank's accounts as Manage Accounts reads them: each with its owner's name. */
export const bankAccounts = [
  { ...checking, ownerName: 'Sam Student' },
  { ...savings, ownerName: 'Sam Student' },
  { ...northChecking, ownerName: 'Nora North' },
];

export function transaction(overrides: Partial<Transaction>): Transaction {
  return {
    id: 1,
    accountId: checking.accountId,
    type: 'credit',
    description: 'Teller Deposit',
    amount: 100,
    transactionDate: '2026-03-02T10:00:00.000Z',
    postedDate: '2026-03-02T10:00:00.000Z',
    status: 'posted',
    accountBalance: 100,
    transferId: null,
    memo: null,
    batchId: null,
    reversalOf: null,
    reversedBy: null,
    createdAt: '2026-03-01T10:00:00.000Z',
    ...overrides,
  };
}

/** The Students roster (GET /teller/students/{bankId}): Sam of Main Campus, Nora of North Campus. */
export const roster = [
  {
    userId: 'student',
    username: 'student',
    name: 'Sam Student',
    displayName: null,
    branchId: 1,
    banker: false,
    accounts: [checking, savings],
  },
  {
    userId: 'nora',
    username: 'nora',
    name: 'Nora North',
    displayName: null,
    branchId: 2,
    banker: false,
    accounts: [northChecking],
  },
];
