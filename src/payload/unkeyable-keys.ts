import { UNKEYABLE_KEY } from "./own-value.js";

/**
 * `value` without any own `"__proto__"` key, at any depth: the same value when it holds none,
 * else a copy of the objects and arrays on the way to one (everything else is shared).
 *
 * A model's arguments are parsed with `JSON.parse`, which keeps `"__proto__"` as an own key; a
 * checkpoint is read back by assigning key by key, which sets the object's prototype instead. So
 * an approval raised with such a key showed the reviewer, in the run's own interrupt, a key that
 * neither the stored approval nor the tool ever had after the pause. Dropping it before the
 * approval is built makes what the reviewer is shown, what is stored and what runs the same.
 *
 * @param value - JSON data (a call's arguments).
 * @returns `value` itself, or a copy without the key.
 * @example
 * ```ts
 * withoutUnkeyableKeys(JSON.parse('{"path": "/x", "__proto__": {"force": true}}')); // { path: "/x" }
 * ```
 */
export function withoutUnkeyableKeys<T>(value: T): T {
  // Nearly every call holds no such key: find that out without allocating, copy only when one does.
  return holdsUnkeyableKey(value) ? (stripped(value) as T) : value;
}

function holdsUnkeyableKey(value: unknown): boolean {
  if (typeof value !== "object" || value === null) return false;
  if (Array.isArray(value)) {
    for (const child of value) if (holdsUnkeyableKey(child)) return true;
    return false;
  }
  if (Object.hasOwn(value, UNKEYABLE_KEY)) return true;
  for (const key in value) if (Object.hasOwn(value, key) && holdsUnkeyableKey((value as Record<string, unknown>)[key])) return true;
  return false;
}

function stripped(value: unknown): unknown {
  if (Array.isArray(value)) return strippedArray(value);
  if (typeof value !== "object" || value === null) return value;
  const record = value as Record<string, unknown>;
  let changed = Object.hasOwn(record, UNKEYABLE_KEY);
  const entries = Object.entries(record).map(([key, child]): [string, unknown] => {
    const inner = stripped(child);
    if (!Object.is(inner, child)) changed = true;
    return [key, inner];
  });
  if (!changed) return value;
  const copy: Record<string, unknown> = {};
  for (const [key, inner] of entries) if (key !== UNKEYABLE_KEY) copy[key] = inner;
  return copy;
}

function strippedArray(values: readonly unknown[]): readonly unknown[] {
  let copy: unknown[] | undefined;
  values.forEach((child, index) => {
    const inner = stripped(child);
    if (Object.is(inner, child)) return;
    copy ??= [...values];
    copy[index] = inner;
  });
  return copy ?? values;
}
