// The plan and feature catalogue as the Subscription Manager edits it: plans with their
// features, adding a feature, the plan matrix (a feature on or off for a plan), per-user
// feature overrides, and setting the plan of one user or of many. Every write and its
// activity entry are one transaction; a change to many users is all or nothing. Each write takes
// the id of the request that asked for it last (`requestId`, for the activity row, decision 020).
import type {
  Assignment,
  BulkOverridePreview,
  Feature,
  Plan,
  UserFeatureOverride,
  UserWithSubscription,
} from '@omega/contracts';
import {
  annualSavingPercent,
  cheapestPlanWith,
  FREE_PLAN_ID,
  normalizeRole,
  showsNothing,
} from '@omega/domain';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import type { Clock } from '../lib/clock.js';
import { retryOnContention } from '../lib/contention.js';
import { HttpError } from '../lib/http-error.js';
import { inTransaction } from '../lib/transaction.js';
import type { ActivityRepository } from '../repositories/activity.js';
import type { SubscriptionsRepository } from '../repositories/subscriptions.js';
import type { UsersRepository } from '../repositories/users.js';
import type { SubscriptionService } from './subscriptions.js';

export interface FeatureCatalogueDeps {
  db: Kysely<Database>;
  catalogue: SubscriptionsRepository;
  users: UsersRepository;
  activity: ActivityRepository;
  subscriptions: SubscriptionService;
  clock: Clock;
}

type Trx = Kysely<Database>;

/** How far ahead an override's expiry may be; beyond that, an override without one says it. */
export const MAX_OVERRIDE_MS = 366 * 24 * 60 * 60_000;
/** How an override set without a reason reads in its audit line (and on the admin pages). */
const NO_REASON = 'no reason given';
const iso = (ms: number) => new Date(ms).toISOString();

export class FeatureCatalogueService {
  constructor(private readonly deps: FeatureCatalogueDeps) {}

  /** The plan ladder, cheapest first, each with the names of the features it includes. */
  async plans(): Promise<Plan[]> {
    const { catalogue } = this.deps;
    const [plans, assignments, features] = await Promise.all([
      catalogue.plans(),
      catalogue.assignments(),
      catalogue.features(),
    ]);
    const names = new Map(features.map((f) => [f.id, f.name]));
    return plans.map((p) => ({
      id: p.id,
      name: p.name,
      price: p.monthlyPrice,
      annualPrice: p.annualPrice,
      trialDays: p.trialDays,
      isPopular: p.isPopular,
      perks: p.perks,
      features: assignments
        .filter((a) => a.planId === p.id && a.enabled)
        .map((a) => names.get(a.featureId) ?? String(a.featureId)),
      annualSavingPercent:
        p.annualPrice === null ? null : annualSavingPercent(p.monthlyPrice, p.annualPrice),
    }));
  }

  /** Every feature with the cheapest plan that includes it (null when none does yet). */
  async features(): Promise<Feature[]> {
    const { catalogue } = this.deps;
    const [plans, assignments, features] = await Promise.all([
      catalogue.plans(),
      catalogue.assignments(),
      catalogue.features(),
    ]);
    return features.map((f) => ({
      id: f.id,
      name: f.name,
      category: f.category,
      description: f.description,
      // Plans come cheapest first, as the domain rule expects.
      requiredPlan: cheapestPlanWith(f.id, plans, assignments)?.name ?? null,
    }));
  }

  assignments(): Promise<Assignment[]> {
    return this.deps.catalogue.assignments();
  }

  /** A page of users by id with their plan; users who never opened a subscription are on Free. */
  async usersWithPlans(page: {
    search?: string;
    offset: number;
    limit: number;
  }): Promise<{ users: UserWithSubscription[]; total: number }> {
    const { rows, total } = await this.deps.catalogue.usersWithPlans(page);
    return {
      users: rows.map((r) => ({
        id: r.id,
        username: r.username,
        role: normalizeRole(r.role),
        subscription: { planId: r.plan_id ?? FREE_PLAN_ID, status: r.status ?? 'active' },
      })),
      total,
    };
  }

  /** The feature ids a user can use, as an administrator looks them up (404 for no such user). */
  async featureIdsOf(userId: number): Promise<number[]> {
    await this.existingUsers([userId]);
    return this.deps.subscriptions.featureIdsFor(userId);
  }

