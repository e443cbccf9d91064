import { screenMessages, type MoneyAction } from '@bank/shared';

/** The texts of each money flow (spec §4, §8, and the buttons'); they live in @bank/shared. */
export const flowTexts: Record<MoneyAction, (typeof screenMessages.flows)[MoneyAction]> =
  screenMessages.flows;
