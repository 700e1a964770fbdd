import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';

// G1: the OpenAPI 3.1 document is generated from the route schemas that validate requests.
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Rapport API',
        version: '3',
        description: 'Customer-engagement platform API. Every response but GET/POST /events is the envelope {payload, message, code, time}.',
      },
      components: {
        securitySchemes: {
          apiKeyHeader: { type: 'apiKey', in: 'header', name: 'Authorization', description: 'Basic <API_KEY>' },
          apiKeyQuery: { type: 'apiKey', in: 'query', name: 'apikey' },
        },
      },
      security: [{ apiKeyHeader: [] }, { apiKeyQuery: [] }],
    },
  });
  await app.register(swaggerUi, { routePrefix: '/apiv3/docs' });
  app.get('/apiv3/openapi.json', { schema: { hide: true } }, async () => app.swagger());
}
