// The money timeline of a plan change, from the server's own preview: credit and charge
// lines, what is charged now, and the next renewal — or, for a downgrade, when it applies, and
// for the current plan chosen again, what it drops.
import type { ChangePreview as Preview } from '@omega/contracts';
import { day, usd } from './money.js';

export function ChangePreview({
  preview,
  trialing = false,
}: {
  preview: Preview;
  /** The subscription is in its trial now: a 'trial' change carries on with it. */
  trialing?: boolean;
}) {
  if (preview.kind === 'keep') {
    return (
      <p>
        No charge. You keep your current plan: the change or cancellation set for the end of the
        period is dropped. Next renewal: {day(preview.nextRenewalAt)} for{' '}
        {usd(preview.nextRenewalAmount)}.
      </p>
    );
  }
  if (preview.kind === 'scheduled') {
    return (
      <p>
        No charge now. The new plan starts on <strong>{day(preview.effectiveAt)}</strong>, renewing
        at {usd(preview.nextRenewalAmount)}.
      </p>
    );
  }
  return (
    <div className="omega-preview">
      {preview.kind === 'trial' &&
        (trialing ? (
          <p>You are in a free trial: nothing is charged until it ends.</p>
        ) : (
          <p>
            Your free trial starts now: nothing is charged until it ends on{' '}
            {day(preview.nextRenewalAt)}.
          </p>
        ))}
      {preview.lines.length > 0 && (
        <ul className="omega-preview__lines">
          {preview.lines.map((line) => (
            <li key={line.description}>
              <span>{line.description}</span>
              <span>{usd(line.amount)}</span>
            </li>
          ))}
        </ul>
      )}
      <p className="omega-preview__total">
        Charged now: <strong>{usd(preview.chargedNow)}</strong>
      </p>
      {preview.creditAfter > 0 && <p>Credit kept for later invoices: {usd(preview.creditAfter)}</p>}
      <p>
        Next renewal: {day(preview.nextRenewalAt)} for {usd(preview.nextRenewalAmount)}
      </p>
    </div>
  );
}
