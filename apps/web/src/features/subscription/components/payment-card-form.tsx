// The card form of the provider that collects payments (issue 39): the demo provider's own
// fields, or Stripe's Payment Element, whose code (and Stripe.js) download only when it is shown.
import type { BillingConfig, PaymentMethod } from '@omega/contracts';
import { Button, Spinner } from '@omega/ui';
import { type ComponentType, lazy, Suspense, useState } from 'react';
import { CardForm } from './card-form.js';
import type { StripeCardFormProps } from './stripe-card-form.js';

type LoadedProps = StripeCardFormProps & { onReload(): void };

/** The Stripe form's chunk; a failed download shows why, with a way to download it again. */
const stripeForm = () =>
  lazy<ComponentType<LoadedProps>>(() =>
    import('./stripe-card-form.js').then(
      (m) => ({ default: m.default }),
      () => ({ default: NotLoaded }),
    ),
  );

function NotLoaded({ onReload, onCancel }: LoadedProps) {
  return (
    <div className="omega-form">
      <p role="alert">The card form could not be loaded. Check your connection and try again.</p>
      <div className="omega-actions">
        <Button onClick={onReload}>Try again</Button>
        {onCancel && (
          <Button variant="outline" onClick={onCancel}>
            Cancel
          </Button>
        )}
      </div>
    </div>
  );
}

export interface PaymentCardFormProps {
  /** From GET /api/billing/config; undefined while it loads. */
  config: BillingConfig | undefined;
  submitLabel?: string;
  onSaved(method: PaymentMethod): void | Promise<void>;
  onCancel?(): void;
}

export function PaymentCardForm({ config, ...props }: PaymentCardFormProps) {
  const [StripeForm, setStripeForm] = useState(stripeForm);
  if (!config) return <Spinner aria-label="Loading the card form" />;
  if (config.provider === 'demo') return <CardForm {...props} />;
  if (!config.publishableKey) {
    return (
      <p role="alert">
        This server collects payments with Stripe but has no publishable key
        (STRIPE_PUBLISHABLE_KEY), so no card can be added here: ask the operator.
      </p>
    );
  }
  return (
    <Suspense fallback={<Spinner aria-label="Loading the card form" />}>
      <StripeForm
        publishableKey={config.publishableKey}
        onReload={() => setStripeForm(stripeForm)}
        {...props}
      />
    </Suspense>
  );
}
