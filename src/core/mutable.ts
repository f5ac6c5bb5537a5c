/**
 * `T` with its `readonly` removed: for building a result field by field (optional fields set only
 * when present, as `exactOptionalPropertyTypes` wants) before returning it as `T`.
 */
export type Mutable<T> = { -readonly [K in keyof T]: T[K] };
