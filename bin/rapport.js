#!/usr/bin/env node
// Runs the TypeScript command-line tool through tsx's loader, so there is no build step.
import { register } from 'tsx/esm/api';

register();
await import('../src/cli.ts');
