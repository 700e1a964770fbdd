import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { Envelope, ok } from '../../http/envelope.js';
import { ATTRIBUTE_KINDS, CreateBody, DefinitionSchema, NameParams, UpdateBody } from './schemas.js';
import type { CustomAttributesService } from './service.js';

const tags = ['custom-attributes'];

/** C1-C9, the rules of custom attribute definitions: one implementation registered on the four kind paths. */
export async function customAttributesRoutes(scope: FastifyInstance, { service }: { service: CustomAttributesService }): Promise<void> {
  const app = scope.withTypeProvider<TypeBoxTypeProvider>();

  for (const { kind, path } of ATTRIBUTE_KINDS) {
    const what = `${kind.replace('_', ' ')} custom attribute`;

    app.get(
      path,
      { schema: { tags, summary: `List ${what} definitions (creation order)`, response: { 200: Envelope(Type.Array(DefinitionSchema)) } } },
      async (request, reply) => ok(reply, await service.list(request.accountId, kind)),
    );

    app.post(
      path,
      {
        schema: {
          tags,
          summary: `Create a ${what} definition`,
          body: CreateBody,
          response: { 200: Envelope(DefinitionSchema) },
        },
      },
      async (request, reply) => ok(reply, await service.create(request.accountId, kind, request.body)),
    );

    app.put(
      `${path}/:name`,
      {
        // An explicit "group": null clears the group; other nulls mean "not given" (G8).
        config: { keepNull: ['group'] },
        schema: {
          tags,
          summary: `Update (or rename, with a body name) a ${what} definition`,
          params: NameParams,
          body: UpdateBody,
          response: { 200: Envelope(DefinitionSchema) },
        },
      },
      async (request, reply) => {
        const { definition, conversion } = await service.update(request.accountId, kind, request.params.name, request.body ?? {});
        if (conversion) {
          request.log.info({ kind, attribute: definition.name, ...conversion }, 'custom attribute data_type changed; stored values converted');
        }
        return ok(reply, definition);
      },
    );

    app.delete(
      `${path}/:name`,
      {
        schema: {
          tags,
          summary: `Delete a ${what} definition and its stored values; answers the remaining list`,
          params: NameParams,
          response: { 200: Envelope(Type.Array(DefinitionSchema)) },
        },
      },
      async (request, reply) => ok(reply, await service.remove(request.accountId, kind, request.params.name)),
    );
  }
}
