import { render, screen, within } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { transaction } from '../../test/fixtures';
import { BalanceChart, balancePoints } from './balance-chart';

const history = [
  transaction({ id: 1, postedDate: '2026-03-01T10:00:00.000Z', accountBalance: 500 }),
  transaction({ id: 2, postedDate: '2026-03-05T09:00:00.000Z', accountBalance: 480 }),
  transaction({ id: 3, postedDate: '2026-03-05T11:00:00.000Z', accountBalance: 1250.5 }),
  transaction({ id: 4, status: 'pending', postedDate: null, accountBalance: null }),
];

function renderChart(transactions = history) {
  return render(
    <MantineProvider env="test">
      <BalanceChart transactions={transactions} />
    </MantineProvider>,
  );
}

describe('BalanceChart', () => {
  it('keeps the last posted balance of each day, oldest first', () => {
    expect(balancePoints(history).map((p) => p.balance)).toEqual([500, 1250.5]);
  });

  it('is a figure named by its heading, with a picture named for screen readers and a text summary', () => {
    renderChart();
    const figure = screen.getByRole('figure', { name: 'Balance over time' });
    const picture = within(figure).getByRole('img', { name: 'Chart of the posted balance over time' });
    expect(picture).toHaveAccessibleDescription(
      'From $500.00 on 03/01/2026 to $1,250.50 on 03/05/2026, over 2 days with posted transactions; lowest $500.00, highest $1,250.50.',
    );
    expect(figure).toHaveTextContent('lowest $500.00, highest $1,250.50.');
  });

  it('explains itself instead of drawing one point', () => {
    renderChart(history.slice(0, 1));
    expect(screen.queryByRole('figure')).toBeNull();
    expect(screen.getByText(/two or more days/)).toBeInTheDocument();
  });
});
