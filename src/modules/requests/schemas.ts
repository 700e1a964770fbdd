import { Type } from 'typebox';

export const RequestIdParams = Type.Object({ request_id: Type.String({ maxLength: 100 }) }, { additionalProperties: false });

export const RequestObject = Type.Object({
  request_id: Type.String({ format: 'uuid' }),
  type: Type.String(),
  status: Type.Union([Type.Literal('pending'), Type.Literal('running'), Type.Literal('done'), Type.Literal('failed')]),
  result: Type.Union([
    Type.Object({ deleted: Type.Integer(), error: Type.Optional(Type.String()) }),
    Type.Null(),
  ]),
  created: Type.String(),
  finished: Type.Union([Type.String(), Type.Null()]),
});

