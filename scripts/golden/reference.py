#!/usr/bin/python3
"""Independent reference implementation of docs/spec/statistics.md, for golden test values.

Written separately from src/domain/stats (no code shared, different structure): bins are
computed with Python integers by testing every bin against the spec's overlap rule, Cohen's
kappa comes from scikit-learn on the concatenated bin vectors, Pearson and Spearman from SciPy,
and Krippendorff's alpha from its textbook coincidence-matrix definition over a units x coders
matrix in NumPy, the listening-test scores from SciPy (t.ppf, wilcoxon) with Holm by hand, the
paired comparisons from statsmodels (Wilson) and SciPy (binomtest) with Bradley-Terry by
Newton's method (reference_comparison.py), and a model's saliency against the listeners'
regions by max-pooling of its own (reference_saliency.py).

Usage (Debian's python3 with python3-sklearn and python3-scipy, and statsmodels):
    /usr/bin/python3 scripts/golden/reference.py FILE.input.json [--bin-seconds B]   # report to stdout
    /usr/bin/python3 scripts/golden/reference.py --all tests/golden                   # regenerate all
    /usr/bin/python3 scripts/golden/reference.py --conditions tests/golden/conditions # compare --json
"""

import argparse
import glob
import json
import math
import os
import sys
import warnings

import numpy as np
from scipy import stats
from sklearn.metrics import cohen_kappa_score

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import reference_comparison as rcmp  # noqa: E402
import reference_conditions as rc  # noqa: E402
import reference_intelligibility as ri  # noqa: E402
import reference_saliency as rs  # noqa: E402

Z_975 = 1.959963984540054
NO_SYSTEM = "(none)"
# Studies that are also run at other bin widths: <name>.bin-<B>.expected.json.
EXTRA_BIN_WIDTHS = {"bins": [0.05, 0.25], "medium": [0.05, 0.25]}


def us(t):
    """JavaScript's Math.round(t * 1e6): nearest integer, ties toward +infinity."""
    x = t * 1e6
    f = math.floor(x)
    return f + 1 if x - f >= 0.5 else f


def code_unit_key(s):
    """Sort key giving JavaScript's `<` order on strings (UTF-16 code units)."""
    return s.encode("utf-16-be")


def mean_or_none(values):
    return sum(values) / len(values) if values else None


def none_if_nan(x):
    return None if x is None or (isinstance(x, float) and math.isnan(x)) else float(x)


def snap_unit(r):
    """|r| within 4 machine epsilons of 1 is exactly 1 (as in the app)."""
    if abs(r) >= 1 - 4 * sys.float_info.epsilon:
        return 1.0 if r > 0 else -1.0
    return r


def kappa(x, y):
    if len(x) == 0:
        return None
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        k = cohen_kappa_score(x, y, labels=[0, 1])
    return none_if_nan(k)


def krippendorff_alpha_nominal(matrix):
    """Textbook alpha from a units x coders matrix (NaN = no value); None when De == 0."""
    matrix = np.asarray(matrix, dtype=float)
    if matrix.size == 0:
        return None
    categories = np.unique(matrix[~np.isnan(matrix)])
    # n_uc: how many coders gave category c in unit u.
    counts = np.stack([(matrix == c).sum(axis=1) for c in categories], axis=1).astype(float)
    m = counts.sum(axis=1)
    pairable = m >= 2
    counts, m = counts[pairable], m[pairable]
    if counts.shape[0] == 0:
        return None
    ncat = len(categories)
    o = np.zeros((ncat, ncat))
    for c in range(ncat):
        for k in range(ncat):
            same = 1.0 if c == k else 0.0
            o[c, k] = np.sum(counts[:, c] * (counts[:, k] - same) / (m - 1))
    n_c = o.sum(axis=1)
    n = n_c.sum()
    delta = 1.0 - np.eye(ncat)  # nominal metric
    d_o = np.sum(o * delta) / n
    d_e = np.sum(np.outer(n_c, n_c) * delta) / (n * (n - 1))
    if d_e == 0:
        return None
    return float(1.0 - d_o / d_e)


