import { mkdir, mkdtemp, rm, utimes, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { staleBuildReason } from "../../bench/support/build-freshness.js";
import { describeLibrary, measuredLibraryOf } from "../../bench/support/library-name.js";

describe("which build of ours the bench measures", () => {
  it("measures the built package unless BENCH_LIBRARY says source", () => {
    expect(measuredLibraryOf(undefined)).toBe("package");
    expect(measuredLibraryOf("")).toBe("package");
    expect(measuredLibraryOf("package")).toBe("package");
    expect(measuredLibraryOf("source")).toBe("source");
  });

  it("refuses any other BENCH_LIBRARY, naming what it received", () => {
    expect(() => measuredLibraryOf("dist")).toThrow(RangeError);
    expect(() => measuredLibraryOf("dist")).toThrow('received "dist"');
  });

  it("names the build in a report, and a run saved before it was recorded as the source", () => {
    expect(describeLibrary("package")).toBe("the built package (dist/cjs)");
    expect(describeLibrary("source")).toBe("the TypeScript source through tsx");
    expect(describeLibrary(undefined)).toBe("the TypeScript source through tsx");
  });
});

describe("a build the bench will not measure", () => {
  let dir: string;
  let source: string;
  let entry: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), "bench-build-"));
    source = join(dir, "src");
    entry = join(dir, "dist", "index.js");
    await mkdir(join(source, "core"), { recursive: true });
    await mkdir(join(dir, "dist"));
    await writeFile(join(source, "core", "a.ts"), "export {};\n");
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it("is missing", () => {
    expect(staleBuildReason(source, entry)).toContain("does not exist");
  });

  it("is older than a file deep in the source tree", async () => {
    await writeFile(entry, "");
    const past = new Date(Date.now() - 60_000);
    await utimes(entry, past, past);
    expect(staleBuildReason(source, entry)).toContain("changed after");
  });

  it("is fresh when written after every source file", async () => {
    const past = new Date(Date.now() - 60_000);
    await utimes(join(source, "core", "a.ts"), past, past);
    await writeFile(entry, "");
    expect(staleBuildReason(source, entry)).toBeUndefined();
  });
});
