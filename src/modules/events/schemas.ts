import { type Static, Type } from 'typebox';
import { Envelope } from '../../http/envelope.js';
import { PageQuery } from '../../http/pagination.js';
import { MAX_ID } from '../../http/validation.js';

export const EventObject = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  createtime: Type.String({ description: 'YYYY-MM-DD hh:mm:ss, UTC' }),
});
export type EventObject = Static<typeof EventObject>;

export const EventListQuery = Type.Object(PageQuery.properties, { additionalProperties: false });

export const CreateEventBody = Type.Object(
  { name: Type.String({ maxLength: 255, description: 'Letters, digits and - only; 1 to 64 characters; unique per account' }) },
  { additionalProperties: false, examples: [{ name: 'purchase' }] },
);
export type CreateEventBody = Static<typeof CreateEventBody>;

export const EventIdParams = Type.Object({ id: Type.Integer({ minimum: 1, maximum: MAX_ID }) }, { additionalProperties: false });

export const DeletedEventEnvelope = Envelope(Type.Array(Type.Unknown(), { maxItems: 0 }));