def correlation(lengths, scores):
    n = len(lengths)
    out = {"n": n, "pearson": None, "p": None, "ci95": None, "spearman": None}
    if n < 3 or len(set(lengths)) == 1 or len(set(scores)) == 1:
        return out
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        r, p_scipy = stats.pearsonr(lengths, scores)
        rho = stats.spearmanr(lengths, scores).correlation
    r = snap_unit(float(r))
    if abs(r) == 1:
        p = 0.0
    else:
        t = r * math.sqrt((n - 2) / (1 - r * r))
        p = float(2 * stats.t.sf(abs(t), n - 2))
        # Self-check: the t route and SciPy's own (beta distribution) p must agree.
        assert math.isclose(p, p_scipy, rel_tol=1e-8, abs_tol=1e-15), (p, p_scipy)
    ci = None
    if n >= 4 and abs(r) != 1:
        z = math.atanh(r)
        half = Z_975 / math.sqrt(n - 3)
        ci = [math.tanh(z - half), math.tanh(z + half)]
    out.update(pearson=r, p=p, ci95=ci, spearman=none_if_nan(snap_unit(float(rho))))
    return out


def js_round_1e9(d):
    """JavaScript's Math.round(d * 1e9) / 1e9 (halves toward +infinity)."""
    return math.floor(d * 1e9 + 0.5) / 1e9


def mos(data):
    """Listening-test scores: t intervals from SciPy's t.ppf, Wilcoxon from scipy.stats.wilcoxon
    (method chosen as the spec says), Holm by hand."""
    clip_by_id = {c["id"]: c for c in data["clips"]}
    ratings, raters, per_sentence = {}, {}, {}
    for sub in data["submissions"]:
        score = sub.get("score")
        clip = clip_by_id.get(sub["clipId"])
        if not isinstance(score, (int, float)) or isinstance(score, bool) or clip is None:
            continue
        system = clip.get("system", NO_SYSTEM)
        ratings.setdefault(system, []).append(float(score))
        raters.setdefault(system, set()).add(sub["annotatorId"])
        if "sentence" in clip:
            per_sentence.setdefault(system, {}).setdefault(clip["sentence"], []).append(float(score))
    systems = sorted(ratings, key=code_unit_key)
    by_system = {}
    for name in systems:
        x = np.array(ratings[name])
        n = len(x)
        mean = float(np.mean(x))
        sd = float(np.std(x, ddof=1)) if n >= 2 else None
        ci = None
        if n >= 2:
            half = float(stats.t.ppf(0.975, n - 1)) * sd / math.sqrt(n)
            ci = [mean - half, mean + half]
        by_system[name] = {"n": n, "raters": len(raters[name]), "mean": mean, "sd": sd, "ci95": ci}
    pairs = []
    for i, a in enumerate(systems):
        for b in systems[i + 1 :]:
            sa, sb = per_sentence.get(a, {}), per_sentence.get(b, {})
            common = [t for t in sa if t in sb]
            d = [js_round_1e9(float(np.mean(sa[t])) - float(np.mean(sb[t]))) for t in common]
            w, p = signed_rank(d)
            pairs.append(
                {"a": a, "b": b, "sentences": len(d), "meanDiff": float(np.mean(d)) if d else None, "w": w, "p": p, "pHolm": None}
            )
    holm(pairs)
    observations = []
    for sub in data["submissions"]:
        score = sub.get("score")
        clip = clip_by_id.get(sub["clipId"])
        if not isinstance(score, (int, float)) or isinstance(score, bool) or clip is None:
            continue
        observations.append(
            {
                "system": clip.get("system", NO_SYSTEM),
                "sentence": clip["sentence"] if "sentence" in clip else "clip:" + clip["id"],
                "listener": sub["annotatorId"],
                "y": float(score),
            }
        )
    return {"bySystem": by_system, "pairs": pairs, "anova": ri.anova(observations)}


