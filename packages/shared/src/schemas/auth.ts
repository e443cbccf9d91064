import { z } from 'zod';

export const loginBody = z.object({
  username: z.string().max(64),
  password: z.string().max(256),
});
export type LoginBody = z.infer<typeof loginBody>;
