// The user page's read-only sections: subscription, saved card and invoices with their charge
// attempts, feature overrides, keypad wallets, activity and the system-log rows of the user's
// requests. Each is a region named by its heading, with an empty state of its own.
import {
  Badge,
  PaymentMethodSummary,
  SectionCard,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@omega/ui';
import type { ReactNode } from 'react';
import { truncate, when } from '../figures.js';
import type { UserPage } from './types.js';

const usd = (cents: number) =>
  new Intl.NumberFormat(undefined, { style: 'currency', currency: 'USD' }).format(cents / 100);

/** A section of the user page: a card that is a region named by its heading. */
export const Section = (props: { id: string; title: string; children: ReactNode }) => (
  <SectionCard id={`user-page-${props.id}`} title={props.title}>
    {props.children}
  </SectionCard>
);

export const Time = ({ iso }: { iso: string }) => <time dateTime={iso}>{when(iso)}</time>;

export function SubscriptionSection({ page }: { page: UserPage }) {
  const s = page.subscription;
  const due = s?.status === 'past_due' ? s.pastDue : null;
  return (
    <Section id="subscription" title="Subscription">
      {s ? (
        <dl className="omega-user-page__facts">
          <dt>Plan</dt>
          <dd>
            {s.planName} ({s.interval === 'year' ? 'yearly' : 'monthly'})
            {s.complimentary && (
              <Badge variant="outline" className="omega-user-page__badge">
                complimentary
              </Badge>
            )}
          </dd>
          <dt>Status</dt>
          <dd>
            {s.status.replace('_', ' ')}
            {s.cancelAtPeriodEnd && ', cancels at the period end'}
          </dd>
          {due && (
            <>
              <dt>Past due</dt>
              <dd>
                {usd(due.amountDue)} unpaid after {due.attempts}{' '}
                {due.attempts === 1 ? 'attempt' : 'attempts'}
                {due.nextRetryAt ? (
                  <>
                    ; next try <Time iso={due.nextRetryAt} />
                  </>
                ) : (
                  '; no further try'
                )}
                ; moves to Free at <Time iso={due.graceEndsAt} />
              </dd>
            </>
          )}
          <dt>Current period</dt>
          <dd>
            <Time iso={s.currentPeriodStart} /> – <Time iso={s.currentPeriodEnd} />
          </dd>
          <dt>Scheduled change</dt>
          <dd>
            {s.scheduledChange
              ? `To ${s.scheduledChange.planId} (${s.scheduledChange.interval}) at the period end`
              : 'None'}
          </dd>
          <dt>Next charge</dt>
          <dd>
            {s.nextCharge ? (
              <>
                {usd(s.nextCharge.amount)} on <Time iso={s.nextCharge.at} />
              </>
            ) : (
              'None'
            )}
          </dd>
          <dt>Credit</dt>
          <dd>{usd(s.creditBalance)}</dd>
        </dl>
      ) : (
        <p>No subscription yet: the account is on the Free plan until it first opens one.</p>
      )}
      <h3 className="omega-user-page__subheading">Payment method</h3>
      {page.paymentMethod ? (
        <PaymentMethodSummary {...page.paymentMethod} />
      ) : (
        <p>No card saved.</p>
      )}
      <h3 className="omega-user-page__subheading">Invoices</h3>
      {page.invoices.length === 0 ? (
        <p>No invoices.</p>
      ) : (
        <Table aria-label="Invoices">
          <TableHeader>
            <TableRow>
              <TableHead scope="col">Date</TableHead>
              <TableHead scope="col">Description</TableHead>
              <TableHead scope="col">Amount</TableHead>
              <TableHead scope="col">Status</TableHead>
              <TableHead scope="col">Attempts</TableHead>
              <TableHead scope="col">Last failure</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {page.invoices.map((i) => (
              <TableRow key={i.id}>
                <TableCell>
                  <Time iso={i.created} />
                </TableCell>
                <TableCell>{i.description}</TableCell>
                <TableCell>{usd(i.amount)}</TableCell>
                <TableCell>{i.status}</TableCell>
                <TableCell>{i.attempts}</TableCell>
                <TableCell>
                  {i.failureMessage ?? '—'}
                  {i.nextAttemptAt && (
                    <>
                      {' '}
                      (next try <Time iso={i.nextAttemptAt} />)
                    </>
                  )}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Section>
  );
}

export function OverridesSection({ page }: { page: UserPage }) {
  return (
    <Section id="overrides" title="Feature overrides">
      {page.overrides.length === 0 ? (
        <p>No feature overrides: the plan decides every feature.</p>
      ) : (
        <Table aria-label="Feature overrides">
          <TableHeader>
            <TableRow>
              <TableHead scope="col">Feature</TableHead>
              <TableHead scope="col">Override</TableHead>
              <TableHead scope="col">Why</TableHead>
              <TableHead scope="col">Set by</TableHead>
              <TableHead scope="col">Until</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {page.overrides.map((o) => (
              <TableRow key={o.featureId}>
                <TableCell>{o.featureName}</TableCell>
                <TableCell>{o.enabled ? 'On' : 'Off'}</TableCell>
                <TableCell>{o.reason ?? 'No reason given'}</TableCell>
                <TableCell>
                  {o.setBy ? o.setBy.username : 'Unknown'} on <Time iso={o.setAt} />
                </TableCell>
                <TableCell>{o.expiresAt ? <Time iso={o.expiresAt} /> : 'Until changed'}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Section>
  );
}

export function WalletSection({ page }: { page: UserPage }) {
  return (
    <Section id="wallet" title="Keypad wallet">
      {page.wallets.length === 0 && <p>No keypad wallet is linked to this account.</p>}
      {page.wallets.map((w) => (
        <div key={w.phone} className="omega-stack">
          <dl className="omega-user-page__facts">
            <dt>Phone</dt>
            <dd>{w.phone}</dd>
            <dt>Opened</dt>
            <dd>
              <Time iso={w.createdAt} />
            </dd>
            <dt>Balances</dt>
            <dd>
              {Object.entries(w.balances)
                .map(([asset, amount]) => `${amount} ${asset}`)
                .join(', ') || 'None'}
            </dd>
            {w.lockedUntil && (
              <>
                <dt>Locked</dt>
                <dd>
                  Until <Time iso={w.lockedUntil} /> (too many wrong PINs)
                </dd>
              </>
            )}
          </dl>
          {w.transactions.length === 0 ? (
            <p>No keypad transactions yet.</p>
          ) : (
            <Table aria-label={`Recent transactions of ${w.phone}`}>
              <TableHeader>
                <TableRow>
                  <TableHead scope="col">When</TableHead>
                  <TableHead scope="col">Type</TableHead>
                  <TableHead scope="col">Amount</TableHead>
                  <TableHead scope="col">To</TableHead>
                  <TableHead scope="col">Result</TableHead>
                  <TableHead scope="col">Reference</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {w.transactions.map((tx) => (
                  <TableRow key={tx.id}>
                    <TableCell>
                      <Time iso={tx.timestamp} />
                    </TableCell>
                    <TableCell>{tx.type}</TableCell>
                    <TableCell>
                      {tx.amount} {tx.coin}
                    </TableCell>
                    <TableCell>{tx.destination}</TableCell>
                    <TableCell>
                      {tx.status === 'success' ? 'Done' : (tx.message ?? 'Failed')}
                    </TableCell>
                    <TableCell>{tx.reference}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )}
        </div>
      ))}
    </Section>
  );
}

export function ActivitySection({ page }: { page: UserPage }) {
  return (
    <Section id="activity" title="Activity">
      {page.activity.length === 0 ? (
        <p>No activity yet.</p>
      ) : (
        <Table aria-label="Activity of this account, newest first">
          <TableHeader>
            <TableRow>
              <TableHead scope="col">When</TableHead>
              <TableHead scope="col">Action</TableHead>
              <TableHead scope="col">Details</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {page.activity.map((a) => (
              <TableRow key={a.id}>
                <TableCell>
                  <Time iso={a.timestamp} />
                </TableCell>
                <TableCell>{a.action}</TableCell>
                <TableCell title={a.details}>{truncate(a.details, 120)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Section>
  );
}

export function SystemLogSection({ page }: { page: UserPage }) {
  const { linked, entries } = page.systemLogs;
  return (
    <Section id="system-log" title="System log of this user's requests">
      {!linked && (
        <p>
          This server's log rows carry no request id yet, so they cannot be matched to this user's
          requests.
        </p>
      )}
      {linked && entries.length === 0 && <p>No system-log rows from this user's requests.</p>}
      {entries.length > 0 && (
        <Table aria-label="System-log rows of this user's requests, newest first">
          <TableHeader>
            <TableRow>
              <TableHead scope="col">When</TableHead>
              <TableHead scope="col">Level</TableHead>
              <TableHead scope="col">Source</TableHead>
              <TableHead scope="col">Message</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {entries.map((e) => (
              <TableRow key={e.id}>
                <TableCell>
                  <Time iso={e.timestamp} />
                </TableCell>
                <TableCell>{e.level}</TableCell>
                <TableCell>{e.source}</TableCell>
                <TableCell title={e.message}>{truncate(e.message, 120)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Section>
  );
}
