import { toPage } from '../../http/pagination.js';
import { BadRequestError, invalidField, NotFoundError } from '../../lib/errors.js';
import { given } from '../../lib/fields.js';
import { type Clock, stamp } from '../../lib/time.js';
import type { UserDirectory } from '../users/directory.js';
import type { UserObject } from '../users/schemas.js';
import { type CompiledSegment, compileDefinition } from './compile.js';
import { type Catalogue, type Definition, parseDefinition } from './definition.js';
import type { UserSort } from '../../db/user-order.js';
import type { SegmentMembers } from './members.js';
import type { SegmentRow, SegmentsRepository } from './repository.js';
import type {
  CreateSegmentBody,
  SegmentCount,
  SegmentListQuery,
  SegmentObject,
  SegmentPreview,
  UpdateSegmentBody,
  UserSegment,
} from './schemas.js';

/** SG4's preview shows this many members. */
const PREVIEW_MEMBERS = 10;

export function presentSegment(row: SegmentRow): SegmentObject {
  return {
    id: Number(row.id),
    slug: row.slug,
    title: row.title,
    description: row.description,
    type: 'dynamic',
    definition: JSON.parse(row.definition) as SegmentObject['definition'],
    advanced: Boolean(row.advanced),
    createtime: row.createtime,
    updatetime: row.updatetime,
  };
}

function checkedTitle(title: string): string {
  const trimmed = title.trim();
  if (trimmed === '') throw invalidField('title', 'must not be blank');
  return trimmed;
}

export interface SegmentsDeps {
  segments: SegmentsRepository;
  members: SegmentMembers;
  directory: Pick<UserDirectory, 'present' | 'requireByRef'>;
  clock: Clock;
}

/** SG1–SG5: segments are definitions evaluated in the database whenever they are asked about. */
export class SegmentsService {
  constructor(private readonly deps: SegmentsDeps) {}


  async requireSegment(accountId: number, ref: string): Promise<SegmentRow> {
    const row = await this.deps.segments.find(accountId, ref);
    if (!row) throw new NotFoundError(`segment ${ref} not found`);
    return row;
  }

  /** A stored definition as SQL (stored mode: what was deleted since it was saved matches nothing). */
  compile(accountId: number, row: Pick<SegmentRow, 'definition'>, catalogue: Catalogue): CompiledSegment {
    const definition = parseDefinition(JSON.parse(row.definition), catalogue, { mode: 'stored' });
    return compileDefinition(definition, { accountId, clock: this.deps.clock, catalogue });
  }

  async create(accountId: number, body: CreateSegmentBody): Promise<SegmentObject> {
    const title = checkedTitle(body.title);
    const definition = parseDefinition(body.definition, await this.deps.segments.catalogue(accountId));
    const row = await this.deps.segments.insert(
      accountId,
      { title, description: body.description ?? null, definition: body.definition, advanced: definition.advanced, references: definition.references },
      stamp(this.deps.clock),
      { announce: body.announce ?? false },
    );
    return presentSegment(row);
  }

  async list(accountId: number, query: SegmentListQuery): Promise<SegmentObject[]> {
    return (await this.deps.segments.list(accountId, toPage(query), given(query.search))).map(presentSegment);
  }

  async get(accountId: number, ref: string): Promise<SegmentObject> {
    return presentSegment(await this.requireSegment(accountId, ref));
  }

  /** PUT: only what is given changes; the slug never does; a definition referring back to it is a cycle (400). */
  async update(accountId: number, ref: string, body: UpdateSegmentBody): Promise<SegmentObject> {
    const current = await this.requireSegment(accountId, ref);
    const id = Number(current.id);
    let definition: Definition | undefined;
    if (body.definition !== undefined) definition = parseDefinition(body.definition, await this.deps.segments.catalogue(accountId, id));
    const row = await this.deps.segments.update(
      accountId,
      id,
      {
        ...(body.title !== undefined ? { title: checkedTitle(body.title) } : {}),
        ...(body.description !== undefined ? { description: body.description } : {}),
        ...(definition ? { definition: body.definition, advanced: definition.advanced, references: definition.references } : {}),
      },
      stamp(this.deps.clock),
      { announce: body.announce ?? true },
    );
    if (!row) throw new NotFoundError(`segment ${ref} not found`); // deleted meanwhile
    return presentSegment(row);
  }

