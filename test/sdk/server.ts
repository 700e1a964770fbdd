import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { RapportError, type RapportClient, type RapportClientOptions, createRapportClient } from '../../packages/sdk/src/index.js';
import { type TestApp, buildTestApp } from '../helpers/app.js';
import type { Config } from '../../src/config.js';

export interface SdkServer extends TestApp {
  /** `http://127.0.0.1:<port>`: the app listening on a random port of the loopback. */
  baseUrl: string;
  /** A client with the file's account key. */
  sdk: RapportClient;
  client(options?: Partial<RapportClientOptions>): RapportClient;
}

/**
 * A real server for the SDK's tests: the test helpers' app (its own fresh database, SQLite or
 * PostgreSQL) listening on 127.0.0.1. Closed with the file, like buildTestApp.
 */
export async function startSdkServer(options: { config?: Partial<Config> } = {}): Promise<SdkServer> {
  const t = await buildTestApp(options);
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = t.app.server.address() as AddressInfo;
  const baseUrl = `http://127.0.0.1:${port}`;
  const client = (overrides: Partial<RapportClientOptions> = {}) => createRapportClient({ baseUrl, apiKey: t.key, ...overrides });
  return Object.assign(t, { baseUrl, sdk: client(), client });
}

/** The error a call is expected to fail with. */
export async function rejection(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => assert.fail('expected the call to fail'),
    (error: unknown) => error,
  );
}

/** The RapportError a call is expected to fail with. */
export async function rapportError(promise: Promise<unknown>): Promise<RapportError> {
  const error = await rejection(promise);
  assert.ok(error instanceof RapportError, `expected a RapportError, got ${String(error)}`);
  return error;
}
