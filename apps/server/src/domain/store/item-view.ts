import { fromCents, type StoreItem } from '@bank/shared';
import type { storeItems } from '../../db/schema.js';

export type ItemRow = typeof storeItems.$inferSelect;

/** An item as the API answers it. */
export const toItem = (row: ItemRow): StoreItem => ({
  itemId: row.id,
  bankId: row.bankId,
  branchId: row.branchId,
  name: row.name,
  description: row.description,
  price: fromCents(row.priceCents),
  stock: row.stock,
  perStudentLimit: row.perStudentLimit,
  active: row.active,
});
