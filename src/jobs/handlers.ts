import { purgeBlacklist } from '../modules/blacklist/jobs.js';
import { deleteAllCategories, deleteCategoryTree } from '../modules/categories/jobs.js';
import { bulkDeleteUserEvents } from '../modules/user-events/jobs.js';
import type { RequestHandler } from './types.js';

/** Every kind of background request the worker knows how to run. */
export const requestHandlers: RequestHandler[] = [bulkDeleteUserEvents, deleteCategoryTree, deleteAllCategories, purgeBlacklist];
