import type { Kysely } from 'kysely';
import type { Config } from './config.js';
import type { Dialect } from './db/database.js';
import type { DB } from './db/types.js';
import type { JobsNotifier } from './jobs/types.js';
import type { Clock } from './lib/time.js';

/** What every module's routes receive: the database, the clock, the configuration and the jobs. */
export interface AppContext {
  db: Kysely<DB>;
  dialect: Dialect;
  clock: Clock;
  config: Config;
  /** Wakes the background worker after a request is accepted. */
  jobs: JobsNotifier;
}
