import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ROUTING_NUMBER, studentText } from '@bank/shared';
import { student } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';

describe('Account Information and Settings, in plain words (issue 33 item 9)', () => {
  it("shows each account's number and the routing number, each with a line that says what it is", async () => {
    renderApp('/settings/accountInfo', student);
    const [checking, savings] = await screen.findAllByTestId('account-info');
    expect(screen.getByText(studentText.accountInfoIntro)).toBeInTheDocument();
    expect(checking).toHaveTextContent('1000000001');
    expect(checking).toHaveTextContent(ROUTING_NUMBER);
    expect(within(checking!).getByText(studentText.accountKindLine.CHECKING)).toBeInTheDocument();
    expect(within(checking!).getByText(studentText.accountNumberHint)).toBeInTheDocument();
    expect(within(checking!).getByText(studentText.routingNumberHint)).toBeInTheDocument();
    expect(within(savings!).getByText(studentText.accountKindLine.SAVINGS)).toBeInTheDocument();
  });

  it('Settings says what a display name is, and what the bank uses when there is none', async () => {
    renderApp('/settings', student);
    expect(await screen.findByText(studentText.settingsIntro)).toBeInTheDocument();
    const cell = screen.getByTestId('display-name');
    expect(cell).toHaveTextContent(studentText.notSet);
    expect(cell).toHaveTextContent(studentText.displayNameHint);
  });
});
