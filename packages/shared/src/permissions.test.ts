import { describe, expect, it } from 'vitest';
import { mayChangeTransactions, mayMoveMoney, MONEY_ACTIONS } from './permissions.js';

const none = {
  tellerDepositPermission: false,
  tellerWithdrawalPermission: false,
  tellerTransferPermission: false,
};

describe('mayMoveMoney', () => {
  it('lets an admin do everything, even with every teller permission off', () => {
    for (const action of MONEY_ACTIONS) expect(mayMoveMoney('ADMIN', none, action)).toBe(true);
  });

  it('lets a Student transfer only', () => {
    expect(mayMoveMoney('USER', undefined, 'transfer')).toBe(true);
    expect(mayMoveMoney('USER', { ...none, tellerDepositPermission: true }, 'deposit')).toBe(false);
    expect(mayMoveMoney('USER', undefined, 'withdrawal')).toBe(false);
  });

  it("lets a teller do exactly what the bank's matching permission allows", () => {
    expect(mayMoveMoney('TELLER', { ...none, tellerDepositPermission: true }, 'deposit')).toBe(true);
    expect(mayMoveMoney('TELLER', { ...none, tellerDepositPermission: true }, 'withdrawal')).toBe(false);
    expect(mayMoveMoney('TELLER', { ...none, tellerWithdrawalPermission: true }, 'withdrawal')).toBe(true);
    expect(mayMoveMoney('TELLER', { ...none, tellerTransferPermission: true }, 'transfer')).toBe(true);
    expect(mayMoveMoney('TELLER', none, 'transfer')).toBe(false);
  });

  it('allows a teller nothing while the settings are unknown', () => {
    for (const action of MONEY_ACTIONS) expect(mayMoveMoney('TELLER', undefined, action)).toBe(false);
  });
});

describe('mayChangeTransactions', () => {
  it('is for admins only', () => {
    expect(mayChangeTransactions('ADMIN')).toBe(true);
    expect(mayChangeTransactions('TELLER')).toBe(false);
    expect(mayChangeTransactions('USER')).toBe(false);
  });
});
