import type { ComponentType } from 'react';
import type { MoneyAction } from '@bank/shared';
import { ConfirmationPage } from './confirmation-page';
import { TellerFlowPage } from './teller-flow-page';
import { TransferPage } from './transfer-page';

/** The entry screen of each money flow, as the router loads it. */
export const flowPages: Record<MoneyAction, ComponentType> = {
  transfer: () => <TransferPage />,
  deposit: () => <TellerFlowPage flow="deposit" />,
  withdrawal: () => <TellerFlowPage flow="withdrawal" />,
};

/** The confirmation screen of each money flow. */
export const confirmationPages: Record<MoneyAction, ComponentType> = {
  transfer: () => <ConfirmationPage flow="transfer" />,
  deposit: () => <ConfirmationPage flow="deposit" />,
  withdrawal: () => <ConfirmationPage flow="withdrawal" />,
};
