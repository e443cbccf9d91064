export { creditInterest, INTEREST_DESCRIPTION, type InterestOutcome } from './credit-interest.js';
export {
  divideRoundHalfEven,
  monthlyInterestCents,
  sumOfEndOfDayBalances,
  type DailyPosting,
} from './interest-amount.js';