def signed_rank(d):
    """Wilcoxon signed-rank (w, p) from scipy.stats.wilcoxon, method chosen as the spec says."""
    nz = [x for x in d if x != 0]
    m = len(nz)
    w, p = 0.0, None
    if m > 0:
        ranks = stats.rankdata(np.abs(nz))
        w = float(sum(r for r, x in zip(ranks, nz) if x > 0))
        ties = len(set(abs(x) for x in nz)) < m
        method = "exact" if m <= 25 and not ties else "approx"
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            p = float(stats.wilcoxon(nz, zero_method="wilcox", correction=False, method=method).pvalue)
        if math.isnan(p):
            p = None
    return w, p


def holm(pairs):
    """Holm: ascending p, running maximum of (k - j + 1) * p(j), capped at 1; sets pHolm."""
    valid = sorted((pr["p"], idx) for idx, pr in enumerate(pairs) if pr["p"] is not None)
    k = len(valid)
    running = 0.0
    for j, (p, idx) in enumerate(valid):
        running = max(running, (k - j) * p)
        pairs[idx]["pHolm"] = min(1.0, running)


def report(data, bin_seconds=None):
    if bin_seconds is None:
        bin_seconds = data["study"].get("binSeconds", 0.1)
    b = us(bin_seconds)
    clips = data["clips"]
    clip_by_id = {c["id"]: c for c in clips}
    taxonomy = [t["id"] for t in data["taxonomy"]]
    annotator_ids = sorted((a["id"] for a in data["annotators"]), key=code_unit_key)

    duration_us = {c["id"]: us(c["duration"]) for c in clips}
    n_bins = {cid: -(-d // b) for cid, d in duration_us.items()}  # ceil with integers

    def clamp(r):
        return us(r["start"]), min(us(r["end"]), duration_us[r["clipId"]])

    # Annotations: (clip, annotator) with a submission or at least one region.
    annotated = {}  # clip id -> set of annotator ids
    for s in data["submissions"]:
        annotated.setdefault(s["clipId"], set()).add(s["annotatorId"])
    for r in data["regions"]:
        annotated.setdefault(r["clipId"], set()).add(r["annotatorId"])

    spans = {}  # (clip, annotator) -> list of non-empty clamped (s, e)
    for r in data["regions"]:
        s, e = clamp(r)
        if e > s:
            spans.setdefault((r["clipId"], r["annotatorId"]), []).append((s, e))

    def vector(cid, aid):
        k_count = n_bins[cid]
        v = [0] * k_count
        for s, e in spans.get((cid, aid), []):
            for k in range(k_count):
                if s < (k + 1) * b and e > k * b:
                    v[k] = 1
        return v

    def union_us(cid, aid):
        total, cur = 0, None
        for s, e in sorted(spans.get((cid, aid), [])):
            if cur is None:
                cur = [s, e]
            elif s <= cur[1]:
                cur[1] = max(cur[1], e)
            else:
                total += cur[1] - cur[0]
                cur = [s, e]
        if cur is not None:
            total += cur[1] - cur[0]
        return total

    vectors = {(cid, aid): vector(cid, aid) for cid, aids in annotated.items() for aid in aids}
    annotated_clips = [c for c in clips if c["id"] in annotated]
    n_annotations = len(vectors)

    # ---- dataset
    nonempty = [clamp(r) for r in data["regions"]]
    nonempty = [(s, e) for s, e in nonempty if e > s]
    dataset = {
        "clips": len(clips),
        "annotatedClips": len(annotated_clips),
        "annotations": n_annotations,
        "meanDuration": mean_or_none([c["duration"] for c in annotated_clips]),
        "regionsPerAnnotation": len(nonempty) / n_annotations if n_annotations else None,
        "meanRegionLength": mean_or_none([(e - s) / 1e6 for s, e in nonempty]),
        "reasonLabelsPerRegion": mean_or_none([len(l["reasons"]) for l in data["reasonLabels"]]),
    }

    # ---- agreement: pooled pairwise kappa over concatenated vectors
    pairs = []
    for i, a in enumerate(annotator_ids):
        for bb in annotator_ids[i + 1 :]:
            shared = [c["id"] for c in clips if a in annotated.get(c["id"], ()) and bb in annotated[c["id"]]]
            if not shared:
                continue
            x = [v for cid in shared for v in vectors[(cid, a)]]
            y = [v for cid in shared for v in vectors[(cid, bb)]]
            pairs.append({"a": a, "b": bb, "clips": len(shared), "bins": len(x), "kappa": kappa(x, y)})
    defined = [p["kappa"] for p in pairs if p["kappa"] is not None]

    multi = [c for c in clips if len(annotated.get(c["id"], ())) >= 2]
    clip_means, undefined_clips = [], 0
    units = []  # rows of the units x coders matrix
    union_bins = overlap_bins = total_bins = 0
    for c in multi:
        cid = c["id"]
        aids = sorted(annotated[cid], key=code_unit_key)
        ks = []
        for i, a in enumerate(aids):
            for bb in aids[i + 1 :]:
                k = kappa(vectors[(cid, a)], vectors[(cid, bb)])
                if k is not None:
                    ks.append(k)
        if ks:
            clip_means.append(sum(ks) / len(ks))
        else:
            undefined_clips += 1
        for k in range(n_bins[cid]):
            row = [float(vectors[(cid, a)][k]) if a in annotated[cid] else np.nan for a in annotator_ids]
            units.append(row)
            marks = [vectors[(cid, a)][k] for a in aids]
            total_bins += 1
            union_bins += 1 if any(marks) else 0
            overlap_bins += 1 if all(marks) else 0

    agreement = {
        "meanPairwiseKappa": mean_or_none(defined),
        "perClipMeanKappa": mean_or_none(clip_means),
        "perClipUndefined": undefined_clips,
        "krippendorffAlpha": krippendorff_alpha_nominal(units) if units else None,
        "unionFraction": union_bins / total_bins if total_bins else None,
        "overlapFraction": overlap_bins / total_bins if total_bins else None,
        "pairs": pairs,
    }

    # ---- score and length
    lengths, scores = [], []
    for c in annotated_clips:
        cid = c["id"]
        micros = [union_us(cid, a) for a in annotated[cid]]
        if "score" in c:
            score = c["score"]
        else:
            sub_scores = [s["score"] for s in data["submissions"] if s["clipId"] == cid and "score" in s]
            if not sub_scores:
                continue
            score = sum(sub_scores) / len(sub_scores)
        # l from integer microseconds (spec): (sum of annotated us / annotations) / 1e6
        lengths.append(sum(micros) / len(micros) / 1e6)
        scores.append(score)

    # ---- error types
    region_clip = {r["id"]: r["clipId"] for r in data["regions"]}

    def error_types(clip_ids):
        n = sum(1 for cid in clip_ids if cid in annotated)
        counts = {t: 0 for t in taxonomy}
        for label in data["reasonLabels"]:
            if region_clip[label["regionId"]] in clip_ids:
                for reason in label["reasons"]:
                    counts[reason] += 1
        return {"clips": n, "perSample": {t: (counts[t] / n if n else None) for t in taxonomy}}

    systems = sorted({c.get("system", NO_SYSTEM) for c in clips}, key=code_unit_key)
    by_system = {
        name: error_types({c["id"] for c in clips if c.get("system", NO_SYSTEM) == name}) for name in systems
    }

    # ---- annotators
    annotators = []
    for a in annotator_ids:
        mine = [cid for cid, aids in annotated.items() if a in aids]
        ref = [cid for cid in mine if clip_by_id[cid].get("isReference", False)]
        marked = sum(sum(vectors[(cid, a)]) for cid in ref)
        bins = sum(len(vectors[(cid, a)]) for cid in ref)
        regions = sum(1 for r in data["regions"] if r["annotatorId"] == a and clamp(r)[1] > clamp(r)[0])
        annotators.append(
            {
                "id": a,
                "annotations": len(mine),
                "regions": regions,
                "referenceMarkedFraction": marked / bins if bins else None,
            }
        )

    return {
        "binSeconds": bin_seconds,
        "dataset": dataset,
        "agreement": agreement,
        "correlation": correlation(lengths, scores),
        "errorTypes": {"overall": error_types({c["id"] for c in clips}), "bySystem": by_system},
        "annotators": annotators,
        "mos": mos(data),
        "intelligibility": ri.intelligibility(data, signed_rank, holm),
        "comparison": rcmp.comparison(data),
        "consensus": consensus(data, n_bins, annotated, vectors),
        "expertAgreement": expert_agreement(data),
        "saliency": rs.saliency(data, bin_seconds),
    }


def dawid_skene(votes, mask):
    """Two-class Dawid-Skene by EM. votes: items x workers 0/1 array, mask: True where the
    worker labelled the item. Starts from the share of marks per item; M-step then E-step until
    the log-likelihood per item gains less than 1e-10 in a round (at most 1000 rounds).
    Sensitivity and specificity are kept in [1e-6, 1 - 1e-6]."""
    eps, tol = 1e-6, 1e-10
    labelled = mask.astype(float)
    marks = (votes * labelled).sum(axis=1)
    t = marks / labelled.sum(axis=1)
    converged = False
    ll = -math.inf
    iterations = 0
    for _ in range(1000):
        iterations += 1
        prevalence = np.clip(t.mean(), eps, 1 - eps)
        pos_den = (t[:, None] * labelled).sum(axis=0)
        neg_den = ((1 - t)[:, None] * labelled).sum(axis=0)
        pos_num = (t[:, None] * labelled * votes).sum(axis=0)
        neg_num = ((1 - t)[:, None] * labelled * (1 - votes)).sum(axis=0)
        with np.errstate(invalid="ignore", divide="ignore"):
            se = np.where(pos_den > 0, pos_num / pos_den, 0.5)
            sp = np.where(neg_den > 0, neg_num / neg_den, 0.5)
        se = np.clip(se, eps, 1 - eps)
        sp = np.clip(sp, eps, 1 - eps)
        log1 = math.log(prevalence) + (labelled * (votes * np.log(se) + (1 - votes) * np.log(1 - se))).sum(axis=1)
        log0 = math.log(1 - prevalence) + (labelled * (votes * np.log(1 - sp) + (1 - votes) * np.log(sp))).sum(axis=1)
        t = 1 / (1 + np.exp(log0 - log1))
        previous, ll = ll, float(np.logaddexp(log0, log1).mean())
        if ll - previous < tol:
            converged = True
            break
    return prevalence, se, sp, t, converged, iterations


def consensus(data, n_bins, annotated, vectors):
    """Majority vote and Dawid-Skene consensus over the bins of clips with >= 2 crowd annotations,
    item by item (no pooling), and each crowd annotator's kappa (scikit-learn) against both."""
    crowd = sorted((a["id"] for a in data["annotators"] if a["role"] == "crowd"), key=code_unit_key)
    col = {a: i for i, a in enumerate(crowd)}
    items = []  # (clip id, bin index)
    rows = []
    used = []
    for c in data["clips"]:
        cid = c["id"]
        aids = [a for a in crowd if a in annotated.get(cid, set())]
        if len(aids) < 2 or n_bins[cid] == 0:
            continue
        used.append((cid, aids))
        for k in range(n_bins[cid]):
            items.append((cid, k))
            rows.append({a: vectors[(cid, a)][k] for a in aids})
    if not items:
        return {
            "clips": 0, "bins": 0, "majorityFraction": None, "modelFraction": None,
            "prevalence": None, "converged": True, "iterations": 0, "workers": [],
        }
    votes = np.zeros((len(items), len(crowd)))
    mask = np.zeros((len(items), len(crowd)), dtype=bool)
    for i, row in enumerate(rows):
        for a, x in row.items():
            votes[i, col[a]] = x
            mask[i, col[a]] = True
    prevalence, se, sp, t, converged, iterations = dawid_skene(votes, mask)
    majority = {}
    model = {}
    for i, (cid, k) in enumerate(items):
        row = rows[i]
        majority[(cid, k)] = 1 if 2 * sum(row.values()) > len(row) else 0
        model[(cid, k)] = 1 if t[i] > 0.5 else 0
    workers = []
    for a in crowd:
        mine = [cid for cid, aids in used if a in aids]
        if not mine:
            continue
        own = [x for cid in mine for x in vectors[(cid, a)]]
        maj = [majority[(cid, k)] for cid in mine for k in range(n_bins[cid])]
        mod = [model[(cid, k)] for cid in mine for k in range(n_bins[cid])]
        workers.append({
            "id": a,
            "annotations": len(mine),
            "bins": len(own),
            "sensitivity": float(se[col[a]]),
            "specificity": float(sp[col[a]]),
            "kappaMajority": kappa(own, maj),
            "kappaModel": kappa(own, mod),
        })
    n = len(items)
    return {
        "clips": len(used),
        "bins": n,
        "majorityFraction": sum(majority.values()) / n,
        "modelFraction": sum(model.values()) / n,
        "prevalence": float(prevalence),
        "converged": converged,
        "iterations": iterations,
        "workers": workers,
    }


def expert_agreement(data):
    """Per pair of labellers sharing spans: kappa (scikit-learn) per reason over the shared spans
    and over every (span, reason) cell; means over the pairs' defined values."""
    taxonomy = [t["id"] for t in data["taxonomy"]]
    reasons = {}  # labeller -> region -> set
    for label in data["reasonLabels"]:
        reasons.setdefault(label["annotatorId"], {}).setdefault(label["regionId"], set()).update(label["reasons"])
    labellers = sorted(reasons, key=code_unit_key)
    pairs = []
    for i, a in enumerate(labellers):
        for b in labellers[i + 1:]:
            shared = [r for r in reasons[a] if r in reasons[b]]
            if not shared:
                continue
            by_reason = {}
            all_x, all_y = [], []
            for t in taxonomy:
                x = [1 if t in reasons[a][r] else 0 for r in shared]
                y = [1 if t in reasons[b][r] else 0 for r in shared]
                all_x += x
                all_y += y
                by_reason[t] = kappa(x, y)
            pairs.append({"a": a, "b": b, "spans": len(shared), "overall": kappa(all_x, all_y), "byReason": by_reason})
    return {
        "pairs": pairs,
        "overall": mean_or_none([p["overall"] for p in pairs if p["overall"] is not None]),
        "byReason": {
            t: mean_or_none([p["byReason"][t] for p in pairs if p["byReason"][t] is not None]) for t in taxonomy
        },
    }


def write(path, obj):
    with open(path, "w", encoding="utf-8") as f:
        json.dump(obj, f, indent=2, allow_nan=False, ensure_ascii=False)
        f.write("\n")


def regenerate(folder):
    for input_path in sorted(glob.glob(os.path.join(folder, "*.input.json"))):
        name = os.path.basename(input_path)[: -len(".input.json")]
        with open(input_path, encoding="utf-8") as f:
            data = json.load(f)
        write(os.path.join(folder, f"{name}.expected.json"), report(data))
        print(f"{name}.expected.json")
        for width in EXTRA_BIN_WIDTHS.get(name, []):
            write(os.path.join(folder, f"{name}.bin-{width}.expected.json"), report(data, width))
            print(f"{name}.bin-{width}.expected.json")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("input", nargs="?", help="an interchange-format JSON file")
    parser.add_argument("--bin-seconds", type=float, default=None, help="override study.binSeconds")
    parser.add_argument("--all", metavar="FOLDER", help="regenerate FOLDER/*.expected.json from *.input.json")
    parser.add_argument(
        "--conditions", metavar="FOLDER",
        help="regenerate FOLDER/<case>.expected.json (compare --json) for the cases in FOLDER/cases.json",
    )
    args = parser.parse_args()
    if args.conditions:
        rc.regenerate(args.conditions, write)
    elif args.all:
        regenerate(args.all)
    elif args.input:
        with open(args.input, encoding="utf-8") as f:
            data = json.load(f)
        json.dump(report(data, args.bin_seconds), sys.stdout, indent=2, allow_nan=False, ensure_ascii=False)
        sys.stdout.write("\n")
    else:
        parser.error("give an input file or --all FOLDER")


if __name__ == "__main__":
    main()
