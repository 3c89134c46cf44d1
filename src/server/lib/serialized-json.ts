declare const serializes: unique symbol;

/**
 * JSON text known to be the serialization of a T. Answers assembled from parts serialized earlier
 * (listing cards kept as text, decision 0019) stay typed: only `serialized` and the assemblers that
 * take serialized parts make one.
 */
export type SerializedJson<T> = string & { readonly [serializes]: T };

export function serialized<T>(value: T): SerializedJson<T> {
  return JSON.stringify(value) as SerializedJson<T>;
}

export function deserialized<T>(json: SerializedJson<T>): T {
  return JSON.parse(json) as T;
}
