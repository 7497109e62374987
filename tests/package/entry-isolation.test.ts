import { execFileSync } from "node:child_process";
import { join } from "node:path";

const ROOT = join(__dirname, "..", "..");

/**
 * Loads one entry in a fresh Node process and lists what it pulled in: every module file, and
 * every `child_process` request made by a module other than the TypeScript loader itself.
 */
function loadedBy(entry: string): { files: string[]; childProcessFrom: string[] } {
  const script = `
    require("tsx/cjs");
    const Module = require("node:module");
    const load = Module._load;
    const childProcessFrom = [];
    Module._load = function (request, parent, ...rest) {
      if (/^(node:)?child_process$/.test(request) && !/[\\\\/]node_modules[\\\\/]tsx[\\\\/]/.test(parent?.filename ?? "")) childProcessFrom.push(parent?.filename ?? "?");
      return load.call(this, request, parent, ...rest);
    };
    require(${JSON.stringify(join(ROOT, entry))});
    console.log(JSON.stringify({ files: Object.keys(require.cache), childProcessFrom }));`;
  const out = execFileSync(process.execPath, ["-e", script], { cwd: ROOT, encoding: "utf8" });
  return JSON.parse(out.trim().split("\n").pop() ?? "{}") as { files: string[]; childProcessFrom: string[] };
}

const fromLangchainPackage = (path: string): boolean => /[\\/]node_modules[\\/]langchain[\\/]/.test(path);

describe("optional and heavy dependencies load only through their subpaths", () => {
  test("the root entry loads neither the optional langchain peer nor node:child_process", () => {
    const { files, childProcessFrom } = loadedBy("src/index.ts");
    expect(files.filter(fromLangchainPackage)).toEqual([]);
    expect(childProcessFrom).toEqual([]);
  });

  test("langgraph-hitl/langchain loads langchain", () => {
    expect(loadedBy("src/langchain/index.ts").files.some(fromLangchainPackage)).toBe(true);
  });

  test("langgraph-hitl/remote loads node:child_process (for stdio backends)", () => {
    expect(loadedBy("src/remote/index.ts").childProcessFrom.length).toBeGreaterThan(0);
  });
});
