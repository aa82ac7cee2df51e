#!/usr/bin/env python3
"""ROVER in plain CPython (standard library only): the same algorithm as
src/domain/transcripts/rover.ts, as docs/spec/statistics.md ("Aggregating transcriptions
(ROVER)") states it, for `npm run bench:aggregate` to compare against and to check equal.

    python3 scripts/rover.py RESPONSES.csv > OUT.csv

Reads `task,output,performer` (or crowd-kit's `task,text,worker`), writes `task,output`, one
row per task in the order of first appearance.
"""
import csv
import sys
import unicodedata

_KEEP = {}


def _word_char(ch):
    kept = _KEEP.get(ch)
    if kept is None:
        kept = ch == "'" or unicodedata.category(ch)[0] in "LMN"
        _KEEP[ch] = kept
    return kept


def normalise(text):
    """NFC, lower case, ’ and ʼ as ', everything but letters, marks, numbers and ' as space."""
    text = unicodedata.normalize("NFC", text).lower().replace("\u2019", "'").replace("\u02bc", "'")
    return " ".join("".join(ch if _word_char(ch) else " " for ch in text).split())


def rover(transcripts):
    """transcripts: lists of words (an empty transcript is [""]). Returns the consensus text."""
    slots = [{w: 1} for w in transcripts[0]]
    for k in range(1, len(transcripts)):
        h = transcripts[k]
        n, m = len(h), len(slots)
        width = m + 1
        dist = [0] * ((n + 1) * width)
        for j in range(width):
            dist[j] = j
        for i in range(1, n + 1):
            word = h[i - 1]
            row = i * width
            up = row - width
            dist[row] = i
            for j in range(1, width):
                slot = slots[j - 1]
                best = dist[up + j - 1] + (0 if word in slot else 1)
                v = dist[row + j - 1] + (0 if "" in slot else 1)
                if v < best:
                    best = v
                v = dist[up + j] + 1
                if v < best:
                    best = v
                dist[row + j] = best
        out = []
        i, j = n, m
        while i > 0 or j > 0:
            here = dist[i * width + j]
            if i > 0 and j > 0:
                slot = slots[j - 1]
                word = h[i - 1]
                if dist[(i - 1) * width + j - 1] + (0 if word in slot else 1) == here:
                    slot[word] = slot.get(word, 0) + 1
                    out.append(slot)
                    i -= 1
                    j -= 1
                    continue
            if j > 0 and (i == 0 or dist[i * width + j - 1] + (0 if "" in slots[j - 1] else 1) == here):
                slot = slots[j - 1]
                slot[""] = slot.get("", 0) + 1
                out.append(slot)
                j -= 1
                continue
            out.append({"": k, h[i - 1]: 1} if h[i - 1] != "" else {"": k + 1})
            i -= 1
        out.reverse()
        slots = out
    words = []
    for slot in slots:
        best = max(slot.items(), key=lambda kv: (kv[1], len(kv[0]), [ord(c) for c in kv[0]]))[0]
        if best != "":
            words.append(best)
    return " ".join(words)


def main():
    csv.field_size_limit(1 << 30)
    with open(sys.argv[1], newline="", encoding="utf-8") as f:
        reader = csv.reader(f)
        header = next(reader)
        task_col = header.index("task")
        text_col = header.index("output") if "output" in header else header.index("text")
        by_task = {}
        for row in reader:
            if not row:
                continue
            by_task.setdefault(row[task_col], []).append(normalise(row[text_col]).split(" "))
    out = csv.writer(sys.stdout, lineterminator="\n")
    out.writerow(["task", "output"])
    for task, transcripts in by_task.items():
        out.writerow([task, rover(transcripts)])


if __name__ == "__main__":
    main()
