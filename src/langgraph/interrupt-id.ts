import { createRequire } from "node:module";

/**
 * LangGraph names each raise of an interrupt by hashing the raising task's checkpoint namespace
 * (XXH3-128) and, from the second raise of the same task on, the number of values it was already
 * answered with (`interrupt.ts` `interruptId`). The hash has no public export, so it is loaded
 * from the installed package's own build here, and nowhere else; tests/langgraph checks that the
 * ids computed here are the ids a real graph raises.
 */
type Hash = (text: string) => string;

let xxh3: Hash | undefined;

function hash(): Hash {
  if (xxh3 === undefined) {
    // The CommonJS build has `require`; the ES module build resolves from the application.
    const local = typeof require === "function" ? require : createRequire(`${process.cwd()}/`);
    const load = createRequire(local.resolve("@langchain/langgraph/package.json"));
    xxh3 = (load("./dist/hash.cjs") as { XXH3: Hash }).XXH3;
  }
  return xxh3;
}

/**
 * The id LangGraph gives the raise of an interrupt that follows `answered` earlier values of the
 * same task (0 for the first raise).
 *
 * @param namespace - The raising task's checkpoint namespace (`tools:<task id>`, nested in subgraphs).
 * @param answered - How many values the task's earlier `interrupt()` calls were answered with.
 * @returns The 32-character interrupt id.
 * @example
 * ```ts
 * interruptIdFor("tools:2f6e…", 0); // the id of the task's first interrupt
 * ```
 */
export function interruptIdFor(namespace: string, answered: number): string {
  return hash()(answered === 0 ? namespace : `${namespace}|${answered}`);
}
