#!/usr/bin/python3
"""Writes the paired-comparison golden studies (docs/spec/statistics.md, "Paired comparisons"):

- compare-ab.input.json: an A/B test with "no difference" over systems A, B, C and a clip without
  a system ("(none)"), eight listeners of unequal diligence, a pair of two clips of one system
  (counted in sameItem only), a view pair (regions:union against regions:overlap), a recogniser's
  judgments (never counted) and a pair decided by ties only (no share, no test);
- compare-ccr.input.json: a CCR test (scores -3 ... 3, relative to the pair's a and b whatever
  side came first) over three systems, one pair judged once (sd and interval null);
- pretest.input.json: a rate study with the natural-pairs pre-test (four pairs, each with one
  reference clip; pass at 0.75) and six participants of accuracies 0, 0.5, 2/3 (answering only
  three pairs), 0.75 (twice) and 1, and a recogniser's answer (never counted); no main
  comparison, so pairs [] and bradleyTerry {}.

    /usr/bin/python3 scripts/golden/generate_comparison.py tests/golden
"""

import json
import os
import random
import sys


def base(study_id, name, study_extra):
    return {
        "format": "redpen-annotations",
        "version": 1,
        "study": {"id": study_id, "name": name, "binSeconds": 0.1, **study_extra},
        "taxonomy": [{"id": "undefined", "label": "Undefined"}],
        "clips": [],
        "annotators": [],
        "submissions": [],
        "regions": [],
        "reasonLabels": [],
        "pairs": [],
        "judgments": [],
    }


def clip(cid, system=None, sentence=None, reference=False):
    c = {"id": cid, "name": f"{cid}.wav", "duration": 2.0}
    if system is not None:
        c["system"] = system
    if sentence is not None:
        c["sentence"] = sentence
    if reference:
        c["isReference"] = True
    return c


def ab(rng):
    data = base("compare-ab", "A/B preference golden study", {"task": "compare", "comparison": {"scale": "ab", "seed": "golden-ab", "replicates": 400}})
    systems = ["A", "B", "C"]
    sentences = ["s1", "s2", "s3", "s4"]
    for s in sentences:
        for x in systems:
            data["clips"].append(clip(f"{x}_{s}", x, s))
    data["clips"].append(clip("plain_s1", None, "s1"))
    data["clips"].append(clip("A2_s1", "A", "s1"))
    listeners = [f"w{k}" for k in range(1, 9)]
    data["annotators"] = [{"id": w, "role": "crowd"} for w in listeners] + [{"id": "asr1", "role": "asr"}]
    # Probability that the first system of the pair wins, and of a tie.
    strength = {"A": 1.6, "B": 1.0, "C": 0.55, "(none)": 0.8}
    pid = 0
    for s in sentences:
        for i, x in enumerate(systems):
            for y in systems[i + 1 :]:
                # Alternate which system is side a, so that items and sides differ.
                a, b = (x, y) if (pid % 2 == 0) else (y, x)
                pid += 1
                data["pairs"].append({"id": f"p{pid:02d}", "a": f"{a}_{s}", "b": f"{b}_{s}"})
    data["pairs"].append({"id": "p90", "a": "plain_s1", "b": "B_s1"})
    data["pairs"].append({"id": "p91", "a": "A_s1", "b": "A2_s1"})  # one system: sameItem
    data["pairs"].append({"id": "v1", "clipId": "A_s1", "a": "regions:union", "b": "regions:overlap"})
    for k, w in enumerate(listeners):
        share = 1.0 if k < 5 else 0.5  # three listeners judge about half the pairs
        for p in data["pairs"]:
            if p["id"] == "v1" or rng.random() > share:
                continue
            if "clipId" in p:
                continue
            sa = next(c for c in data["clips"] if c["id"] == p["a"]).get("system", "(none)")
            sb = next(c for c in data["clips"] if c["id"] == p["b"]).get("system", "(none)")
            r = rng.random()
            tie = 0.15
            pa = (1 - tie) * strength[sa] / (strength[sa] + strength[sb])
            choice = "a" if r < pa else ("same" if r < pa + tie else "b")
            data["judgments"].append({"pairId": p["id"], "annotatorId": w, "choice": choice, "shownFirst": rng.choice(["a", "b"]), "playCounts": [1, rng.randint(1, 2)], "seconds": round(rng.uniform(4, 20), 1)})
    # The view pair: ties only for two listeners, so no share and no test.
    for w in ("w1", "w2"):
        data["judgments"].append({"pairId": "v1", "annotatorId": w, "choice": "same"})
    # A recogniser's judgments are never counted.
    for p in data["pairs"][:5]:
        data["judgments"].append({"pairId": p["id"], "annotatorId": "asr1", "choice": "b"})
    return data


