import { checking } from '../../test/fixtures';

/** A Student of Main Campus (branch 1) with a CHECKING account, as the class list answers them. */
export const kid = (username: string, name: string) => ({
  userId: username,
  username,
  name,
  displayName: null,
  branchId: 1,
  banker: false,
  accounts: [{ ...checking, accountId: `1000000${String(username.length).padStart(2, '0')}${name.length}` }],
});

/** Three Students of the teacher's class. */
export const classList = [kid('ana', 'Ana Lee'), kid('ben', 'Ben Ode'), kid('cy', 'Cy Park')];
