// A Postgres of its own that the test can stop and start again: "down <tag>" (a clean shutdown),
// "crash <tag>" (an immediate one: the next start runs crash recovery), "up <tag>" and "exit" on
// stdin; each is answered with "done <tag>" once carried out. With the argument "durable" it keeps
// Postgres's default durability, which a crash test needs: the fast test settings
// (synchronous_commit off) lose the last commits in a crash, as they would in production.
import { createInterface } from "node:readline";
import { startEmbeddedPostgres } from "../embedded-server.mjs";

const server = await startEmbeddedPostgres({ durable: process.argv.includes("durable") });
console.log(`up ${server.url}`);
const actions = { down: () => server.shutDown(), crash: () => server.crash(), up: () => server.startAgain(), exit: () => server.stop() };
for await (const line of createInterface({ input: process.stdin })) {
  const [command = "", tag = ""] = line.trim().split(/\s+/);
  const action = actions[command];
  if (action === undefined) continue;
  await action();
  console.log(`done ${tag}`);
  if (command === "exit") process.exit(0);
}
