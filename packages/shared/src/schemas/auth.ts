import { z } from 'zod';
import { limits } from '../constants.js';
import { identifierText } from './text.js';

/** The password is a secret compared byte for byte: it is exempt from the text rule. */
export const loginBody = z.object({
  username: identifierText('Username', limits.signInUsernameMaxLength),
  password: z.string().max(limits.signInPasswordMaxLength),
});
export type LoginBody = z.infer<typeof loginBody>;
