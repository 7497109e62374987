/**
 * Where the time goes, as profiled (`node --cpu-prof`, per-statement timing) and counted (figures
 * 2b, 3b, 8); written into the results so a missed target comes with its reason. Counts are
 * exact; times are this machine's — read the ratios in the table above. Revisit when the
 * figures change.
 */
export const ANALYSIS = `### Where the time goes

- **Targets are checked against a requirements floor measured in the same run.** It is the
  least an approval layer keeping this library's promises can cost: a bare \`interrupt()\` before
  LangGraph's ToolNode (for \`createAgent\`, a bare-interrupt middleware that sends the turn to
  the tools node as one task, as ours does), run on our checkpointer (the inbox triggers), plus
  every database operation the promises require and none of the logic — \`resume()\`'s read of
  the thread before it submits (typed errors before anything is submitted), the claim committed
  before any tool runs and the results committed when the calls finish (exactly once). A target
  that this floor already misses is marked "⛔ out of reach": no implementation keeping the
  promises meets it on this machine. The pause + resume targets (figures 2 and 9) and the
  throughput target (figure 4) are all in that case; how far ours is above the floor is the
  floor's own line in each figure.
- **Commits decide it on a durable Postgres.** With \`fsync\` and \`synchronous_commit\` on, every
  transaction that writes waits for a WAL flush. A pause + resume of ours makes 13 write commits
  whatever the batch size (figure 8): 6 to pause and 7 to resume, of which 1 is the claim and
  1 the coalesced call results. A plain ToolNode run makes 9; the floor — a bare \`interrupt()\`
  before LangGraph's ToolNode on its own saver — 11; the middleware 14 for one call and 23 for ten
  (one task, with its own writes, per call). Our storage is the stock \`PostgresSaver\`'s SQL:
  one statement per row and a BEGIN/COMMIT per checkpoint and per task's writes.
- **Pausing at all is most of it.** Two graph invocations, the checkpoint read back, the resume
  value written before the tools run and one more checkpoint cost 1.3–1.6× a plain run before
  any approval logic (figure 2, "floor"); the two commits exactly-once needs, \`resume()\`'s read
  and the inbox triggers bring the floor to 1.5–1.7× a plain run and ~0.6× the middleware at ten
  calls — against targets of 1.4× and 0.6×.
- **What we add over the requirements floor** is CPU and bytes: screening, the payload (each
  request carries its arguments as \`arguments\` and \`args\`, each review config the tool's
  \`args_schema\`), validation, signing and verifying, the audit record on every \`ToolMessage\`
  (LangGraph writes the whole message list again at every later checkpoint, so it is written
  more than once), and the inbox trigger reading the larger interrupt payload. Roughly 1–1.5 ms a
  cycle at ten calls in memory; on Postgres the larger rows cost a little more.
- **\`resume()\` in the node's process shares what it read** (two round trips fewer since the
  previous results): it hands the node the reviewed payload it has just read for exactly that
  thread, checkpoint and task, and the node reports its claim outcome back. A resume is 9
  transactions (the floor's is 6: the extra ones are \`resume()\`'s read, the claim and the
  results). \`resume()\` over a raw \`Command\` is then validation and signing (figure 3).
- **In memory** the claims of \`createMemoryCheckpointer\` / \`MemorySaver\` stay in a Map for as long
  as the thread lives (indexed by thread); \`resume()\` no longer reads them when its node ran in
  the same process.
- **Screening stays cheap**: a batch with no asks claims nothing and commits exactly what a plain
  ToolNode run commits; on Postgres it is within noise of a plain run. In memory (~2.5 ms runs)
  the ~0.1–0.3 ms of screening (hook bound, AsyncLocalStorage bookkeeping per promise) is 5–12%.
- **Storage.** LangGraph's tables hold the same rows a stock \`PostgresSaver\` writes (no private
  encodings); the interrupt payload is a little larger than the middleware's (it carries digests,
  \`args\` and \`args_schema\`). Our inbox adds ~190 bytes per paused thread; after a resume the
  claim and the committed call results stay (~0.8 kB for one call, ~5 kB for ten) until the
  thread is deleted — they duplicate the ToolMessages LangGraph also stores.
- **Inbox trigger plans.** The inbox trigger's statements are planned once per connection; planned
  while the statistics say the inbox is empty, they scan the whole inbox for every write. One
  100 000-row bulk insert took ~500 s that way instead of ~5 s (figure 6 now inserts in chunks,
  with ANALYZE between them). Ordinary pauses write one row per statement and autovacuum
  re-analyses, so this bites bulk loads most.`;
