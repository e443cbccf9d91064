import { z } from 'zod';
import { identifierText } from './text.js';

/** The password is a secret compared byte for byte: it is exempt from the text rule. */
export const loginBody = z.object({
  username: identifierText('Username', 64),
  password: z.string().max(256),
});
export type LoginBody = z.infer<typeof loginBody>;
