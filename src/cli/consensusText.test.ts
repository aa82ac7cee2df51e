// `stats FILE` prints the crowd consensus and the experts' agreement on reasons
// (tests/golden/experts.input.json, whose figures the golden test checks against NumPy and
// scikit-learn; here the layout, rows read back from those figures, and the empty cases).
import { readFileSync } from "node:fs";
import { expect, test } from "vitest";
import { runAnalysisCli } from "./analysisCommands.ts";

function run(argv: string[]) {
  let out = "";
  const code = runAnalysisCli(argv, {
    stdout: (t) => {
      out += t;
    },
    stderr: () => {},
    readFile: (p) => readFileSync(p, "utf8"),
  });
  return { code, out };
}

const section = (out: string, title: string) => {
  const from = out.indexOf(title);
  return out.slice(from, out.indexOf("\n\n", out.indexOf("\n\n", from) + 2));
};

test("the consensus section: summary, then one row per crowd annotator", () => {
  const { code, out } = run(["stats", "tests/golden/experts.input.json"]);
  expect(code).toBe(0);
  const text = section(out, "Crowd consensus (0.1 s bins, crowd annotators only)");
  expect(text).toMatch(/Clips \(two or more crowd annotations\) +24\n/);
  expect(text).toMatch(/Bins +634\n/);
  // 127 of 634 bins (0.2003) and 140 of 634 (0.2208), as tests/golden/experts.expected.json.
  expect(text).toMatch(/Majority consensus \(share of bins\) +0\.200\n/);
  expect(text).toMatch(/Model consensus \(share of bins\) +0\.221\n/);
  expect(text).toMatch(/EM +converged in 65 rounds/);
  expect(text).toMatch(/\n {2}w1 +24 +634 +0\.860 +0\.945 +0\.719 +0\.812\n/);
  expect(text).toMatch(/\n {2}w5 +18 +497 +0\.417 +0\.498 +0\.092 +-0\.058\n/);
  // Experts do not vote.
  expect(text).not.toMatch(/\n {2}e1 /);
});

test("the expert-agreement section: a column per pair, the mean, -0 printed as 0", () => {
  const { out } = run(["stats", "tests/golden/experts.input.json"]);
  const text = section(out, "Expert agreement on reasons");
  expect(text).toMatch(/reason +e1–e2 +e1–e3 +e2–e3 +mean\n/);
  expect(text).toMatch(/High pitch +0\.636 +0\.438 +0\.333 +0\.469\n/);
  expect(text).toMatch(/End of speech +— +— +— +—\n/);
  expect(text).toMatch(/\(all reasons\) +0\.559 +0\.342 +0\.023 +0\.308\n/);
  expect(text).toMatch(/\(shared spans\) +65 +12 +6/);
  expect(out).not.toContain("-0.000");
});

test("without two crowd annotations on a clip or two labellers of one span: said, not blank", () => {
  expect(run(["stats", "tests/golden/empty.input.json"]).out).toContain(
    "Crowd consensus\n  (no clip has two or more crowd annotations)\n",
  );
  expect(run(["stats", "tests/golden/mos.input.json"]).out).toContain(
    "Expert agreement on reasons\n  (no two annotators labelled reasons on the same span)\n",
  );
});

test("EM that stops at its limit says so (the generated medium study: random marks)", () => {
  const { out } = run(["stats", "tests/golden/medium.input.json"]);
  expect(out).toMatch(
    /EM +stopped after 1000 rounds without converging: the marks barely determine the model\n/,
  );
});
