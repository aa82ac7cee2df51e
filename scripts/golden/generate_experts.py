#!/usr/bin/python3
"""Writes tests/golden/experts.input.json: a crowd of five marking 24 clips from planted truth
(so the Dawid-Skene consensus has structure to find: two careful workers, two sloppy, one who
marks at random) and three experts labelling the crowd's spans with overlapping subsets, built
to reach every case of the spec's "Expert agreement on reasons": a pair sharing many spans,
a pair sharing few, a reason nobody chose (kappa null), a reason only one expert ever chose
(kappa 0 or null), and "undefined" excluding the others.

    /usr/bin/python3 scripts/golden/generate_experts.py tests/golden/experts.input.json
"""

import json
import random
import sys

TAXONOMY = [
    ("end_of_speech", "End of speech"), ("silence", "Silence"), ("high_pitch", "High pitch"),
    ("voice_trembling", "Voice trembling"), ("flat_pitch", "Flat pitch"), ("energy", "Energy"),
    ("spacing", "Spacing"), ("word_duration", "Word duration"), ("accuracy", "Accuracy"),
    ("background_noise", "Background noise"), ("undefined", "Undefined"),
]
# (id, P(mark | unnatural bin), P(no mark | natural bin))
WORKERS = [("w1", 0.9, 0.95), ("w2", 0.85, 0.9), ("w3", 0.6, 0.8), ("w4", 0.5, 0.7), ("w5", 0.5, 0.5)]
COMMON = ["high_pitch", "flat_pitch", "energy", "spacing", "word_duration", "undefined"]


def runs(bits):
    out, k = [], 0
    while k < len(bits):
        if not bits[k]:
            k += 1
            continue
        first = k
        while k < len(bits) and bits[k]:
            k += 1
        out.append((first, k))
    return out


def main(path):
    rnd = random.Random(20261125)
    clips, regions, subs = [], [], []
    for c in range(24):
        cid = f"c{c + 1:02d}"
        n = rnd.randint(15, 40)  # bins of 0.1 s
        duration = round(n / 10 - rnd.choice([0, 0.03, 0.05]), 2)
        clips.append({"id": cid, "name": f"{cid}.wav", "duration": duration, "system": "ABC"[c % 3]})
        # Truth: one or two unnatural stretches.
        truth = [0] * n
        for _ in range(rnd.randint(1, 2)):
            a = rnd.randrange(n)
            for k in range(a, min(n, a + rnd.randint(2, 8))):
                truth[k] = 1
        for wid, se, sp in WORKERS if c % 4 else WORKERS[:3]:
            bits = [(rnd.random() < se) if y else (rnd.random() >= sp) for y in truth]
            spans = runs(bits)
            subs.append({"clipId": cid, "annotatorId": wid, "score": rnd.randint(1, 5)})
            for i, (a, b) in enumerate(spans):
                regions.append({
                    "id": f"{cid}-{wid}-{i}", "clipId": cid, "annotatorId": wid,
                    "start": round(a / 10, 3), "end": round(min(b / 10, duration), 3),
                })
    labels = []
    for i, r in enumerate(regions):
        # e1 labels every span of w1 and w2; e2 every other one of those plus w3's; e3 w5's and a
        # few of w1's.
        owner = r["annotatorId"]
        first = rnd.sample(COMMON[:-1], rnd.randint(1, 2)) if rnd.random() > 0.1 else ["undefined"]
        if owner in ("w1", "w2"):
            labels.append({"regionId": r["id"], "annotatorId": "e1", "reasons": first})
            if i % 2 == 0:
                same = rnd.random() < 0.6
                second = first if same else rnd.sample(COMMON, rnd.randint(1, 2))
                if "undefined" in second:
                    second = ["undefined"]
                labels.append({"regionId": r["id"], "annotatorId": "e2", "reasons": second})
            if owner == "w1" and i % 5 == 0:  # e3 shares a few of w1's spans with e1 (and e2)
                labels.append({"regionId": r["id"], "annotatorId": "e3", "reasons": first if i % 3 else ["background_noise"]})
        elif owner == "w3":
            labels.append({"regionId": r["id"], "annotatorId": "e2", "reasons": first})
        elif owner == "w5":
            labels.append({"regionId": r["id"], "annotatorId": "e3", "reasons": ["background_noise"]})
    data = {
        "format": "redpen-annotations",
        "version": 1,
        "study": {"id": "experts", "name": "Consensus and expert agreement", "binSeconds": 0.1},
        "taxonomy": [{"id": i, "label": l} for i, l in TAXONOMY],
        "clips": clips,
        "annotators": [{"id": w, "role": "crowd"} for w, _, _ in WORKERS]
        + [{"id": e, "role": "expert"} for e in ("e1", "e2", "e3")],
        "submissions": subs,
        "regions": regions,
        "reasonLabels": labels,
    }
    with open(path, "w", encoding="utf-8") as f:
        json.dump(data, f, indent=2)
        f.write("\n")


if __name__ == "__main__":
    main(sys.argv[1])
