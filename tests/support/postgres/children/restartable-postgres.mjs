// A Postgres of its own that the test can stop and start again: "down <tag>", "up <tag>" and
// "exit" on stdin; each is answered with "done <tag>" once carried out.
import { createInterface } from "node:readline";
import { startEmbeddedPostgres } from "../embedded-server.mjs";

const server = await startEmbeddedPostgres();
console.log(`up ${server.url}`);
const actions = { down: () => server.shutDown(), up: () => server.startAgain(), exit: () => server.stop() };
for await (const line of createInterface({ input: process.stdin })) {
  const [command = "", tag = ""] = line.trim().split(/\s+/);
  const action = actions[command];
  if (action === undefined) continue;
  await action();
  console.log(`done ${tag}`);
  if (command === "exit") process.exit(0);
}
