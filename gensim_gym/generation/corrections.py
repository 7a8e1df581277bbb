"""Counts a user takes back while typing (round 49): "schedule 2, no wait, 4 meetings", "order 3, sorry, I mean 2
lamps", "pick 3 parcels, well, maybe 2", "move 4 balls to room b, no, 6 balls". The count said last is the one
meant; the retracted one is no request of its own (read as written, the first count was taken and the second
reported as a second goal count of the same type, and the "no" as a rule).

:func:`corrected` rewrites such a phrase before any recognizer reads it (``spelling.spelled`` applies it): the
corrected count takes the retracted count's place, and the correction marker with the corrected count is dropped,
so "move 4 balls to room b, no, 6 balls" reads as "move 6 balls to room b" (the object said again is dropped too).
A correction marker is one of :data:`_MARKERS` after a comma, immediately followed (after a hedge such as "just" or
"maybe") by a count; a bare "no" must stand between commas, so a rule ("3 meetings, no 2 at once") is no
correction.

A world the user rules out in a phrase of its own ("not the warehouse, the shop: buy 2 lamps", "the ferry, not the
elevator, carries 3 cars", "not a calendar, nothing like that") is no evidence for that world: :func:`corrected`
drops the phrase (:func:`_rejected_world`), so its name scores no domain. The phrase is a negator, a determiner
and a world's name or noun keyword only, between stops: "no flaky checkout" or "not only the
shop" says something else and stays.
"""

from __future__ import annotations

import re
from functools import cache

from gensim_gym.generation.lexicon import NUMBER
from gensim_gym.generation.toolsets import load_registry

#: Words that take back what was just said: "no", "wait", "sorry", "actually", "well", "er"; and phrases that
#: say it again: "i mean", "make that", "or rather". A marker is a run of such words that ends in a comma or in such a
#: phrase ("no wait,", "actually no,", "sorry, i mean", "no, make that"), or "no wait": a bare "no" before a count
#: is a rule ("no 2 meetings overlap") and "well 3 is fine" no correction.
_TAKEBACK = r"(?:no|wait|sorry|oops|actually|well|er|erm|uh|um|hmm)"
_SAY_AGAIN = r"(?:i\s+mean|i\s+meant|make\s+that|or\s+rather|scratch\s+that,?)"
_MARKERS = (rf"(?:{_TAKEBACK}\s*,?\s*){{0,3}}{_SAY_AGAIN}"
            rf"|(?:{_TAKEBACK}\s*,?\s*){{0,2}}{_TAKEBACK}\s*,"
            r"|no\s+wait")

#: Hedges between a correction and its count: "actually no, just 2", "well, maybe 2".
_HEDGE = r"(?:(?:just|only|maybe|perhaps|probably|rather|more\s+like|let's\s+say|say)\s+)?"

#: Markers a speaker says without a pause a transcriber would write as a comma (round 59, voice notes): "three no
#: wait four meetings", "two tickets no actually three", "five people but wait make it four", "one or two balls i
#: guess two". Each is a phrase no rule or request says before a count: a bare "no" ("no 2 meetings overlap") or
#: "wait" ("wait 3 steps") stays out.
_SPOKEN = (r"(?:(?:but|oh|oops)\s+)?(?:no\s+wait|wait\s+no|no\s+actually|actually\s+no|no\s+sorry|sorry|actually"
           r"|(?:but|oh)\s+wait)(?:\s+(?:make\s+(?:it|that)|i\s+mean|more\s+like))?"
           rf"|(?:(?:no|wait|actually|sorry)\s+)?{_SAY_AGAIN}|i\s+guess")

#: A count (or a range "one or two" the speaker then settles), up to ten words without a count or a stop (its
#: object and place), a comma and a correction marker, or a spoken marker without the comma, and the corrected count.
_CORRECTION = re.compile(
    rf"\b(?P<old>(?:(?:{NUMBER})\s+or\s+)?(?:{NUMBER}))\b(?P<gap>(?:\s+(?!(?:{NUMBER})\b)[a-z'-]+){{0,10}}?)"
    rf"(?:\s*,\s*(?:{_MARKERS})|\s+(?:(?:uh|um|er)\s+)?(?:{_SPOKEN}))\s*,?\s*{_HEDGE}"
    rf"(?P<new>{NUMBER})\b")


def corrected(text: str) -> str:
    """``text`` (lower case) with each count taken back replaced by the count said instead (module docstring);
    text without a correction comes back unchanged."""
    while (match := _CORRECTION.search(text)) is not None:
        text = text[:match.start()] + match.group("new") + match.group("gap") + _unrepeated(text, match)
    if _NEGATOR.search(text) is None:  # the common case: no world can be ruled out
        return text
    return _rejected_world().sub("", text)


def _unrepeated(text: str, match: re.Match[str]) -> str:
    """The text after the corrected count of ``match``, without the object said again ("2 orders, no, 3 orders"):
    the object already follows the corrected count in its new place."""
    rest = text[match.end():]
    said = match.group("gap").split()
    again = _WORD.match(rest)
    if said and again is not None and again.group(1) == said[0]:
        return rest[again.end():]
    return rest


_WORD = re.compile(r"\s+([a-z'-]+)\b")


#: Negators that rule out the world named after them.
_NEGATOR = re.compile(r"\b(?:not|no|never|rather than|instead of)\b")
#: Keywords that are verbs, not names of a world ("not buy" is no world ruled out).
_VERB_KEYWORDS = frozenset({"buy", "purchase", "search", "refund", "schedule", "rearrange", "tidy", "driving",
                            "stacking", "tidying", "shopping", "scheduling", "visit all", "visit every",
                            "push boxes", "pushing boxes", "stack blocks"})


@cache
def _rejected_world() -> re.Pattern[str]:
    """A world ruled out in a phrase of its own (module docstring): at the start of the text or after a stop, a
    negator, an optional determiner, a world's name or noun keyword (and "world", "domain", "one" after it), up to
    the next stop or "but". Compiled once, from the registry."""
    nouns = {name for name in load_registry()}
    nouns |= {k for ts in load_registry().values() for k in ts.keywords if k not in _VERB_KEYWORDS}
    names = "|".join(re.escape(n) for n in sorted(nouns, key=len, reverse=True))
    return re.compile(rf"(?:(?<=^)|(?<=[,;:.!?(]))\s*(?:not|no|never|rather than|instead of)\s+"
                      rf"(?:(?:the|a|an|any|that|this|my|our)\s+)?(?:{names})"
                      rf"(?:\s+(?:world|domain|one|tasks?|environment|setting))?(?=\s*(?:[,;:.!?)]|\bbut\b|$))")
