// The provider OMEGA_PAYMENTS_PROVIDER names (decision 038): demo unless it says stripe.
import type { Kysely } from 'kysely';
import type { Config } from '../../config/config.js';
import type { Database } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import { StripeRecordsRepository } from '../../repositories/stripe-records.js';
import { DemoPaymentProvider } from './demo-provider.js';
import type { PaymentProvider } from './provider.js';

export async function createPaymentProvider(
  config: Config,
  db: Kysely<Database>,
  clock: Clock,
): Promise<PaymentProvider> {
  switch (config.payments.provider) {
    case 'demo':
      return new DemoPaymentProvider(db, clock, { delayMs: config.payments.demoDelayMs });
    case 'stripe': {
      // loadConfig refuses stripe without its keys; only a Config built by hand can get here.
      if (!config.payments.stripe) throw new Error('OMEGA_PAYMENTS_PROVIDER=stripe without keys');
      // Stripe's package is loaded only when it collects the payments (decision 049).
      const { StripeProvider } = await import('./stripe.js');
      return new StripeProvider(config.payments.stripe, new StripeRecordsRepository(db), clock);
    }
  }
}
