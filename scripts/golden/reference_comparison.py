"""Independent reference for docs/spec/statistics.md, "Paired comparisons (A/B preference and
CMOS)", used by reference.py. Nothing is shared with src/domain/stats/comparison.ts: the Wilson
interval comes from statsmodels' proportion_confint(method="wilson"), the exact binomial test
from scipy.stats.binomtest, the CCR interval from NumPy and scipy.stats.t, and the Bradley-Terry
strengths from Newton's method on the log-strengths (the app uses Hunter's MM update), with a
line search so that every step raises the log-likelihood. The listener bootstrap draws with the
spec's seeded generator, ported in reference_intelligibility.py.
"""

import math

import numpy as np
from scipy import stats
from statsmodels.stats.proportion import proportion_confint

import reference_intelligibility as ri

NO_SYSTEM = "(none)"


def code_unit_key(s):
    return s.encode("utf-16-be")


def items_of(pair, clips):
    if "clipId" in pair:
        return pair["a"], pair["b"]
    return clips[pair["a"]].get("system", NO_SYSTEM), clips[pair["b"]].get("system", NO_SYSTEM)


def side_preferred(j):
    if "choice" in j:
        return j["choice"] if j["choice"] in ("a", "b") else None
    s = j["score"]
    return "b" if s > 0 else ("a" if s < 0 else None)


def log_likelihood(theta, w):
    """The spec's objective in log-strengths theta (virtual games against an item of strength 1)."""
    k = len(theta)
    total = 0.0
    for i in range(k):
        for j in range(k):
            if i != j and w[i][j] > 0:
                total += w[i][j] * -np.logaddexp(0.0, theta[j] - theta[i])
        total += -np.logaddexp(0.0, -theta[i]) - np.logaddexp(0.0, theta[i])
    return total


def bt_newton(w):
    """Maximises the spec's Bradley-Terry likelihood by Newton's method on theta = log(pi)."""
    k = len(w)
    theta = np.zeros(k)
    for _ in range(200):
        grad = np.zeros(k)
        hess = np.zeros((k, k))
        for i in range(k):
            s_virtual = 1.0 / (1.0 + math.exp(-theta[i]))  # pi_i / (pi_i + 1)
            grad[i] += 1.0 - 2.0 * s_virtual  # one virtual win, two virtual games
            hess[i][i] -= 2.0 * s_virtual * (1.0 - s_virtual)
            for j in range(k):
                if i == j:
                    continue
                n_ij = w[i][j] + w[j][i]
                if n_ij == 0:
                    continue
                s = 1.0 / (1.0 + math.exp(theta[j] - theta[i]))
                grad[i] += w[i][j] - n_ij * s
                hess[i][i] -= n_ij * s * (1.0 - s)
                hess[i][j] += n_ij * s * (1.0 - s)
        step = np.linalg.solve(hess, -grad)
        t = 1.0
        base = log_likelihood(theta, w)
        while log_likelihood(theta + t * step, w) < base - 1e-12 and t > 1e-6:
            t /= 2
        theta = theta + t * step
        if np.max(np.abs(t * step)) < 1e-15:
            break
    return theta


def centred(theta):
    return [float(x) for x in np.asarray(theta) - float(np.mean(theta))]