  /** Whether an administrator last set the user's plan, and when (404 for no such user). */
  async overrideInfoOf(userId: number) {
    await this.existingUsers([userId]);
    return this.deps.subscriptions.overrideInfo(userId);
  }

  /** Adds a feature, included in no plan until an administrator turns it on for one. */
  async addFeature(
    adminId: number,
    input: { name: string; category: string; description?: string },
    requestId: string | null,
  ): Promise<Feature> {
    const name = input.name.trim();
    const category = input.category.trim();
    if (showsNothing(name)) throw new HttpError(400, 'Name is required');
    if (showsNothing(category)) throw new HttpError(400, 'Category is required');
    const created = await this.write(async (trx, at) => {
      // 'BUY CRYPTO' is 'Buy crypto' again, and 'ANALYTICS' the 'Analytics' group.
      const known = await this.deps.catalogue.spellingsOf(name, category, trx);
      if (known.name !== undefined) {
        throw new HttpError(409, `A feature named ${known.name} already exists`);
      }
      const row = await this.deps.catalogue.addFeature(
        {
          name,
          category: known.category ?? category,
          description: (input.description ?? '').trim(),
          at,
        },
        trx,
      );
      if (!row) {
        // Another spelling was added while this one was checked (two admins at once): it has
        // committed, so it can be named.
        const taken = (await this.deps.catalogue.spellingsOf(name, category, trx)).name ?? name;
        throw new HttpError(409, `A feature named ${taken} already exists`);
      }
      await this.audit(
        trx,
        adminId,
        'feature_added',
        `${row.name} (${row.category})`,
        at,
        requestId,
      );
      return row;
    });
    return {
      id: created.id,
      name: created.name,
      category: created.category,
      description: created.description,
      requiredPlan: null,
    };
  }

  /** The plan matrix: includes or excludes a feature from a plan. */
  async setPlanFeature(
    adminId: number,
    change: Assignment,
    requestId: string | null,
  ): Promise<Assignment> {
    const { planId, featureId, enabled } = change;
    await this.write(async (trx, at) => {
      if (!(await this.deps.subscriptions.book(trx)).has(planId)) {
        throw new HttpError(404, `No plan ${planId}`);
      }
      await this.existingFeature(featureId, trx);
      await this.deps.catalogue.setAssignment(planId, featureId, enabled, trx);
      await this.audit(
        trx,
        adminId,
        'feature_toggle',
        `feature ${featureId} ${enabled ? 'on' : 'off'} for ${planId}`,
        at,
        requestId,
      );
    });
    return { planId, featureId, enabled };
  }

  /**
   * The user's overrides in force, each with who set it, why, when and until when (404 for
   * no such user). An expired override is not listed: it no longer applies.
   */
  async overridesOf(userId: number): Promise<UserFeatureOverride[]> {
    await this.existingUsers([userId]);
    const rows = await this.deps.catalogue.overrideDetails(userId, this.deps.clock());
    return rows.map((r) => ({
      featureId: r.feature_id,
      enabled: r.enabled === 1,
      reason: r.reason,
      setBy:
        r.set_by !== null && r.set_by_username !== null
          ? { id: r.set_by, username: r.set_by_username }
          : null,
      setAt: iso(r.updated_at),
      expiresAt: r.expires_at === null ? null : iso(r.expires_at),
    }));
  }

