import type { ComponentType } from 'react';
import { studentText, type MoneyAction } from '@bank/shared';
import { PageHeader } from '../../components/page-header';
import { useRequiredSession } from '../../lib/current-user';
import { ConfirmationPage } from './confirmation-page';
import { TellerPermissionGate } from './flow-parts';
import { flowTexts } from './flow-texts';
import { MoneyFlowForm } from './money-flow-form';

/** `{bankId}/transfer`, `{bankId}/deposit`, `{bankId}/withdrawal` (spec §2, §4, §5, §8). */
export function MoneyFlowPage({ flow }: { flow: MoneyAction }) {
  const { user } = useRequiredSession();
  // A Student's transfer says what it does, in a child's words (issue 33 item 9).
  const intro = user.userRole === 'USER' ? studentText.transferIntro : undefined;
  return (
    <>
      <PageHeader title={flowTexts[flow].title} subtitle={intro} />
      <TellerPermissionGate flow={flow}>
        {/* A fresh form per flow: switching between deposit and withdrawal clears it. */}
        <MoneyFlowForm key={flow} flow={flow} />
      </TellerPermissionGate>
    </>
  );
}

/** The entry screen of each money flow, as the router loads it. */
export const flowPages: Record<MoneyAction, ComponentType> = {
  transfer: () => <MoneyFlowPage flow="transfer" />,
  deposit: () => <MoneyFlowPage flow="deposit" />,
  withdrawal: () => <MoneyFlowPage flow="withdrawal" />,
};

/** The confirmation screen of each money flow. */
export const confirmationPages: Record<MoneyAction, ComponentType> = {
  transfer: () => <ConfirmationPage flow="transfer" />,
  deposit: () => <ConfirmationPage flow="deposit" />,
  withdrawal: () => <ConfirmationPage flow="withdrawal" />,
};
