"""Counts a speech-to-text tool wrote as their homophones (round 63): dictated directives come back with "four" as
"for" and "two" as "to" ("buy for items", "pack to orders", "deliver for packages"). Such a word is mended to its
number before any recognizer reads the text (``spelling.spelled``), only where no other reading is English:

* it stands right after a verb of one of the worlds' operations (``lexicon.VERB_GROUPS``) that takes its object
  directly, and not after a determiner ("a refund for orders": the verb is a noun there);
* it stands right before a plural noun of that world's goal objects (``lexicon.counted_type``: "items" are a
  shop's products) with no determiner between: "buy gifts for the kids", "move to the dock" stay as they are;
* the verb does not take that preposition: verbs of going somewhere take "to" ("move to cells", "drive to
  cities"; "move for disks" is four of them), verbs of looking, sending and handing on take theirs ("search for
  products", "reply to tickets"), and a world's own phrasal verb is said with its preposition ("shop for items",
  "pay for items": ``lexicon.operations``);
* the noun names no people ("book for clients" is on their behalf) and no place: one a goal puts things at
  (``lexicon.place_types``) or a type of place at all (``lexicon.PLACES``: "bring to shelves 3 crates").

A speaker's hesitation ("buy uh for items") may stand on either side of the word.
"""

from __future__ import annotations

import re
from functools import cache

from gensim_gym.generation.lexicon import (
    PEOPLE,
    PLACES,
    VERB_GROUPS,
    counted_type,
    noun_lemma,
    operations,
    place_types,
    verb_of,
)
from gensim_gym.generation.toolsets import get_toolset, load_registry
from gensim_gym.generation.word_roles import HESITATIONS

#: The numbers the two prepositions sound like.
_NUMBER_OF = {"for": "four", "to": "two"}
_HESITATION = rf"(?:(?:{'|'.join(sorted(HESITATIONS))})\s+)?"
#: A verb, the preposition and a bare plural noun after it; groups: the word before the verb (if any), the verb, the
#: preposition, the noun.
_SLOT = re.compile(rf"(?:\b([a-z']+)\s+)?\b([a-z]+)\s+{_HESITATION}\b(for|to)\s+{_HESITATION}([a-z]+s)\b")
#: Words before which a verb form is a noun ("a refund for orders", "the pack to orders").
_DETERMINERS = frozenset({"a", "an", "the", "this", "that", "each", "every", "no", "any", "some", "their", "its",
                          "his", "her", "my", "our", "your"})
#: Verbs that, beside going somewhere, take their preposition in English whatever their object: looking for,
#: sending or handing on to, replying to, asking for.
_PREPOSITIONAL = frozenset({"search", "look", "ask", "wait", "apply", "care", "call", "account", "check", "scan",
                            "prepare", "reply", "respond", "attend", "talk", "speak", "write", "listen", "point",
                            "switch", "belong", "add", "stick", "send", "forward", "escalate", "refer", "hand",
                            "pass", "transfer", "return", "head", "get", "come", "go", "run", "save"})
#: The verbs of going somewhere, which take "to" before where they go.
_MOTION = next(g for g in VERB_GROUPS if "travel" in g)


def spoken_counts(text: str) -> str:
    """``text`` (lower case) with each "for"/"to" that can only be a dictated count mended to its number (module
    docstring); every other word stays as it is. One regex pass, each match checked in constant time per world."""
    return _SLOT.sub(_mended, text)


def _mended(m: re.Match[str]) -> str:
    before, verb, preposition, noun = m.groups()
    if before in _DETERMINERS or not _counts_after(verb, preposition, noun):
        return m.group(0)
    a, b = m.span(3)
    start = m.start(0)
    return m.group(0)[:a - start] + _NUMBER_OF[preposition] + m.group(0)[b - start:]


def _counts_after(verb: str, preposition: str, noun: str) -> bool:
    """Whether ``verb preposition noun`` can only be the verb with a count of its goal objects."""
    lemma = verb_of(verb)
    if lemma is None or lemma in _PREPOSITIONAL or (lemma in _MOTION and preposition == "to") \
            or noun_lemma(noun) in PEOPLE:
        return False
    return any(lemma in operations(name) and f"{lemma} {preposition}" not in operations(name)
               and counted_type(noun, [name]) in _goal_objects(name) for name in load_registry())


@cache
def _goal_objects(name: str) -> frozenset[str]:
    """The types of world ``name``'s goal facts' arguments that are no place (one things are put at, or a type of
    place at all: visitall's cells are where the agent goes) and no person."""
    ts = get_toolset(name)
    said = {getattr(p, "type", p) for g in ts.predicates if g.name in ts.goal_predicates for p in g.params}
    places = {kind for kinds in PLACES.values() for kind in kinds}
    return frozenset(said - place_types(name) - places - {"person"})