def ccr(rng):
    data = base("compare-ccr", "CCR golden study", {"task": "compare", "comparison": {"scale": "ccr", "seed": "golden-ccr", "replicates": 300, "alpha": 0.1}})
    systems = ["N1", "N2", "N3"]
    sentences = ["t1", "t2", "t3"]
    for s in sentences:
        for x in systems:
            data["clips"].append(clip(f"{x}_{s}", x, s))
    data["clips"].append(clip("N4_t1", "N4", "t1"))
    listeners = [f"r{k}" for k in range(1, 7)]
    data["annotators"] = [{"id": r, "role": "crowd"} for r in listeners]
    quality = {"N1": 1.2, "N2": 0.4, "N3": -0.3, "N4": 0.0}
    pid = 0
    for s in sentences:
        for i, x in enumerate(systems):
            for y in systems[i + 1 :]:
                a, b = (x, y) if pid % 3 != 1 else (y, x)
                pid += 1
                data["pairs"].append({"id": f"c{pid:02d}", "a": f"{a}_{s}", "b": f"{b}_{s}"})
    data["pairs"].append({"id": "c99", "a": "N4_t1", "b": "N1_t1"})
    for r in listeners:
        for p in data["pairs"]:
            if p["id"] == "c99":
                continue
            sa = p["a"].split("_")[0]
            sb = p["b"].split("_")[0]
            score = round(quality[sb] - quality[sa] + rng.gauss(0, 1.1))
            score = max(-3, min(3, score))
            data["judgments"].append({"pairId": p["id"], "annotatorId": r, "score": score, "shownFirst": rng.choice(["a", "b"])})
    data["judgments"].append({"pairId": "c99", "annotatorId": "r1", "score": 2})
    return data


def pretest():
    data = base(
        "pretest",
        "Pre-test golden study",
        {"task": "rate", "qualification": {"pairs": ["q1", "q2", "q3", "q4"], "passAccuracy": 0.75}},
    )
    for k in range(1, 5):
        data["clips"].append(clip(f"nat{k}", "human", f"u{k}", reference=True))
        data["clips"].append(clip(f"syn{k}", "S1", f"u{k}"))
        # The natural recording on side a for q1 and q3, on side b for q2 and q4.
        a, b = (f"nat{k}", f"syn{k}") if k % 2 == 1 else (f"syn{k}", f"nat{k}")
        data["pairs"].append({"id": f"q{k}", "a": a, "b": b})
    people = {"p1": 4, "p2": 3, "p3": 3, "p4": 2, "p5": 0, "p6": 2}  # correct answers
    data["annotators"] = [{"id": p, "role": "crowd"} for p in people] + [{"id": "asr1", "role": "asr"}]
    for p, correct in people.items():
        answered = 3 if p == "p6" else 4
        for k in range(1, answered + 1):
            natural = "a" if k % 2 == 1 else "b"
            other = "b" if natural == "a" else "a"
            data["judgments"].append({"pairId": f"q{k}", "annotatorId": p, "choice": natural if k <= correct else other})
    data["judgments"].append({"pairId": "q1", "annotatorId": "asr1", "choice": "b"})
    for p in people:
        for k in range(1, 5):
            data["submissions"].append({"clipId": f"syn{k}", "annotatorId": p, "score": 1 + (k + len(p)) % 5})
    # p6 answered three pairs, two right: accuracy 2/3 (correct / trials), below the threshold.
    return data


def main(folder):
    rng = random.Random(39)
    for name, data in (("compare-ab", ab(rng)), ("compare-ccr", ccr(rng)), ("pretest", pretest())):
        path = os.path.join(folder, f"{name}.input.json")
        with open(path, "w", encoding="utf-8") as f:
            json.dump(data, f, indent=2)
            f.write("\n")
        print(path)


if __name__ == "__main__":
    main(sys.argv[1])