  /**
   * Turns one feature on or off for one user, whatever the user's plan says, with an optional
   * reason and expiry, after which the override stops applying by itself. The admin console asks
   * for a reason; the specification's call sends none, stored as null (issue 35). The reason is
   * plain printable text on one line: the validation layer refused anything else.
   */
  async setUserFeature(
    adminId: number,
    change: {
      userId: number;
      featureId: number;
      enabled: boolean;
      reason?: string;
      expiresAt?: string;
    },
    requestId: string | null,
  ): Promise<void> {
    const { userId, featureId, enabled } = change;
    const reason = change.reason?.trim() || null;
    await this.write(async (trx, at) => {
      const expiresAt = change.expiresAt === undefined ? null : Date.parse(change.expiresAt);
      if (expiresAt !== null && !(expiresAt > at)) {
        throw new HttpError(
          400,
          Number.isNaN(expiresAt)
            ? 'expiresAt must be a date and time'
            : 'expiresAt must be in the future',
        );
      }
      if (expiresAt !== null && expiresAt > at + MAX_OVERRIDE_MS) {
        throw new HttpError(
          400,
          'expiresAt must be at most a year ahead: leave it out for an override until changed',
        );
      }
      await this.existingUsers([userId], trx);
      await this.existingFeature(featureId, trx);
      await this.deps.catalogue.setOverride(
        { userId, featureId, enabled, reason, setBy: adminId, at, expiresAt },
        trx,
      );
      await this.audit(
        trx,
        adminId,
        'feature_override',
        `feature ${featureId} ${enabled ? 'on' : 'off'} for user ${userId}${expiresAt === null ? '' : ` until ${iso(expiresAt)}`}: ${reason ?? NO_REASON}`,
        at,
        requestId,
      );
    });
  }

  /** Sets one user's plan without charging (see SubscriptionService.override). */
  async setPlan(
    adminId: number,
    userId: number,
    planId: string,
    requestId: string | null,
  ): Promise<void> {
    await retryOnContention(() =>
      inTransaction(this.deps.db, async (trx) => {
        await this.knownPlan(planId, trx);
        await this.existingUsers([userId], trx);
        await this.deps.subscriptions.overrideIn(trx, adminId, userId, planId, requestId);
      }),
    );
  }

  /**
   * The dry run of `setPlanOfMany`: how many users move from which plan to which and what
   * each is charged or credited, computed as the apply computes it; nothing is written.
   */
  async previewPlanOfMany(
    adminId: number,
    userIds: readonly number[],
    planId: string,
  ): Promise<BulkOverridePreview> {
    const ids = [...new Set(userIds)];
    await this.knownPlan(planId);
    await this.existingUsers(ids, undefined, ids.length > 1 ? ': nothing can change' : '');
    return this.deps.subscriptions.previewBulkOverride(adminId, ids, planId);
  }

  /**
   * Sets the plan of every user named, in one transaction with one activity entry listing
   * them: an unknown plan or user, a subscription changed since the dry run whose token is
   * given, or any failure on the way changes nobody.
   */
  async setPlanOfMany(
    adminId: number,
    userIds: readonly number[],
    planId: string,
    previewToken: string | undefined,
    requestId: string | null,
  ) {
    const ids = [...new Set(userIds)];
    await retryOnContention(() =>
      inTransaction(this.deps.db, async (trx) => {
        await this.knownPlan(planId, trx);
        await this.existingUsers(ids, trx, ids.length > 1 ? ': no plan was changed' : '');
        await this.deps.subscriptions.bulkOverrideIn(
          trx,
          adminId,
          ids,
          planId,
          previewToken,
          requestId,
        );
      }),
    );
  }

  private async knownPlan(planId: string, trx?: Trx): Promise<void> {
    if (!(await this.deps.subscriptions.book(trx)).has(planId)) {
      throw new HttpError(404, `Unknown plan: ${planId}`);
    }
  }

  private write<T>(work: (trx: Trx, at: number) => Promise<T>): Promise<T> {
    return inTransaction(this.deps.db, (trx) => work(trx, this.deps.clock()));
  }

  private audit(
    trx: Trx,
    adminId: number,
    action: 'feature_added' | 'feature_toggle' | 'feature_override',
    details: string,
    at: number,
    requestId: string | null,
  ): Promise<void> {
    return this.deps.activity.record({ userId: adminId, action, details, at, requestId }, trx);
  }

  private async existingFeature(featureId: number, trx: Trx): Promise<void> {
    if (!(await this.deps.catalogue.featureById(featureId, trx))) {
      throw new HttpError(404, `No feature ${featureId}`);
    }
  }

  /** 404 naming every id that is no account; `outcome` says what that means for the caller. */
  private async existingUsers(ids: readonly number[], trx?: Trx, outcome = ''): Promise<void> {
    const missing = await this.deps.users.missingIds(ids, trx);
    if (missing.length === 0) return;
    const which =
      missing.length === 1
        ? `No user with id ${missing[0]}`
        : `No users with ids ${missing.join(', ')}`;
    throw new HttpError(404, `${which}${outcome}`);
  }
}
