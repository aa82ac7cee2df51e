"""Independent reference for docs/spec/statistics.md's "Transcriptions and intelligibility (WER)"
and "Two-factor analysis of variance", used by reference.py.

Written apart from src/domain (no code shared): normalisation with unicodedata, the edit
distance by its own dynamic programme over Python lists, the spec's seeded generator ported to
Python integers, Kendall's tau-b from SciPy, and the ANOVAs as dense least-squares fits of the
indicator-coded design matrices with NumPy (numpy.linalg.lstsq and matrix_rank), F tails from
scipy.stats.f.sf.
"""

import math
import unicodedata

import numpy as np
from scipy import stats

NO_SYSTEM = "(none)"
MASK = 0xFFFFFFFF


def code_unit_key(s):
    return s.encode("utf-16-be")


# --- normalisation and tokens -----------------------------------------------------------------


def normalise(text):
    t = unicodedata.normalize("NFC", text).lower().replace("\u2019", "'").replace("\u02bc", "'")
    chars = []
    for ch in t:
        cat = unicodedata.category(ch)
        chars.append(ch if ch == "'" or cat[0] in "LMN" else " ")
    return " ".join(piece for piece in "".join(chars).split(" ") if piece != "")


def tokens(text, unit):
    n = normalise(text)
    if n == "":
        return []
    if unit == "word":
        return n.split(" ")
    return [ch for ch in n if ch != " "]


def edit_ops(ref, hyp):
    """(S, D, I) by the spec's walk back over the Levenshtein cost table."""
    n, m = len(ref), len(hyp)
    table = [[0] * (m + 1) for _ in range(n + 1)]
    for i in range(n + 1):
        table[i][0] = i
    for j in range(m + 1):
        table[0][j] = j
    for i in range(1, n + 1):
        for j in range(1, m + 1):
            table[i][j] = min(
                table[i - 1][j - 1] + (0 if ref[i - 1] == hyp[j - 1] else 1),
                table[i - 1][j] + 1,
                table[i][j - 1] + 1,
            )
    s = d = ins = 0
    i, j = n, m
    while i > 0 or j > 0:
        if i > 0 and j > 0 and ref[i - 1] == hyp[j - 1] and table[i - 1][j - 1] == table[i][j]:
            i, j = i - 1, j - 1
        elif i > 0 and j > 0 and table[i - 1][j - 1] + 1 == table[i][j]:
            s += 1
            i, j = i - 1, j - 1
        elif i > 0 and table[i - 1][j] + 1 == table[i][j]:
            d += 1
            i -= 1
        else:
            ins += 1
            j -= 1
    assert s + d + ins == table[n][m]
    return s, d, ins


# --- the spec's generator ---------------------------------------------------------------------


def imul(a, b):
    return ((a & MASK) * (b & MASK)) & MASK


def seeded_random(seed):
    units = [int.from_bytes(seed.encode("utf-16-le")[k : k + 2], "little") for k in range(0, len(seed.encode("utf-16-le")), 2)]
    h = (1779033703 ^ len(units)) & MASK
    for c in units:
        h = imul(h ^ c, 3432918353)
        h = ((h << 13) | (h >> 19)) & MASK
    state = [h]

    def draw():
        a = (state[0] + 0x6D2B79F5) & MASK
        state[0] = a
        t = imul(a ^ (a >> 15), 1 | a)
        t = ((t + imul(t ^ (t >> 7), 61 | t)) & MASK) ^ t
        return ((t ^ (t >> 14)) & MASK) / 4294967296

    return draw


def bootstrap(errors, refs, k, replicates, draw):
    m = len(errors)
    values = []
    for _ in range(replicates):
        e = n = 0
        for _ in range(k):
            idx = math.floor(draw() * m)
            e += errors[idx]
            n += refs[idx]
        values.append(e / n)
    values.sort()
    return [values[math.ceil(0.025 * replicates) - 1], values[math.ceil(0.975 * replicates) - 1]]


# --- ANOVA ------------------------------------------------------------------------------------


def design(rows, terms):
    """Indicator columns: intercept, then every level of each main effect, then every cell."""
    cols = [np.ones(len(rows))]
    for term in terms:
        values = [tuple(r[f] for f in term) for r in rows]
        for level in sorted(set(values)):
            cols.append(np.array([1.0 if v == level else 0.0 for v in values]))
    return np.column_stack(cols)