def comparison(data):
    study = data["study"]
    settings = study.get("comparison", {})
    scale = settings.get("scale", "ab")
    qualification = study.get("qualification")
    q_pairs = set(qualification["pairs"]) if qualification else set()
    roles = {a["id"]: a["role"] for a in data["annotators"]}
    clips = {c["id"]: c for c in data["clips"]}
    pairs = {p["id"]: p for p in data.get("pairs", [])}

    counted = [j for j in data.get("judgments", []) if roles[j["annotatorId"]] != "asr" and j["pairId"] not in q_pairs]
    if not counted and qualification is None:
        return None

    same_item = 0
    # Per unordered pair of items: a list of (preferred item or None, advantage of the first item).
    per_pair = {}
    listener_games = {}
    for j in counted:
        pair = pairs[j["pairId"]]
        ia, ib = items_of(pair, clips)
        if ia == ib:
            same_item += 1
            continue
        x, y = sorted([ia, ib], key=code_unit_key)
        side = side_preferred(j)
        winner = None if side is None else (ia if side == "a" else ib)
        advantage = None
        if "score" in j:
            advantage = j["score"] if ib == x else -j["score"]
        per_pair.setdefault((x, y), []).append((winner, advantage))
        listener_games.setdefault(j["annotatorId"], []).append((x, y, winner))

    keys = sorted(per_pair, key=lambda k: (code_unit_key(k[0]), code_unit_key(k[1])))
    alpha = settings.get("alpha", 0.05)
    rows = []
    for x, y in keys:
        games = per_pair[(x, y)]
        a_wins = sum(1 for wnr, _ in games if wnr == x)
        b_wins = sum(1 for wnr, _ in games if wnr == y)
        n = a_wins + b_wins
        row = {
            "a": x,
            "b": y,
            "judgments": len(games),
            "aWins": a_wins,
            "bWins": b_wins,
            "same": len(games) - n,
            "preferA": a_wins / n if n else None,
            "ci95": [float(v) for v in proportion_confint(a_wins, n, alpha=0.05, method="wilson")] if n else None,
            "p": float(stats.binomtest(a_wins, n, 0.5).pvalue) if n else None,
            "pHolm": None,
            "significant": False,
        }
        if scale == "ccr":
            adv = np.array([v for _, v in games], dtype=float)
            m = len(adv)
            mean = float(np.mean(adv))
            row["meanDiff"] = mean
            if m >= 2:
                sd = float(np.std(adv, ddof=1))
                half = float(stats.t.ppf(0.975, m - 1)) * sd / math.sqrt(m)
                row["sd"] = sd
                row["meanDiffCi95"] = [mean - half, mean + half]
            else:
                row["sd"] = None
                row["meanDiffCi95"] = None
        rows.append(row)
    # Holm over the section's p, by hand.
    valid = sorted((r["p"], i) for i, r in enumerate(rows) if r["p"] is not None)
    running = 0.0
    for rank, (p, i) in enumerate(valid):
        running = max(running, (len(valid) - rank) * p)
        rows[i]["pHolm"] = min(1.0, running)
        rows[i]["significant"] = rows[i]["pHolm"] < alpha

    return {
        "scale": scale,
        "judgments": sum(r["judgments"] for r in rows),
        "sameItem": same_item,
        "pairs": rows,
        "bradleyTerry": bradley_terry(rows, listener_games, settings.get("seed", "redpen"), settings.get("replicates", 1000)),
        "qualification": pretest(data, qualification, roles, clips, pairs) if qualification else None,
    }


def win_matrix(items, games_lists):
    index = {it: i for i, it in enumerate(items)}
    k = len(items)
    w = [[0.0] * k for _ in range(k)]
    for games in games_lists:
        for x, y, winner in games:
            i, j = index[x], index[y]
            if winner == x:
                w[i][j] += 1
            elif winner == y:
                w[j][i] += 1
            else:
                w[i][j] += 0.5
                w[j][i] += 0.5
    return w


def bradley_terry(rows, listener_games, seed, replicates):
    items = sorted({r["a"] for r in rows} | {r["b"] for r in rows}, key=code_unit_key)
    if not items:
        return {}
    listeners = sorted(listener_games, key=code_unit_key)
    strength = centred(bt_newton(win_matrix(items, [listener_games[l] for l in listeners])))
    draw = ri.seeded_random(seed + "/bradley-terry")
    L = len(listeners)
    samples = [[] for _ in items]
    for _ in range(replicates):
        drawn = [listeners[math.floor(draw() * L)] for _ in range(L)]
        s = centred(bt_newton(win_matrix(items, [listener_games[l] for l in drawn])))
        for i, v in enumerate(s):
            samples[i].append(v)
    lo_rank, hi_rank = math.ceil(0.025 * replicates), math.ceil(0.975 * replicates)
    out = {}
    for i, item in enumerate(items):
        ordered = sorted(samples[i])
        out[item] = {
            "strength": strength[i],
            "rank": 1 + sum(1 for v in strength if v > strength[i]),
            "ci95": [ordered[lo_rank - 1], ordered[hi_rank - 1]],
        }
    return out


def pretest(data, qualification, roles, clips, pairs):
    listed = set(qualification["pairs"])
    threshold = qualification.get("passAccuracy", 0.7)
    tally = {}
    for j in data.get("judgments", []):
        if j["pairId"] not in listed or roles[j["annotatorId"]] == "asr":
            continue
        pair = pairs[j["pairId"]]
        natural = "a" if clips[pair["a"]].get("isReference", False) else "b"
        t = tally.setdefault(j["annotatorId"], [0, 0])
        t[0] += 1
        t[1] += 1 if j.get("choice") == natural else 0
    accuracies = [c / n for n, c in tally.values()]
    return {
        "pairs": len(qualification["pairs"]),
        "passAccuracy": threshold,
        "participants": len(accuracies),
        "passed": sum(1 for a in accuracies if a >= threshold),
        "histogram": [{"accuracy": a, "participants": accuracies.count(a)} for a in sorted(set(accuracies))],
    }
