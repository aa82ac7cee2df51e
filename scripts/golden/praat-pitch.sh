#!/bin/sh
# Regenerates tests/golden/praat-pitch.json: Praat's `To Pitch` on the 20 demo clips, the
# independent reference the pitch tracker's accuracy test reads (Praat is not needed to test).
# Needs Debian's `praat` and python3.
set -eu
cd "$(dirname "$0")/../.."
tmp=$(mktemp)
praat --run scripts/golden/praat-pitch.praat "$PWD/public/audio/" "$tmp"
version=$(praat --version | head -n 1)
python3 - "$tmp" "$version" > tests/golden/praat-pitch.json <<'PY'
import json, sys
rows = [line.split("\t") for line in open(sys.argv[1]).read().strip().split("\n")]
clips = {}
for name, t, f in rows:
    clip = clips.setdefault(name, {"t1": float(t), "dt": 0.01, "f0": []})
    clip["f0"].append(round(float(f), 2))
print(json.dumps({
    "praat": sys.argv[2],
    "command": "To Pitch: 0.01, 75, 600 (frame i at t1 + i * dt seconds; F0 0 = unvoiced)",
    "clips": clips,
}, separators=(",", ":")))
PY
rm -f "$tmp"
