// The test databases' template (pgliteTemplate.ts): a copy is a migrated, empty database of its
// own, and the template is made again when the migrations change (its folder's name).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, expect, test } from "vitest";
import { MIGRATIONS, migrate } from "../../src/server/migrations.ts";
import { openMigratedPglite } from "./pgliteTemplate.ts";

const dir = mkdtempSync(path.join(tmpdir(), "redpen-template-test-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

test("a copy of the template has every migration, no data, and is a database of its own", async () => {
  const a = await openMigratedPglite(path.join(dir, "a"));
  const b = await openMigratedPglite(path.join(dir, "b"));
  try {
    // Nothing left to apply; every migration recorded.
    expect(await migrate(a)).toEqual([]);
    const versions = await a.query<{ version: number }>(
      "SELECT version FROM schema_migrations ORDER BY version",
    );
    expect(versions.map((v) => v.version)).toEqual(MIGRATIONS.map((m) => m.version));
    for (const table of [
      "studies",
      "clips",
      "participants",
      "sessions",
      "assignments",
      "submissions",
      "settings",
    ]) {
      const [row] = await a.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`);
      expect(row?.n, table).toBe(0);
    }
    // A write to one copy is not in the other.
    await a.query("INSERT INTO settings (key, value) VALUES ('token_sha256', 'x')");
    const [inB] = await b.query<{ n: number }>("SELECT count(*)::int AS n FROM settings");
    expect(inB?.n).toBe(0);
  } finally {
    await a.close();
    await b.close();
  }
});
