/**
 * What `load` returns when it runs in a module registry of its own: every `require` inside it
 * loads a new module instance, as a second copy of a package (its CommonJS and ES module builds
 * side by side, or a bundled copy) would. Write the `require` paths relative to the calling file.
 *
 * @example
 * ```ts
 * const other = inFreshModules(() => require("../../src/index.js") as typeof import("../../src/index.js"));
 * other.resume !== resume; // true
 * ```
 */
export function inFreshModules<T>(load: () => T): T {
  let loaded: { value: T } | undefined;
  jest.isolateModules(() => {
    loaded = { value: load() };
  });
  return loaded!.value;
}
