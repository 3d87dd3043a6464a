// Plans, features, subscriptions and billing (spec section 7, 'Plans, features, subscriptions').
// Money is integer cents on the wire.
import { type Static, Type } from '@sinclair/typebox';
import { Nullable, Timestamp } from './common.js';

export const IntervalSchema = Type.Unsafe<'month' | 'year'>({
  type: 'string',
  enum: ['month', 'year'],
  errorMessage: { enum: "interval must be 'month' or 'year'" },
});

const PlanId = Type.String({ minLength: 1, maxLength: 64, pattern: '^[a-z0-9-]+$' });
const Id = Type.Integer({ minimum: 1, maximum: 2_147_483_647 });

export const PlanSchema = Type.Object({
  id: Type.String(),
  name: Type.String(),
  /** Cents per month. */
  price: Type.Integer(),
  annualPrice: Nullable(Type.Integer()),
  trialDays: Nullable(Type.Integer()),
  isPopular: Type.Boolean(),
  perks: Type.Array(Type.String()),
  /** Names of the features the plan includes. */
  features: Type.Array(Type.String()),
  /** Rounded percent saved by paying yearly (spec section 9); null without a yearly price. */
  annualSavingPercent: Nullable(Type.Integer()),
});
export type Plan = Static<typeof PlanSchema>;

export const FeatureSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  category: Type.String(),
  description: Type.String(),
  /** The cheapest plan that includes it, when any does. */
  requiredPlan: Nullable(Type.String()),
});
export type Feature = Static<typeof FeatureSchema>;

export const AssignmentSchema = Type.Object({
  planId: Type.String(),
  featureId: Type.Integer(),
  enabled: Type.Boolean(),
});
export type Assignment = Static<typeof AssignmentSchema>;

export const UserWithSubscriptionSchema = Type.Object({
  id: Type.Integer(),
  username: Type.String(),
  role: Type.String(),
  subscription: Type.Object({ planId: Type.String(), status: Type.String() }),
});
export type UserWithSubscription = Static<typeof UserWithSubscriptionSchema>;

export const CurrentSubscriptionSchema = Type.Object({
  planId: Type.String(),
  planName: Type.String(),
  interval: IntervalSchema,
  /** 'active', 'trialing' or 'past_due' (a renewal's charge failed: see `pastDue`). */
  status: Type.String(),
  currentPeriodStart: Timestamp,
  currentPeriodEnd: Timestamp,
  cancelAtPeriodEnd: Type.Boolean(),
  trialEnd: Nullable(Timestamp),
  scheduledChange: Nullable(Type.Object({ planId: Type.String(), interval: IntervalSchema })),
  creditBalance: Type.Integer(),
  /** Assigned by an administrator: renewals charge nothing until the user changes plan. */
  complimentary: Type.Boolean(),
  /** What the next renewal charges (cents) and when; null when it charges nothing. */
  nextCharge: Nullable(Type.Object({ at: Timestamp, amount: Type.Integer() })),
  /**
   * Whether choosing a paid plan that has a free trial starts the trial now: on a free plan,
   * never trialled. False for an account that had its trial, is in one, or pays.
   */
  trialOffered: Type.Optional(Type.Boolean()),
  /**
   * Set while `status` is 'past_due' (a renewal's charge failed): the unpaid invoice, when it is
   * tried again (null after the last retry) and when the plan moves to Free unless it is paid
   * (POST /api/billing/pay-now). For the banner's 'Update payment method' and 'Pay now'.
   */
  pastDue: Type.Optional(
    Nullable(
      Type.Object({
        invoiceId: Type.Integer(),
        amountDue: Type.Integer(),
        attempts: Type.Integer(),
        failureMessage: Nullable(Type.String()),
        nextRetryAt: Nullable(Timestamp),
        graceEndsAt: Timestamp,
      }),
    ),
  ),
});
export type CurrentSubscription = Static<typeof CurrentSubscriptionSchema>;

export const CurrentPlanSchema = Type.Object({
  id: Type.String(),
  name: Type.String(),
  price: Type.Integer(),
});

