#!/usr/bin/python3
"""Writes tests/golden/saliency.input.json: a study with two models' saliency, built to reach
every case of the spec's "Model saliency against the listeners' regions": a hop that does not
divide the bin (0.03 s frames against 0.1 s bins, several frames per bin, max-pooled), an
offset leaving the first bins without a frame, frames starting past the clip's end (dropped)
and one running over it (clamped), a partial last bin, frame values equal in several bins, a
clip without a crowd annotation (left out), an expert's labelled region (counted in the type
values but not the annotated share), a region past its clip (clamped), and a model with too few
bins for r (null). Random values from a fixed seed.

    /usr/bin/python3 scripts/golden/generate_saliency.py tests/golden/saliency.input.json
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


def main(path):
    rng = random.Random(41)
    clips = [
        {"id": "c1", "name": "c1.wav", "duration": 2.37, "system": "A"},
        {"id": "c2", "name": "c2.wav", "duration": 1.5, "system": "B"},
        {"id": "c3", "name": "c3.wav", "duration": 3.05, "system": "A"},
        {"id": "c4", "name": "c4.wav", "duration": 1.0, "system": "B"},  # experts only
    ]
    annotators = [
        {"id": "w1", "role": "crowd"}, {"id": "w2", "role": "crowd"},
        {"id": "w3", "role": "crowd"}, {"id": "x1", "role": "expert"},
    ]
    submissions = [{"clipId": c, "annotatorId": a} for c in ("c1", "c2", "c3") for a in ("w1", "w2", "w3")]
    submissions.append({"clipId": "c4", "annotatorId": "x1"})
    regions = [
        {"id": "r1", "clipId": "c1", "annotatorId": "w1", "start": 0.3, "end": 0.9},
        {"id": "r2", "clipId": "c1", "annotatorId": "w2", "start": 0.55, "end": 1.2},
        {"id": "r3", "clipId": "c1", "annotatorId": "w1", "start": 2.0, "end": 2.5},  # past the end
        {"id": "r4", "clipId": "c1", "annotatorId": "x1", "start": 1.6, "end": 1.9},
        {"id": "r5", "clipId": "c2", "annotatorId": "w3", "start": 0.0, "end": 0.4},
        {"id": "r6", "clipId": "c2", "annotatorId": "w2", "start": 0.2, "end": 0.7},
        {"id": "r7", "clipId": "c3", "annotatorId": "w1", "start": 1.0, "end": 1.3},
        {"id": "r8", "clipId": "c3", "annotatorId": "w2", "start": 1.1, "end": 1.25},
        {"id": "r9", "clipId": "c3", "annotatorId": "w3", "start": 2.7, "end": 3.05},
        {"id": "r10", "clipId": "c4", "annotatorId": "x1", "start": 0.2, "end": 0.6},
    ]
    reason_labels = [
        {"regionId": "r1", "annotatorId": "w1", "reasons": ["high_pitch", "energy"]},
        {"regionId": "r2", "annotatorId": "w2", "reasons": ["energy"]},
        {"regionId": "r3", "annotatorId": "w1", "reasons": ["end_of_speech"]},
        {"regionId": "r4", "annotatorId": "x1", "reasons": ["spacing"]},
        {"regionId": "r5", "annotatorId": "w3", "reasons": ["silence"]},
        {"regionId": "r6", "annotatorId": "w2", "reasons": ["word_duration", "energy"]},
        {"regionId": "r6", "annotatorId": "x1", "reasons": ["accuracy"]},
        {"regionId": "r7", "annotatorId": "w1", "reasons": ["flat_pitch"]},
        {"regionId": "r9", "annotatorId": "w3", "reasons": ["end_of_speech"]},
        {"regionId": "r10", "annotatorId": "x1", "reasons": ["background_noise"]},
    ]

    def values(n):
        return [round(rng.random(), 6) for _ in range(n)]

    c2 = values(40)
    c2[10:14] = [0.5, 0.5, 0.5, 0.5]  # equal values over several bins
    saliency = [
        # 0.03 s frames: 80 frames reach 2.4 s, so the last one is clamped to 2.37 s.
        {"clipId": "c1", "model": "ssl-mos-ig", "hopSeconds": 0.03, "values": values(80)},
        # An offset of 0.25 s: bins 0 and 1 get no frame; frames past 1.5 s are dropped.
        {"clipId": "c2", "model": "ssl-mos-ig", "hopSeconds": 0.04, "offsetSeconds": 0.25, "values": c2},
        {"clipId": "c3", "model": "ssl-mos-ig", "hopSeconds": 0.02, "values": values(150)},
        {"clipId": "c4", "model": "ssl-mos-ig", "hopSeconds": 0.02, "values": values(50)},
        # A second model with only two frames of 0.1 s: two bins, r null.
        {"clipId": "c2", "model": "mosnet-grad", "hopSeconds": 0.1, "offsetSeconds": 0, "values": [0.2, 0.9]},
    ]
    data = {
        "format": "redpen-annotations",
        "version": 1,
        "study": {"id": "saliency", "name": "Model saliency against the listeners' regions", "binSeconds": 0.1},
        "taxonomy": [{"id": i, "label": label} for i, label in TAXONOMY],
        "clips": clips,
        "annotators": annotators,
        "submissions": submissions,
        "regions": regions,
        "reasonLabels": reason_labels,
        "saliency": saliency,
    }
    with open(path, "w", encoding="utf-8") as f:
        json.dump(data, f, indent=1)
        f.write("\n")


if __name__ == "__main__":
    main(sys.argv[1])
