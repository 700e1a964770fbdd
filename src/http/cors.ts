import cors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';

/**
 * CORS_ORIGINS: browsers on these origins may call the API (preflight answered at once, 10 min
 * cache). Keys travel in the Authorization header or the query, never cookies, so credentials
 * stay off. Without the setting no CORS header is sent and browsers keep their same-origin rule.
 */
export async function registerCors(app: FastifyInstance, origins: string[]): Promise<void> {
  if (origins.length === 0) return;
  await app.register(cors, {
    origin: origins[0] === '*' ? '*' : origins,
    methods: ['GET', 'POST', 'PUT', 'DELETE'],
    allowedHeaders: ['Authorization', 'Content-Type', 'X-Request-Id', 'Idempotency-Key'],
    exposedHeaders: ['X-Request-Id', 'Retry-After', 'RateLimit', 'RateLimit-Policy', 'Allow', 'Idempotent-Replayed'],
    maxAge: 600,
  });
}
