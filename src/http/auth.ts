import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AccountsService } from '../modules/accounts/service.js';
import { ForbiddenError } from './errors.js';

declare module 'fastify' {
  interface FastifyRequest {
    accountId: number;
  }
}

const BASIC = /^basic\s+(\S+)\s*$/i;

/** G2: `Authorization: Basic <key>` (scheme case-insensitive), or `?apikey=<key>`. */
export function presentedKey(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (header) return BASIC.exec(header)?.[1];
  const query = request.query as Record<string, unknown> | undefined;
  const fromQuery = query?.apikey;
  return typeof fromQuery === 'string' && fromQuery !== '' ? fromQuery : undefined;
}

/** Registers the account hook on a scope: every route in it needs a live key. */
export function requireAccount(app: FastifyInstance, accounts: AccountsService): void {
  app.decorateRequest('accountId', 0);
  app.addHook('onRequest', async (request) => {
    const key = presentedKey(request);
    const accountId = key ? await accounts.authenticate(key) : undefined;
    if (accountId === undefined) throw new ForbiddenError();
    request.accountId = accountId;
  });
}
