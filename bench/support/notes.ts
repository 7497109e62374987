/**
 * Where the time goes, as profiled (`node --cpu-prof`) and counted (figure 8); written into the
 * results so a missed target comes with its reason. Revisit when the figures change.
 */
export const ANALYSIS = `### Where the time goes

- **Postgres round trips dominate.** A profile of a pause + resume spends 40–60% of its time
  idle, waiting for Postgres. LangGraph's \`PostgresSaver\` sends one statement per row plus
  BEGIN/COMMIT for every checkpoint and every task's writes (43 statements for a plain 3-step
  run). \`createPostgresCheckpointer\` writes a checkpoint, and a task's writes together with the
  approvals inbox, in one statement each: a whole pause + resume cycle takes 16 statements
  (figure 8). Of these, 3 are the exactly-once machinery (advisory lock, unlock, one read of the
  pending writes); the rest are LangGraph's own steps.
- **A pause + resume is two graph invocations.** Compared with one plain run, the resume
  re-reads the checkpoint (LangGraph loads every channel, so the whole conversation) and writes
  the resume value before the tools run. That fixed cost is LangGraph's; it is why the ratio to a
  plain run is largest for small batches, and why the middleware — one task per call, each with
  its own writes — falls further behind as batches grow (figure 7).
- **Screening in memory** costs ~30–60 µs per batch measured on its own; inside a graph run,
  the async bookkeeping LangChain's AsyncLocalStorage adds to each promise and timer makes it
  ~0.1–0.2 ms on a ~3 ms run. Hooks that answer synchronously skip the timer; batches with no
  hook to await are decided without a promise per call. What remains is the per-hook time bound,
  which we keep.
- **Storage.** Checkpoint values are stored deflated, and the inbox keeps a pointer to
  LangGraph's interrupt write instead of a second copy of the payload.`;
