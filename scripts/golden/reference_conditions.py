"""Independent reference of docs/spec/statistics.md, "Comparing conditions (Chiang et al.'s Tables
1-4)", for the golden values of `compare --json` (tests/golden/conditions).

Written apart from src/domain/stats/conditions.ts (no code shared): the t quantile is the root of
SciPy's t CDF (Brent's method to the last bit; SciPy 1.10's own `t.ppf` is off by up to 4e-9
relative, e.g. 2.0210753829953374 for 40 degrees of freedom where the CDF's root is
2.0210753903062733), the Mann-Whitney test SciPy's `mannwhitneyu(method="asymptotic", use_continuity=False)`,
Kendall's tau-b SciPy's `kendalltau` (variant "b"), ranks and Holm's adjustment by hand.

    /usr/bin/python3 scripts/golden/reference.py --conditions tests/golden/conditions
"""

import glob
import json
import math
import os
import warnings

from scipy import optimize, stats

NO_SYSTEM = "(none)"
NO_GROUP = "(none)"
ALPHA = 0.05


def code_unit_key(s):
    """JavaScript's `<` order on strings (UTF-16 code units)."""
    return s.encode("utf-16-be")


def nan_to_none(x):
    x = float(x)
    return None if math.isnan(x) else x


def t_975(df):
    """The t quantile for 0.975: the root of SciPy's CDF, bracketed by 1 and t.ppf's value + 1."""
    return optimize.brentq(lambda x: stats.t.cdf(x, df) - 0.975, 1, float(stats.t.ppf(0.975, df)) + 1,
                           xtol=1e-15, rtol=8.9e-16, maxiter=500)


def as_text(value):
    """An intake answer as text, as the spec's byListenerGroup makes it (JavaScript's String())."""
    if value is None:
        return None
    if isinstance(value, list):
        return ",".join(sorted((as_text(v) if v is not None else NO_GROUP for v in value), key=code_unit_key))
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, dict):
        return json.dumps(value, separators=(",", ":"), ensure_ascii=False)
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def ratings(data):
    """(system, rater, score, seconds or None) for every submission with a score."""
    system_of = {c["id"]: c.get("system", NO_SYSTEM) for c in data["clips"]}
    out = []
    for s in data["submissions"]:
        if "score" not in s or s["clipId"] not in system_of:
            continue
        out.append((system_of[s["clipId"]], s["annotatorId"], float(s["score"]), s.get("seconds")))
    return out


def group_of(annotator, by):
    if by == "platform":
        return annotator.get("platform", {}).get("name")
    if by == "arm":
        return as_text(annotator.get("profile", {}).get("arm"))
    if by.startswith("screening:"):
        test = by[len("screening:"):]
        entries = [e for e in annotator.get("screening", []) if e["test"] == test]
        if not entries:
            return None
        return "passed" if entries[-1]["passed"] else "failed"
    return as_text(annotator.get("profile", {}).get(by))


def conditions_by(data, by):
    groups = {a["id"]: group_of(a, by) for a in data["annotators"]}
    by_group = {}
    for r in ratings(data):
        name = groups.get(r[1])
        if name is None:
            name = NO_GROUP
        by_group.setdefault(name, []).append(r)
    return [(name, by_group[name]) for name in sorted(by_group, key=code_unit_key)]


def summary(label, rs):
    seconds = {}
    for system, rater, score, sec in rs:
        seconds.setdefault(rater, [])
        if sec is not None:
            seconds[rater].append(sec)
    timed = [sum(v) for v in seconds.values() if v]
    return {
        "label": label,
        "raters": len(seconds),
        "ratings": len(rs),
        "minutesPerRater": (sum(timed) / len(timed) / 60) if timed else None,
    }


def compare(conditions):
    """conditions: [(label, [(system, rater, score, seconds)])] -> the spec's object."""
    per = [{} for _ in conditions]
    for i, (_, rs) in enumerate(conditions):
        for system, _rater, score, _sec in rs:
            per[i].setdefault(system, []).append(score)
    names = sorted({s for p in per for s in p}, key=code_unit_key)
    means = [{s: sum(v) / len(v) for s, v in p.items()} for p in per]
    systems = []
    for s in names:
        cells = []
        for i, p in enumerate(per):
            if s not in p:
                cells.append({"n": 0, "mean": None, "ci95HalfWidth": None, "rank": None})
                continue
            x = p[s]
            n = len(x)
            mean = means[i][s]
            half = None
            if n >= 2:
                sd = math.sqrt(sum((v - mean) ** 2 for v in x) / (n - 1))
                half = t_975(n - 1) * sd / math.sqrt(n)
            rank = 1 + sum(1 for m in means[i].values() if m > mean)
            cells.append({"n": n, "mean": mean, "ci95HalfWidth": half, "rank": rank})
        systems.append({"system": s, "byCondition": cells})
    labels = [label for label, _ in conditions]
    rankings = []
    for a in range(len(conditions)):
        for b in range(a + 1, len(conditions)):
            shared = [s for s in names if s in means[a] and s in means[b]]
            tau = None
            if len(shared) >= 2:
                with warnings.catch_warnings():
                    warnings.simplefilter("ignore")
                    tau = nan_to_none(
                        stats.kendalltau([means[a][s] for s in shared], [means[b][s] for s in shared]).statistic
                    )
            rankings.append({"a": labels[a], "b": labels[b], "systems": len(shared), "kendallTau": tau})
    differences = []
    for s in names:
        for a in range(len(conditions)):
            for b in range(a + 1, len(conditions)):
                if s not in per[a] or s not in per[b]:
                    continue
                with warnings.catch_warnings():
                    warnings.simplefilter("ignore")
                    res = stats.mannwhitneyu(per[a][s], per[b][s], method="asymptotic", use_continuity=False)
                differences.append({
                    "system": s, "a": labels[a], "b": labels[b],
                    "u": float(res.statistic), "p": nan_to_none(res.pvalue),
                    "pHolm": None, "significant": False,
                })
    # Holm by hand: ascending p, (k - j + 1) * p(j), running maximum, capped at 1.
    order = sorted((i for i, d in enumerate(differences) if d["p"] is not None), key=lambda i: differences[i]["p"])
    k = len(order)
    running = 0.0
    for j, i in enumerate(order):
        running = max(running, (k - j) * differences[i]["p"])
        differences[i]["pHolm"] = min(1.0, running)
        differences[i]["significant"] = differences[i]["pHolm"] < ALPHA
    return {
        "conditions": [summary(label, rs) for label, rs in conditions],
        "systems": systems,
        "rankings": rankings,
        "differences": differences,
    }


def run_case(folder, case):
    files = []
    for name in case["files"]:
        with open(os.path.join(folder, f"{name}.input.json"), encoding="utf-8") as f:
            files.append(json.load(f))
    if "by" in case:
        conditions = conditions_by(files[0], case["by"])
    else:
        labels = case.get("labels") or [d["study"]["name"] for d in files]
        conditions = [(label, ratings(d)) for label, d in zip(labels, files)]
    return compare(conditions)


def regenerate(folder, write):
    with open(os.path.join(folder, "cases.json"), encoding="utf-8") as f:
        cases = json.load(f)
    for old in glob.glob(os.path.join(folder, "*.expected.json")):
        os.remove(old)
    for case in cases:
        write(os.path.join(folder, f"{case['name']}.expected.json"), run_case(folder, case))
        print(f"{case['name']}.expected.json")
