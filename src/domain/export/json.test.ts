import { expect, test } from "vitest";
import { parseAnnotationText } from "../interchange/schema.ts";
import { exportFixture } from "./fixture.test-data.ts";
import { toInterchangeJson } from "./json.ts";

test("the JSON export reads back as the same file", () => {
  const file = exportFixture();
  const text = toInterchangeJson(file);
  expect(text.startsWith('{\n  "format": "redpen-annotations",\n  "version": 1,')).toBe(true);
  const parsed = parseAnnotationText(text, "pilot.json");
  expect(parsed).toMatchObject({ ok: true, file, warnings: [] });
  if (parsed.ok) expect(parsed.file).toEqual(file);
});
