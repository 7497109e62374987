import { AIMessage } from "@langchain/core/messages";
import { MemorySaver } from "@langchain/langgraph";
import { refuseUnstorableAsks } from "../../src/core/unstorable-asks.js";
import type { Screening } from "../../src/core/types.js";

function ask(args: unknown, id = "d1"): Screening {
  return { kind: "ask", call: { name: "deploy", args: args as Record<string, unknown>, id, type: "tool_call" }, args: args as Record<string, unknown>, allowedDecisions: ["approve", "reject"], notes: { additionalContext: ["kept"] } };
}

describe("refuseUnstorableAsks", () => {
  test("returns the very screenings when no ask holds a LangChain record (no round trip)", async () => {
    const screenings = [ask({ path: "/x", lc: 0 }), { kind: "allow", call: { name: "read", args: {}, id: "r1" }, args: { v: { lc: 2, type: "undefined" } }, notes: { additionalContext: [] } } as Screening];
    expect(await refuseUnstorableAsks(screenings, new MemorySaver())).toBe(screenings);
  });

  test("refuses an ask whose record cannot be read back, naming where and why, and keeps its notes", async () => {
    const args = JSON.parse('{"path": "/x", "v": {"lc": 1, "type": "constructor", "id": ["not_a_module", "Nope"], "kwargs": {}}}') as unknown;
    const [refused] = await refuseUnstorableAsks([ask(args)], undefined);
    expect(refused).toEqual({
      kind: "malformed",
      call: expect.objectContaining({ id: "d1" }),
      source: "unreviewable",
      reason: expect.stringMatching(/^its arguments hold a LangChain serialization record at args\.v, which a checkpoint cannot read back \(.*Invalid namespace/),
      notes: { additionalContext: ["kept"] },
    });
  });

  test("the checkpointer's own serializer decides: one that keeps the record as written lets the ask through", async () => {
    const keepsEverything = new MemorySaver({
      dumpsTyped: async (data: unknown) => ["json", new TextEncoder().encode(JSON.stringify(data))] as [string, Uint8Array],
      loadsTyped: async (_type: string, data: Uint8Array | string) => JSON.parse(typeof data === "string" ? data : new TextDecoder().decode(data)) as unknown,
    });
    const args = JSON.parse('{"v": {"lc": 2, "type": "undefined"}}') as unknown;
    const screening = ask(args);
    expect(await refuseUnstorableAsks([screening], keepsEverything)).toEqual([screening]);
    expect((await refuseUnstorableAsks([screening], new MemorySaver()))[0]?.kind).toBe("malformed");
  });

  test("a message object a hook put among the arguments is not plain data and is not looked into", async () => {
    const screening = ask({ note: new AIMessage("hi") });
    expect(await refuseUnstorableAsks([screening], undefined)).toEqual([screening]);
  });
});
