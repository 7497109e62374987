import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { MIGRATIONS } from "../../src/postgres/migrations/index.js";

/**
 * The SQL of every released migration, frozen. A database that applied a migration never
 * applies it again, so editing one would leave existing databases different from new ones:
 * change the schema with a NEW migration, and add its hash here when it is released.
 */
const FROZEN: Record<number, string> = {
  0: "05e4c8632d11d12b24396a0d69023b3c930c105147fb97ce9b8f9842294071ba",
  1: "e004ebd5b5532a4b85984a62f8ad48a81aa3460c1ca07701f386135d72cdecf5",
  2: "ce90b60272513351e137defe8ba356ef29144e6ed031dc8a871299f93c91bb95",
  3: "73510b97f9433a926ff47ebed217a08d0e946447da309be1469583717ccf701d",
  4: "6c44aea4470ec3fcc27480dd38b6874efd2aa353375632194c6510c5cf751dd1",
  5: "9746fe54c90eacc8d8421560b0c3cd5f4bbca93c8f962222af0b64cc3aaa55d6",
  6: "20a8e7b753cf795935a1c7b836ccfe19e9ae731d17fece84133fcee0f26f3233",
  9: "7d1f5cd65bd94eb9fc374271d5ddb68bc0bb3c8c348f727e96bcc0475053e7de",
};

const sha256 = (text: string): string => createHash("sha256").update(text).digest("hex");

describe("migrations are append-only", () => {
  test("versions are numbered 0, 1, 2, … in order, with no gap", () => {
    expect(MIGRATIONS.map((migration) => migration.version)).toEqual(MIGRATIONS.map((_, index) => index));
  });

  test.each(MIGRATIONS.map((migration) => [migration.version, migration] as const))("released migration %i has not been edited", (version, migration) => {
    expect(FROZEN[version]).toBeDefined();
    expect(sha256(migration.sql("public"))).toBe(FROZEN[version]);
  });

  test("migration 0 is exactly the SQL the first release (7ae6849) ran", () => {
    const released = readFileSync(join(__dirname, "upgrade", "fixtures", "7ae6849-migration-0.sql"), "utf8");
    expect(MIGRATIONS[0]?.sql("public")).toBe(released);
  });
});
