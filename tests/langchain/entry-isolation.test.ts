import { execFileSync } from "node:child_process";
import { join } from "node:path";

const ROOT = join(__dirname, "..", "..");

/** Loads one entry in a fresh Node process and lists the modules it pulled in. */
function loadedBy(entry: string): string[] {
  const script = `require(${JSON.stringify(join(ROOT, entry))}); console.log(JSON.stringify(Object.keys(require.cache)));`;
  const out = execFileSync(process.execPath, ["--require", "tsx/cjs", "-e", script], { cwd: ROOT, encoding: "utf8" });
  return JSON.parse(out.trim().split("\n").pop() ?? "[]") as string[];
}

const fromLangchainPackage = (path: string): boolean => /[\\/]node_modules[\\/]langchain[\\/]/.test(path);

describe("the langchain subpath is the only entry that loads langchain", () => {
  test("the root entry never loads the optional langchain peer", () => {
    expect(loadedBy("src/index.ts").filter(fromLangchainPackage)).toEqual([]);
  });

  test("langgraph-hitl/langchain loads it", () => {
    expect(loadedBy("src/langchain/index.ts").some(fromLangchainPackage)).toBe(true);
  });
});
