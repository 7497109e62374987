import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";

const ROOT = resolve(__dirname, "..", "..");
const NOTEBOOKS = join(ROOT, "examples", "notebooks");

interface LockedPackage {
  readonly version?: string;
  readonly bin?: Record<string, string>;
}

interface Manifest {
  readonly devDependencies?: Record<string, string>;
}

const readJson = <T>(path: string): T => JSON.parse(readFileSync(path, "utf8")) as T;

/** Every package of a lockfile (the project itself, key "", left out), by its node_modules path. */
function lockedPackages(dir: string): Array<[path: string, locked: LockedPackage]> {
  const lock = readJson<{ packages: Record<string, LockedPackage> }>(join(dir, "package-lock.json"));
  return Object.entries(lock.packages).filter(([path]) => path !== "");
}

/** `node_modules/a/node_modules/@s/b` → `@s/b`. */
const packageName = (path: string): string => path.slice(path.lastIndexOf("node_modules/") + "node_modules/".length);

const copiesOf = (dir: string, name: string): string[] =>
  lockedPackages(dir)
    .filter(([path]) => packageName(path) === name)
    .map(([, locked]) => locked.version ?? "?");

describe("the library's own dependency tree", () => {
  test("gives the tsc command to the TypeScript package.json asks for, and to no other package", () => {
    const wanted = readJson<Manifest>(join(ROOT, "package.json")).devDependencies?.["typescript"];
    expect(wanted).toBeDefined();
    // npm links one package's bin into node_modules/.bin/tsc when several offer it; a second one shadows ours.
    const providers = lockedPackages(ROOT)
      .filter(([, locked]) => locked.bin !== undefined && "tsc" in locked.bin)
      .map(([path, locked]) => `${packageName(path)}@${locked.version ?? "?"}`);
    expect(providers).toHaveLength(1);
    // "~5.9" → typescript@5.9.x
    expect(providers[0]!.startsWith(`typescript@${wanted!.replace(/^[~^]/, "")}.`)).toBe(true);
  });

  test("holds no notebook tooling (tslab, its TypeScript fork, zeromq): that lives in examples/notebooks", () => {
    for (const name of ["tslab", "@tslab/typescript-for-tslab", "zeromq"]) expect({ name, copies: copiesOf(ROOT, name) }).toEqual({ name, copies: [] });
    expect(copiesOf(NOTEBOOKS, "tslab")).toHaveLength(1);
  });
});
