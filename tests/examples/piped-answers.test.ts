const INPUT_ENDED_MESSAGE = "no answer: the input ended";
import { runWithoutTerminal, stopDemos } from "./support/pseudo-terminal.js";

afterEach(stopDemos);

// Without a terminal the demos read stdin exactly as typed answers: `echo r | npm run demo`
// rejects. They decide by themselves only when told to (CI=true, --yes).

const QUICKSTART = "examples/quickstart.ts";
const PROMPT = "delete_file: [a]pprove, [r]eject, [e]dit, re[s]pond?";
const DELETED = "Deleted /tmp/report.csv";

describe("npm run demo, answers piped in", () => {
  test("a piped r rejects: the tool does not run, and the demo does not decide by itself", async () => {
    const demo = runWithoutTerminal(QUICKSTART, {}, "r\n");
    expect(await demo.exited).toBe(0);
    expect(demo.screen()).toContain(`${PROMPT} r`);
    expect(demo.screen()).toContain("✗ delete_file: ");
    expect(demo.screen()).not.toContain(DELETED);
    expect(demo.screen()).not.toContain("not asking");
  });

  test("a piped a approves: the tool runs once", async () => {
    const demo = runWithoutTerminal(QUICKSTART, {}, "a\n");
    expect(await demo.exited).toBe(0);
    expect(demo.screen().split(`✓ delete_file: ${DELETED}.`)).toHaveLength(2);
  });

  test("several piped lines answer several prompts in order (an edit and its arguments)", async () => {
    const demo = runWithoutTerminal(QUICKSTART, {}, 'e\n{"path": "/tmp/old.csv"}\n');
    expect(await demo.exited).toBe(0);
    expect(demo.screen()).toContain("✓ delete_file: Deleted /tmp/old.csv.");
    expect(demo.screen()).not.toContain(DELETED);
  });

  test("input that ends without an answer approves nothing: the demo says so and exits 1", async () => {
    const demo = runWithoutTerminal(QUICKSTART, {}, "");
    expect(await demo.exited).toBe(1);
    expect(demo.screen()).toContain(PROMPT);
    expect(demo.screen()).toContain(INPUT_ENDED_MESSAGE);
    expect(demo.screen()).not.toContain("Tool results");
    expect(demo.screen()).not.toContain(DELETED);
  });

  test("an answer that is not a choice is asked again; input that then ends approves nothing", async () => {
    const demo = runWithoutTerminal(QUICKSTART, {}, "yes\n");
    expect(await demo.exited).toBe(1);
    expect(demo.screen()).toContain('"yes" is not a choice');
    expect(demo.screen()).toContain(INPUT_ENDED_MESSAGE);
    expect(demo.screen()).not.toContain(DELETED);
  });

  test("the end of the input answers an optional prompt (the reject reason) with its default", async () => {
    const demo = runWithoutTerminal(QUICKSTART, {}, "r");
    expect(await demo.exited).toBe(0);
    expect(demo.screen()).toContain("rejected in the demo");
  });
});

describe("npm run demo decides by itself only when told to", () => {
  test.each([
    ["CI=true", { CI: "true" }, [] as string[], "(CI=true: not asking; approving every call by itself)"],
    ["--yes", {}, ["--yes"], "(--yes: not asking; approving every call by itself)"],
  ])("with %s and no terminal it approves and says so", async (_how, env, args, notice) => {
    const demo = runWithoutTerminal(QUICKSTART, env, "", args);
    expect(await demo.exited).toBe(0);
    expect(demo.screen()).toContain(notice);
    expect(demo.screen()).toContain(`✓ delete_file: ${DELETED}.`);
  });
});

describe("npm run demo:ask and demo:agent, answers piped in", () => {
  test("demo:ask: a piped approval and option number answer the approval, then the question", async () => {
    const demo = runWithoutTerminal("examples/ask-user-question.ts", {}, "a\n2\n");
    expect(await demo.exited).toBe(0);
    expect(demo.screen()).toContain("Environment: production. Deployed billing-api.");
  });

  test("demo:agent: one rejected and one approved call, each as piped", async () => {
    const demo = runWithoutTerminal("examples/agent.ts", {}, "r\nkeep it\na\n");
    expect(await demo.exited).toBe(0);
    expect(demo.screen()).toContain("keep it");
    expect(demo.screen()).not.toContain(DELETED);
    expect(demo.screen()).toContain('✓ send_email: Sent "Report cleaned up" to team@example.com.');
  });
});
