// The subscription page's 'Payment method' section (issue 39): the saved card (brand, last 4,
// expiry) or an empty state with 'Add a card', and the card form to add or replace it. The
// page opens the form too, from the past-due banner's 'Update payment method'.
import { Button, PaymentMethodSummary, SectionCard, Skeleton, toast } from '@omega/ui';
import { useEffect, useRef } from 'react';
import { LoadFailed } from '../../../lib/load-failed.js';
import { useBillingConfig, usePaymentMethod } from '../api/billing-api.js';
import { PaymentCardForm } from './payment-card-form.js';

export const PAYMENT_METHOD_SECTION_ID = 'payment-method';

export function PaymentMethodSection(props: {
  editing: boolean;
  onEditingChange(editing: boolean): void;
}) {
  const { data: method, error, isLoading, mutate } = usePaymentMethod();
  const { data: config } = useBillingConfig();
  const { editing, onEditingChange } = props;
  const openButton = useRef<HTMLButtonElement>(null);
  const wasEditing = useRef(editing);

  // Closing the form puts the focus back on the button that opens it, not on the page's top.
  useEffect(() => {
    if (wasEditing.current && !editing) openButton.current?.focus();
    wasEditing.current = editing;
  }, [editing]);

  let body: React.ReactNode;
  if (error && method === undefined) {
    body = <LoadFailed what="your payment method" error={error} onRetry={() => void mutate()} />;
  } else if (isLoading || method === undefined) {
    body = (
      <div aria-busy="true">
        <Skeleton style={{ height: '3rem' }} aria-label="Loading your payment method" />
      </div>
    );
  } else if (editing) {
    body = (
      <PaymentCardForm
        config={config}
        submitLabel={method ? 'Save new card' : 'Save card'}
        onCancel={() => onEditingChange(false)}
        onSaved={(saved) => {
          toast({
            title: 'Card saved',
            description: `Renewals and upgrades are charged to the card ending in ${saved.last4}.`,
          });
          onEditingChange(false);
        }}
      />
    );
  } else {
    body = (
      <>
        {method ? (
          <PaymentMethodSummary {...method} />
        ) : (
          <p>
            No card saved. Paid plans, their renewals and upgrades are charged to the card you save
            here.
          </p>
        )}
        <div className="omega-actions">
          <Button
            ref={openButton}
            variant={method ? 'outline' : 'default'}
            onClick={() => onEditingChange(true)}
          >
            {method ? 'Replace card' : 'Add a card'}
          </Button>
        </div>
      </>
    );
  }

  return (
    <SectionCard id={PAYMENT_METHOD_SECTION_ID} title="Payment method">
      {body}
    </SectionCard>
  );
}
