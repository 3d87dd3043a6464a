// The demo provider's card form (issue 39): number (spaces allowed), expiry month and year,
// CVC. Empty fields are caught here; everything else is the server's to judge, and its 400
// names the field, so the refusal goes under that field. A card the provider refuses (402)
// is said above the button. The number and CVC leave the form's state once sent.
import type { PaymentMethod } from '@omega/contracts';
import { Button, FormField, Input } from '@omega/ui';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { ApiError } from '../../../lib/api-client.js';
import { errorMessage } from '../../../lib/error-message.js';
import { useBillingActions } from '../api/billing-api.js';

interface Values {
  cardNumber: string;
  expMonth: string;
  expYear: string;
  cvc: string;
}
type Field = keyof Values;
type Errors = Partial<Record<Field | 'form', string>>;

const EMPTY: Values = { cardNumber: '', expMonth: '', expYear: '', cvc: '' };
const FIELDS: readonly Field[] = ['cardNumber', 'expMonth', 'expYear', 'cvc'];

/** The words a person reads for the contract's field names in the server's messages. */
const FIELD_WORDS: Readonly<Record<Field, string>> = {
  cardNumber: 'card number',
  expMonth: 'expiry month',
  expYear: 'expiry year',
  cvc: 'CVC',
};

/** The field a server's refusal is about, by the field name it opens with (or an expiry). */
export function refusedField(message: string): Field | undefined {
  const first = /^(cardNumber|expMonth|expYear|cvc)\b/.exec(message)?.[1] as Field | undefined;
  if (first) return first;
  return /expired/i.test(message) ? 'expYear' : undefined;
}

/** The server's sentence with its field names in words ('Card number must hold digits only'). */
export function readable(message: string): string {
  const text = message.replace(
    /\b(cardNumber|expMonth|expYear|cvc)\b/g,
    (name) => FIELD_WORDS[name as Field],
  );
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** What the form checks before sending: each field filled, the expiry in digits. */
function missing(values: Values): Errors {
  const found: Errors = {};
  if (!values.cardNumber.trim()) found.cardNumber = 'Enter the card number';
  if (!/^\d{1,2}$/.test(values.expMonth.trim())) {
    found.expMonth = 'Enter the expiry month as a number from 1 to 12';
  }
  if (!/^(\d{2}|\d{4})$/.test(values.expYear.trim())) {
    found.expYear = 'Enter the expiry year (for example 2030)';
  }
  if (!values.cvc.trim()) found.cvc = 'Enter the CVC';
  return found;
}

/** A two-digit year is this century's. */
const fullYear = (text: string) => (text.length === 2 ? 2000 + Number(text) : Number(text));

/** Stripe's test numbers, as the demo provider takes them. */
export function TestCardsHint() {
  return (
    <div className="omega-card-form__hint">
      <p>
        Demo mode: no real card is charged. Use one of these test cards, with any future expiry and
        any 3-digit CVC:
      </p>
      <ul>
        <li>
          <span className="omega-card-form__number">4242 4242 4242 4242</span> pays
        </li>
        <li>
          <span className="omega-card-form__number">4000 0000 0000 0002</span> is declined
        </li>
        <li>
          <span className="omega-card-form__number">4000 0000 0000 9995</span> has insufficient
          funds
        </li>
        <li>
          <span className="omega-card-form__number">4000 0025 0000 3155</span> asks you to confirm
          each payment
        </li>
      </ul>
    </div>
  );
}

export function CardForm(props: {
  submitLabel?: string;
  onSaved(method: PaymentMethod): void | Promise<void>;
  onCancel?(): void;
}) {
  const id = useId();
  const { savePaymentMethod } = useBillingActions();
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const inputs = useRef<Partial<Record<Field, HTMLInputElement | null>>>({});

  // The form opens when asked for (a button, or a change that needs a card): typing can start.
  useEffect(() => {
    inputs.current.cardNumber?.focus();
  }, []);

  const set = (field: Field) => (e: React.ChangeEvent<HTMLInputElement>) => {
    setValues((v) => ({ ...v, [field]: e.target.value }));
    setErrors((er) => ({ ...er, [field]: undefined, form: undefined }));
  };

  // The first refused field takes the focus once the form is enabled again (a disabled input
  // cannot take it), so a new refusal of the same field moves it there again.
  const [refusedFirst, setRefusedFirst] = useState<{ field: Field } | null>(null);
  useEffect(() => {
    if (refusedFirst) inputs.current[refusedFirst.field]?.focus();
  }, [refusedFirst]);

  function show(found: Errors) {
    setErrors(found);
    const first = FIELDS.find((f) => found[f]);
    if (first) setRefusedFirst({ field: first });
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    const found = missing(values);
    if (Object.keys(found).length > 0) return show(found);
    setErrors({});
    setBusy(true);
    try {
      const method = await savePaymentMethod({
        cardNumber: values.cardNumber.trim(),
        expMonth: Number(values.expMonth.trim()),
        expYear: fullYear(values.expYear.trim()),
        cvc: values.cvc.trim(),
      });
      setValues(EMPTY);
      setBusy(false);
      await props.onSaved(method);
    } catch (err) {
      setBusy(false);
      const message = errorMessage(err);
      const field =
        err instanceof ApiError && err.status === 400 ? refusedField(message) : undefined;
      show(field ? { [field]: readable(message) } : { form: readable(message) });
    }
  }

  const field = (name: Field, label: string, extra: Partial<React.ComponentProps<'input'>>) => (
    <FormField id={`${id}-${name}`} label={label} error={errors[name]}>
      {(describedBy) => (
        <Input
          id={`${id}-${name}`}
          ref={(el) => {
            inputs.current[name] = el;
          }}
          name={name}
          inputMode="numeric"
          value={values[name]}
          onChange={set(name)}
          aria-invalid={errors[name] ? true : undefined}
          aria-describedby={describedBy}
          {...extra}
        />
      )}
    </FormField>
  );

  return (
    <form
      className="omega-form omega-card-form"
      onSubmit={submit}
      noValidate
      aria-label="Card details"
    >
      <TestCardsHint />
      <fieldset className="omega-card-form__fields" disabled={busy}>
        {field('cardNumber', 'Card number', { autoComplete: 'cc-number', maxLength: 23 })}
        <div className="omega-card-form__row">
          {field('expMonth', 'Expiry month', {
            autoComplete: 'cc-exp-month',
            maxLength: 2,
            placeholder: 'MM',
          })}
          {field('expYear', 'Expiry year', {
            autoComplete: 'cc-exp-year',
            maxLength: 4,
            placeholder: 'YYYY',
          })}
          {field('cvc', 'CVC', { autoComplete: 'cc-csc', maxLength: 4 })}
        </div>
      </fieldset>
      {errors.form && (
        <p className="omega-field__error" role="alert">
          {errors.form}
        </p>
      )}
      <div className="omega-actions">
        <Button type="submit" loading={busy}>
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
