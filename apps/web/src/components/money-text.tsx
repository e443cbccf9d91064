import { Text, type TextProps } from '@mantine/core';
import { money } from '../lib/format';

/**
 * An amount on screen: "$1,250.50" on one line, never broken between its digits on a narrow
 * screen (issue 20: "$30.0/0"). `data-money` lets the phone layouts' tests find every amount.
 */
export function MoneyText({ amount, ...props }: { amount: number } & TextProps) {
  return (
    <Text span size="sm" fw={600} {...props} style={{ whiteSpace: 'nowrap' }} data-money>
      {money(amount)}
    </Text>
  );
}
