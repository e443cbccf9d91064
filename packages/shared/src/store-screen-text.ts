/*
 * Issue 34 item 3, the class store's screens: a Student's store and orders, the teacher's items and
 * orders. A module of its own (like participation-text.ts): only the store's screens and the menu's
 * badge need these, not every screen after sign-in (.ci/bundle-budget.mjs).
 */
import type { OrderStatus } from './constants.js';

const orderStatusNames: Record<OrderStatus, string> = {
  waiting: 'Waiting',
  fulfilled: 'Given',
  refunded: 'Refunded',
  cancelled: 'Cancelled',
  expired: 'Expired',
};

export const storeScreenText = {
  // A Student's store
  storeTitle: 'Store',
  storeSubtitle:
    'Spend what you earned. When you buy, the price is held on your account until your teacher gives you the item.',
  forSaleHeading: 'For sale',
  forSaleWhat: 'the items for sale',
  nothingForSale: 'Nothing is for sale yet. Your teacher adds the items.',
  soldOut: 'Sold out',
  stockLeft: (count: number) => `${count} left`,
  unlimitedStock: 'Plenty left',
  perStudentLimit: (count: number) => `At most ${count} per student`,
  buy: 'Buy',
  buyNamed: (item: string) => `Buy ${item}`,
  buyTitle: (item: string) => `Buy ${item}`,
  payFromLabel: 'Pay from',
  availableLabel: 'Available',
  noAccountToPay: 'You have no account to pay from. Ask your teacher to open one.',
  priceLabel: 'Price',
  availableAfter: 'Available after',
  notEnoughAvailable: (available: string) => `Not enough: only ${available} available`,
  buyWhatHappens:
    'The price is held on your account now. It is paid when your teacher gives you the item; if the order is refunded or you cancel it, the money comes back.',
  confirmBuy: (price: string) => `Confirm: buy for ${price}`,
  buying: 'Buying...',
  buyFailed: 'Not bought',
  buyGoBack: 'Go Back',
  ordered: (item: string) => `Ordered: ${item}`,
  orderedDetail: (price: string) =>
    `${price} is held for your order until your teacher gives it to you. See it under My orders.`,
  /** Why the store refused, in a child's words, under the server's own words. */
  refusalHelp: {
    SOLD_OUT: 'Someone bought the last one. Your money was not touched.',
    LIMIT_REACHED: 'You already have as many of these as one student may. Your money was not touched.',
    INSUFFICIENT_FUNDS: 'Your account does not have enough available. Your money was not touched.',
  } as Record<string, string>,

  // A Student's orders
  myOrders: 'My orders',
  myOrdersWhat: 'your orders',
  noOrdersYet: 'No orders yet.',
  orderedColumn: 'Ordered',
  itemColumn: 'Item',
  priceColumn: 'Price',
  accountColumn: 'Account',
  statusColumn: 'Status',
  cancelColumn: 'Cancel',
  cancelOrder: 'Cancel order',
  /** Begins with the button's visible words (WCAG 2.5.3). */
  cancelOrderNamed: (item: string) => `Cancel order: ${item}`,
  cancelConfirm: (item: string, price: string) =>
    `Cancel your order of ${item}? The ${price} held for it comes back to your account.`,
  cancelConfirmButton: 'Cancel order',
  orderCancelled: 'Order cancelled: the money held for it is back.',
  cancelFailed: 'The order could not be cancelled',
  statusNames: orderStatusNames,
  statusWithReason: (status: OrderStatus, reason: string | null) =>
    reason ? `${orderStatusNames[status]}: ${reason}` : orderStatusNames[status],

  // Held money on a Student's account (Home, the account page)
  availableHeldForOrder: (available: string, held: string) =>
    `Available ${available} (held ${held} for your order)`,
  availableHeldForBoth: (available: string, orders: string, requests: string) =>
    `Available ${available} (held ${orders} for your order and ${requests} for a waiting request)`,
  heldForOrderExplained: (held: string) =>
    `${held} is set aside for your order: it is paid when your teacher gives you the item, or comes back if the order is refunded or cancelled.`,

  // The teacher's items
  itemsTitle: 'Store items',
  itemsSubtitle: 'What Students may buy: the price, how many there are, and for whom.',
  itemsWhat: 'the store items',
  noItemsYet: 'No items yet. Add the first with New Item.',
  newItem: 'New Item',
  newItemTitle: 'New item',
  editItemTitle: (name: string) => `Edit ${name}`,
  editItem: 'Edit',
  editItemNamed: (name: string) => `Edit ${name}`,
  deleteItem: 'Delete',
  deleteItemNamed: (name: string) => `Delete ${name}`,
  deleteItemConfirm: (name: string) =>
    `Delete ${name}? Students can no longer buy it; its waiting orders may still be given or refunded.`,
  itemDeleted: (name: string) => `${name} deleted`,
  deleteFailed: 'The item could not be deleted',
  nameLabel: 'Name',
  descriptionLabel: 'Description',
  priceInputLabel: 'Price',
  stockLabel: 'Stock',
  stockHint: 'How many there are. Leave empty for unlimited.',
  limitLabel: 'Limit per student',
  limitHint: 'How many one student may have. Leave empty for no limit.',
  forWhomLabel: 'For',
  wholeBank: 'The whole bank',
  activeLabel: 'On sale',
  activeHint: 'Off: Students do not see it, and nobody can buy it.',
  saveItem: 'Save Item',
  savingItem: 'Saving...',
  cancelEdit: 'Cancel',
  itemSaveFailed: 'The item could not be saved',
  itemCreated: (name: string) => `${name} added to the store`,
  itemUpdated: (name: string) => `${name} saved`,
  nameColumn: 'Name',
  stockColumn: 'Stock',
  limitColumn: 'Limit',
  forColumn: 'For',
  onSaleColumn: 'On sale',
  actionsColumn: 'Change',
  unlimited: 'Unlimited',
  noLimit: 'None',
  onSale: 'On sale',
  paused: 'Paused',

  // The teacher's orders
  ordersTitle: 'Store orders',
  ordersSubtitle:
    'Hand the item over, then mark it Given: the held price is paid. Refund gives the money back. Waiting orders expire after 14 days.',
  ordersWhat: 'the orders',
  noOrders: 'No orders yet.',
  studentColumn: 'Student',
  decideColumn: 'Decide',
  give: 'Given',
  giveNamed: (student: string, item: string) => `Given: ${item} to ${student}`,
  refund: 'Refund',
  refundNamed: (student: string, item: string) => `Refund ${student}'s ${item}`,
  refundTitle: 'Refund the order',
  refundMessage: (student: string, item: string, price: string) =>
    `Refund ${student}'s order of ${item}: the ${price} held for it goes back to their account.`,
  refundReasonHint: 'The student reads it beside their order, e.g. "Out of stock".',
  refunding: 'Refunding...',
  refundFailed: 'The order could not be refunded',
  refunded: (student: string, item: string) => `Refunded ${student}'s ${item}`,
  given: (student: string, item: string) => `Given: ${item} to ${student}`,
  giveFailed: 'The order could not be marked given',
  decidedBy: (status: string, by: string) => `${status} by ${by}`,
} as const;
