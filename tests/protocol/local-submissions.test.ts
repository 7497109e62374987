import { openLocalSubmission, reportSubmission, storedValuesOfSubmission, type StoredAt } from "../../src/protocol/local-submissions.js";

const at: StoredAt = { threadId: "t1", namespace: "", checkpointId: "1f0-a", taskId: "task-1" };
const values = [{ type: "tool_approval", action_requests: [] }];

describe("local submissions: what resume() hands a node running in the same process", () => {
  test.each([
    ["another thread", { ...at, threadId: "t2" }],
    ["another namespace (a subgraph)", { ...at, namespace: "outer:1" }],
    ["another checkpoint", { ...at, checkpointId: "1f0-b" }],
    ["another task", { ...at, taskId: "task-2" }],
  ])("values read for one task are not handed to %s", (_, other) => {
    const submission = openLocalSubmission("attempt-1", { ...at, values });
    try {
      expect(storedValuesOfSubmission("attempt-1", other)).toBeUndefined();
      expect(storedValuesOfSubmission("attempt-1", at)).toBe(values);
    } finally {
      submission.close();
    }
  });

  test("an unknown or missing attempt finds nothing, and a closed submission is gone", () => {
    const submission = openLocalSubmission("attempt-2", { ...at, values });
    expect(storedValuesOfSubmission(undefined, at)).toBeUndefined();
    expect(storedValuesOfSubmission("attempt-3", at)).toBeUndefined();
    submission.close();
    expect(storedValuesOfSubmission("attempt-2", at)).toBeUndefined();
  });

  test("a report counts only for the task the submission was read for", () => {
    const submission = openLocalSubmission("attempt-4", { ...at, values });
    try {
      reportSubmission("attempt-4", { ...at, checkpointId: "1f0-b" }, { kind: "claimed", expired: false });
      reportSubmission("attempt-5", at, { kind: "claimed", expired: false });
      expect(submission.outcome()).toBeUndefined();
      reportSubmission("attempt-4", at, { kind: "claimed", expired: true });
      expect(submission.outcome()).toEqual({ kind: "claimed", expired: true });
    } finally {
      submission.close();
    }
  });

  test("closing an older handle does not close a newer submission with the same attempt", () => {
    const older = openLocalSubmission("attempt-6", { ...at, values });
    const newer = openLocalSubmission("attempt-6", { ...at, values: [] });
    older.close();
    expect(storedValuesOfSubmission("attempt-6", at)).toEqual([]);
    newer.close();
    expect(storedValuesOfSubmission("attempt-6", at)).toBeUndefined();
  });
});
