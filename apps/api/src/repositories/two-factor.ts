// Two-factor records: an account's authenticator-app secret (encrypted by the service) and its
// recovery codes (hashes). Taking a code's time step and spending a recovery code are each one
// conditional update, so two requests can never both use the same one.
import type { Kysely } from 'kysely';
import type { Database, UserTotpTable } from '../db/schema.js';

export type TotpRow = UserTotpTable;

export class TwoFactorRepository {
  constructor(private readonly db: Kysely<Database>) {}

  find(userId: number, db = this.db): Promise<TotpRow | undefined> {
    return db.selectFrom('user_totp').selectAll().where('user_id', '=', userId).executeTakeFirst();
  }

  /**
   * Stores a pending secret, replacing a pending one, in one statement (setups sent at once
   * each replace the last); an enabled one is never replaced: false then.
   */
  async setPending(userId: number, secretEnc: string, at: number, db = this.db): Promise<boolean> {
    const row = await db
      .insertInto('user_totp')
      .values({ user_id: userId, secret_enc: secretEnc, enabled: 0, created_at: at })
      .onConflict((oc) =>
        oc
          .column('user_id')
          .doUpdateSet({ secret_enc: secretEnc, created_at: at, last_step: null })
          .where('user_totp.enabled', '=', 0),
      )
      .returning('user_id')
      .executeTakeFirst();
    return row !== undefined;
  }

  /**
   * Turns the pending secret `secretEnc` on, its first code's step taken. Answers 'on'; or
   * 'replaced' when another setup put a new secret in its place since it was read; 'already-on'
   * when two-factor was turned on meanwhile; 'gone' when there is no secret any more.
   */
  async enable(
    userId: number,
    secretEnc: string,
    step: number,
    at: number,
    db = this.db,
  ): Promise<'on' | 'replaced' | 'already-on' | 'gone'> {
    const result = await db
      .updateTable('user_totp')
      .set({ enabled: 1, enabled_at: at, last_step: step })
      .where('user_id', '=', userId)
      .where('enabled', '=', 0)
      .where('secret_enc', '=', secretEnc)
      .executeTakeFirst();
    if (result.numUpdatedRows > 0n) return 'on';
    const now = await this.find(userId, db);
    if (!now) return 'gone';
    return now.enabled === 0 ? 'replaced' : 'already-on';
  }

  /**
   * Takes time step `step` for the account's enabled secret: true only when no code of this step
   * or a later one was accepted before (a code is accepted once).
   */
  async takeStep(userId: number, step: number, db = this.db): Promise<boolean> {
    const result = await db
      .updateTable('user_totp')
      .set({ last_step: step })
      .where('user_id', '=', userId)
      .where('enabled', '=', 1)
      .where((eb) => eb.or([eb('last_step', 'is', null), eb('last_step', '<', step)]))
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  /** Replaces the account's recovery codes. */
  async setRecoveryCodes(userId: number, hashes: readonly string[], db = this.db): Promise<void> {
    await db.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
    await db
      .insertInto('recovery_codes')
      .values(hashes.map((code_hash) => ({ user_id: userId, code_hash, used_at: null })))
      .execute();
  }

  /** Spends one unused recovery code; false when it is not one or was used already. */
  async useRecoveryCode(userId: number, hash: string, at: number, db = this.db): Promise<boolean> {
    const result = await db
      .updateTable('recovery_codes')
      .set({ used_at: at })
      .where('user_id', '=', userId)
      .where('code_hash', '=', hash)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  async recoveryCodesLeft(userId: number, db = this.db): Promise<number> {
    const row = await db
      .selectFrom('recovery_codes')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('user_id', '=', userId)
      .where('used_at', 'is', null)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** Admins and supergods (enabled accounts), and how many of them have two-factor on. */
  async privilegedCounts(db = this.db): Promise<{ total: number; enabled: number }> {
    const row = await db
      .selectFrom('users')
      .leftJoin('user_totp', (join) =>
        join.onRef('user_totp.user_id', '=', 'users.id').on('user_totp.enabled', '=', 1),
      )
      .select((eb) => [
        eb.fn.countAll<number | string>().as('total'),
        eb.fn.count<number | string>('user_totp.user_id').as('enabled'),
      ])
      .where('users.role', 'in', ['admin', 'supergod'])
      .where('users.disabled', '=', 0)
      .executeTakeFirstOrThrow();
    return { total: Number(row.total), enabled: Number(row.enabled) };
  }

  /** Turns two-factor off: the secret and the recovery codes go. */
  async remove(userId: number, db = this.db): Promise<void> {
    await db.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
    await db.deleteFrom('user_totp').where('user_id', '=', userId).execute();
  }
}
