// How money and dates read on the subscription screens.
import { formatMoney } from '@omega/domain';

export const usd = (cents: number) => formatMoney(cents, { currency: 'USD' });

export const day = (iso: string) =>
  new Date(iso).toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' });
