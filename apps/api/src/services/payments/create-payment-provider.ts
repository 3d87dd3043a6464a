// The provider OMEGA_PAYMENTS_PROVIDER names (decision 038): demo unless it says stripe.
import type { Kysely } from 'kysely';
import type { Config } from '../../config/config.js';
import type { Database } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import { DemoPaymentProvider } from './demo-provider.js';
import type { PaymentProvider } from './provider.js';

export function createPaymentProvider(
  config: Config,
  db: Kysely<Database>,
  clock: Clock,
): PaymentProvider {
  switch (config.payments.provider) {
    case 'demo':
      return new DemoPaymentProvider(db, clock, { delayMs: config.payments.demoDelayMs });
    case 'stripe':
      throw new Error('OMEGA_PAYMENTS_PROVIDER=stripe: the Stripe provider is not built in yet');
  }
}
