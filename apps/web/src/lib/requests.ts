import { participationScreenText as m, type BankerRequest } from '@bank/shared';
import { lastFour, money } from './format';

/** How a banker's request names its account: "CHECKING **3456". */
export const requestAccount = (request: Pick<BankerRequest, 'accountType' | 'accountId'>) =>
  `${request.accountType} ${lastFour(request.accountId)}`;

/** "Deposit of $5.00 to Maya Chen's CHECKING **3456": the banker's and the teacher's screens alike. */
export function describeRequest(
  request: Pick<BankerRequest, 'kind' | 'amount' | 'studentName' | 'accountType' | 'accountId'>,
): string {
  return m.requestWhat(request.kind, money(request.amount), request.studentName, requestAccount(request));
}

/** What became of a request, in words: "Waiting", "Approved by Theo Lind", "Rejected: not today". */
export function requestOutcome(request: BankerRequest): string {
  if (request.status === 'approved')
    return request.decidedBy ? m.approvedBy(request.decidedBy) : m.approvedByBank;
  if (request.status === 'rejected' && request.reason) return m.rejectedBecause(request.reason);
  return m.statusNames[request.status] ?? request.status;
}
