import type { Kysely } from 'kysely';
import type { DB } from '../db/types.js';

/**
 * One kind of background request, as a module writes it: its steps use the repositories `R` (bound
 * to the step's transaction by the composition root, which turns it into a RequestHandler).
 */
export interface RequestSteps<P = any, R = any> extends Omit<RequestHandler<P>, 'step'> {
  step(repositories: R, accountId: number, params: P, limit: number, now: Date): Promise<number>;
}

/**
 * One kind of background request, as the worker runs it. The work is a sequence of bounded steps, each run by the worker
 * in its own transaction together with the request's progress counter, so a crash between steps
 * neither loses nor double-counts work; a resumed request simply continues stepping.
 */
export interface RequestHandler<P = any> {
  type: string;
  /** What the result count counts, for the notification ("user events"). */
  unit: string;
  /**
   * Does at most `limit` units of work with `trx` and returns how many; 0 means nothing is left.
   * `now`: the worker's clock at the step (the time of the webhook messages it writes).
   */
  step(trx: Kysely<DB>, accountId: number, params: P, limit: number, now: Date): Promise<number>;
  /** What was asked, in words, for the notification. */
  describe(params: P): string;
  /**
   * The rows its steps touch are seen and written by nobody else (a retired blacklist generation):
   * on PostgreSQL its steps may then be longer (privateStepTargetMs), since they block no reader.
   */
  privateRows?: boolean;
}

/** What services need from the background machinery: a nudge after accepting a request. */
export interface JobsNotifier {
  wake(): void;
}
