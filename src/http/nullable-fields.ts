import { Type } from 'typebox';

// Nullable response fields as JSON Schema type arrays, not anyOf: the serializer writes a type
// array directly, while anyOf makes it run a validator per value to pick the branch (20 fields of a
// user: most of the cost of GET /users/{id} beyond its queries; half the cost of a 25-row listing
// of user events).
export const NullableString = Type.Unsafe<string | null>({ type: ['string', 'null'] });
export const NullableNumber = Type.Unsafe<number | null>({ type: ['number', 'null'] });
export const NullableInteger = Type.Unsafe<number | null>({ type: ['integer', 'null'] });
