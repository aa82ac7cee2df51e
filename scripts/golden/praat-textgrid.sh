#!/bin/sh
# Regenerates tests/golden/praat-textgrid.json: the exporter's TextGrids for the exporter tests'
# fixture study (src/domain/export/fixture.test-data.ts) and their edge cases
# (edge.test-data.ts), with the crowd consensus, as Praat itself reads them back: every tier,
# interval and point. Praat is not needed to test.
# Needs Debian's `praat`, tsx (npm ci) and python3.
set -eu
cd "$(dirname "$0")/../.."
dir=$(mktemp -d)
npx tsx -e '
import { writeFileSync } from "node:fs";
import { studyConsensus } from "./src/domain/export/consensus.ts";
import { edgeFixture } from "./src/domain/export/edge.test-data.ts";
import { exportFixture } from "./src/domain/export/fixture.test-data.ts";
import { textGridFiles } from "./src/domain/formats/textgrid/write.ts";
for (const file of [exportFixture(), edgeFixture()]) {
  for (const [name, text] of Object.entries(textGridFiles(file, studyConsensus(file).clips))) {
    writeFileSync(process.argv[1] + "/" + name, text);
  }
}
' "$dir"
praat --run scripts/golden/praat-textgrid.praat "$dir/" "$dir/out.tsv"
version=$(praat --version | head -n 1)
python3 - "$dir/out.tsv" "$version" > tests/golden/praat-textgrid.json <<'PY'
import json, re, sys
raw = open(sys.argv[1], "rb").read()
text = raw.decode("utf-16") if raw[:2] in (b"\xff\xfe", b"\xfe\xff") else raw.decode("utf-8")
unescape = lambda s: re.sub(r"\\(.)", lambda m: {"n": "\n", "t": "\t"}.get(m.group(1), m.group(1)), s)
rows = [[unescape(f) for f in line.split("\t")] for line in text.rstrip("\n").split("\n")]
files = {}
for name, tier, kind, tier_name, a, b, label in rows:
    tiers = files.setdefault(name, [])
    while len(tiers) < int(tier):
        tiers.append({"name": tier_name, "class": "IntervalTier" if kind == "interval" else "TextTier", "items": []})
    item = [float(a), float(b), label] if kind == "interval" else [float(a), label]
    tiers[int(tier) - 1]["items"].append(item)
print(json.dumps({"praat": sys.argv[2], "files": files}, ensure_ascii=False, indent=1))
PY
rm -rf "$dir"
