// A saved card as it may be shown: its brand, last four digits and expiry — never more, since
// nothing more is kept.
import type { HTMLAttributes } from 'react';
import { cn } from './cn.js';

const BRAND_NAMES: Readonly<Record<string, string>> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
  diners: 'Diners Club',
  jcb: 'JCB',
  unionpay: 'UnionPay',
};

/** The card network's name for a provider's brand code ('visa' -> 'Visa'); 'Card' if unknown. */
export const cardBrandName = (brand: string) => BRAND_NAMES[brand] ?? 'Card';

/** MM/YYYY, as printed on the card. */
export const cardExpiry = (month: number, year: number) =>
  `${String(month).padStart(2, '0')}/${year}`;

export interface PaymentMethodSummaryProps extends HTMLAttributes<HTMLParagraphElement> {
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
}

export function PaymentMethodSummary({
  brand,
  last4,
  expMonth,
  expYear,
  className,
  ...props
}: PaymentMethodSummaryProps) {
  return (
    <p className={cn('omega-payment-method', className)} {...props}>
      <span className="omega-payment-method__card">
        {cardBrandName(brand)} ending in {last4}
      </span>{' '}
      <span className="omega-payment-method__expiry">Expires {cardExpiry(expMonth, expYear)}</span>
    </p>
  );
}
