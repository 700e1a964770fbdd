import openapiTS, { astToString, type OpenAPI3 } from 'openapi-typescript';

// The SDK's types come from the OpenAPI document the server serves (GET /apiv3/openapi.json).
// The only change made to it: paths lose their `/apiv3` prefix (the client adds it to `baseUrl`),
// and paths outside the prefix (none are documented today) are left out.

export const API_PREFIX = '/apiv3';

const HEADER = `/**
 * GENERATED from the OpenAPI document Rapport serves (GET /apiv3/openapi.json), paths without the
 * /apiv3 prefix. Do not edit: run \`npm run generate -w @rapport/sdk\` (test/sdk/drift.test.ts fails
 * when this file and the served document differ).
 */

`;

/** The TypeScript source of `src/schema.d.ts` for one served OpenAPI document. */
export async function schemaSource(document: unknown): Promise<string> {
  const copy = structuredClone(document) as OpenAPI3;
  const paths: NonNullable<OpenAPI3['paths']> = {};
  for (const [path, item] of Object.entries(copy.paths ?? {})) {
    if (path.startsWith(`${API_PREFIX}/`)) paths[path.slice(API_PREFIX.length)] = item;
  }
  copy.paths = paths;
  const ast = await openapiTS(copy);
  return HEADER + astToString(ast);
}
