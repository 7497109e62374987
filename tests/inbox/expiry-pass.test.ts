/**
 * `expirePendingInterrupts` on the memory checkpointer while a run of this process holds one of
 * the overdue threads: the pass moves on past it at once (the in-process queue would otherwise
 * hold the pass until that run ended).
 */
import { createMemoryCheckpointer } from "../../src/index.js";
import { expiryPassSkipsTheHeldThread } from "./expiry-pass.cases.js";

test("an expiry pass skips an overdue approval whose thread a running resume holds without waiting for it, expires the other, and the held approval still applies once", async () => {
  const checkpointer = createMemoryCheckpointer();
  await expiryPassSkipsTheHeldThread({ reviewing: checkpointer, sweeping: checkpointer });
});
