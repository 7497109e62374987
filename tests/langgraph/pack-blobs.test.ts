// Blobs travel to Postgres as one bytea parameter (raw bytes) with each one's offset and length;
// the statements cut them out again. Row equality with the stock saver is tests/postgres/storage-differential.pg.test.ts.
import { fencedPutSql, fencedWritesSql } from "../../src/postgres/continuation/fence-sql.js";
import { packBlobs } from "../../src/langgraph/index.js";

describe("packBlobs", () => {
  test("keeps each blob's place and length, an empty blob apart from a missing one", () => {
    const packed = packBlobs([Buffer.from("ab"), undefined, new Uint8Array([]), null, new Uint8Array([0, 255])]);
    expect(packed.offsets).toEqual([0, 2, 2, 2, 2]);
    expect(packed.lengths).toEqual([2, null, 0, null, 2]);
    expect(packed.bytes).toEqual(Buffer.from([0x61, 0x62, 0, 255]));
    const cut = packed.lengths.map((length, index) => (length === null ? null : packed.bytes.subarray(packed.offsets[index], packed.offsets[index]! + length)));
    expect(cut).toEqual([Buffer.from("ab"), null, Buffer.alloc(0), null, Buffer.from([0, 255])]);
  });

  test("no blob at all packs to nothing", () => {
    expect(packBlobs([])).toEqual({ offsets: [], lengths: [], bytes: Buffer.alloc(0) });
  });

  test("the write statements take no bytea[] parameter (pg would send it as hex text)", () => {
    for (const sql of [fencedPutSql("public"), fencedWritesSql("public", false), fencedWritesSql("public", true)]) {
      expect(sql).not.toMatch(/bytea\[\]/);
      expect(sql).toMatch(/substring\(\$\d+::bytea FROM \w+\.off \+ 1 FOR \w+\.len\)/);
    }
  });
});
