import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';

// Placeholder: filled in by the module's implementation.
export async function notServedRoutes(_app: FastifyInstance, _options: { context: AppContext }): Promise<void> {}
