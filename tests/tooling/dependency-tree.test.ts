import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";

const ROOT = resolve(__dirname, "..", "..");
const NOTEBOOKS = join(ROOT, "examples", "notebooks");

interface LockedPackage {
  readonly version?: string;
  readonly hasInstallScript?: boolean;
  readonly bin?: Record<string, string>;
}

interface Manifest {
  readonly devDependencies?: Record<string, string>;
  readonly allowScripts?: Record<string, boolean>;
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

/** Locked packages with an install script on which the project's `allowScripts` has no decision. */
function undecidedInstallScripts(dir: string): string[] {
  const decided = readJson<Manifest>(join(dir, "package.json")).allowScripts ?? {};
  const names = lockedPackages(dir)
    .filter(([, locked]) => locked.hasInstallScript === true)
    .map(([path]) => packageName(path));
  return [...new Set(names)].filter((name) => !(name in decided));
}

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

  // npm 11 runs an install script it has no decision on with a warning today, and refuses it under
  // --strict-allow-scripts: embedded Postgres cannot start without its postinstall (the shared
  // libraries' version links), so every such script needs a reviewed entry in allowScripts.
  test.each([
    ["the repository", ROOT],
    ["examples/notebooks", NOTEBOOKS],
  ])("every install script in the lockfile of %s has a decision in its package.json allowScripts", (_label, dir) => {
    expect(undecidedInstallScripts(dir)).toEqual([]);
  });
});
