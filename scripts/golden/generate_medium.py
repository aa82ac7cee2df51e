#!/usr/bin/python3
"""Writes tests/golden/medium.input.json: a seeded synthetic study of 200 clips, 4 crowd
annotators and an expert, for the golden tests. Deterministic: the same seed gives the same file.

    /usr/bin/python3 scripts/golden/generate_medium.py tests/golden/medium.input.json
"""

import json
import random
import sys

TAXONOMY = [
    ("end_of_speech", "End of speech"), ("silence", "Silence"), ("high_pitch", "High pitch"),
    ("voice_trembling", "Voice trembling"), ("flat_pitch", "Flat pitch"), ("energy", "Energy-related"),
    ("spacing", "Spacing"), ("word_duration", "Word duration"), ("accuracy", "Accuracy"),
    ("background_noise", "Background noise"), ("undefined", "Undefined"),
]
SYSTEMS = ["human", "N13", "N17", "N18", "B01"]


def main(path):
    rng = random.Random(20261122)
    crowd = ["w01", "w02", "W03", "w04"]
    clips, submissions, regions, labels = [], [], [], []
    for i in range(200):
        system = SYSTEMS[i % len(SYSTEMS)] if i % 37 != 5 else None
        clip = {"id": f"c{i:03d}", "name": f"{system or 'unknown'}_{i:05d}.wav", "duration": round(rng.uniform(1.2, 6.0), 3)}
        if i % 23 == 7:
            clip["duration"] = round(rng.randint(12, 48) * 0.1, 1)  # whole multiples of 0.1 s
        if system is not None:
            clip["system"] = system
        clip["sentence"] = f"{30000 + i // len(SYSTEMS)}"
        if system == "human":
            clip["isReference"] = True
        quality = 0.2 if system == "human" else rng.uniform(0.3, 1.0)
        if i % 4 != 0:
            clip["score"] = round(5 - 3.5 * quality + rng.gauss(0, 0.4), 2)
        clips.append(clip)
        # Each clip gets 0-4 annotators; most get 3.
        k = rng.choices([0, 1, 2, 3, 4], weights=[1, 2, 4, 10, 3])[0]
        for annotator in rng.sample(crowd, k):
            submission = {"clipId": clip["id"], "annotatorId": annotator}
            if rng.random() < 0.5:
                submission["score"] = rng.randint(1, 5)
            if rng.random() < 0.9:
                submissions.append(submission)  # otherwise regions only, no submission
            n_regions = rng.choices([0, 1, 2, 3], weights=[3, 5, 3, 1])[0]
            for _ in range(n_regions):
                d = clip["duration"]
                start = rng.uniform(0, d * 1.02)
                end = start + rng.uniform(0.05, 1.2) * quality
                if rng.random() < 0.2:
                    start, end = round(start, 1), round(end, 1) + 0.1  # boundary hits and float noise
                    if end <= start:
                        end = start + 0.1
                rid = f"r{len(regions):04d}"
                regions.append({"id": rid, "clipId": clip["id"], "annotatorId": annotator, "start": start, "end": end})
                if rng.random() < 0.7:
                    reasons = rng.sample([t for t, _ in TAXONOMY], rng.choices([1, 2, 3], weights=[6, 3, 1])[0])
                    labels.append({"regionId": rid, "annotatorId": "e1", "reasons": reasons})
    data = {
        "format": "redpen-annotations",
        "version": 1,
        "study": {"id": "medium", "name": "Seeded synthetic study", "binSeconds": 0.1},
        "taxonomy": [{"id": t, "label": label} for t, label in TAXONOMY],
        "clips": clips,
        "annotators": [{"id": a, "role": "crowd"} for a in crowd] + [{"id": "e1", "role": "expert"}],
        "submissions": submissions,
        "regions": regions,
        "reasonLabels": labels,
    }
    with open(path, "w", encoding="utf-8") as f:
        json.dump(data, f, indent=1)
        f.write("\n")


if __name__ == "__main__":
    main(sys.argv[1])
