// The zip's central directory, read byte by byte (APPNOTE.TXT 4.3.12): what `unzip` looks at
// to decide how to decode a name and which permissions to give the file.
import { unzipSync } from "fflate";
import { expect, test } from "vitest";
import { zipTextFiles } from "./zip.ts";

interface CentralEntry {
  madeBy: number;
  host: number;
  flags: number;
  externalAttrs: number;
  name: Uint8Array;
}

function centralDirectory(zip: Uint8Array): CentralEntry[] {
  const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
  let end = zip.length - 22;
  while (end >= 0 && view.getUint32(end, true) !== 0x06054b50) end--;
  const count = view.getUint16(end + 10, true);
  let at = view.getUint32(end + 16, true);
  const entries: CentralEntry[] = [];
  for (let i = 0; i < count; i++) {
    expect(view.getUint32(at, true)).toBe(0x02014b50);
    const nameLength = view.getUint16(at + 28, true);
    const extraLength = view.getUint16(at + 30, true);
    const commentLength = view.getUint16(at + 32, true);
    entries.push({
      madeBy: view.getUint8(at + 4),
      host: view.getUint8(at + 5),
      flags: view.getUint16(at + 8, true),
      externalAttrs: view.getUint32(at + 38, true),
      name: zip.slice(at + 46, at + 46 + nameLength),
    });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

test("entries are made on Unix, mode 0644, and non-ASCII names carry the UTF-8 flag", () => {
  const zip = zipTextFiles(
    { "textgrid/日本.TextGrid": "x", "plain.txt": "y" },
    new Date(2026, 10, 24),
  );
  const [japanese, plain] = centralDirectory(zip);
  expect(japanese?.host).toBe(3);
  expect(japanese?.externalAttrs).toBe(0o100644 * 65536);
  expect((japanese?.flags ?? 0) & 0x800).toBe(0x800);
  expect([...(japanese?.name ?? [])]).toEqual([
    ...new TextEncoder().encode("textgrid/日本.TextGrid"),
  ]);
  expect(plain?.host).toBe(3);
  expect((plain?.flags ?? 0) & 0x800).toBe(0);
  expect(new TextDecoder().decode(unzipSync(zip)["textgrid/日本.TextGrid"])).toBe("x");
});
