import SerializerSelector from '@fastify/fast-json-stringify-compiler';
import type { FastifySchemaCompiler } from 'fastify';

/**
 * Cold start (bench/cold-start.ts): compiling every route's validators (Ajv) and response serializers
 * (fast-json-stringify) at start-up took most of the time to the first answer. Here each one is
 * compiled when its route is first used, or by warmUp() in idle slices right after the
 * server listens — whichever comes first — so /health answers at once and no request waits for
 * more than its own route's compilation.
 */

/**
 * The root id of every response schema without one. fast-json-stringify otherwise names each schema
 * it compiles `__fjs_root_<n>` (n counting up) and keys a new object by that name, and each such
 * first key adds a transition to V8's map of `{}`, which holds at most 1,536 of them until a full GC
 * clears the dead ones. Compiling the serializers of every route (about 870) filled it, so until the
 * next full GC (a server under a steady load may go a long while without one) each `{}` a request
 * builds (its headers, the reply's headers, process.nextTick's entries) got a map of its own, and
 * property reads on them missed V8's inline caches: about 25 µs more per request (GET /events on
 * PostgreSQL, docs/benchmarks.md).
 * With one id, every compile reuses one transition. Same form as fast-json-stringify's own ids (a
 * relative URI without a path), so `$ref`s resolve as before.
 */
const RESPONSE_SCHEMA_ID = '__rapport_response';

interface Pending {
  compile(): void;
}

type AjvLike = ((data: unknown, context?: unknown) => unknown) & { errors?: unknown };

/** One per app: the validators and serializers of its routes not compiled yet. */
export class LazySchemas {
  private readonly pending = new Set<Pending>();

  private deferred<F>(build: () => F): () => F {
    let compiled: F | undefined;
    const entry: Pending = {
      compile: () => {
        if (compiled === undefined) compiled = build();
        this.pending.delete(entry);
      },
    };
    this.pending.add(entry);
    return () => {
      if (compiled === undefined) entry.compile();
      return compiled!;
    };
  }

  /** Wraps the validator compiler (Ajv functions) so each validator is built on first use. */
  validatorCompiler(compiler: FastifySchemaCompiler<object>): FastifySchemaCompiler<object> {
    return (routeSchema) => {
      const get = this.deferred(() => compiler(routeSchema) as unknown as AjvLike);
      const validate = ((data: unknown, context?: unknown) => {
        const fn = get();
        const result = fn(data, context);
        validate.errors = fn.errors;
        return result;
      }) as AjvLike & { schemaEnv: object };
      // Fastify hands the parent object to functions that have this (Ajv's), so a root value can be coerced.
      validate.schemaEnv = {};
      return validate as unknown as ReturnType<FastifySchemaCompiler<object>>;
    };
  }

  /** Fastify's `schemaController.compilersFactory.buildSerializer`: the default one, built on first use. */
  serializerFactory(): SerializerSelector.SerializerFactory {
    const factory = SerializerSelector();
    return (externalSchemas, options) => {
      const compiler = factory(externalSchemas, options);
      return (route) => {
        const schema = route.schema as { $id?: unknown } | undefined;
        const named = schema && typeof schema === 'object' && schema.$id === undefined ? { ...route, schema: { ...schema, $id: RESPONSE_SCHEMA_ID } } : route;
        const get = this.deferred(() => compiler(named));
        return (doc: unknown) => get()(doc);
      };
    };
  }

  /**
   * Compiles whatever is still pending, `sliceMs` at a time with `pauseMs` pauses (0: only the rest
   * of the loop's turn): requests go first, and no turn comes near the load shedding's target.
   */
  warmUp(onError: (error: unknown) => void, { sliceMs = 5, pauseMs = 10 } = {}): Promise<void> {
    return new Promise((resolve) => {
      const next = (slice: () => void) => (pauseMs > 0 ? setTimeout(slice, pauseMs) : setImmediate(slice));
      const slice = () => {
        const until = performance.now() + sliceMs;
        for (const entry of this.pending) {
          try {
            entry.compile();
          } catch (error) {
            this.pending.delete(entry); // its route reports the error when used
            onError(error);
          }
          if (performance.now() > until) break;
        }
        if (this.pending.size > 0) next(slice);
        else resolve();
      };
      next(slice);
    });
  }
}
