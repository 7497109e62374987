import { capDetails } from "../../src/errors/capped-details.js";
import { HITLError, type HITLErrorDetail } from "../../src/errors/hitl-error.js";

const problems = (toolCallId: string | undefined, count: number): HITLErrorDetail[] =>
  Array.from({ length: count }, (_, index) => ({ ...(toolCallId === undefined ? {} : { toolCallId }), message: `${toolCallId ?? "value"} problem ${index}` }));

describe("the details of an error are bounded: 20 per call, 200 in all, then counts", () => {
  test("details within the bound are returned as they are (the same array)", () => {
    const details = problems("c1", 20);
    expect(capDetails(details)).toBe(details);
  });

  test("a call with 120 000 problems lists its first 20, then how many more there are", () => {
    const capped = capDetails(problems("c1", 120_000));
    expect(capped).toHaveLength(21);
    expect(capped.slice(0, 20).map((detail) => detail.message)).toEqual(problems("c1", 20).map((detail) => detail.message));
    expect(capped[20]).toEqual({ toolCallId: "c1", message: "119980 more problems with this call are not listed", unlisted: 119_980 });
  });

  test("each call keeps its own first 20, in the order given, and its own count; one more problem reads in the singular", () => {
    const capped = capDetails([...problems("c1", 21), ...problems("c2", 3), ...problems(undefined, 22)]);
    expect(capped.filter((detail) => detail.toolCallId === "c2")).toHaveLength(3);
    expect(capped.slice(-2)).toEqual([
      { toolCallId: "c1", message: "1 more problem with this call is not listed", unlisted: 1 },
      { message: "2 more problems are not listed", unlisted: 2 },
    ]);
    expect(capped).toHaveLength(20 + 3 + 20 + 2);
  });

  test("100 000 calls with one problem each (decisions for unknown ids) list 200, then one count for the rest", () => {
    const details = Array.from({ length: 100_000 }, (_, index) => ({ toolCallId: `unknown-${index}`, message: "no pending call has this id" }));
    const capped = capDetails(details);
    expect(capped).toHaveLength(201);
    expect(capped[200]).toEqual({ message: "99800 more problems of other calls are not listed", unlisted: 99_800 });
  });

  test("capping capped details changes nothing: a refusal read back from a re-raised approval keeps its counts true", () => {
    const once = capDetails([...problems("c1", 60), ...Array.from({ length: 300 }, (_, index) => ({ toolCallId: `u${index}`, message: "unknown id" }))]);
    expect(capDetails(once)).toEqual(once);
    const error = new HITLError("INVALID_EDIT", "Invalid edit", { details: [...new HITLError("INVALID_EDIT", "Invalid edit", { details: problems("c1", 60) }).details] });
    expect(error.details.at(-1)).toEqual({ toolCallId: "c1", message: "40 more problems with this call are not listed", unlisted: 40 });
  });

  test("a HITLError keeps bounded details, so what it re-raises into a checkpoint stays small", () => {
    const error = new HITLError("INVALID_EDIT", "Invalid edit", { details: problems("c1", 50_000).map((detail) => ({ ...detail, received: "x".repeat(1_000) })) });
    expect(error.details).toHaveLength(21);
    expect(JSON.stringify(error.toJSON()).length).toBeLessThan(10_000);
  });
});
