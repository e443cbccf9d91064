import type { Database } from '../../db/client.js';

/** Placeholder replaced below in this same change. */
export async function seedDemoBank(_db: Database): Promise<boolean> {
  return false;
}
