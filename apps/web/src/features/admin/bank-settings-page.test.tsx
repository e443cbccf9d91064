import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  messages,
  participationScreenText,
  schoolYearScreens as yearText,
  schoolYearText,
  teacherText,
  type BankSettings,
} from '@bank/shared';
import { admin, bankSettings } from '../../test/fixtures';
import { gate } from '../../test/gate';
import { fieldError, tableRows } from '../../test/helpers';
import { renderApp } from '../../test/render-app';
import { server } from '../../test/server';
import { adminText } from './admin-texts';

let stored: BankSettings;
let reads = 0;

beforeEach(() => {
  stored = { ...bankSettings };
  reads = 0;
  server.use(
    http.get('*/api/user/bank/:bankId', () => {
      reads += 1;
      return HttpResponse.json(stored);
    }),
  );
});

async function openPage() {
  const view = renderApp('/1/admin/bank', admin);
  await screen.findByTestId('bank-settings');
  return view;
}

const editMode = () => screen.getByRole('switch', { name: 'Edit Mode' });

describe('bank settings', () => {
  it('shows the settings read-only, the savings rate only while savings are offered', async () => {
    await openPage();
    expect(tableRows('bank-settings')).toEqual([
      ['Bank Name', 'Demo School Bank'],
      ['Checking Accounts', 'Offered'],
      ['Savings Accounts', 'Offered'],
      ['Savings Rate', '2.50%'],
      ['Teller Deposits', 'Allowed'],
      ['Teller Withdrawals', 'Allowed'],
      ['Teller Transfers', 'Not allowed'],
      [teacherText.rightSetting.reverse, teacherText.rightOnText],
      [teacherText.rightSetting.resetPasswords, teacherText.rightOnText],
      [teacherText.rightSetting.manageBankers, teacherText.rightOnText],
      ['Time Zone', 'UTC'],
      [participationScreenText.bankerLimitRow, participationScreenText.bankerLimitNone],
    ]);
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(editMode()).not.toBeChecked();
  });

  it('hides the savings rate when savings are off', async () => {
    stored = { ...stored, savingsActive: false };
    await openPage();
    expect(tableRows('bank-settings').map(([label]) => label)).not.toContain('Savings Rate');
  });

  it('validates in Edit Mode and hides the rate field with savings off', async () => {
    const { user } = await openPage();
    await user.click(editMode());
    expect(editMode()).toBeChecked();
    expect(screen.getByLabelText(/Bank Name/)).toHaveValue('Demo School Bank');
    expect(screen.getByLabelText(/Savings Rate/)).toHaveValue('2.50');
    await user.clear(screen.getByLabelText(/Bank Name/));
    await user.clear(screen.getByLabelText(/Savings Rate/));
    await user.type(screen.getByLabelText(/Savings Rate/), '2.555');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(fieldError(/Bank Name/)).toBe(messages.bankNameBlank);
    expect(fieldError(/Savings Rate/)).toBe(messages.savingsRateInvalid);
    await user.clear(screen.getByLabelText(/Savings Rate/));
    await user.type(screen.getByLabelText(/Savings Rate/), 'abc');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(fieldError(/Savings Rate/)).toBe(messages.savingsRateInvalid);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.click(screen.getByRole('switch', { name: /Savings Accounts/ }));
    expect(screen.queryByLabelText(/Savings Rate/)).not.toBeInTheDocument();
  });

  it('saves every field behind Confirm Action and shows the answer', async () => {
    const bodies: unknown[] = [];
    const answer = gate();
    server.use(
      http.put('*/api/admin/bank/update', async ({ request }) => {
        const body = (await request.json()) as BankSettings;
        bodies.push(body);
        await answer.wait();
        stored = { ...body, bankId: 1 };
        return HttpResponse.json(stored);
      }),
    );
    const { user } = await openPage();
    await user.click(editMode());
    await user.clear(screen.getByLabelText(/Bank Name/));
    await user.type(screen.getByLabelText(/Bank Name/), 'Lincoln High Bank');
    await user.clear(screen.getByLabelText(/Savings Rate/));
    await user.type(screen.getByLabelText(/Savings Rate/), '3.25');
    await user.click(screen.getByRole('switch', { name: /Teller Transfers/ }));
    await user.click(screen.getByRole('switch', { name: /Checking Accounts/ }));
    // Issue 33: a teacher's rights for their own class, one switch each.
    await user.click(
      screen.getByRole('switch', { name: new RegExp(`^${teacherText.rightSetting.resetPasswords}`) }),
    );
    await user.clear(screen.getByLabelText(participationScreenText.bankerLimitLabel));
    await user.type(screen.getByLabelText(participationScreenText.bankerLimitLabel), '5');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm Action' });
    expect(bodies).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByRole('button', { name: adminText.savingChanges })).toBeDisabled();
    expect(editMode()).toBeDisabled();
    answer.open();
    expect(await screen.findByRole('status')).toHaveTextContent(adminText.bankSaved);
    expect(bodies).toEqual([
      {
        bankId: 1,
        bankName: 'Lincoln High Bank',
        checkingActive: false,
        savingsActive: true,
        savingsRate: 3.25,
        tellerDepositPermission: true,
        tellerWithdrawalPermission: true,
        tellerTransferPermission: true,
        tellerCanReverse: true,
        tellerCanResetPasswords: false,
        tellerCanManageBankers: true,
        timeZone: 'UTC',
        bankerLimit: 5,
      },
    ]);
    // Back to read-only, showing the answer.
    expect(editMode()).not.toBeChecked();
    expect(tableRows('bank-settings')).toEqual([
      ['Bank Name', 'Lincoln High Bank'],
      ['Checking Accounts', 'Not offered'],
      ['Savings Accounts', 'Offered'],
      ['Savings Rate', '3.25%'],
      ['Teller Deposits', 'Allowed'],
      ['Teller Withdrawals', 'Allowed'],
      ['Teller Transfers', 'Allowed'],
      [teacherText.rightSetting.reverse, teacherText.rightOnText],
      [teacherText.rightSetting.resetPasswords, teacherText.rightOffText],
      [teacherText.rightSetting.manageBankers, teacherText.rightOnText],
      ['Time Zone', 'UTC'],
      [participationScreenText.bankerLimitRow, '$5.00'],
    ]);
  });

  it("sets the bank's time zone from a searchable list of the zones, and shows the server's refusal at it", async () => {
    const bodies: BankSettings[] = [];
    server.use(
      http.put('*/api/admin/bank/update', async ({ request }) => {
        const body = (await request.json()) as BankSettings;
        bodies.push(body);
        if (bodies.length === 1) {
          return HttpResponse.json(
            {
              error: 'BAD_REQUEST',
              message: schoolYearText.timeZoneInvalid,
              fields: { timeZone: schoolYearText.timeZoneInvalid },
            },
            { status: 400 },
          );
        }
        stored = { ...body, bankId: 1 };
        return HttpResponse.json(stored);
      }),
    );
    const { user } = await openPage();
    await user.click(editMode());
    const zone = screen.getByLabelText(new RegExp(yearText.timeZoneLabel), { selector: 'input' });
    expect(zone).toHaveValue('UTC');
    await user.clear(zone);
    await user.type(zone, 'w york');
    await user.click(await screen.findByRole('option', { name: 'America/New_York' }));
    const save = async () => {
      await user.click(screen.getByRole('button', { name: 'Save Changes' }));
      await user.click(
        within(await screen.findByRole('dialog', { name: 'Confirm Action' })).getByRole('button', {
          name: 'Save Changes',
        }),
      );
    };
    await save();
    expect(await screen.findByRole('alert')).toHaveTextContent(schoolYearText.timeZoneInvalid);
    expect(fieldError(new RegExp(yearText.timeZoneLabel))).toBe(schoolYearText.timeZoneInvalid);
    await save();
    expect(await screen.findByRole('status')).toHaveTextContent(adminText.bankSaved);
    expect(bodies.map((b) => b.timeZone)).toEqual(['America/New_York', 'America/New_York']);
    expect(tableRows('bank-settings')).toContainEqual(['Time Zone', 'America/New_York']);
  });

  it("checks the class bankers' limit: 0 or more, at most 2 decimals", async () => {
    const { user } = await openPage();
    await user.click(editMode());
    const limit = screen.getByLabelText(participationScreenText.bankerLimitLabel);
    expect(limit).toHaveValue('0.00');
    for (const typed of ['-1', '2.555', 'lots']) {
      await user.clear(limit);
      await user.type(limit, typed);
      await user.click(screen.getByRole('button', { name: 'Save Changes' }));
      expect(fieldError(participationScreenText.bankerLimitLabel)).toBe(
        participationScreenText.bankerLimitInvalid,
      );
    }
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('keeps the saved rate when savings are switched off', async () => {
    const bodies: BankSettings[] = [];
    server.use(
      http.put('*/api/admin/bank/update', async ({ request }) => {
        const body = (await request.json()) as BankSettings;
        bodies.push(body);
        return HttpResponse.json({ ...body, bankId: 1 });
      }),
    );
    const { user } = await openPage();
    await user.click(editMode());
    await user.clear(screen.getByLabelText(/Savings Rate/));
    await user.type(screen.getByLabelText(/Savings Rate/), 'oops');
    await user.click(screen.getByRole('switch', { name: /Savings Accounts/ }));
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Confirm Action' })).getByRole('button', {
        name: 'Save Changes',
      }),
    );
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toMatchObject({ savingsActive: false, savingsRate: 2.5 });
  });

  it('cancelling Edit Mode discards the changes and reloads the settings', async () => {
    const { user } = await openPage();
    const before = reads;
    await user.click(editMode());
    await user.clear(screen.getByLabelText(/Bank Name/));
    await user.type(screen.getByLabelText(/Bank Name/), 'Not saved');
    stored = { ...stored, tellerTransferPermission: true };
    await user.click(editMode());
    await waitFor(() => expect(reads).toBe(before + 1));
    await waitFor(() => expect(tableRows('bank-settings')).toContainEqual(['Teller Transfers', 'Allowed']));
    expect(tableRows('bank-settings')[0]).toEqual(['Bank Name', 'Demo School Bank']);

    // The Cancel button does the same.
    await user.click(editMode());
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(editMode()).not.toBeChecked();
    await waitFor(() => expect(reads).toBe(before + 2));
  });

  it('shows the failure with the server reason and stays in Edit Mode', async () => {
    server.use(
      http.put('*/api/admin/bank/update', () =>
        HttpResponse.json({ error: 'FORBIDDEN', message: messages.forbidden }, { status: 403 }),
      ),
    );
    const { user } = await openPage();
    await user.click(editMode());
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Confirm Action' })).getByRole('button', {
        name: 'Save Changes',
      }),
    );
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(adminText.bankSaveFailed);
    expect(alert).toHaveTextContent(messages.forbidden);
    expect(editMode()).toBeChecked();
    expect(screen.getByLabelText(/Bank Name/)).toBeInTheDocument();
  });
});
