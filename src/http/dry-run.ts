import type { FastifyRequest } from 'fastify';
import { type TProperties, Type } from 'typebox';

// O8: the deleting endpoints take `dry_run=true` in the query and then answer what the real call
// would delete, changing nothing. `dry_run` is a boolean: `true` or `false` (the query coercion
// takes exactly these two words), an empty value is the same as an absent one (G7), anything else
// is 400 naming `dry_run`. The same field is also read from the body, so that a body carrying
// `"dry_run": true` is never taken for the real call (G8 would otherwise drop it silently).

export const DryRunField = Type.Optional(
  Type.Boolean({ description: 'true: answer what the call would delete and change nothing (O8); false or absent: the real call' }),
);

export const DryRunQuery = Type.Object({ dry_run: DryRunField }, { additionalProperties: false });

/** The dry run's payload: `{dry_run: true, would_delete: {<what>: count, …}}`. */
export function DryRunResult<T extends TProperties>(counts: T) {
  return Type.Object({
    dry_run: Type.Literal(true),
    would_delete: Type.Object(counts, { description: 'How many rows the real call would delete (or change), as it would count them now' }),
  });
}

export interface DryRun<Counts extends Record<string, number>> {
  dry_run: true;
  would_delete: Counts;
}

/** preValidation: `dry_run=` (empty, in the query or a form body) is "not given" (G7). */
export async function emptyDryRunIsAbsent(request: FastifyRequest): Promise<void> {
  for (const part of [request.query, request.body]) {
    if (part !== null && typeof part === 'object' && (part as Record<string, unknown>).dry_run === '') {
      delete (part as Record<string, unknown>).dry_run;
    }
  }
}

/** True when the query or the body says `dry_run: true`. */
export function isDryRun(request: { query: unknown; body: unknown }): boolean {
  const says = (part: unknown) => part !== null && typeof part === 'object' && (part as { dry_run?: unknown }).dry_run === true;
  return says(request.query) || says(request.body);
}
