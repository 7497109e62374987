// Which Node runs the suite. scripts/with-node.mjs sets LANGGRAPH_HITL_EXPECT_NODE to the version it
// put first on PATH; a run that ends up on another Node (a tool that found the machine's own) fails
// here instead of passing as a run on that version.

/**
 * Throws when `LANGGRAPH_HITL_EXPECT_NODE` is set and differs from the running Node's version.
 *
 * @param {NodeJS.ProcessEnv} [env] where to read the expectation
 * @param {string} [version] the running version, `process.version`
 * @returns {string | undefined} the line to print (`Node v22.23.3 runs the suite (…)`), or undefined when nothing is expected
 * @example
 * const line = checkExpectedNode(); // in jest's globalSetup
 * if (line !== undefined) console.log(line);
 */
function checkExpectedNode(env = process.env, version = process.version) {
  const expected = env.LANGGRAPH_HITL_EXPECT_NODE;
  if (expected === undefined || expected === "") return undefined;
  if (version !== expected) {
    throw new Error(`LANGGRAPH_HITL_EXPECT_NODE is ${expected} (set by scripts/with-node.mjs), but jest runs on Node ${version} (${process.execPath})`);
  }
  return `Node ${version} runs the suite (${process.execPath})`;
}

module.exports = { checkExpectedNode };
