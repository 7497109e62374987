/**
 * A stdio policy backend for the tests: reads one JSON-RPC message per line on stdin and
 * answers on stdout. Tool names pick misbehaviours: `hang` never answers, `crash` exits,
 * `garbage` writes a banner line, `whoami` denies with its own pid (to tell restarts apart).
 * Notifications are appended to the file named by the first argument, if any. With
 * `POLICY_CHILD_STUBBORN=1` it keeps running after stdin closes, as a busy backend would.
 */
import { appendFileSync } from "node:fs";
import { createInterface } from "node:readline";
import { answer } from "./policy-rules.js";

const log = process.argv[2];
const send = (message: unknown): void => void process.stdout.write(`${JSON.stringify(message)}\n`);

process.stderr.write("policy child started (diagnostics go to stderr)\n");
createInterface({ input: process.stdin })
  .on("line", (line) => {
    const message = JSON.parse(line);
    if (message.method === "hooks/observe") {
      if (log !== undefined) appendFileSync(log, `${line}\n`);
      return;
    }
    const name: string = message.params.event.tool.name;
    if (name === "hang") return;
    if (name === "crash") process.exit(3);
    if (name === "garbage") return void process.stdout.write("policy server ready\n");
    if (name === "whoami") {
      return send({ jsonrpc: "2.0", id: message.id, result: { protocolVersion: "draft", effects: [{ type: "deny", reason: `pid ${process.pid}` }] } });
    }
    send(answer(message));
  })
  .on("close", () => {
    if (process.env["POLICY_CHILD_STUBBORN"] === "1") setInterval(() => undefined, 60_000);
    else process.exit(0);
  });
