/*
 * Issue 34 item 3, the class store (API.md "The class economy"): the API's texts. A module of its
 * own, like teacher-text.ts: the sign-in page loads messages.ts and would carry these too (issue 22).
 */
import type { OrderStatus } from './constants.js';

const decidedWords: Record<Exclude<OrderStatus, 'waiting'>, string> = {
  fulfilled: 'was already given',
  refunded: 'was already refunded',
  cancelled: 'was cancelled',
  expired: 'expired',
};

export const storeText = {
  // An item's fields
  itemNameRequired: 'Enter the item\u2019s name.',
  itemNameTooLong: (max: number) => `An item's name is at most ${max} characters.`,
  itemDescriptionTooLong: (max: number) => `A description is at most ${max} characters.`,
  itemPriceInvalid: 'Enter a price greater than 0, with at most 2 decimals.',
  itemStockInvalid: (max: number) => `Stock is a whole number from 0 to ${max}, or empty for unlimited.`,
  itemLimitInvalid: (max: number) =>
    `The limit per student is a whole number from 1 to ${max}, or empty for none.`,
  itemNothingToChange: 'Send at least one field to change.',
  itemsFull: (max: number) => `A bank may have at most ${max} store items. Delete one you no longer sell.`,
  orderAccountNotFound: 'Choose one of your accounts.',
  itemChoiceInvalid: 'Choose an item.',

  // A teacher (a Teller) runs the store of their own class.
  noClass:
    'You have no class yet, so you cannot run a class store. Ask an admin to give you a class: your branch, in Manage Users.',
  itemOfAnotherClass: "This item is another class's. Ask an admin, or that class's teacher.",
  wholeBankAdminOnly: "Only an admin may sell to the whole bank. Choose your own class's branch.",
  orderOfAnotherClass:
    "This order is a student's of another class. Ask an admin, or the student's own teacher.",

  // Ordering (409)
  soldOut: 'Sold out',
  limitReached: 'Limit reached',
  /** The price is more than is available, and what orders hold is why: said as a card would. */
  insufficientFundsHeldForOrder: (held: string) => `Insufficient funds: ${held} is held for your order.`,
  orderNoLongerWaiting: (status: Exclude<OrderStatus, 'waiting'>) =>
    `This order is no longer waiting: it ${decidedWords[status]}.`,

  // The ledger and the audit log
  storeDescription: (itemName: string) => `Store: ${itemName}`,
  auditOrderDecided: (what: string, item: string, price: string, whom: string) =>
    `${what} ${whom}'s order of ${item} for ${price}.`,
  auditOrderFulfilled: 'Gave',
  auditOrderRefunded: 'Refunded',
  auditOrderCancelled: 'Cancelled (by the student)',
  auditOrderExpired: (days: number) => `Expired after ${days} days:`,
  orderExpiryFailed: 'It could not expire, and still holds its price: give it or refund it.',
} as const;
