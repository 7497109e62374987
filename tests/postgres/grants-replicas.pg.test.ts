import { spawnChild, type ChildScript } from "../support/postgres/child-process.js";
import { createTestDatabase, type TestDatabase } from "../support/postgres/test-database.js";
import { HITLPostgresSaver } from "../../src/postgres/index.js";

jest.setTimeout(90_000);

let db: TestDatabase;
let a: ChildScript;
let b: ChildScript;
beforeAll(async () => {
  db = await createTestDatabase();
  const saver = new HITLPostgresSaver(db.pool);
  await saver.setup();
  await db.pool.query("CREATE TABLE grant_runs (pid INT, path TEXT)");
  a = spawnChild("grant-replica", [db.url]);
  b = spawnChild("grant-replica", [db.url]);
  await Promise.all([a.line("ready"), b.line("ready")]);
});
afterAll(async () => {
  for (const child of [a, b]) child?.send("quit");
  await Promise.all([a?.exited, b?.exited]);
  await db.drop();
});

/** Sends one command and resolves with the first answer line that starts with `marker` (or reports a failure). */
async function command(child: ChildScript, line: string, marker: string): Promise<string> {
  const seen = new Promise<string>((resolve) => {
    const listener = (chunk: Buffer) => {
      const found = chunk.toString("utf8").split("\n").find((candidate) => candidate.startsWith(marker) || candidate.startsWith("crash") || candidate.startsWith("error"));
      if (found !== undefined) {
        child.process.stdout.off("data", listener);
        resolve(found);
      }
    };
    child.process.stdout.on("data", listener);
  });
  child.send(line);
  return seen;
}

async function runs(): Promise<Array<{ pid: number; path: string }>> {
  return (await db.pool.query<{ pid: number; path: string }>("SELECT pid, path FROM grant_runs ORDER BY path")).rows;
}

describe("standing grants across replicas on one Postgres", () => {
  test("a grant made through replica A applies on replica B from its next batch; revoked on B, it stops on A", async () => {
    const thread = `replicas-${Date.now()}`;
    const paused = await command(a, `batch ${thread} first`, "paused");
    const interruptId = paused.split(" ")[1]!;
    const granted = await command(a, `grant ${thread} ${interruptId}`, "granted");
    expect(granted).toMatch(/^granted applied [0-9a-f-]{36}$/);
    const grantId = granted.split(" ")[2]!;
    expect(await command(b, `batch ${thread} second`, "ran")).toBe("ran");
    expect(await command(b, `revoke ${grantId}`, "revoked")).toBe("revoked revoked");
    expect(await command(a, `batch ${thread} third`, "paused")).toMatch(/^paused /);
    expect((await runs()).map((run) => [run.path, run.pid])).toEqual([
      ["first", a.process.pid],
      ["second", b.process.pid],
    ]);
  });

  test("two replicas answering one approval with a grant at once: one claim wins, and exactly one grant exists — the winner's", async () => {
    const thread = `race-${Date.now()}`;
    const interruptId = (await command(a, `batch ${thread} raced`, "paused")).split(" ")[1]!;
    const [fromA, fromB] = await Promise.all([command(a, `grant ${thread} ${interruptId}`, "granted"), command(b, `grant ${thread} ${interruptId}`, "granted")]);
    const answers = [fromA, fromB];
    // The loser either saw the winner's claim (superseded) or arrived after the thread moved on.
    expect(answers.filter((answer) => answer.startsWith("granted applied"))).toHaveLength(1);
    const winner = answers.find((answer) => answer.startsWith("granted applied"))!.split(" ")[2];
    const listed = await command(a, `grants ${thread}`, "grants");
    expect(listed).toBe(`grants ${winner}:active`);
    expect((await runs()).filter((run) => run.path === "raced")).toHaveLength(1);
  });
});
