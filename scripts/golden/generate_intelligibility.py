#!/usr/bin/python3
"""Writes the golden intelligibility studies (a SUS test as VLSP 2021 ran it), reaching every
case of the spec's "Transcriptions and intelligibility (WER)" and "Two-factor analysis of
variance":

- intelligibility.input.json: 4 systems x 45 sentences x 3 of 12 listeners each (so the stimuli
  curve has k = 20, 40 and 45), transcripts with substitutions, deletions, insertions, case and
  punctuation to normalise, an empty transcript; a clip without text and one whose text has no
  tokens (unscored); a clip without a sentence (a stimulus of its own); two recognisers (role
  asr), one of them on only two systems; listener groups from an intake field that is an array
  (nativeLanguages), absent for some listeners; ratings on part of the clips (mos.anova);
  200 bootstrap replicates and a seed of its own.
- intelligibility-chars.input.json: the character unit (Vietnamese without spaces, Chinese),
  two systems, few stimuli (the curve is the largest m alone), default settings.
- transcribe-no-text.input.json: a transcribe study whose clips have no text: intelligibility is
  null, and the ratings' ANOVA has empty cells.

    /usr/bin/python3 scripts/golden/generate_intelligibility.py tests/golden
"""

import json
import os
import random
import sys

WORDS = (
    "the a cat dog sat ran blue green under over quickly slowly house river table window seven "
    "eleven bright quiet heavy music paper stone letter garden morning evening chair bottle"
).split()


def sentence(rng, n):
    return " ".join(rng.choice(WORDS) for _ in range(n))


def corrupt(rng, text, rate):
    out = []
    for w in text.split():
        r = rng.random()
        if r < rate / 3:
            continue  # deletion
        if r < 2 * rate / 3:
            out.append(rng.choice(WORDS))  # substitution (sometimes the same word)
        else:
            out.append(w)
        if rng.random() < rate / 4:
            out.append(rng.choice(WORDS))  # insertion
    words = " ".join(out)
    # Case and punctuation that normalisation removes.
    if rng.random() < 0.3:
        words = words.capitalize() + "."
    if rng.random() < 0.1:
        words = words.replace(" ", ", ", 1)
    return words


def base(study_id, name, transcription):
    study = {"id": study_id, "name": name, "binSeconds": 0.1, "task": "transcribe"}
    if transcription is not None:
        study["transcription"] = transcription
    return {
        "format": "redpen-annotations",
        "version": 1,
        "study": study,
        "taxonomy": [{"id": "undefined", "label": "Undefined"}],
        "clips": [],
        "annotators": [],
        "submissions": [],
        "regions": [],
        "reasonLabels": [],
    }


