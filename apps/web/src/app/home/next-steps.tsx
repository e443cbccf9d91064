import { useState } from 'react';
import { adminGuidance as text } from '@bank/shared';
import { useBankUsers } from '../../features/admin/api';
import { usePaydays, useSchedules } from '../../features/schedules/api';
import { paths } from '../../lib/paths';
import { useBankSettings } from '../../lib/queries';
import { StepsCard, useSetupSteps, type SetupStep } from './setup-checklist';

/**
 * What this browser remembers of the next steps: hidden, and whether the slips' link was followed
 * (the server cannot tell a printed slip from one that was not). Per bank, in localStorage: the
 * steps are a help on this device, not a record.
 */
interface Remembered {
  hidden?: boolean;
  slips?: boolean;
}

const storageKey = (bankId: number) => `bank.nextSteps.${bankId}`;

function readRemembered(bankId: number): Remembered {
  try {
    return JSON.parse(window.localStorage.getItem(storageKey(bankId)) ?? '{}') as Remembered;
  } catch {
    return {};
  }
}

function useRemembered(bankId: number) {
  const [remembered, setRemembered] = useState(() => readRemembered(bankId));
  const remember = (change: Remembered) => {
    const next = { ...remembered, ...change };
    setRemembered(next);
    try {
      window.localStorage.setItem(storageKey(bankId), JSON.stringify(next));
    } catch {
      // A browser that keeps nothing shows the steps again next time: no harm done.
    }
  };
  return [remembered, remember] as const;
}

/** The four next steps, once the lists that tell them have loaded (undefined until then). */
function useNextSteps(bankId: number, enabled: boolean, slipsFollowed: () => void, slips: boolean) {
  const users = useBankUsers(bankId, enabled);
  const settings = useBankSettings(bankId, enabled);
  const paydays = usePaydays(bankId, enabled);
  const schedules = useSchedules(bankId, enabled);
  if (!users.data || !settings.data || !paydays.data || !schedules.data) return undefined;
  const steps: SetupStep[] = [
    {
      label: text.nextTeachers,
      hint: text.nextTeachersHint,
      to: paths.adminUsers(bankId),
      done: users.data.some((u) => u.userRole === 'TELLER'),
    },
    {
      label: text.nextTimeZone,
      hint: text.nextTimeZoneHint,
      to: paths.adminBank(bankId),
      done: settings.data.timeZone !== 'UTC',
    },
    {
      label: text.nextPay,
      hint: text.nextPayHint,
      to: paths.payday(bankId),
      done: paydays.data.length > 0 || schedules.data.length > 0,
      also: { label: text.nextSchedule, to: paths.schedules(bankId) },
    },
    {
      label: text.nextSlips,
      hint: text.nextSlipsHint,
      to: paths.students(bankId),
      done: slips,
      onFollow: slipsFollowed,
    },
  ];
  return steps;
}

/**
 * After the three setup steps (issue 33 item 8): what a new teacher does next, on the admin's Home,
 * until every step is done or the admin hides them.
 */
export function NextSteps({ bankId }: { bankId: number }) {
  const setup = useSetupSteps(bankId);
  const [remembered, remember] = useRemembered(bankId);
  const ready = !!setup && setup.every((s) => s.done) && !remembered.hidden;
  const steps = useNextSteps(bankId, ready, () => remember({ slips: true }), !!remembered.slips);
  if (!ready || !steps || steps.every((s) => s.done)) return null;
  return (
    <StepsCard
      id="next-steps-title"
      title={text.nextTitle}
      intro={text.nextIntro}
      steps={steps}
      onHide={() => remember({ hidden: true })}
    />
  );
}
