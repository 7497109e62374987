import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { MIGRATIONS } from "../../src/postgres/migrations/index.js";

/**
 * Every released migration, frozen. A database that applied a migration never applies it again,
 * so editing one would leave existing databases different from new ones: change the schema with
 * a NEW migration, and add its hashes here when it is released. Two hashes per migration: its SQL
 * for a schema (what it does, constants it imports included), and its file's source without the
 * import lines (what `run()` and any helper do; import paths may move when folders do). The
 * schema a fresh database gets is frozen too (migrations-schema.pg.test.ts).
 */
const FROZEN: Record<number, { sql: string; source: string }> = {
  0: { sql: "05e4c8632d11d12b24396a0d69023b3c930c105147fb97ce9b8f9842294071ba", source: "b9d6da86de99dd9f3b65c0fd96f8c1f1b1b09db953047f2af41592d9e78be445" },
  1: { sql: "e004ebd5b5532a4b85984a62f8ad48a81aa3460c1ca07701f386135d72cdecf5", source: "676d5db1701a64e71dbb787ba640d3a3eb364a98135217336699291016ebb10f" },
  2: { sql: "ce90b60272513351e137defe8ba356ef29144e6ed031dc8a871299f93c91bb95", source: "b571b1b4aa46b4e9ca23df8c1f35652bc4160766198fd2cfcb7c91bf4e73b63f" },
  3: { sql: "73510b97f9433a926ff47ebed217a08d0e946447da309be1469583717ccf701d", source: "b0ae51eaafd621c4f4d1f8cb45c807a403fd36e801d845b0753e3a5ad8600faf" },
  4: { sql: "6c44aea4470ec3fcc27480dd38b6874efd2aa353375632194c6510c5cf751dd1", source: "89b56cac055ea08485ba1050e82ae5d97a714d9c60dae8f29f0171a82f4b5d5b" },
  5: { sql: "9746fe54c90eacc8d8421560b0c3cd5f4bbca93c8f962222af0b64cc3aaa55d6", source: "cdb4ed959a295ff774a16161e721b944f330d4262b634e6b4f3ba813b6971332" },
  6: { sql: "20a8e7b753cf795935a1c7b836ccfe19e9ae731d17fece84133fcee0f26f3233", source: "451cd164cf8ad82c1899c6c99b81a7a5ffde69e297db099e02e40ee2b9a2cd77" },
  7: { sql: "de50da41a94df136f4e8d1de95d0e507e80ba0a5003aa5335fac17be4b29d860", source: "47586fd410c6a4e90c6468f36bed91cdd39600abea9cf96333106ffa0d5173e3" },
  8: { sql: "7d1f5cd65bd94eb9fc374271d5ddb68bc0bb3c8c348f727e96bcc0475053e7de", source: "467158c68ee9c77bc868c41b4cd235aea17a2fb49155fb3d2849978ef113312c" },
  9: { sql: "81fb8305df7b9e70c631413aee29c4a58c3a9f9c2e01049acf4049c78b663556", source: "ef8425946a933f3698444df8c940312fdbd88945d9a49202b610099c9e74acbd" },
  10: { sql: "76cf343222b25f548dc2282c54733ef78a6fce2ddf5884f51d9e5d5f2a2a7c83", source: "89037d4b7e1e424e71e16d68c43e5020dc66d3f6f9841a73cbd3d3376004191e" },
  11: { sql: "f9995b096d529ebe76f455f89772c24399d726d96a1151c49f1ec0ffefd88b74", source: "44eb57143b1862f2cc078ca71e98714038ea9bebb7070bd92777e1514c730e45" },
  12: { sql: "5c7db1421c9ca3a405bafe9f23763505d0e059199156123ece9c7e41519f8f41", source: "76799612ff30d5e18b0dd1a466357de0c6952149ed329a54a5ed96f9f4355c3a" },
  13: { sql: "3be46e9581a920885d05659fc93f47d665788fefd277788e134abca660f2cfbc", source: "732ff0790321561b77bfb2849a23154b8bed5c8d6cc0a74b29c13aad1a2bf84a" },
};

const DIRECTORY = join(__dirname, "..", "..", "src", "postgres", "migrations");
const sha256 = (text: string): string => createHash("sha256").update(text).digest("hex");

/** The migration files by version (`0001-stock-serialization.ts` is version 1). */
function migrationFiles(): Map<number, string> {
  const files = readdirSync(DIRECTORY).filter((name) => /^\d{4}-.+\.ts$/.test(name));
  return new Map(files.map((name) => [Number(name.slice(0, 4)), join(DIRECTORY, name)]));
}

/** A migration file's source without its import lines, with LF line ends. */
function sourceOf(path: string): string {
  return readFileSync(path, "utf8").replace(/\r\n/g, "\n").replace(/^import\s[\s\S]*?from\s+"[^"]+";[ \t]*\n/gm, "");
}

describe("migrations are append-only", () => {
  test("versions are numbered 0, 1, 2, … in order, with no gap, one file each", () => {
    expect(MIGRATIONS.map((migration) => migration.version)).toEqual(MIGRATIONS.map((_, index) => index));
    expect([...migrationFiles().keys()].sort((a, b) => a - b)).toEqual(MIGRATIONS.map((migration) => migration.version));
  });

  test.each(MIGRATIONS.map((migration) => [migration.version, migration] as const))("released migration %i has not been edited: neither its SQL nor its run() nor its helpers", (version, migration) => {
    expect(FROZEN[version]).toBeDefined();
    expect(sha256(migration.sql("public"))).toBe(FROZEN[version]?.sql);
    expect(sha256(sourceOf(migrationFiles().get(version) ?? ""))).toBe(FROZEN[version]?.source);
  });

  test("migration 0 is exactly the SQL the first release (7ae6849) ran", () => {
    const released = readFileSync(join(__dirname, "upgrade", "fixtures", "7ae6849-migration-0.sql"), "utf8");
    expect(MIGRATIONS[0]?.sql("public")).toBe(released);
  });
});
