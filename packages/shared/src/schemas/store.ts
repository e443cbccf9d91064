/**
 * The class store (API.md "The class economy"): items a teacher sells, and the orders Students
 * place, each holding its price until the teacher gives the item or the hold is released.
 */
import { z } from 'zod';
import { limits, ORDER_STATUSES } from '../constants.js';
import { storeText as m } from '../store-text.js';
import { amountInCents, positiveId, requiredId } from './common.js';
import { idCursor, pageLimitOf, queueCursor } from './paging.js';
import { text } from './text.js';
import { chosenAccount, reversalReason } from './transactions.js';

export const orderStatus = z.enum(ORDER_STATUSES);

const itemName = text({
  label: 'Name',
  max: limits.itemNameMaxLength,
  required: m.itemNameRequired,
  tooLong: m.itemNameTooLong(limits.itemNameMaxLength),
});
const itemDescription = text({
  label: 'Description',
  max: limits.itemDescriptionMaxLength,
  tooLong: m.itemDescriptionTooLong(limits.itemDescriptionMaxLength),
});
const price = amountInCents({ notNumber: m.itemPriceInvalid, notPositive: m.itemPriceInvalid });
const count = (min: number, message: string) =>
  z.number({ error: message }).int(message).min(min, message).max(limits.itemCountMax, message);
/** null (or absent on create) = unlimited. */
const stock = count(0, m.itemStockInvalid(limits.itemCountMax)).nullable();
/** null (or absent on create) = no limit. */
const perStudentLimit = count(1, m.itemLimitInvalid(limits.itemCountMax)).nullable();
/** null = every branch of the bank (admins only); absent on create = the teacher's own class. */
const itemBranch = positiveId.nullable();

/** POST /teller/items. */
export const createItemBody = z.object({
  name: itemName,
  description: itemDescription.optional().transform((value) => value ?? ''),
  price,
  stock: stock.optional().transform((value) => value ?? null),
  perStudentLimit: perStudentLimit.optional().transform((value) => value ?? null),
  branchId: itemBranch.optional(),
  active: z
    .boolean()
    .optional()
    .transform((value) => value ?? true),
});
export type CreateItemBody = z.input<typeof createItemBody>;

/** PUT /teller/items/{itemId}: any of the fields; at least one. */
export const updateItemBody = z
  .object({
    name: itemName.optional(),
    description: itemDescription.optional(),
    price: price.optional(),
    stock: stock.optional(),
    perStudentLimit: perStudentLimit.optional(),
    branchId: itemBranch.optional(),
    active: z.boolean().optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), m.itemNothingToChange);
export type UpdateItemBody = z.input<typeof updateItemBody>;

/** An item of the store: `stock` is what is left to order (null = unlimited). */
export const storeItem = z.object({
  itemId: z.number().int(),
  bankId: z.number().int(),
  branchId: z.number().int().nullable(),
  name: z.string(),
  description: z.string(),
  price: z.number(),
  stock: z.number().int().nullable(),
  perStudentLimit: z.number().int().nullable(),
  active: z.boolean(),
});
export type StoreItem = z.infer<typeof storeItem>;

/** POST /user/orders: one of the Student's own accounts pays. */
export const createOrderBody = z.object({
  itemId: requiredId(m.itemChoiceInvalid),
  accountId: chosenAccount(m.orderAccountNotFound),
});
export type CreateOrderBody = z.input<typeof createOrderBody>;

/**
 * An order. `price` is what it holds while waiting and what it costs when given; `decidedBy` the
 * staff member who gave or refunded it (null otherwise); `transactionId` the debit "Store: {item}".
 */
export const storeOrder = z.object({
  orderId: z.number().int(),
  itemId: z.number().int(),
  itemName: z.string(),
  accountId: z.string(),
  username: z.string(),
  studentName: z.string(),
  price: z.number(),
  status: orderStatus,
  createdAt: z.string(),
  expiresAt: z.string(),
  decidedBy: z.string().nullable(),
  decidedAt: z.string().nullable(),
  reason: z.string().nullable(),
  transactionId: z.number().int().nullable(),
});
export type StoreOrder = z.infer<typeof storeOrder>;

/** GET /teller/orders/{bankId}: by status; a page of the queue (waiting oldest first, then the rest newest first). */
export const ordersQuery = z.object({
  status: orderStatus.optional(),
  limit: pageLimitOf(limits.ordersPageDefault, limits.listPageMax),
  cursor: queueCursor,
});
/** GET /user/orders/{username}: a page of a Student's orders, newest first. */
export const studentOrdersQuery = z.object({
  limit: pageLimitOf(limits.ordersPageDefault, limits.listPageMax),
  cursor: idCursor,
});
export const refundBody = z.object({ reason: reversalReason });
export type RefundBody = z.input<typeof refundBody>;
