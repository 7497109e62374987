/**
 * `expirePendingInterrupts` on Postgres while another replica's run holds one of the overdue
 * threads: the pass moves on past it instead of throwing away the rest of the pass — and without
 * waiting out the sweeping replica's `busyWaitMs` (10 minutes here).
 */
import { twoReplicas, type TwoReplicas } from "../support/postgres/busy-thread.js";
import { expiryPassSkipsTheHeldThread } from "./expiry-pass.cases.js";

let replicas: TwoReplicas;
beforeAll(async () => {
  replicas = await twoReplicas();
});
afterAll(() => replicas.end());

test("an expiry pass skips an overdue approval whose thread another replica's run holds without waiting for it, expires the others, and the held run's approval still applies once", () => expiryPassSkipsTheHeldThread(replicas));
