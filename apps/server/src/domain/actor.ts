import type { Role } from '@bank/shared';

/** The signed-in user a request acts as, from the token alone: never from anything the client sends. */
export interface Actor {
  id: number;
  username: string;
  role: Role;
  bankId: number;
  branchId: number | null;
  sessionId: number;
}

export const isStaff = (actor: Actor) => actor.role === 'ADMIN' || actor.role === 'TELLER';
