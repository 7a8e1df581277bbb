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

A count or a setting restated later, in a sentence of its own or a P.S. (round 62, emails: "P.S. Make that 4 items,
not 2.", "Sorry, I meant 4 disks, not 3.", "P.S. Actually, scratch the generous time limit - make it tight."): the
restatement names the retracted value after "not" ("instead of", "rather than"), or the retracted phrase after
"scratch" ("forget", "drop", "never mind"), so :func:`corrected` puts the value said last where the retracted one
was said and drops the restatement (:func:`_restated`, :func:`_replaced_setting`); read as written, the P.S.'s count
was a second goal count of the same type (unsupported) and the setting kept its first, retracted value.

A world the user rules out in a phrase of its own ("not the warehouse, the shop: buy 2 lamps", "the ferry, not the
elevator, carries 3 cars", "not a calendar, nothing like that") is no evidence for that world: :func:`corrected`
drops the phrase (:func:`_rejected_world`), so its name scores no domain. The phrase is a negator, a determiner
and a world's name or noun keyword only, between stops: "no flaky checkout" or "not only the
shop" says something else and stays.
"""

from __future__ import annotations

import re
from functools import cache

from gensim_gym.generation.lexicon import NUMBER, number_value
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


#: A count said again with the one it replaces after "not" (module docstring): an optional marker of saying again
#: ("make that", "i meant", "it should be"), the new count and up to two words of its object, "not" (or "instead of",
#: "rather than") and the retracted count, perhaps its object, then the sentence's end: "3 meetings, not 2 at once"
#: goes on after the count and is a rule.
_RESTATED = re.compile(
    rf"(?:\b(?:{_TAKEBACK})(?:\s*,)?\s*){{0,3}}(?:\b(?:{_SAY_AGAIN}|make\s+it|(?:it|that)\s+should\s+be|change\s+(?:that|it)\s+to)\s+)?"
    rf"\b(?P<new>{NUMBER})\b(?P<object>(?:\s+(?!not\b)[a-z'-]+){{0,2}}?)\s*,?\s*(?:not|instead\s+of|rather\s+than)\s+"
    rf"(?P<old>{NUMBER})\b(?:\s+[a-z'-]+)?\s*(?=[.;!?\n]|$)")
#: A setting retracted by name and replaced (module docstring): "scratch the generous time limit - make it tight",
#: "forget the sparse reward, make it dense". The retracted phrase (up to four words) must have been said before;
#: the new value is said after "make it" ("go with", "use") and ends the sentence.
_REPLACED = re.compile(
    r"\b(?:scratch|forget|drop|ignore|never\s+mind|undo)\s+(?:the|that|my|our)\s+(?P<old>[a-z'-]+(?:\s+[a-z'-]+){0,3}?)"
    r"\s*(?:[,;:]|\s-+|\s\u2013)\s*(?:and\s+|just\s+)?(?:make\s+(?:it|that|them)|go\s+with|use)\s+(?:an?\s+)?"
    r"(?P<new>[a-z'-]+(?:\s+[a-z'-]+)?)\s*(?=[.;!?\n]|$)")


def _restated(text: str) -> str:
    """``text`` with each count said again after the fact put in the retracted count's place, the restatement
    dropped (:data:`_RESTATED`); a restatement whose retracted count was never said before it, as a count of the
    same object, stays ("the two-handed robot with 4 balls rather than 2")."""
    for match in reversed(list(_RESTATED.finditer(text))):
        old = number_value(match.group("old"))
        # the retracted count as a count: of the object said again, if it is ("2 items" for "4 items, not 2"), and
        # never inside a compound ("two-handed")
        said_of = match.group("object").split()[:1]
        noun = rf"\s+{re.escape(said_of[0].rstrip('s'))}" if said_of else r"\s+[a-z]"
        earlier = [m for m in re.finditer(rf"\b(?:{NUMBER})\b(?=(?:{noun}))", text[:match.start()])
                   if number_value(m.group(0)) == old]
        if earlier:
            said = earlier[-1]
            text = (text[:said.start()] + match.group("new") + text[said.end():match.start()] + text[match.end():])
    return text


def _replaced_setting(text: str) -> str:
    """``text`` with each setting retracted by name and replaced (:data:`_REPLACED`): the retracted phrase dropped where
    it was said, and the restatement read as the new value with the phrase's head ("make it tight" after "scratch the
    generous time limit" reads "tight time limit"); a phrase never said before it stays."""
    for match in reversed(list(_REPLACED.finditer(text))):
        phrase = match.group("old")
        said = text.rfind(phrase, 0, match.start())
        if said < 0:
            continue
        head = phrase.split(maxsplit=1)[1] if " " in phrase else ""
        text = (text[:said] + text[said + len(phrase):match.start()] + f"{match.group('new')} {head}".strip()
                + text[match.end():])
    return text


def corrected(text: str) -> str:
    """``text`` (lower case) with each count taken back replaced by the count said instead, and each count or
    setting said again later put in place of the retracted one (module docstring); text without a correction comes
    back unchanged."""
    while (match := _CORRECTION.search(text)) is not None:
        text = text[:match.start()] + match.group("new") + match.group("gap") + _unrepeated(text, match)
    if _RESTATED.search(text) is not None:
        text = _restated(text)
    if _REPLACED.search(text) is not None:
        text = _replaced_setting(text)
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