def fit(y, x):
    beta, _, rank, _ = np.linalg.lstsq(x, y, rcond=None)
    resid = y - x @ beta
    return float(resid @ resid), int(np.linalg.matrix_rank(x))


def anova(observations):
    """observations: dicts with system, sentence, listener, y."""
    if not observations:
        return []
    y = np.array([o["y"] for o in observations], dtype=float)
    n = len(y)
    rows = []
    for other in ("sentence", "listener"):
        rss_s, rank_s = fit(y, design(observations, [("system",)]))
        rss_o, rank_o = fit(y, design(observations, [(other,)]))
        rss_so, rank_so = fit(y, design(observations, [("system",), (other,)]))
        rss_f, rank_f = fit(y, design(observations, [("system",), (other,), ("system", other)]))
        # Every observation at its cell's mean: the error sum of squares is zero (not 1e-31).
        tss = float(((y - y.mean()) ** 2).sum())
        if rss_f <= 1e-20 * max(1.0, tss):
            rss_f = 0.0
        df_error = n - rank_f
        terms = [
            ("system", rss_o - rss_so, rank_so - rank_o),
            (other, rss_s - rss_so, rank_so - rank_s),
            (f"system:{other}", rss_so - rss_f, rank_f - rank_so),
        ]
        for term, ss, df in terms:
            row = {"model": other, "term": term, "df": df, "dfError": df_error, "F": None, "p": None, "partialEtaSq": None}
            if df > 0 and df_error > 0:
                mse = rss_f / df_error
                if mse > 0:
                    f = (ss / df) / mse
                    row["F"] = f
                    row["p"] = float(stats.f.sf(f, df, df_error)) if f > 0 else 1.0
                if ss + rss_f > 0:
                    row["partialEtaSq"] = ss / (ss + rss_f)
            rows.append(row)
    return rows


# --- the report section -----------------------------------------------------------------------


def kendall_tau_b(x, y):
    if len(x) < 2 or len(set(x)) < 2 or len(set(y)) < 2:
        return None
    tau = stats.kendalltau(x, y).statistic
    return None if math.isnan(tau) else float(tau)


def group_text(value):
    if value is None:
        return "(none)"
    if isinstance(value, list):
        return ",".join(sorted((group_text(v) for v in value), key=code_unit_key))
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def wer_counts(items):
    ref = sum(t["ref"] for t in items)
    err = sum(t["errors"] for t in items)
    return {"transcripts": len(items), "refTokens": ref, "errors": err, "wer": err / ref}


