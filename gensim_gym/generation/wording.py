"""Matching helpers every part of the directive reader shares.

Each reader (:mod:`~gensim_gym.generation.modifiers`, :mod:`~gensim_gym.generation.counts`,
:mod:`~gensim_gym.generation.rules` ...) matches words the same way: a verb in its regular inflections, a word on
word boundaries, and a text with the spans an earlier reader took blanked out. They live here so no reader reaches
into another for them.
"""

from __future__ import annotations

import re
from functools import lru_cache


def has_word(text: str, *patterns: str) -> bool:
    """Whether any of the regex ``patterns`` occurs in ``text`` as whole words."""
    return any(whole_words(p).search(text) for p in patterns)


@lru_cache(maxsize=4096)
def whole_words(pattern: str) -> re.Pattern[str]:
    """The regex ``pattern`` matched as whole words, compiled once: a reading looks for over a thousand keywords and
    verbs, more than the ``re`` module's own cache of 512 holds, so it compiled them again on every reading."""
    return re.compile(rf"\b{pattern}\b")


#: Operation words that are nouns as often as verbs: matched as written ("backups" is no request to back up).
_UNINFLECTED = frozenset({"backup", "coupon", "cart", "copies"})


#: Irregular past forms of operation verbs (round 47: "2 rain jackets are bought", "paid for"): a task's end state
#: is said with the participle ("done when 2 jackets are bought"), which the regular inflections miss. Only forms that
#: are no other common word: "left" (leave), "found" (find), "made" (make) or "took" (take) are left out.
_IRREGULAR_PAST = {"buy": "bought", "pay": "paid", "send": "sent", "build": "built", "sweep": "swept",
                   "sell": "sold", "bring": "brought", "drive": "drove|driven", "fly": "flew|flown",
                   "ride": "rode|ridden", "throw": "threw|thrown", "hang": "hung"}

#: Any past form of a verb, regular or of :data:`_IRREGULAR_PAST` ("visited", "stacked", "bought"): an end state's
#: participle (round 55).
PAST_FORM = r"[a-z]{2,}ed|" + "|".join(_IRREGULAR_PAST.values())


def inflections(head: str) -> tuple[str, str]:
    """The regexes of a one-word verb's regular forms: all its inflections ("move": moves, moved, moving; "copy":
    copies, copied; "drop": dropped, its last consonant doubled where English doubles it) and its regular past
    participle alone ("moved", "copied", "dropped")."""
    if head.endswith("e"):
        return rf"{head[:-1]}(?:e|es|ed|ing)", rf"{head[:-1]}ed"
    if head.endswith("y") and head[-2:-1] not in ("a", "e", "i", "o", "u"):
        return rf"{head[:-1]}(?:y|ies|ied|ying)", rf"{head[:-1]}ied"
    if re.fullmatch(r".*[^aeiou][aeiou][bdglmnprt]", head):  # drop -> dropped, cancel -> cancelled
        return rf"{head}(?:s|ed|ing|{head[-1]}ed|{head[-1]}ing)?", rf"{head}{head[-1]}?ed"
    return rf"{head}(?:s|es|ed|ing)?", rf"{head}ed"


def past_participle(verb: str) -> str:
    """A regex of ``verb``'s past participle alone ("moved", "pushed back", "brought forward"): its irregular form
    (:data:`_IRREGULAR_PAST`) or its regular one (:func:`inflections`); a phrasal verb's particle follows."""
    head, _, tail = verb.partition(" ")
    form = _IRREGULAR_PAST.get(head) or inflections(head)[1]
    return form + (rf"\s+{re.escape(tail)}" if tail else "")


@lru_cache(maxsize=4096)  # asked for every verb of every domain per count and rule (read_directive stays bounded)
def verb_pattern(verb: str) -> str:
    """A regex for ``verb`` and its regular inflections, so operations are read in the forms people write:
    "escalate" also matches escalates / escalated / escalating, "copy" copies / copied, "drop" drops /
    dropped, "back up" backs up / backed up, "buy" bought (:data:`_IRREGULAR_PAST`). A multi-word verb inflects its
    first word."""
    head, _, tail = verb.partition(" ")
    rest = rf"\s+{re.escape(tail)}" if tail else ""
    forms = re.escape(head) if verb in _UNINFLECTED else inflections(head)[0]
    if head in _IRREGULAR_PAST and verb not in _UNINFLECTED:
        forms = rf"(?:{forms}|{_IRREGULAR_PAST[head]})"
    # (a word right after a slash is a path's part, no verb: "move them to /backup", round 14)
    return rf"\b(?<!/){forms}{rest}\b"



def masked(text: str, spans) -> str:
    """``text`` with each ``(start, end, ...)`` span blanked (positions kept), so later recognizers skip it."""
    chars = list(text)
    for span in spans:
        chars[span[0]:span[1]] = " " * (span[1] - span[0])
    return "".join(chars)

