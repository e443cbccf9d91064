import { screenMessages } from '@bank/shared';
import type { MoneyFlow } from '../../lib/permissions';

/** The texts of each money flow (spec §4, §8, and the buttons'); they live in @bank/shared. */
export const flowTexts: Record<MoneyFlow, (typeof screenMessages.flows)[MoneyFlow]> = screenMessages.flows;
