import { describe, expect, it } from 'vitest';
import { formatCents, formatMoney, toCents } from './money.js';

describe('toCents', () => {
  it.each([
    [0.29, 29],
    [12.5, 1250],
    [1000, 100000],
    [0.01, 1],
    [1_000_000_000, 100_000_000_000],
    [-3.1, -310],
  ])('converts %s exactly to %s cents', (amount, cents) => {
    expect(toCents(amount)).toBe(cents);
  });

  it.each([[0.001], [1.234], [Number.NaN], [Number.POSITIVE_INFINITY], [1e-7], [1e21]])(
    'refuses %s',
    (amount) => {
      expect(toCents(amount)).toBeNull();
    },
  );
});

describe('formatMoney', () => {
  it.each([
    [1234.5, '1,234.50'],
    [0, '0.00'],
    [0.1, '0.10'],
    [-12, '-12.00'],
    [1_000_000_000, '1,000,000,000.00'],
  ])('shows %s as %s', (amount, shown) => {
    expect(formatMoney(amount)).toBe(shown);
  });
});

describe('formatCents', () => {
  it.each([
    [123456, '1,234.56'],
    [0, '0.00'],
    [-5, '-0.05'],
    [100_000_000_000, '1,000,000,000.00'],
    [123456789012345678901234n, '1,234,567,890,123,456,789,012.34'],
  ])('shows %s cents as %s, exactly', (cents, shown) => {
    expect(formatCents(cents)).toBe(shown);
  });
});
