// Passkeys: the WebAuthn credentials of accounts (decision 034). Every read and write by id is
// scoped to its account, so another account's passkey is never found. Moving a signature
// counter is one conditional update: of two sign-ins with the same counter value, one wins.
import type { Kysely } from 'kysely';
import type { Database, PasskeyRow } from '../db/schema.js';

export interface NewPasskey {
  userId: number;
  credentialId: string;
  publicKey: string;
  userHandle: string;
  counter: number;
  transports: readonly string[];
  name: string;
  aaguid: string | null;
  backedUp: boolean;
  at: number;
}

export class PasskeysRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** The account's passkeys, oldest first. */
  forUser(userId: number, db = this.db): Promise<PasskeyRow[]> {
    return db
      .selectFrom('passkeys')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
  }

  /** One passkey of the account; undefined when there is none by that id on this account. */
  findOwn(userId: number, id: number, db = this.db): Promise<PasskeyRow | undefined> {
    return db
      .selectFrom('passkeys')
      .selectAll()
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .executeTakeFirst();
  }

  findByCredentialId(credentialId: string, db = this.db): Promise<PasskeyRow | undefined> {
    return db
      .selectFrom('passkeys')
      .selectAll()
      .where('credential_id', '=', credentialId)
      .executeTakeFirst();
  }

  /**
   * Stores a passkey; answers undefined when its credential id is stored already (by this
   * account or another), the unique index deciding between concurrent registrations.
   */
  async insert(p: NewPasskey, db = this.db): Promise<PasskeyRow | undefined> {
    return db
      .insertInto('passkeys')
      .values({
        user_id: p.userId,
        credential_id: p.credentialId,
        public_key: p.publicKey,
        user_handle: p.userHandle,
        counter: p.counter,
        transports: JSON.stringify(p.transports),
        name: p.name,
        aaguid: p.aaguid,
        backed_up: p.backedUp ? 1 : 0,
        created_at: p.at,
        last_used_at: null,
      })
      .onConflict((oc) => oc.column('credential_id').doNothing())
      .returningAll()
      .executeTakeFirst();
  }

  /** Renames one of the account's passkeys; false when it has none by that id. */
  async rename(userId: number, id: number, name: string, db = this.db): Promise<boolean> {
    const result = await db
      .updateTable('passkeys')
      .set({ name })
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  /** Removes one of the account's passkeys; false when it has none by that id. */
  async remove(userId: number, id: number, db = this.db): Promise<boolean> {
    const result = await db
      .deleteFrom('passkeys')
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return result.numDeletedRows > 0n;
  }

  /**
   * Records a sign-in with the passkey: its counter moves from `from` to `to` and its last use
   * and backup state are written — only if the counter is still `from`, so a concurrent sign-in
   * that moved it first makes this one fail (false).
   */
  async used(
    id: number,
    counter: { from: number; to: number },
    backedUp: boolean,
    at: number,
    db = this.db,
  ): Promise<boolean> {
    const result = await db
      .updateTable('passkeys')
      .set({ counter: counter.to, last_used_at: at, backed_up: backedUp ? 1 : 0 })
      .where('id', '=', id)
      .where('counter', '=', counter.from)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }
}