def main_study(rng):
    data = base(
        "sus",
        "SUS test",
        {"unit": "word", "maxPlays": 2, "seed": "golden", "replicates": 200, "alpha": 0.05, "groupBy": "nativeLanguages"},
    )
    systems = {"A": 0.05, "B": 0.2, "C": 0.22, "N": 0.5}
    # The good recogniser orders B and C the other way round (Kendall's tau below 1).
    asr_rates = {"A": 0.04, "B": 0.2, "C": 0.08, "N": 0.3}
    listeners = [f"L{i:02d}" for i in range(12)]
    langs = [["vi"], ["vi", "en"], ["en"], None]
    for i, lid in enumerate(listeners):
        a = {"id": lid, "role": "crowd"}
        lang = langs[i % 4]
        if lang is not None:
            a["profile"] = {"nativeLanguages": list(reversed(lang)), "device": "phone"}
        data["annotators"].append(a)
    data["annotators"].append({"id": "asr-good", "role": "asr", "engine": "whisper.cpp ggml-base.en"})
    data["annotators"].append({"id": "asr-poor", "role": "asr", "engine": "pocketsphinx en-us"})
    for s in range(45):
        text = sentence(rng, rng.randint(4, 9))
        for k, (system, rate) in enumerate(systems.items()):
            cid = f"{system}_s{s:02d}"
            clip = {"id": cid, "name": cid + ".wav", "duration": 2.5, "system": system, "sentence": f"s{s:02d}", "text": text}
            data["clips"].append(clip)
            for j in range(3):
                lid = listeners[(s + k * 3 + j) % 12]
                sub = {"clipId": cid, "annotatorId": lid, "playCount": rng.randint(1, 2), "heardToEnd": True}
                sub["transcript"] = "" if (s == 7 and j == 0 and system == "N") else corrupt(rng, text, rate)
                if s % 3 == 0:
                    sub["score"] = rng.randint(1, 5)
                data["submissions"].append(sub)
            data["submissions"].append({"clipId": cid, "annotatorId": "asr-good", "transcript": corrupt(rng, text, asr_rates[system])})
            if system in ("A", "N"):
                data["submissions"].append({"clipId": cid, "annotatorId": "asr-poor", "transcript": corrupt(rng, text, rate + 0.3)})
    # A clip without a sentence: a stimulus of its own.
    data["clips"].append({"id": "B_free", "name": "B_free.wav", "duration": 2.0, "system": "B", "text": "Seven green bottles!"})
    data["submissions"].append({"clipId": "B_free", "annotatorId": "L01", "transcript": "seven green bottle"})
    data["submissions"].append({"clipId": "B_free", "annotatorId": "L02", "transcript": "Seven green bottles"})
    # Unscored: no text, and a text without tokens.
    data["clips"].append({"id": "A_notext", "name": "A_notext.wav", "duration": 2.0, "system": "A", "sentence": "s00"})
    data["submissions"].append({"clipId": "A_notext", "annotatorId": "L03", "transcript": "anything"})
    data["clips"].append({"id": "A_dash", "name": "A_dash.wav", "duration": 2.0, "system": "A", "sentence": "s01", "text": " -- "})
    data["submissions"].append({"clipId": "A_dash", "annotatorId": "L04", "transcript": "the cat"})
    return data


def chars_study(rng):
    data = base("chars", "Character error rate", {"unit": "character"})
    texts = ["Tôi đi học.", "你好，世界", "Bạn khỏe không?", "天气很好", "Cảm ơn nhiều"]
    for lid in ("p1", "p2", "p3"):
        data["annotators"].append({"id": lid, "role": "crowd"})
    for s, text in enumerate(texts):
        for system, rate in (("X", 0.1), ("Y", 0.4)):
            cid = f"{system}{s}"
            data["clips"].append({"id": cid, "name": cid + ".wav", "duration": 1.5, "system": system, "sentence": f"t{s}", "text": text})
            for lid in ("p1", "p2", "p3"):
                chars = [ch for ch in text if rng.random() > rate]
                if rng.random() < rate:
                    chars.insert(rng.randint(0, len(chars)), rng.choice("aăâđêôơưxyz的了"))
                data["submissions"].append({"clipId": cid, "annotatorId": lid, "transcript": "".join(chars)})
    return data


def no_text_study(rng):
    data = base("notext", "Transcribe without texts", None)
    for lid in ("q1", "q2"):
        data["annotators"].append({"id": lid, "role": "crowd"})
    for s in range(3):
        for system in ("P", "Q"):
            cid = f"{system}{s}"
            data["clips"].append({"id": cid, "name": cid + ".wav", "duration": 1.0, "system": system, "sentence": f"u{s}"})
            for lid in ("q1", "q2"):
                if system == "Q" and s == 2 and lid == "q2":
                    continue  # an empty cell of the system x listener table
                data["submissions"].append({"clipId": cid, "annotatorId": lid, "transcript": "some words", "score": rng.randint(1, 5)})
    return data


def write(folder, name, data):
    with open(os.path.join(folder, f"{name}.input.json"), "w", encoding="utf-8") as f:
        json.dump(data, f, indent=1, ensure_ascii=False)
        f.write("\n")


if __name__ == "__main__":
    folder = sys.argv[1]
    write(folder, "intelligibility", main_study(random.Random(19)))
    write(folder, "intelligibility-chars", chars_study(random.Random(20)))
    write(folder, "transcribe-no-text", no_text_study(random.Random(21)))
