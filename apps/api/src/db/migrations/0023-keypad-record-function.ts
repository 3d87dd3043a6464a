// PostgreSQL: a paid keypad transaction in one statement (decision 040), and the guard that
// lets a plan change's writes be one statement too (lib/one-statement.ts).
//
// The keypad transaction: The service's writes —
// lock the wallets' balance rows in order, take the debit only where the balance covers it,
// insert the record under its idempotency key and reference, open the payee's wallet, write the
// postings, credit the payees, read the spender's balances back — were a dozen statements, each
// a network round trip; as one function call they are one, and the call, outside BEGIN/COMMIT,
// is its own transaction: an exception anywhere undoes all of it. SQLite runs the same steps as
// separate statements in the process (no round trips there), so this migration does nothing
// on SQLite. The rules stay in the domain and the service: this only applies the moves they
// computed, in the order the service's SQLite path uses.
import { type Kysely, PostgresAdapter, sql } from 'kysely';

const isPostgres = (db: Kysely<unknown>) => db.getExecutor().adapter instanceof PostgresAdapter;

export async function up(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`
    create function omega_record_keypad_transaction(
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
      refused text := null;
      recorded ussd_transactions%rowtype;
    begin
      -- Both wallets' rows in one order for every transaction, so two sends between the same
      -- wallets in opposite directions cannot deadlock.
      if cardinality(p_credit_accounts) > 0 then
        perform 1 from wallet_balances b
          join unnest(array_prepend(p_debit_account, p_credit_accounts),
                      array_prepend(p_debit_asset, p_credit_assets))
            as l(account, asset) on b.account = l.account and b.asset = l.asset
          order by b.account, b.asset
          for update of b;
      end if;
      -- The debit applies only where the balance covers it; PostgreSQL re-checks the condition
      -- on a row a concurrent spend committed.
      update wallet_balances set amount = amount - p_debit_amount
        where account = p_debit_account and asset = p_debit_asset and amount >= p_debit_amount;
      if not found then refused := p_insufficient; end if;

      insert into ussd_transactions (phone, client_id, request_hash, type, coin, amount,
          destination, status, reference, received, message, created_at)
        values (p_phone, p_client_id, p_request_hash, p_type, p_coin, p_amount, p_destination,
          case when refused is null then 'success' else 'failure' end, p_reference,
          p_received, refused, p_created_at)
        on conflict do nothing
        returning * into recorded;
      if not found then
        -- Each raise undoes the debit above: the call is the transaction.
        if exists (select 1 from ussd_transactions
                   where phone = p_phone and client_id = p_client_id) then
          raise exception 'already recorded under this idempotency key' using errcode = 'OMKEY';
        end if;
        raise exception 'transaction reference taken' using errcode = 'OMREF';
      end if;

      if refused is null then
        if p_open_wallet is not null then
          insert into wallets (phone, pin_hash, created_at)
            values (p_open_wallet, null, p_created_at)
            on conflict (phone) do nothing;
        end if;
        insert into ledger_entries (account, asset, amount, transaction_id, created_at)
          select e.account, e.asset, e.amount, recorded.id, p_created_at
          from unnest(p_entry_accounts, p_entry_assets, p_entry_amounts) as e(account, asset, amount);
        insert into wallet_balances (account, asset, amount)
          select c.account, c.asset, c.amount
          from unnest(p_credit_accounts, p_credit_assets, p_credit_amounts) as c(account, asset, amount)
          on conflict (account, asset)
          do update set amount = wallet_balances.amount + excluded.amount;
      end if;

      return json_build_object(
        'record', row_to_json(recorded),
        'balances', (select coalesce(json_object_agg(asset, amount::text), '{}'::json)
                     from wallet_balances where account = p_debit_account));
    end
    $fn$
  `.execute(db);

  // Raises when a guarded write applied to no row (a versioned update whose version moved on),
  // which undoes every write of the statement that asked.
  await sql`
    create function omega_expect_written(written bigint) returns bigint
    language plpgsql
    as $fn$
    begin
      if written = 0 then
        raise exception 'the guarded write applied to no row' using errcode = 'OMVER';
      end if;
      return written;
    end
    $fn$
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`drop function omega_expect_written`.execute(db);
  await sql`drop function omega_record_keypad_transaction`.execute(db);
}
