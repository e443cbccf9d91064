import { screenMessages } from '@bank/shared';

/** Texts of the admin screens that the spec does not define; they live in @bank/shared. */
export const adminText = screenMessages.admin;
