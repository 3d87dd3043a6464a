// PostgreSQL: a paid keypad transaction checks the wallet's plan in the same call that records it
// (decision 044), so a transfer is one round trip instead of two (the entitlement read, then
// omega_record_keypad_transaction of migration 0023).
//
// Only one rule is written here, the domain's `isFeatureAvailable`: the owner's override of the
// flow's feature, when one is in force, decides; otherwise the owner's plan (Free for a wallet
// with no owner, or an owner with no subscription yet) must be one of `p_plans`. Which plans
// include the feature is the domain's answer, passed in (`flowGate`). A test holds this function
// to `isFeatureAvailable` over every plan and override (wallet-entitlements.test.ts).
//
// The 0023 function stays, unchanged: this one calls it after the check, and instances of the
// previous release, during a rolling deploy, keep calling it directly. SQLite: nothing to do.
import { type Kysely, PostgresAdapter, sql } from 'kysely';

const isPostgres = (db: Kysely<unknown>) => db.getExecutor().adapter instanceof PostgresAdapter;

export async function up(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`
    create function omega_record_entitled_keypad_transaction(
      p_feature_id integer, p_plans text[], p_free_plan text, p_now bigint,
      p_phone text, p_client_id text, p_request_hash text, p_type text, p_coin text,
      p_amount text, p_destination text, p_reference text, p_received text, p_created_at bigint,
      p_debit_account text, p_debit_asset text, p_debit_amount bigint, p_insufficient text,
      p_credit_accounts text[], p_credit_assets text[], p_credit_amounts bigint[],
      p_entry_accounts text[], p_entry_assets text[], p_entry_amounts bigint[],
      p_open_wallet text
    ) returns json
    language plpgsql
    as $fn$
    declare
      allowed boolean;
    begin
      if p_feature_id is not null then
        select coalesce(o.enabled = 1, coalesce(s.plan_id, p_free_plan) = any(p_plans))
          into allowed
          from wallets w
          left join subscriptions s on s.user_id = w.owner_id
          left join user_feature_overrides o
            on o.user_id = w.owner_id and o.feature_id = p_feature_id
            and (o.expires_at is null or o.expires_at > p_now)
          where w.phone = p_phone;
        -- No wallet row: the Free plan, as the service's reading of it says.
        if not coalesce(allowed, p_free_plan = any(p_plans)) then
          raise exception 'the wallet''s plan does not include this flow' using errcode = 'OMLCK';
        end if;
      end if;
      return omega_record_keypad_transaction(
        p_phone, p_client_id, p_request_hash, p_type, p_coin, p_amount, p_destination,
        p_reference, p_received, p_created_at, p_debit_account, p_debit_asset, p_debit_amount,
        p_insufficient, p_credit_accounts, p_credit_assets, p_credit_amounts,
        p_entry_accounts, p_entry_assets, p_entry_amounts, p_open_wallet);
    end
    $fn$
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`drop function omega_record_entitled_keypad_transaction`.execute(db);
}
