import { runWithoutTerminal, stopDemos } from "./support/pseudo-terminal.js";

// The demo starts its own local Agent Server (`langgraphjs dev`, in memory, on 127.0.0.1).
jest.setTimeout(240_000);
afterAll(stopDemos);

/** The JSON a line `<prefix>{…} …` of the demo's output shows. */
function shownValue(screen: string, prefix: string): unknown {
  const line = screen.split("\n").find((candidate) => candidate.startsWith(prefix));
  if (line === undefined) throw new Error(`no line starts with "${prefix}"; the screen shows:\n${screen}`);
  const json = line.slice(prefix.length, line.lastIndexOf("}") + 1);
  return JSON.parse(json);
}

test("npm run demo:remote prints exactly the values it sends, and the server ran the edit it printed", async () => {
  const demo = runWithoutTerminal("examples/remote.ts", {}, "");
  expect(await demo.exited).toBe(0);
  const screen = demo.screen();
  const edit = (replicas: string) => ({ decisions: [{ type: "edit", edited_action: { name: "deploy", args: { service: "billing", replicas } } }] });
  expect(shownValue(screen, "Trying ")).toEqual(edit("0"));
  expect(screen).toContain("✗ refused before anything was sent: INVALID_EDIT");
  expect(shownValue(screen, "Resuming with ")).toEqual(edit("3"));
  expect(screen).toContain("✓ deploy: Deployed billing with 3 replica(s).");
});
