import type { PathsWith, Payload, RapportClient, paths } from '@rapport/sdk';
import { type QueryKey, type UseQueryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MaybeOptionalInit } from 'openapi-fetch';
import { useApi } from './session.js';

// Every read goes through useGet: the query key is ['api', path, init], so a page invalidates what
// a change affects by path prefix, e.g. invalidate: [['api', '/users/{id}/points']].

export type GetPath = PathsWith<'get'>;
export type GetInit<P extends GetPath> = MaybeOptionalInit<paths[P], 'get'>;
export type GetResult<P extends GetPath> = Payload<'get', P>;

type ReadOptions<T> = Omit<UseQueryOptions<T, Error, T, QueryKey>, 'queryKey' | 'queryFn'>;

/** `GET path` through the SDK, typed from the OpenAPI document; the answer is the payload. */
export function useGet<P extends GetPath>(path: P, init?: GetInit<P>, options: ReadOptions<GetResult<P>> = {}) {
  const api = useApi();
  return useQuery<GetResult<P>, Error>({
    queryKey: ['api', path, init ?? {}],
    queryFn: ({ signal }) => (api.GET as (path: string, init: unknown) => Promise<GetResult<P>>)(path, { ...(init as object), signal }),
    ...options,
  });
}

/** A read that is not one GET (several calls, a client-side join): key it under ['api', …] too. */
export function useApiQuery<T>(queryKey: QueryKey, read: (api: RapportClient, signal: AbortSignal) => Promise<T>, options: ReadOptions<T> = {}) {
  const api = useApi();
  return useQuery<T, Error>({ queryKey: ['api', ...queryKey], queryFn: ({ signal }) => read(api, signal), ...options });
}

interface WriteOptions<T, V> {
  /** Query keys (prefixes) to refetch after success, e.g. [['api', '/users']]. */
  invalidate?: QueryKey[];
  onSuccess?: (result: T, variables: V) => void;
}

/** A change through the SDK; on success refetches `invalidate`. `mutation.error` feeds <Form error>. */
export function useApiMutation<T, V = void>(write: (api: RapportClient, variables: V) => Promise<T>, options: WriteOptions<T, V> = {}) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation<T, Error, V>({
    mutationFn: (variables) => write(api, variables),
    onSuccess: async (result, variables) => {
      await Promise.all((options.invalidate ?? []).map((queryKey) => queryClient.invalidateQueries({ queryKey })));
      options.onSuccess?.(result, variables);
    },
  });
}
