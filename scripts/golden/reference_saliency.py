"""Independent reference for docs/spec/statistics.md, "Model saliency against the listeners'
regions" (the RedPen paper's Table 4), used by reference.py.

Written apart from src/domain/stats/saliency.ts: every frame is tested against every bin with
the spec's overlap rule in Python integers (microseconds), the model value of a bin is the
max over the overlapping frames, and Pearson's r is NumPy's corrcoef.
"""

import math
import sys

import numpy as np


def us(t):
    """JavaScript's Math.round(t * 1e6): nearest integer, ties toward +infinity."""
    x = t * 1e6
    f = math.floor(x)
    return f + 1 if x - f >= 0.5 else f


def code_unit_key(s):
    return s.encode("utf-16-be")


def pearson_or_none(x, y):
    """Pearson's r with NumPy; None below 3 points or with a constant side; |r| ~ 1 snapped."""
    if len(x) < 3 or len(set(x)) < 2 or len(set(y)) < 2:
        return None
    r = float(np.corrcoef(np.array(x, dtype=np.float64), np.array(y, dtype=np.float64))[0, 1])
    if abs(r) >= 1 - 4 * sys.float_info.epsilon:
        return 1.0 if r > 0 else -1.0
    return r


def saliency(data, bin_seconds):
    records = data.get("saliency") or []
    if not records:
        return None
    b = us(bin_seconds)
    clips = {c["id"]: c for c in data["clips"]}
    taxonomy = [t["id"] for t in data["taxonomy"]]
    crowd = {a["id"] for a in data["annotators"] if a["role"] == "crowd"}
    reasons = {}
    for label in data["reasonLabels"]:
        reasons.setdefault(label["regionId"], set()).update(label["reasons"])

    def crowd_annotators(cid):
        ids = {s["annotatorId"] for s in data["submissions"] if s["clipId"] == cid}
        ids |= {r["annotatorId"] for r in data["regions"] if r["clipId"] == cid}
        return sorted(ids & crowd)

    def marks(r, k, d):
        s, e = us(r["start"]), min(us(r["end"]), d)
        return e > s and s < (k + 1) * b and e > k * b

    out = {}
    for model in sorted({r["model"] for r in records}, key=code_unit_key):
        x, annotated, types = [], [], {t: [] for t in taxonomy}
        n_clips = 0
        for rec in records:
            if rec["model"] != model:
                continue
            cid = rec["clipId"]
            annotators = crowd_annotators(cid)
            if not annotators:
                continue
            n_clips += 1
            d = us(clips[cid]["duration"])
            n_bins = -(-d // b)
            o, h = us(rec.get("offsetSeconds", 0)), us(rec["hopSeconds"])
            frames = []
            for f, value in enumerate(rec["values"]):
                start = o + f * h
                if start >= d:
                    continue
                frames.append((start, min(start + h, d), value))
            regions = [r for r in data["regions"] if r["clipId"] == cid]
            for k in range(n_bins):
                lo, hi = k * b, (k + 1) * b
                over = [v for (s, e, v) in frames if s < hi and e > lo]
                if not over:
                    continue
                x.append(max(over))
                marked = sum(1 for a in annotators if any(r["annotatorId"] == a and marks(r, k, d) for r in regions))
                annotated.append(marked / len(annotators))
                here = set()
                for r in regions:
                    if marks(r, k, d):
                        here |= reasons.get(r["id"], set())
                for t in taxonomy:
                    types[t].append(1 if t in here else 0)
        out[model] = {
            "clips": n_clips,
            "bins": len(x),
            "overall": pearson_or_none(x, annotated),
            "byType": {t: pearson_or_none(x, types[t]) for t in taxonomy},
        }
    return out
