import { stopDemos, runInTerminal } from "./support/pseudo-terminal.js";

afterEach(stopDemos);

const DEMO = "examples/ask-user-question.ts";

describe("npm run demo:ask, typed at a terminal", () => {
  test("offers the four decisions it lists, and asks again on an answer outside the options", async () => {
    const demo = runInTerminal(DEMO);
    await demo.waitFor("you may:   approve, edit, reject, respond");
    await demo.waitFor("deploy: [a]pprove, [r]eject, [e]dit, re[s]pond?");
    demo.type("s\r");
    await demo.waitFor("what should the model see instead?");
    demo.type("\r");
    await demo.waitFor("Type the text the model should see.");
    demo.type("deploys are frozen today\r");
    await demo.waitFor("your answer (number or text):");
    demo.type("7\r");
    await demo.waitFor("Type a number from 1 to 2, or an answer in words.");
    demo.type("2\r");
    expect(await demo.exited).toBe(0);
    expect(demo.screen()).toContain("Environment: production. deploys are frozen today");
    expect(demo.screen()).not.toContain("Deployed billing-api");
  });

  test("with CI=true it answers by itself and says so", async () => {
    const demo = runInTerminal(DEMO, { CI: "1" });
    expect(await demo.exited).toBe(0);
    expect(demo.screen()).toContain("(CI=1: not asking; approving every call by itself)");
    expect(demo.screen()).toContain('(CI=1: not asking; answering "staging" by itself)');
    expect(demo.screen()).toContain("Environment: staging. Deployed billing-api.");
  });
});
