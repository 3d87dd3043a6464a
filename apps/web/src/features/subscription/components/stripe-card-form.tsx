// The stripe provider's card form (issue 39): Stripe's Payment Element, in a chunk of its own
// that downloads only when this form is shown. The card goes from the element to Stripe, never
// to this server: the server starts a SetupIntent, Stripe.js confirms it with the card, and the
// server gets the PaymentMethod's id to save. Stripe's refusals (an incomplete number, a declined
// card) are said above the button in Stripe's own words; a form that could not load says so, with
// a way to try again.
import type { PaymentMethod } from '@omega/contracts';
import { Button, Spinner } from '@omega/ui';
import type { Stripe, StripeElements, StripeError, StripePaymentElement } from '@stripe/stripe-js';
import { type FormEvent, useCallback, useEffect, useRef, useState } from 'react';
import { api } from '../../../lib/api.js';
import { errorMessage } from '../../../lib/error-message.js';
import { type Theme, useUiStore } from '../../../lib/ui-store.js';
import { useBillingActions } from '../api/billing-api.js';
import { StripeJsUnavailable, stripeFor } from '../api/stripe-js.js';

export interface StripeCardFormProps {
  publishableKey: string;
  submitLabel?: string;
  onSaved(method: PaymentMethod): void | Promise<void>;
  onCancel?(): void;
}

type Phase =
  | { kind: 'loading' }
  | { kind: 'failed'; message: string }
  | { kind: 'ready'; stripe: Stripe; elements: StripeElements };

/** Stripe's sentence for a refusal; its own words are written for the person paying. */
const stripeMessage = (error: StripeError) =>
  error.message ?? 'Stripe could not set this card up. Check the details and try again.';

/** Stripe's element in the app's colours: its dark theme on the app's dark one. */
const appearance = (theme: Theme) => ({ theme: theme === 'dark' ? 'night' : 'stripe' }) as const;

export default function StripeCardForm(props: StripeCardFormProps) {
  const { publishableKey, onSaved } = props;
  const { savePaymentMethod } = useBillingActions();
  const theme = useUiStore((s) => s.theme);
  /** Read when Stripe's elements are made, not a reason to make them again (see below). */
  const currentTheme = useRef(theme);
  currentTheme.current = theme;
  const [phase, setPhase] = useState<Phase>({ kind: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const mountPoint = useRef<HTMLDivElement>(null);
  const element = useRef<StripePaymentElement | null>(null);
  /** A card Stripe set up whose saving here failed: sent again, not set up again. */
  const setUp = useRef<string | null>(null);

  // Stripe.js and a SetupIntent, both needed before the element can show; again on 'Try again'.
  useEffect(() => {
    let live = true;
    setPhase({ kind: 'loading' });
    setUp.current = null;
    Promise.all([stripeFor(publishableKey), api.call('setupIntent')]).then(
      ([stripe, { clientSecret }]) => {
        if (live) {
          setPhase({
            kind: 'ready',
            stripe,
            elements: stripe.elements({
              clientSecret,
              appearance: appearance(currentTheme.current),
            }),
          });
        }
      },
      (err: unknown) => {
        if (!live) return;
        setPhase({
          kind: 'failed',
          message:
            err instanceof StripeJsUnavailable
              ? err.message
              : `The card form could not be started: ${errorMessage(err)}`,
        });
      },
    );
    return () => {
      live = false;
    };
  }, [publishableKey, attempt]);

  // The element goes into the form once Stripe.js is there, and takes the focus when drawn,
  // as the demo form's number does.
  useEffect(() => {
    if (phase.kind !== 'ready' || !mountPoint.current) return;
    const payment = phase.elements.create('payment', { layout: 'tabs' });
    element.current = payment;
    payment.on('ready', () => payment.focus());
    payment.on('change', () => setError(null));
    payment.on('loaderror', () =>
      setPhase({ kind: 'failed', message: new StripeJsUnavailable().message }),
    );
    payment.mount(mountPoint.current);
    return () => {
      element.current = null;
      payment.destroy();
    };
  }, [phase]);

  // The top bar's theme switch restyles the element in place (what was typed stays).
  useEffect(() => {
    if (phase.kind === 'ready') phase.elements.update({ appearance: appearance(theme) });
  }, [phase, theme]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (phase.kind !== 'ready') return;
    setError(null);
    setBusy(true);
    try {
      let paymentMethodId = setUp.current;
      if (!paymentMethodId) {
        const result = await phase.stripe.confirmSetup({
          elements: phase.elements,
          redirect: 'if_required',
        });
        if (result.error) {
          setBusy(false);
          setError(stripeMessage(result.error));
          element.current?.focus();
          return;
        }
        const method = result.setupIntent.payment_method;
        paymentMethodId = typeof method === 'string' ? method : (method?.id ?? null);
        if (!paymentMethodId) throw new Error('Stripe answered a set-up without a card');
        setUp.current = paymentMethodId;
      }
      const saved = await savePaymentMethod({ paymentMethodId });
      setBusy(false);
      await onSaved(saved);
    } catch (err) {
      setBusy(false);
      setError(errorMessage(err));
    }
  }

  if (phase.kind === 'failed') {
    return (
      <div className="omega-form omega-card-form">
        <p className="omega-field__error" role="alert">
          {phase.message}
        </p>
        <div className="omega-actions">
          <Button onClick={retry}>Try again</Button>
          {props.onCancel && (
            <Button variant="outline" onClick={props.onCancel}>
              Cancel
            </Button>
          )}
        </div>
      </div>
    );
  }

  return (
    <form
      className="omega-form omega-card-form"
      onSubmit={submit}
      noValidate
      aria-label="Card details"
      aria-busy={phase.kind === 'loading' || undefined}
    >
      <p className="omega-muted">Your card details go to Stripe, which keeps them for us.</p>
      {phase.kind === 'loading' && <Spinner aria-label="Loading the card form" />}
      <div ref={mountPoint} className="omega-card-form__stripe" />
      {error && (
        <p className="omega-field__error" role="alert">
          {error}
        </p>
      )}
      <div className="omega-actions">
        <Button type="submit" loading={busy} disabled={phase.kind !== 'ready'}>
          {props.submitLabel ?? 'Save card'}
        </Button>
        {props.onCancel && (
          <Button variant="outline" onClick={props.onCancel} disabled={busy}>
            Cancel
          </Button>
        )}
      </div>
    </form>
  );
}
