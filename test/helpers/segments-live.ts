import type { Kysely } from 'kysely';
import type { DB } from '../../src/db/types.js';
import { waitFor } from './blacklist.js';

/** Until live membership has nothing left to evaluate: no mark, no refresh requested or under way. */
export async function liveMembershipSettled(db: Kysely<DB>): Promise<void> {
  await waitFor(async () => {
    const dirty = await db.selectFrom('segment_dirty').select('id').limit(1).execute();
    const busy = await db
      .selectFrom('segment_live')
      .select('segment_id')
      .where((eb) => eb.or([eb('refresh_requested', '=', 1), eb('started_at', 'is not', null)]))
      .limit(1)
      .execute();
    return dirty.length === 0 && busy.length === 0;
  }, 'live membership settled');
}
