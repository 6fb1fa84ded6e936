import { Text, type TextProps } from '@mantine/core';

const USD = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** Dollars as "$1,012.50"; whole amounts without cents. */
export function formatMoney(amount: number): string {
  return Number.isInteger(amount) ? USD.format(amount).replace(/\.00$/, '') : USD.format(amount);
}

type TMoneyProps = TextProps & { amount: number; struck?: boolean };

/** An amount of money (dollars on the wires); `struck` draws the old price struck through. */
export function Money({ amount, struck = false, ...props }: TMoneyProps) {
  return (
    <Text
      span
      td={struck ? 'line-through' : undefined}
      c={struck ? 'dimmed' : undefined}
      fz={props.size ? undefined : 'inherit'}
      {...props}
    >
      {formatMoney(amount)}
    </Text>
  );
}
