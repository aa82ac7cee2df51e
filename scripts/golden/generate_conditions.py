#!/usr/bin/python3
"""Writes the studies of tests/golden/conditions: one MOS test of four systems run under three
conditions (Chiang et al.'s Table 1: no qualification, approval rate, a passed pre-test) whose
winners differ, and one study whose listeners differ in platform, instruction arm, headphone
screening and intake answers (for --by). Ratings are integers 1-5 (many ties), some submissions
have no `seconds`, one clip has no system ("(none)"), Tacotron2 is not rated under "approval",
and "pass-test" has a system ("Extra") no other condition rated.

    /usr/bin/python3 scripts/golden/generate_conditions.py tests/golden/conditions
"""

import json
import os
import random
import sys

SYSTEMS = ["GT", "FastSpeech2", "Tacotron2", "VITS"]


def clamp(x):
    return max(1, min(5, int(round(x))))


def study(sid, name, means, raters, clips_each, rng, annotator_extra=None, seconds_every=3, extra_clips=()):
    clips, subs, annotators = [], [], []
    sentences = [f"s{i + 1:02d}" for i in range(10)]
    for system in means:
        for sentence in sentences:
            cid = f"{system}_{sentence}"
            clips.append({"id": cid, "name": f"{cid}.wav", "duration": 2.5, "system": system, "sentence": sentence})
    for cid, clip in extra_clips:
        clips.append(dict(clip, id=cid, name=f"{cid}.wav", duration=2.0))
    rated = [c for c in clips]
    for r in range(raters):
        aid = f"{sid}-w{r + 1:02d}"
        annotator = {"id": aid, "role": "crowd"}
        if annotator_extra:
            annotator.update(annotator_extra(r, rng))
        annotators.append(annotator)
        bias = rng.uniform(-0.6, 0.6)
        for clip in rng.sample(rated, clips_each):
            mean = means.get(clip.get("system"), 3.0)
            sub = {"clipId": clip["id"], "annotatorId": aid, "score": clamp(rng.gauss(mean + bias, 0.8))}
            if (r + len(subs)) % seconds_every != 0:
                sub["seconds"] = round(rng.uniform(4, 40), 3)
            subs.append(sub)
    # A rater who never rated, and a finished clip without a rating: neither counts.
    annotators.append({"id": f"{sid}-idle", "role": "crowd"})
    subs.append({"clipId": clips[0]["id"], "annotatorId": f"{sid}-idle", "seconds": 12.5})
    return {
        "format": "redpen-annotations",
        "version": 1,
        "study": {"id": sid, "name": name, "binSeconds": 0.1, "task": "rate"},
        "taxonomy": [{"id": "undefined", "label": "Undefined"}],
        "clips": clips,
        "annotators": annotators,
        "submissions": subs,
        "regions": [],
        "reasonLabels": [],
    }


def profile(r, rng):
    extra = {}
    if r % 7 != 0:
        extra["platform"] = {"name": ["prolific", "mturk", "link"][r % 3], "participantId": f"P{r}"}
    prof = {}
    if r % 5 != 4:
        prof["arm"] = ["natural", "quality", "compare-to-human"][r % 3 if r % 2 else (r // 2) % 3]
    prof["country"] = ["US", "UK", "IN"][(r * 7) % 3]
    if r % 4:
        prof["nativeLanguages"] = ["en"] if r % 3 else ["hi", "en"]
    prof["headphones"] = r % 2 == 0
    extra["profile"] = prof
    if r % 6 != 5:
        entries = [{"test": "huggins", "trials": 6, "correct": 6 if r % 3 else 3, "passed": r % 3 != 0}]
        if r == 8:  # a retake: the last entry counts
            entries.insert(0, {"test": "huggins", "trials": 6, "correct": 2, "passed": False})
        extra["screening"] = entries
    return extra


def main(folder):
    rng = random.Random(20230814)
    os.makedirs(folder, exist_ok=True)
    studies = {
        "none": study(
            "none", "None", {"GT": 4.1, "FastSpeech2": 3.3, "Tacotron2": 3.5, "VITS": 3.2}, 14, 12, rng,
            extra_clips=[("nosys_s01", {"sentence": "s01"})],
        ),
        "approval": study(
            "approval", "Approval ≥ 95 %", {"GT": 4.3, "FastSpeech2": 3.4, "VITS": 3.6}, 12, 10, rng, seconds_every=2,
        ),
        "pass-test": study(
            "pass-test", "Pass test", {"GT": 4.6, "FastSpeech2": 3.1, "Tacotron2": 3.3, "VITS": 3.9}, 10, 14, rng,
            seconds_every=1000000,
            extra_clips=[("Extra_s01", {"system": "Extra", "sentence": "s01"})],
        ),
        "groups": study(
            "groups", "Listener groups", {"GT": 4.2, "FastSpeech2": 3.4, "Tacotron2": 3.5, "VITS": 3.6}, 30, 10, rng,
            annotator_extra=profile,
        ),
    }
    for name, data in studies.items():
        path = os.path.join(folder, f"{name}.input.json")
        with open(path, "w", encoding="utf-8") as f:
            json.dump(data, f, indent=1, ensure_ascii=False)
            f.write("\n")
        print(path)


if __name__ == "__main__":
    main(sys.argv[1])
