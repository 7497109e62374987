import { preparedQuery, statementName } from "../../src/postgres/prepared-statement.js";

describe("the name a statement is prepared under", () => {
  it("is the same for the same text and differs for another", () => {
    expect(statementName("SELECT 1")).toBe(statementName(`SELECT ${1}`));
    expect(statementName("SELECT 1")).not.toBe(statementName("SELECT 2"));
  });

  it("is a Postgres identifier Postgres keeps whole (at most 63 bytes)", () => {
    const name = statementName("SELECT 1 FROM somewhere WHERE x = $1".repeat(100));
    expect(name).toMatch(/^hitl_[0-9a-f]{32}$/);
    expect(Buffer.byteLength(name)).toBeLessThanOrEqual(63);
  });

  it("stays the same after many other statements were named", () => {
    const first = statementName("SELECT 'first'");
    for (let index = 0; index < 1000; index += 1) statementName(`SELECT ${index}`);
    expect(statementName("SELECT 'first'")).toBe(first);
  });
});

describe("a query of a fixed statement", () => {
  it("is named when prepared, and plain text with its values otherwise", () => {
    expect(preparedQuery("SELECT $1", [1], true)).toEqual({ name: statementName("SELECT $1"), text: "SELECT $1", values: [1] });
    expect(preparedQuery("SELECT $1", [1], false)).toEqual({ text: "SELECT $1", values: [1] });
  });
});