export const INVOICE_STATUSES = ['paid', 'open', 'failed', 'void'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

export const BillingItemSchema = Type.Object({
  id: Type.Integer(),
  created: Timestamp,
  description: Type.String(),
  amount: Type.Integer(),
  /**
   * 'paid'; 'open' (not charged yet, or a charge awaiting an answer); 'failed' (the last charge
   * failed: tried again on the dunning schedule, or given up when the plan moved to Free);
   * 'void' (will not be charged: cancelled by an administrator's plan change).
   */
  status: Type.Unsafe<InvoiceStatus>({ type: 'string', enum: [...INVOICE_STATUSES] }),
  /** Charges tried for it (0 for invoices from before payments were collected). */
  attempts: Type.Integer(),
  /** Why the last charge failed, as the provider said it; null when none failed. */
  failureMessage: Nullable(Type.String()),
  /** When it is charged again (dunning); null when no charge is planned. */
  nextAttemptAt: Nullable(Timestamp),
});
export type BillingItem = Static<typeof BillingItemSchema>;

export const OverrideInfoSchema = Type.Object({
  overriddenByAdmin: Type.Boolean(),
  overrideDate: Nullable(Timestamp),
  proRatedAmount: Nullable(Type.Integer()),
});
export type OverrideInfo = Static<typeof OverrideInfoSchema>;

export const PreviewSchema = Type.Object({
  kind: Type.String(),
  lines: Type.Array(Type.Object({ description: Type.String(), amount: Type.Integer() })),
  chargedNow: Type.Integer(),
  creditAfter: Type.Integer(),
  effectiveAt: Timestamp,
  nextRenewalAt: Timestamp,
  nextRenewalAmount: Type.Integer(),
});
export type ChangePreview = Static<typeof PreviewSchema>;

export const ChangePlanBody = Type.Object({
  planId: PlanId,
  interval: Type.Optional(IntervalSchema),
});
export type ChangePlanBody = Static<typeof ChangePlanBody>;

export const ChangePlanResponse = Type.Object({
  message: Type.String(),
  subscription: CurrentSubscriptionSchema,
  preview: PreviewSchema,
});

export const SubscriptionMessage = Type.Object({
  message: Type.String(),
  subscription: CurrentSubscriptionSchema,
});

export const ToggleFeatureBody = Type.Object({
  planId: PlanId,
  featureId: Id,
  enabled: Type.Boolean(),
});
export const OverrideBody = Type.Object({ userId: Id, planId: PlanId });
export const BulkOverrideBody = Type.Object({
  userIds: Type.Array(Id, {
    minItems: 1,
    maxItems: 1000,
    errorMessage: { minItems: 'Select at least one user' },
  }),
  planId: PlanId,
  /** The dry run's `token`: the change is refused (409) if any of the users changed since. */
  previewToken: Type.Optional(Type.String({ minLength: 1, maxLength: 128 })),
});
export const BulkOverridePreviewBody = Type.Object({
  userIds: Type.Array(Id, {
    minItems: 1,
    maxItems: 1000,
    errorMessage: { minItems: 'Select at least one user' },
  }),
  planId: PlanId,
});

/** A bulk plan change's dry run: what applying the same body would do, user by user. */
export const BulkOverridePreviewSchema = Type.Object({
  planId: Type.String(),
  planName: Type.String(),
  /** How many users move from which plan to which (equal ids: already on the plan). */
  moves: Type.Array(
    Type.Object({ fromPlanId: Type.String(), toPlanId: Type.String(), count: Type.Integer() }),
  ),
  users: Type.Array(
    Type.Object({
      userId: Type.Integer(),
      username: Type.String(),
      fromPlanId: Type.String(),
      toPlanId: Type.String(),
      /** Cents charged now (an admin-assigned plan charges nothing: decision 012). */
      chargedNow: Type.Integer(),
      /** Cents added to (or, negative, taken from) the user's credit now. */
      credited: Type.Integer(),
      /** Cents the change would have cost the user; recorded, not charged. */
      wouldHaveCharged: Type.Integer(),
      complimentary: Type.Boolean(),
      /** The next renewal after the change (cents); null when it charges nothing. */
      nextCharge: Nullable(Type.Object({ at: Timestamp, amount: Type.Integer() })),
    }),
  ),
  totals: Type.Object({
    users: Type.Integer(),
    chargedNow: Type.Integer(),
    credited: Type.Integer(),
    wouldHaveCharged: Type.Integer(),
  }),
  /** Send back as `previewToken` to apply exactly this dry run. */
  token: Type.String(),
});
export type BulkOverridePreview = Static<typeof BulkOverridePreviewSchema>;

export const FeatureOverrideBody = Type.Object({
  userId: Id,
  featureId: Id,
  enabled: Type.Boolean(),
  /**
   * Why the override is set (trimmed, at most 500 characters); shown beside it. Optional: the
   * specification's call sends none, stored as null and shown as 'no reason given'.
   */
  reason: Type.Optional(Type.String({ maxLength: 500 })),
  /** When the override stops applying (a future instant); absent: until changed. */
  expiresAt: Type.Optional(Type.String({ format: 'date-time' })),
});
export type FeatureOverrideBody = Static<typeof FeatureOverrideBody>;

/** One user's feature override in force, with who set it, why, when and until when. */
export const UserFeatureOverrideSchema = Type.Object({
  featureId: Type.Integer(),
  enabled: Type.Boolean(),
  /** Null when none was given (shown as 'no reason given'). */
  reason: Nullable(Type.String()),
  /** The administrator who set it; null when unknown (set before this was recorded). */
  setBy: Nullable(Type.Object({ id: Type.Integer(), username: Type.String() })),
  setAt: Timestamp,
  expiresAt: Nullable(Timestamp),
});
export type UserFeatureOverride = Static<typeof UserFeatureOverrideSchema>;
export const NewFeatureBody = Type.Object({
  name: Type.String({
    minLength: 1,
    maxLength: 80,
    errorMessage: {
      minLength: 'Name is required',
      maxLength: 'Name must be at most 80 characters',
    },
  }),
  category: Type.String({
    minLength: 1,
    maxLength: 40,
    errorMessage: {
      minLength: 'Category is required',
      maxLength: 'Category must be at most 40 characters',
    },
  }),
  description: Type.Optional(Type.String({ maxLength: 500, multiline: true })),
});
export const UserIdQuery = Type.Object({ userId: Id });
