import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { ErrorResponse, ok } from '../../http/envelope.js';
import { toPage } from '../../http/pagination.js';
import { AuditLogEnvelope, AuditLogQuery } from './schemas.js';
import type { AuditLogService } from './service.js';

export async function auditLogRoutes(scope: FastifyInstance, { auditLog }: { auditLog: AuditLogService }): Promise<void> {
  const app = scope.withTypeProvider<TypeBoxTypeProvider>();

  app.get(
    '/account/audit-log',
    {
      schema: {
        tags: ['account'],
        summary: 'The audit log: administrative and destructive calls with the key that made them, newest first (kept 400 days)',
        operationId: 'getAccountAuditLog',
        querystring: AuditLogQuery,
        response: {
          200: AuditLogEnvelope,
          400: ErrorResponse('page or limit out of range, from or to not a datetime, from after to, method not one of GET, POST, PUT, PATCH, DELETE, or path not starting with /'),
        },
      },
    },
    async (request, reply) => ok(reply, await auditLog.list(request.accountId, request.query, toPage(request.query))),
  );
}
