#!/usr/bin/python3
"""Writes tests/golden/mos.input.json: a small listening test built to reach every case of the
spec's "Listening-test scores": an exact signed-rank pair (distinct |d|), a pair whose
differences are all zero (p null), ties among |d| (normal approximation), a system rated once
(sd and CI null), clips without a sentence (never paired) and without a system ("(none)"), and a
submission without a score. More than 25 sentences are in medium.input.json.

    /usr/bin/python3 scripts/golden/generate_mos.py tests/golden/mos.input.json
"""

import json
import sys

# Per sentence, the two raters' scores of systems A and B: A − B = 0.5, −1, 1.5, 2, −2.5, 3.
A = [(4, 5), (3, 3), (5, 4), (5, 5), (1, 2), (5, 5)]
B = [(4, 4), (4, 4), (3, 3), (3, 3), (4, 4), (2, 2)]
# C equals A (all differences zero); T has |d| ties against B: 1, 1, −1, 2, 2, 0.
T = [(5, 5), (3, 3), (2, 2), (5, 5), (5, 5), (2, 2)]


def main(path):
    clips, subs = [], []
    for s in range(6):
        sentence = f"s{s + 1}"
        for system, table in (("A", A), ("B", B), ("C", A), ("T", T)):
            cid = f"{system}_{sentence}"
            clips.append({"id": cid, "name": f"{cid}.wav", "duration": 2.0, "system": system, "sentence": sentence})
            for rater, score in zip(("r1", "r2"), table[s]):
                subs.append({"clipId": cid, "annotatorId": rater, "score": score})
    clips.append({"id": "D_s1", "name": "D_s1.wav", "duration": 1.5, "system": "D", "sentence": "s1"})
    subs.append({"clipId": "D_s1", "annotatorId": "r3", "score": 4})
    clips.append({"id": "E_free", "name": "E_free.wav", "duration": 1.0, "system": "E"})
    subs += [{"clipId": "E_free", "annotatorId": "r1", "score": 2}, {"clipId": "E_free", "annotatorId": "r2", "score": 3}]
    clips.append({"id": "nosys", "name": "nosys.wav", "duration": 1.0, "sentence": "s1"})
    subs.append({"clipId": "nosys", "annotatorId": "r1", "score": 1})
    subs.append({"clipId": "nosys", "annotatorId": "r3"})  # finished without a rating
    data = {
        "format": "redpen-annotations",
        "version": 1,
        "study": {"id": "mos", "name": "Listening-test edge cases", "binSeconds": 0.1},
        "taxonomy": [{"id": "undefined", "label": "Undefined"}],
        "clips": clips,
        "annotators": [{"id": r, "role": "crowd"} for r in ("r1", "r2", "r3")],
        "submissions": subs,
        "regions": [],
        "reasonLabels": [],
    }
    with open(path, "w", encoding="utf-8") as f:
        json.dump(data, f, indent=2)
        f.write("\n")


if __name__ == "__main__":
    main(sys.argv[1])