def intelligibility(data, signed_rank, holm):
    settings = data["study"].get("transcription", {})
    unit = settings.get("unit", "word")
    seed = settings.get("seed", "redpen")
    replicates = settings.get("replicates", 1000)
    alpha = settings.get("alpha", 0.05)
    group_by = settings.get("groupBy")
    clip_by_id = {c["id"]: c for c in data["clips"]}
    role = {a["id"]: a["role"] for a in data["annotators"]}
    profile = {a["id"]: a.get("profile", {}) for a in data["annotators"]}

    listeners, machines, unscored = [], [], 0
    for sub in data["submissions"]:
        if "transcript" not in sub:
            continue
        clip = clip_by_id[sub["clipId"]]
        ref = tokens(clip["text"], unit) if "text" in clip else []
        if not ref:
            unscored += 1
            continue
        s, d, ins = edit_ops(ref, tokens(sub["transcript"], unit))
        item = {
            "annotator": sub["annotatorId"],
            "system": clip.get("system", NO_SYSTEM),
            "stimulus": clip["sentence"] if "sentence" in clip else "clip:" + clip["id"],
            "ref": len(ref),
            "S": s,
            "D": d,
            "I": ins,
            "errors": s + d + ins,
        }
        item["wer"] = item["errors"] / item["ref"]
        (machines if role[sub["annotatorId"]] == "asr" else listeners).append(item)
    if not listeners and not machines:
        return None

    systems = sorted({t["system"] for t in listeners}, key=code_unit_key)
    per_stimulus = {}
    by_system = {}
    for x in systems:
        mine = [t for t in listeners if t["system"] == x]
        stim = {}
        for t in mine:
            e, r = stim.get(t["stimulus"], (0, 0))
            stim[t["stimulus"]] = (e + t["errors"], r + t["ref"])
        ids = sorted(stim, key=code_unit_key)
        per_stimulus[x] = {k: stim[k] for k in ids}
        errors = [stim[k][0] for k in ids]
        refs = [stim[k][1] for k in ids]
        c = wer_counts(mine)
        by_system[x] = {
            "transcripts": len(mine),
            "listeners": len({t["annotator"] for t in mine}),
            "stimuli": len(ids),
            "refTokens": c["refTokens"],
            "errors": c["errors"],
            "substitutions": sum(t["S"] for t in mine),
            "deletions": sum(t["D"] for t in mine),
            "insertions": sum(t["I"] for t in mine),
            "wer": c["wer"],
            "meanWer": float(np.mean([t["wer"] for t in mine])),
            "ci95": bootstrap(errors, refs, len(ids), replicates, seeded_random(f"{seed}/{x}")),
        }

    pairs = []
    for i, a in enumerate(systems):
        for b in systems[i + 1 :]:
            sa, sb = per_stimulus[a], per_stimulus[b]
            common = [k for k in sa if k in sb]
            d = [round_1e9(sa[k][0] / sa[k][1] - sb[k][0] / sb[k][1]) for k in common]
            w, p = signed_rank(d)
            pairs.append({"a": a, "b": b, "stimuli": len(d), "meanDiff": float(np.mean(d)) if d else None, "w": w, "p": p, "pHolm": None, "significant": False})
    holm(pairs)
    for pr in pairs:
        pr["significant"] = pr["pHolm"] is not None and pr["pHolm"] < alpha
    sig = {(pr["a"], pr["b"]): pr["significant"] for pr in pairs}

    def significant(x, y):
        return sig.get((x, y), False) or sig.get((y, x), False)

    order = sorted(systems, key=lambda x: (by_system[x]["wer"], code_unit_key(x)))
    # Every maximal run: all runs [i, j] with no significant pair inside, kept when no other
    # run contains them (checked by brute force over all candidate runs).
    runs = []
    for i in range(len(order)):
        for j in range(i, len(order)):
            if all(not significant(order[p], order[q]) for p in range(i, j + 1) for q in range(p + 1, j + 1)):
                runs.append((i, j))
    maximal = [r for r in runs if not any(o != r and o[0] <= r[0] and r[1] <= o[1] for o in runs)]
    groups = [order[i : j + 1] for i, j in sorted(maximal)]

    largest = max((len(v) for v in per_stimulus.values()), default=0)
    ks = list(range(20, largest + 1, 20))
    if largest % 20 != 0:
        ks.append(largest)
    curve = []
    for k in ks:
        widths = []
        for x in systems:
            ids = list(per_stimulus[x])
            if not ids:
                continue
            lo, hi = bootstrap([per_stimulus[x][s][0] for s in ids], [per_stimulus[x][s][1] for s in ids], k, replicates, seeded_random(f"{seed}/{x}/{k}"))
            widths.append(hi - lo)
        curve.append(
            {"k": k, "systems": len(widths), "meanWidth": float(np.mean(widths)), "sdWidth": float(np.std(widths, ddof=1)) if len(widths) >= 2 else None}
        )

    asr = {}
    for rid in sorted({t["annotator"] for t in machines}, key=code_unit_key):
        mine = [t for t in machines if t["annotator"] == rid]
        per = {x: wer_counts([t for t in mine if t["system"] == x]) for x in sorted({t["system"] for t in mine}, key=code_unit_key)}
        both = [x for x in per if x in by_system]
        asr[rid] = {"bySystem": per, "kendallTau": kendall_tau_b([by_system[x]["wer"] for x in both], [per[x]["wer"] for x in both])}

    out = {
        "unit": unit,
        "scored": len(listeners),
        "unscored": unscored,
        "bySystem": by_system,
        "pairs": pairs,
        "groups": groups,
        "stimuliCurve": curve,
        "asr": asr,
    }
    if group_by is not None:
        groups_of = {}
        for t in listeners:
            groups_of.setdefault(group_text(profile[t["annotator"]].get(group_by)), []).append(t)
        out["byListenerGroup"] = {
            g: {x: wer_counts([t for t in groups_of[g] if t["system"] == x]) for x in sorted({t["system"] for t in groups_of[g]}, key=code_unit_key)}
            for g in sorted(groups_of, key=code_unit_key)
        }
    out["anova"] = anova([{"system": t["system"], "sentence": t["stimulus"], "listener": t["annotator"], "y": t["wer"]} for t in listeners])
    return out


def round_1e9(d):
    return math.floor(d * 1e9 + 0.5) / 1e9
