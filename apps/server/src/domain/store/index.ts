/**
 * The class store (API.md "The class economy"): items a teacher sells to their class (or an admin
 * to the whole bank), and orders that hold their price on the Student's account until the item is
 * given (the hold becomes a debit "Store: {item}") or the hold is released (refund, cancel, expiry).
 */
export {
  createItem,
  updateItem,
  deleteItem,
  listItems,
  type ItemInput,
  type ItemChanges,
} from './manage-items.js';
export { placeOrder, type OrderInput } from './place-order.js';
export { fulfilOrder, refundOrder, cancelOrder } from './decide-order.js';
export { expireOrders } from './expire-orders.js';
export { listOrdersOf, listOrdersOfBank } from './list-orders.js';
