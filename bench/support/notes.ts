/**
 * How the benchmark measures and judges, written into every results file so a verdict comes
 * with the rule that produced it. Describes the method, not this run's numbers (those are in
 * the tables above it, and change from run to run).
 */
export const METHOD = `## Method

- **Paired, interleaved rounds.** Every variant of a comparison runs once per round, in an order
  that rotates by one place each round and reverses every other cycle of rotations, so each
  variant runs in every position equally often and before each other variant in half of the
  rounds. Warm-up rounds are not recorded. Whatever slows a round (another process, a
  checkpoint flush, a GC) slows every variant of it. A comparison runs 120 rounds on Postgres
  and 200 in memory; one whose target sits within a few per cent of parity (screening and
  granted calls ≤ 1.05×, \`resume()\` ≤ 1.1×) runs 480 on Postgres, where a round varies more
  (each commit waits for its WAL flush) and 120 rounds leave an interval wider than the distance
  being judged.
- **Each comparison in fresh processes of its own.** Every timed comparison runs in 4 new
  processes, one after the other (JMH's forks), each with its own warm-up (30 rounds in memory,
  where every process starts cold and a round takes a few ms; 10 on Postgres) and a quarter of
  the rounds. What V8 compiled, and the feedback it kept, for one comparison no longer shapes
  what the next one costs, and whatever makes one process run faster or slower than another
  (the code it compiled, how its heap is laid out) shows in the interval instead of in the
  difference between two runs. Each process starts on a settled heap and checkpointers of its
  own. What is counted or read once (storage, counts, the inbox, the sweeper) runs in the
  bench's own process, after a full collection of what earlier steps left; Postgres is one
  server for all.
- **Ratios are medians of per-round ratios.** The ratio of ours to a baseline is the median
  over rounds of (ours ÷ baseline in that round); drift that hits both sides of a round cancels
  in its ratio. The medians and p95s beside it are each variant's own, for scale.
- **Where a sample's time went.** Beside each variant's times, the CPU (user + system) this
  process spent in its samples (median): the variant's own work — our code, LangGraph's, the pg
  client's — and, for Postgres, the rest of the wall time is waiting for the server (executing,
  flushing WAL) on the same two cores. It tells a gap that fewer statements can close from one
  only less CPU can. It counts every thread of the process (V8's garbage collector helpers too),
  so in memory it can exceed the wall time.
- **95 % intervals by the bootstrap, by process and then by round.** Each resample draws the
  comparison's processes with replacement, then each drawn process's paired rounds with
  replacement (2 000 resamples), and the interval keeps the middle 95 % of the resampled medians
  (percentile bootstrap). Rounds of one process share what that process is; resampling them as
  if they were independent gives an interval that two runs of the same code miss. In a
  simulation with processes that differ by about 2 % (the size measured here), 4 processes of
  30 rounds covered the true ratio 93 % of the time resampled by process, 80 % pooled, and one
  process's rounds alone 71 %. The seed is derived from the comparison's id and the pair, so the
  same samples always give the same interval. Throughput is rounds too: each round runs every
  variant's threads once (one warm-up round per process), and the interval is over rounds.
- **Verdicts from intervals, never from point estimates.** ✅ met: the whole interval is on the
  right side of the target. ❌ missed: the whole interval is on the wrong side. ⛔ out of reach:
  not met, and the *floor's* interval against the same baseline is wholly on the wrong side — the
  least any implementation can cost already misses it. ❔ inconclusive: the interval contains the
  target, or rests on fewer than 10 rounds. Counts are exact (the median of a few runs) and are
  judged by the same rule with an interval of width zero.
- **Baselines, labelled in every row.** *Like for like* on a hand-built graph: the bare floor —
  the same agent loop with a bare \`interrupt()\` before LangGraph's \`ToolNode\`, on the same
  checkpointer as ours — which is what a person builds by hand, and the least any approval layer
  on \`interrupt()\` can cost. *The createAgent baseline* of figure 2 (\`createAgent\` +
  \`humanInTheLoopMiddleware\`) carries createAgent's own overhead, so it is not like for like;
  figure 9 (createAgent on both sides) is the like-for-like middleware comparison, with its own
  floor (a bare-\`interrupt()\` middleware that sends the turn to the tools node as one task, as
  \`approvalMiddleware\` does). Goals compare on the same checkpointer unless they name another
  (a plain \`ToolNode\` run "on the stock saver"); the middleware on the stock saver is shown too,
  as what you would run instead. The *design floor* (the bare floor plus today's separate claim
  and results commits and \`resume()\`'s own read) says what our logic costs over our design; it is
  not a lower bound of the promises, so no verdict rests on it.
- **Counts at the client and the server.** Statements (BEGIN and COMMIT included; a
  multi-statement query counts each statement), round trips and transactions are counted at the
  pg clients of the process; write commits by the server (\`txid_current()\` moves only for a
  transaction that writes). Statements a trigger runs inside the server are not counted.
- **Postgres at production durability.** The embedded server runs with \`fsync\`,
  \`synchronous_commit\` and \`full_page_writes\` on (the header says what the server reported); a
  server given by \`DATABASE_URL\` that runs with any of them off gets a warning above the goals.
- **The inbox workload inserts in chunks.** The inbox trigger's statements are planned once per
  connection; planned while the statistics say the inbox is empty, they scan the whole inbox for
  every row of a bulk insert. Figure 6 inserts in chunks with ANALYZE between them.`;