  /** SG4: refused (400, naming them) while other segments' definitions refer to it. */
  async remove(accountId: number, ref: string): Promise<{ deleted: true }> {
    const row = await this.requireSegment(accountId, ref);
    const referrers = await this.deps.segments.referrers(accountId, Number(row.id));
    if (referrers.length > 0) {
      const named = referrers.map((r) => `${r.id} ("${r.title}")`).join(', ');
      throw new BadRequestError(`segment ${row.id} is used by the definitions of segments ${named}: change or delete them first`);
    }
    if (!(await this.deps.segments.delete(accountId, Number(row.id)))) throw new NotFoundError(`segment ${ref} not found`);
    return { deleted: true };
  }

  async count(accountId: number, ref: string): Promise<SegmentCount> {
    const row = await this.requireSegment(accountId, ref);
    const compiled = this.compile(accountId, row, await this.deps.segments.catalogue(accountId));
    return { count: await this.deps.members.count(accountId, compiled) };
  }

  /** SG4: the count and the first members of a definition not saved; nothing is stored. */
  async preview(accountId: number, raw: unknown): Promise<SegmentPreview> {
    const catalogue = await this.deps.segments.catalogue(accountId);
    const compiled = compileDefinition(parseDefinition(raw, catalogue), { accountId, clock: this.deps.clock, catalogue });
    const [count, rows] = await Promise.all([
      this.deps.members.count(accountId, compiled),
      this.deps.members.members(accountId, compiled, { limit: PREVIEW_MEMBERS, offset: 0 }),
    ]);
    return { count, users: await this.deps.directory.present(accountId, rows) };
  }

  /** SG5: GET /users?segment_id= — the members in userapp_id order, optionally searched (U3). */
  async members(accountId: number, ref: string, query: { page?: number; limit?: number; search?: string; sort?: UserSort }): Promise<UserObject[]> {
    const row = await this.requireSegment(accountId, ref);
    const compiled = this.compile(accountId, row, await this.deps.segments.catalogue(accountId));
    const rows = await this.deps.members.members(accountId, compiled, toPage(query), given(query.search), query.sort);
    return this.deps.directory.present(accountId, rows);
  }

  /** How many members SG5's listing pages through with this search (GET /users `total=true`). */
  async memberCount(accountId: number, ref: string, search?: string): Promise<number> {
    const row = await this.requireSegment(accountId, ref);
    const compiled = this.compile(accountId, row, await this.deps.segments.catalogue(accountId));
    return this.deps.members.count(accountId, compiled, given(search));
  }

  /** D4: the ids of every member now, in id order (the one statement that reads members' ids). */
  async memberIds(accountId: number, row: Pick<SegmentRow, 'definition'>): Promise<number[]> {
    const compiled = this.compile(accountId, row, await this.deps.segments.catalogue(accountId));
    return Array.from(await this.deps.members.memberIds(accountId, compiled));
  }

  /** Whether the customer meets the stored definition now (U11's belongsToSegment): a point query. */
  async isMember(accountId: number, row: Pick<SegmentRow, 'definition'>, userId: number): Promise<boolean> {
    return this.deps.members.isMember(accountId, this.compile(accountId, row, await this.deps.segments.catalogue(accountId)), userId);
  }

  /** SG5: GET /users/{id}/segments — each segment checked with a point query on the user's row. */
  async segmentsOfUser(accountId: number, rawUserId: string): Promise<UserSegment[]> {
    const user = await this.deps.directory.requireByRef(accountId, rawUserId);
    return this.segmentsOfUserId(accountId, user.id);
  }

  /** SG5 for a user already found (D3's export). */
  async segmentsOfUserId(accountId: number, userId: number): Promise<UserSegment[]> {
    const [rows, catalogue] = await Promise.all([this.deps.segments.all(accountId), this.deps.segments.catalogue(accountId)]);
    const compiled = rows.map((row) => ({ id: Number(row.id), compiled: this.compile(accountId, row, catalogue) }));
    const ids = new Set((await this.deps.members.membersAmong(accountId, compiled, [userId])).map((pair) => pair.segment_id));
    return rows.filter((row) => ids.has(Number(row.id))).map((row) => ({ id: Number(row.id), slug: row.slug, title: row.title }));
  }
}
