import { readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import { runAnalysisCli } from "./analysisCommands.ts";
import type { CliIO } from "./studyFile.ts";

/** A mono 16-bit WAV of a 200 Hz sine, `seconds` long at 16 kHz. */
function sineWav(seconds: number): Uint8Array {
  const rate = 16000;
  const n = Math.round(seconds * rate);
  const buf = new ArrayBuffer(44 + 2 * n);
  const v = new DataView(buf);
  const str = (o: number, s: string) => {
    for (let i = 0; i < 4; i++) v.setUint8(o + i, s.charCodeAt(i));
  };
  str(0, "RIFF");
  v.setUint32(4, 36 + 2 * n, true);
  str(8, "WAVE");
  str(12, "fmt ");
  v.setUint32(16, 16, true);
  v.setUint16(20, 1, true);
  v.setUint16(22, 1, true);
  v.setUint32(24, rate, true);
  v.setUint32(28, rate * 2, true);
  v.setUint16(32, 2, true);
  v.setUint16(34, 16, true);
  str(36, "data");
  v.setUint32(40, 2 * n, true);
  for (let i = 0; i < n; i++) {
    v.setInt16(44 + 2 * i, Math.round(16384 * Math.sin((2 * Math.PI * 200 * i) / rate)), true);
  }
  return new Uint8Array(buf);
}

function run(argv: string[], files: Record<string, Uint8Array>) {
  let stdout = "";
  let stderr = "";
  const io: CliIO = {
    stdout: (t) => {
      stdout += t;
    },
    stderr: (t) => {
      stderr += t;
    },
    readFile: () => {
      throw new Error("features reads bytes, not text");
    },
    readBytes: (path) => {
      const bytes = files[path];
      if (bytes === undefined) throw Object.assign(new Error("ENOENT"), { code: "ENOENT" });
      return bytes;
    },
  };
  return { code: runAnalysisCli(argv, io), stdout, stderr };
}

describe("features", () => {
  test("--json: hop, F0 per frame (null unvoiced) and energy, frame k at k * hop", () => {
    const result = run(["features", "tone.wav", "--json"], { "tone.wav": sineWav(0.5) });
    expect(result.code).toBe(0);
    expect(result.stderr).toBe("");
    const json = JSON.parse(result.stdout) as {
      hop: number;
      f0: (number | null)[];
      energyDb: number[];
    };
    expect(json.hop).toBe(0.01);
    expect(json.f0.length).toBe(51); // 0.00 … 0.50 s
    expect(json.energyDb.length).toBe(51);
    // Inner frames: 200 Hz; a half-scale sine is 20·log10(0.5/√2) = -9.03 dB.
    for (let k = 5; k <= 45; k++) {
      expect(json.f0[k]).toBeCloseTo(200, 0);
      expect(json.energyDb[k]).toBeCloseTo(-9.03, 1);
    }
  });

  test("the summary names the clip, its frames and its F0", () => {
    const result = run(["features", "tone.wav"], { "tone.wav": sineWav(1) });
    expect(result.code).toBe(0);
    expect(result.stdout.split("\n")[0]).toBe(
      "tone.wav: 1.000 s at 16000 Hz, 101 frames every 0.01 s",
    );
    expect(result.stdout).toContain("F0 median       200.0 Hz");
  });

  test("a demo clip: the same numbers as the pitch tracker's accuracy test reads", () => {
    const bytes = readFileSync(new URL("../../public/audio/s03_flite.wav", import.meta.url));
    const json = JSON.parse(
      run(["features", "s03_flite.wav", "--json"], { "s03_flite.wav": bytes }).stdout,
    ) as { f0: (number | null)[] };
    const voiced = json.f0.filter((f) => f !== null) as number[];
    expect(voiced.length).toBeGreaterThan(100);
    // flite's slt voice is a female voice: F0 mostly 150–250 Hz.
    const sorted = [...voiced].sort((a, b) => a - b);
    expect(sorted[sorted.length >> 1]).toBeGreaterThan(150);
    expect(sorted[sorted.length >> 1]).toBeLessThan(250);
  });

  test("refusals name the file and the problem", () => {
    expect(run(["features", "missing.wav"], {})).toEqual({
      code: 2,
      stdout: "",
      stderr: "missing.wav: no such file\n",
    });
    const text = new TextEncoder().encode("not audio at all");
    expect(run(["features", "notes.txt"], { "notes.txt": text }).stderr).toBe(
      "notes.txt: not a WAV file: no RIFF/WAVE header\n",
    );
    expect(
      run(["features", "tone.wav", "--bin", "0.1"], { "tone.wav": sineWav(0.1) }).stderr,
    ).toContain("features takes only --json");
  });
});
