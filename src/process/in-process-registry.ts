/**
 * The value kept in this process for `owner` under `name` (made by `create` the first time).
 * One registry per process, not per copy of this package: a graph built from the CommonJS build
 * and a host using the ES module build (two module instances) must read the same claims and
 * grants, so the registry lives on `globalThis` under a `Symbol.for` key, weakly keyed by owner.
 *
 * @example
 * ```ts
 * const store = inProcessFor("langgraph-hitl/in-process-claims", saver, () => new MemoryClaimStore());
 * ```
 */
export function inProcessFor<T>(name: string, owner: object, create: () => T): T {
  const key = Symbol.for(name);
  const holder = globalThis as { [key: symbol]: WeakMap<object, T> | undefined };
  const registry = (holder[key] ??= new WeakMap<object, T>());
  let value = registry.get(owner);
  if (value === undefined) {
    value = create();
    registry.set(owner, value);
  }
  return value;
}
