// An invoice's status as the billing history shows it (issue 39): paid, open, failed or void,
// and for a failed one why and when it is charged again.
import type { BillingItem } from '@omega/contracts';
import { Badge } from '@omega/ui';
import { day } from './money.js';

const LABELS: Readonly<Record<BillingItem['status'], string>> = {
  paid: 'Paid',
  open: 'Open',
  failed: 'Failed',
  void: 'Void',
};

export function InvoiceStatus({ invoice }: { invoice: BillingItem }) {
  return (
    <span className="omega-invoice-status">
      <Badge variant={invoice.status === 'failed' ? 'destructive' : 'outline'}>
        {LABELS[invoice.status] ?? invoice.status}
      </Badge>
      {invoice.status !== 'paid' && invoice.failureMessage && (
        <span className="omega-invoice-status__note">{invoice.failureMessage}</span>
      )}
      {invoice.nextAttemptAt && (
        <span className="omega-invoice-status__note">Next try {day(invoice.nextAttemptAt)}</span>
      )}
    </span>
  );
}
