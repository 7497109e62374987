// Jest's test sequencer (jest.config.js `testSequencer`), with the long, allocation-heavy suites
// always first.
//
// On 2 cores Jest runs every suite in one process (one worker or fewer runs in band), so whatever
// runs last runs in a heap that 170 suites have grown (1.6 GB seen). Jest orders by the durations
// it cached from earlier runs, and a fresh clone (CI, `npm run test:latest`'s copy) has none: it
// falls back to file size, which puts tests/behaviour/memory.test.ts (5 lines, ~460 tests) last,
// where it took 350–400 s instead of 30–40 s and one of its 100 000-value cases timed out. With
// the heavy suites first, a cold run keeps the order a warm run already has.
const Sequencer = require("@jest/test-sequencer").default;

/** Suites (by path inside the repository) that run for tens of seconds and allocate the most. */
const HEAVY = ["tests/behaviour/", "tests/postgres/one-continuation.pg", "tests/postgres/behaviour.pg", "tests/postgres/multi-process.pg", "tests/docs/readme.test", "tests/package/postgres-peers", "tests/host/remote-graph"];

const isHeavy = (test) => HEAVY.some((prefix) => test.path.replaceAll("\\", "/").includes(`/${prefix}`));

class HeavyFirstSequencer extends Sequencer {
  async sort(tests) {
    const sorted = await super.sort(tests);
    // Stable: each group keeps Jest's own order (failed first, then the slowest it remembers).
    return [...sorted.filter(isHeavy), ...sorted.filter((test) => !isHeavy(test))];
  }
}

module.exports = HeavyFirstSequencer;
