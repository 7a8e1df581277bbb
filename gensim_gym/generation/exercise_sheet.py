"""The frame of a course's exercise sheet (round 55): a directive written as homework numbers and labels its parts and
gives their marks ("Exercise 3. Build ...", "Task 2 (warm-up): ...", "Homework 3, question 1: ...", "Part (b) of
exercise 10: ...", "Bonus: ...", "Hint: ...", "(5 points)", "Repeat part (a) for ..."). None of it is a request:
read as written, "Exercise 8" was a goal count of 8 and an operation no tool does, "(5 points)" a goal count of
points, "Bonus" a reward.

:func:`unframed` drops the frame before any recognizer reads the text (``spelling.spelled`` applies it, so the knobs
and the clauses read the same words), and :func:`frame_words` lists what it dropped, for the reading's filler and the
knobs' notes. What a label's brackets say beyond the frame stays: "Exercise 15 (Sokoban)" names the world, "Task 23
(transport, 5 points)" keeps "(transport)".
"""

from __future__ import annotations

import re

from gensim_gym.generation.wording import masked

#: Nouns that number a part of a sheet ("exercise 3", "question 1", "part (b)").
_PART_NOUN = r"exercises?|tasks?|problems?|questions?|parts?|homework|assignments?|hw|labs?|sheets?"
#: What numbers one: a number, perhaps with a letter or a decimal ("3", "2b", "4.1"), or a letter or roman numeral
#: in brackets ("(b)", "(iii)").
_PART_ID = r"\d+(?:\.\d+)?[a-z]?\b|\([a-z]\)|\((?:i{1,3}|iv|v|vi{0,3})\)"
_PART = rf"(?:{_PART_NOUN})\s+(?:{_PART_ID})"
#: Words that open a sheet's part without numbering it ("Bonus:", "Hint:", "Bonus exercise:"): only before a colon.
_UNNUMBERED = (r"(?:bonus|extra[- ]credit|optional)(?:\s+(?:exercise|task|problem|question|part))?|hints?|notes?|tips?"
               r"|warm[- ]?up")
#: A label opening the directive or one of its sentences: numbered parts, chained ("homework 3, question 1", "part
#: (b) of exercise 10"), before a colon, stop, bracket or dash; or an unnumbered opener before its colon.
_LABEL = re.compile(
    rf"(?:^|(?<=[.;:!?(\n]))\s*(?:(?:{_PART})(?:\s*(?:,|of|-)\s*(?:{_PART}))*(?=\s*[:.(\-)])"
    rf"|(?:{_UNNUMBERED})\s*:)")
#: A reference to another part inside a sentence ("repeat part (a) for ...", "as in exercise 3"): a part in brackets
#: or an exercise by its number, with the verb of doing it again.
_REFERENCE = re.compile(
    r"\b(?:(?:repeat|redo)\s+)?(?:parts?\s+\([a-z]\)|(?:exercises?|homework|assignments?)\s+\d+[a-z]?\b)")
#: Marks given for a part: alone in brackets ("(5 points)"), or beside other words there ("(transport, 5 points)").
_MARKS = r"\d+(?:\.\d+)?\s*(?:points?|pts?\.?|marks?|credits?)"
_MARKS_ALONE = re.compile(rf"\(\s*{_MARKS}\s*\)")
_MARKS_BESIDE = re.compile(rf"(?<=\()\s*{_MARKS}\s*[,;]\s*|\s*[,;]\s*{_MARKS}\s*(?=\))")
#: A note on a part's kind in brackets ("(warm-up)", "(open-ended)", "(optional)").
_KIND_NOTE = re.compile(r"\(\s*(?:warm[- ]?up|open[- ]ended|optional|bonus|extra[- ]credit)\s*\)")


def _dropped_spans(text: str) -> list[tuple[int, int]]:
    """The spans of ``text`` (lower case) that are a sheet's frame (module docstring), in order, merged where they
    overlap."""
    spans = [m.span() for pattern in (_LABEL, _REFERENCE, _MARKS_ALONE, _MARKS_BESIDE) for m in pattern.finditer(text)]
    # "(open-ended, 10 points)": a note of the part's kind, once its marks are blanked
    spans += [m.span() for m in _KIND_NOTE.finditer(masked(text, spans))]
    merged: list[tuple[int, int]] = []
    for start, end in sorted(spans):  # a label is also a reference ("exercise 3"): one span each
        if merged and start <= merged[-1][1]:
            merged[-1] = (merged[-1][0], max(end, merged[-1][1]))
        else:
            merged.append((start, end))
    return merged


def unframed(text: str) -> str:
    """``text`` (lower case) with a course sheet's labels, references to its other parts and marks blanked, its
    positions kept (module docstring); text without them comes back unchanged."""
    if not any(p.search(text) for p in (_LABEL, _REFERENCE, _MARKS_ALONE, _MARKS_BESIDE, _KIND_NOTE)):
        return text
    return masked(text, _dropped_spans(text))


def frame_words(text: str) -> list[str]:
    """The words of ``text`` (lower case) that :func:`unframed` drops, in order: the reading lists them as filler
    and the knobs note them, so every word of a directive stays reported."""
    return [w for start, end in _dropped_spans(text) for w in re.findall(r"[a-z0-9_'-]+", text[start:end])]
