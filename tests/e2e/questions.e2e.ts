import { AIMessage } from "@langchain/core/messages";
import { END, MessagesAnnotation, START, StateGraph } from "@langchain/langgraph";
import { askUserQuestions, createMemoryCheckpointer } from "../../src/index.js";
import { startRun, useInboxSession } from "./support/inbox-app.js";

// A node of the host's own that asks three questions in one pause and records the answers.
const graph = new StateGraph(MessagesAnnotation)
  .addNode("plan", () => {
    const { answers } = askUserQuestions([
      { question: "Which regions?", multiSelect: true, allowFreeText: false, options: [{ label: "Europe", value: "eu" }, { label: "United States", value: "us" }, { label: "Asia Pacific", value: "apac" }] },
      { question: "Which tier?", description: "Pro costs twice as much.", options: [{ label: "Basic", value: "basic" }, { label: "Pro", value: "pro" }] },
      { question: "Anything the team should know?" },
    ]);
    return { messages: [new AIMessage(JSON.stringify(answers))] };
  })
  .addEdge(START, "plan")
  .addEdge("plan", END)
  .compile({ checkpointer: createMemoryCheckpointer() });

const session = useInboxSession(graph);

describe("questions in the inbox page", () => {
  test("several questions in one pause: checkboxes for multiSelect, radios plus free text, a text box alone; answered by question text", async () => {
    const config = await startRun(graph, "plan the rollout");
    const { page, errors, context } = await session.open();
    const card = page.getByRole("article", { name: "3 questions" });
    await card.waitFor();
    const regions = card.getByRole("group", { name: "Which regions?" });
    const tier = card.getByRole("group", { name: "Which tier?" });
    const notes = card.getByRole("group", { name: "Anything the team should know?" });
    expect(await regions.getByRole("checkbox").count()).toBe(3);
    expect(await regions.getByRole("textbox").count()).toBe(0);
    expect(await tier.getByRole("radio").count()).toBe(2);
    expect(await tier.getByText("Pro costs twice as much.").isVisible()).toBe(true);

    await card.getByRole("button", { name: "Send answers" }).click();
    await tier.locator("ul.problems").waitFor();
    expect(await tier.locator("ul.problems").textContent()).toBe("Choose an option or type an answer.");
    expect(await notes.locator("ul.problems").textContent()).toBe("Type an answer.");

    await regions.getByLabel("Europe").check();
    await regions.getByLabel("Asia Pacific").check();
    await tier.getByLabel("Pro").check();
    // Typing another answer replaces the option picked.
    await tier.getByLabel("Or type another answer").fill("enterprise");
    expect(await tier.getByLabel("Pro").isChecked()).toBe(false);
    await notes.getByLabel("Your answer").fill("Roll out after 18:00 UTC.");
    await card.getByRole("button", { name: "Send answers" }).click();

    const answered = page.getByRole("listitem", { name: "3 questions — decided by Alice (u-alice)" });
    await answered.waitFor();
    expect(await answered.locator(".pill").allTextContents()).toEqual(["Answered: Europe, Asia Pacific", "Answered: enterprise", "Answered: Roll out after 18:00 UTC."]);
    const { messages } = (await graph.getState(config)).values as { messages: AIMessage[] };
    expect(JSON.parse(String(messages.at(-1)?.content))).toEqual({ "Which regions?": ["eu", "apac"], "Which tier?": "enterprise", "Anything the team should know?": "Roll out after 18:00 UTC." });
    expect(errors).toEqual([]);
    await context.close();
  });
});
