import { type Static, Type } from 'typebox';
import { Envelope } from '../../http/envelope.js';
import { NullableString } from '../../http/nullable-fields.js';
import { PageQuery } from '../../http/pagination.js';
import { CategoryPathInput } from '../categories/path.js';
import { EMAIL_MAX, SERVICE_UID_MAX } from '../users/schemas.js';

// A1: abandoned carts. Items are S1's purchase items with only `sku` required; they are kept as
// given (unknown keys dropped, G8) and never touch the product catalogue or the categories.

export const MAX_CART_ITEMS = 500;
const URL_MAX = 2048;
const PRICE_MAX = 1e15;

const Price = (description?: string) => Type.Number({ minimum: 0, maximum: PRICE_MAX, ...(description ? { description } : {}) });

const CartItem = Type.Object(
  {
    sku: Type.String({ minLength: 1, maxLength: 255 }),
    product_name: Type.Optional(Type.String({ maxLength: 1000 })),
    quantity: Type.Optional(Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER })),
    unit_price: Type.Optional(Price()),
    offer_price: Type.Optional(Price()),
    variations: Type.Optional(
      Type.Array(
        Type.Object({ name: Type.String({ maxLength: 255 }), value: Type.String({ maxLength: 1000 }) }, { additionalProperties: false }),
        { maxItems: 50 },
      ),
    ),
    category: Type.Optional(CategoryPathInput),
    brand: Type.Optional(Type.String({ maxLength: 255 })),
    url: Type.Optional(Type.String({ maxLength: URL_MAX })),
    image_url: Type.Optional(Type.String({ maxLength: URL_MAX })),
    thumbnail_url: Type.Optional(Type.String({ maxLength: URL_MAX })),
  },
  { additionalProperties: false },
);
export type CartItemInput = Static<typeof CartItem>;

const cartFields = {
  external_id: Type.String({ minLength: 1, maxLength: 255, description: 'Your identifier of the cart; a second cart with it for the same user replaces the first' }),
  products: Type.Array(CartItem, { minItems: 1, maxItems: MAX_CART_ITEMS, description: `1 to ${MAX_CART_ITEMS} items; only sku is required` }),
  total_price: Type.Optional(Price()),
  source: Type.Optional(Type.String({ maxLength: 255, description: 'Where the cart was abandoned, e.g. "web"' })),
  recovered: Type.Optional(Type.Boolean({ description: 'Default false' })),
  recover_url: Type.Optional(Type.String({ maxLength: URL_MAX })),
  createtime: Type.Optional(Type.String({ maxLength: 64, description: 'G7 datetime; default now' })),
};

/** POST /users/{id}/abandoned-cart: the user is the path's, so identities in the body are ignored. */
export const CartInput = Type.Object(cartFields, { additionalProperties: false });
export type CartInput = Static<typeof CartInput>;

/** POST /multiusers/abandoned-cart: the user is found by service_uid, else email, else document. */
export const CartByIdentityInput = Type.Object(
  {
    service_uid: Type.Optional(Type.String({ maxLength: SERVICE_UID_MAX })),
    email: Type.Optional(Type.String({ maxLength: EMAIL_MAX })),
    document: Type.Optional(Type.String({ maxLength: 255 })),
    ...cartFields,
  },
  { additionalProperties: false },
);
export type CartByIdentityInput = Static<typeof CartByIdentityInput>;

const CartItemObject = Type.Object({
  sku: Type.String(),
  product_name: Type.Optional(Type.String()),
  quantity: Type.Optional(Type.Integer()),
  unit_price: Type.Optional(Type.Number()),
  offer_price: Type.Optional(Type.Number()),
  variations: Type.Optional(Type.Array(Type.Object({ name: Type.String(), value: Type.String() }))),
  category: Type.Optional(Type.Array(Type.Object({ id: Type.String(), name: Type.String() }), { description: 'From the root down' })),
  brand: Type.Optional(Type.String()),
  url: Type.Optional(Type.String()),
  image_url: Type.Optional(Type.String()),
  thumbnail_url: Type.Optional(Type.String()),
});
export type CartItemObject = Static<typeof CartItemObject>;

export const CartObject = Type.Object({
  id: Type.Integer(),
  userapp_id: Type.Integer(),
  external_id: Type.String(),
  products: Type.Array(CartItemObject, { description: 'As given: the fields each item was sent with' }),
  total_price: Type.Unsafe<number | null>({ type: ['number', 'null'] }),
  source: NullableString,
  recovered: Type.Boolean(),
  recover_url: NullableString,
  createtime: Type.String(),
});
export type CartObject = Static<typeof CartObject>;

export const CartListQuery = PageQuery;

export const CartEnvelope = Envelope(CartObject);
export const CartListEnvelope = Envelope(Type.Array(CartObject));
