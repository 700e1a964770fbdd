import type { Client, ClientPathsWithMethod, MaybeOptionalInit, MethodResponse } from 'openapi-fetch';
import type { PaginateOptions } from './pagination.js';
import type { paths } from './schema.js';

// The typed calls every part of the client is built on (client.ts makes them; segments-client.ts
// and webhooks-client.ts use them).

/** The openapi-fetch client over the generated types: `{ data, error, response }`, envelope kept. */
export type RawClient = Client<paths>;
export type HttpMethod = 'get' | 'post' | 'put' | 'delete';
/** The paths that answer `method`, e.g. `PathsWith<'get'>` includes `'/users/{id}'`. */
export type PathsWith<M extends HttpMethod> = ClientPathsWithMethod<RawClient, M>;

/** G4: the envelope's `payload`; the two bare routes (`GET /events`, `POST /events`) are left as they are. */
export type Unwrap<T> = T extends { payload: infer P; message: string; code: string; time: string } ? P : T;
/** What a call answers once unwrapped, e.g. `Payload<'get', '/users/{id}'>` is the user object. */
export type Payload<M extends HttpMethod, P extends PathsWith<M>, I = object> = Unwrap<MethodResponse<RawClient, M, P, I>>;

type RequiredKeysOf<T> = { [K in keyof T]-?: object extends Pick<T, K> ? never : K }[keyof T];
export type InitArgs<I> = RequiredKeysOf<I> extends never ? [init?: I & { [key: string]: unknown }] : [init: I & { [key: string]: unknown }];
export type Init<M extends HttpMethod, P extends PathsWith<M>> = MaybeOptionalInit<paths[P], M>;

/** A typed call that answers the unwrapped payload, or throws a RapportError. */
export type Call<M extends HttpMethod> = <P extends PathsWith<M>, I extends Init<M, P>>(path: P, ...init: InitArgs<I>) => Promise<Payload<M, P, I>>;

/** The GET listings that take `page`/`limit` and answer an array. */
export type ListPath = {
  [P in PathsWith<'get'>]: paths[P]['get'] extends { parameters: { query?: { page?: number; limit?: number } } }
    ? Payload<'get', P> extends readonly unknown[]
      ? P
      : never
    : never;
}[PathsWith<'get'>];
export type ItemOf<P extends ListPath> = Payload<'get', P> extends readonly (infer T)[] ? T : never;

/** The calls the resource helpers (segments, webhooks) are written with. */
export interface CoreClient {
  /** The openapi-fetch client underneath, for what the helpers do not cover (`{data, error, response}`). */
  readonly raw: RawClient;
  readonly GET: Call<'get'>;
  readonly POST: Call<'post'>;
  readonly PUT: Call<'put'>;
  readonly DELETE: Call<'delete'>;
  /** Every item of a paginated listing; `page`/`limit` are the iterator's, the rest of `init` is sent as given. */
  paginate<P extends ListPath, I extends Init<'get', P>>(path: P, init?: I, options?: PaginateOptions): AsyncGenerator<ItemOf<P>, void, undefined>;
}
