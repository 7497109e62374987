/**
 * Where the time goes, as profiled (`node --cpu-prof`, per-statement timing) and counted (figures
 * 2b, 3b, 8); written into the results so a missed target comes with its reason. Counts are
 * exact; times are this machine's — read the ratios in the table above. Revisit when the
 * figures change.
 */
export const ANALYSIS = `### Where the time goes

- **Commits decide it on a durable Postgres.** With \`fsync\` and \`synchronous_commit\` on, every
  transaction that writes waits for a WAL flush. A pause + resume of ours makes 13 write commits
  whatever the batch size (figure 8): 6 to pause and 7 to resume, of which 1 is the claim and
  1 the coalesced call results. A plain ToolNode run makes 9; the floor — a bare \`interrupt()\`
  before LangGraph's ToolNode on its own saver — 11; the middleware 14 for one call and 23 for ten
  (one task, with its own writes, per call). Our storage is the stock \`PostgresSaver\`'s SQL:
  one statement per row and a BEGIN/COMMIT per checkpoint and per task's writes (57 statements a
  cycle; before the rework, with our own SQL, it was 16 — that was the price of byte-compatible
  storage).
- **The goals sit at LangGraph's floor.** Pausing and resuming at all — two graph invocations,
  the checkpoint read back, the resume value written before the tools run, one more checkpoint —
  costs 1.2–1.5× a plain run before any approval logic (figure 2, "floor"). At ten calls a
  target of 1.4× a plain run leaves the approval layer ~10% over the floor; 0.6× the middleware
  leaves it ~30%.
- **What we add over the floor** (figure 2b, one rung at a time): our checkpointer's inbox
  triggers ≈ 2–9%; our node driven by a raw Command ≈ 1.3× — 2 write commits (the claim and the
  call results: the exactly-once guarantee) and 2 reads (the node reads the reviewed payload from
  its own checkpoint, and the batch's finished results), plus ~1 ms of CPU for ten calls
  (screening, payload and digests, validation); \`resume()\` ≈ 1.1× more — it reads the thread
  before submitting (1 statement), signs the decisions (HMAC over canonical JSON) and reads the
  claims afterwards to report what the node did (1 statement; figure 3). That is 19 transactions
  a cycle against the floor's 13. The claim machinery is ~20% of a
  resume on Postgres (figure 3b).
- **In memory** the claims of \`createMemoryCheckpointer\` / \`MemorySaver\` are kept in a Map that
  \`resume()\` scans in full to report the outcome (\`MemoryClaimStore.claimsOfTask\`): 0.03 ms with
  1 000 claims, 0.2 ms with 10 000, 5.5 ms with 100 000 — and claims are never dropped while the
  thread lives. The benchmark's memory figures carry a few thousand claims by the time figure 3
  runs, which is part of its miss there.
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
