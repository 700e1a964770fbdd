import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { AppError } from './errors.js';

/**
 * Per-account request budget (RATE_LIMIT_PER_MINUTE; 0 turns it off). Counted after
 * authentication so one tenant cannot spend another's budget. The window is kept in each process's
 * memory: behind a load balancer each API process grants the budget separately.
 */
export async function registerRateLimit(app: FastifyInstance, perMinute: number): Promise<void> {
  if (perMinute <= 0) return;
  await app.register(rateLimit, {
    max: perMinute,
    timeWindow: 60_000,
    hook: 'preHandler',
    keyGenerator: (request) => `account:${request.accountId}`,
    errorResponseBuilder: (_request, context) =>
      new AppError(429, 'too_many_requests', `rate limit of ${context.max} requests per minute exceeded; retry in ${context.after}`),
  });
}
