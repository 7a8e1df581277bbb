"""Where a word stands: as a noun, or as a verb taking an object.

A directive's words are read by their neighbours: "the order" is a noun, "then pile" a verb, "pile 5 blocks" a verb
with its object. The operation readers of the clause table (:mod:`~gensim_gym.generation.reading`) and of the knobs
(:func:`gensim_gym.generation.operations.required_tools`) must agree on this, or the reading and the spec it is
checked against disagree on what was asked ("load crates onto trucks" asks for no act of trucking). So the word
sets and tests live here, once.
"""

from __future__ import annotations

import re

from gensim_gym.generation.lexicon import CARRIER_VERBS, NUMBER, NUMBER_WORDS, counted_type, place_types, verb_of

#: Words after which a word is a noun, not a verb ("the order", "3 books", "their return").
NOUN_AFTER = frozenset({"a", "an", "the", "their", "his", "her", "its", "our", "my", "your", "each", "every", "all",
                        "some", "any", "no", "these", "those", "this", "of", "per", "one", "several", "many",
                        "few", "more", "most", "other", "another"})
#: Words after which a word stands where a verb does ("then pile", "to restock", "must carry").
VERB_AFTER = frozenset({"then", "and", "to", "must", "should", "can", "will", "please", "also", "first", "that",
                        "who", "or", "never", "always", "not", "just", "only", "i", "we", "you", "they", "it"})
#: Prepositions of time and manner after which a participle in -ing is a verb done as part of the task, with its
#: object after it ("verifies 2 callers before resetting their passwords", "after refunding the order", "without
#: deleting any files": round 29); a participle elsewhere before a noun is read as an adjective ("shipping address").
GERUND_AFTER = frozenset({"before", "after", "while", "without", "by", "upon", "when", "once", "since"})
#: Words that, after a word, make it a verb taking an object ("pile 5 blocks", "tour every cell").
OBJECT_WORDS = NOUN_AFTER - {"of", "per", "more", "most", "other", "another"} | {"them", "it", "everything",
                                                                                "up", "out", "down", "off"}
#: Verbs that are first the noun of a place (round 23: "the store plus the warehouse", "from the store website"):
#: after a determiner they name the place (a shop), not the act ("store 3 crates" is still a warehouse's storing).
PLACE_VERBS = frozenset({"store", "shop"})
#: Prepositions after which a word is a noun ("by truck", "onto the cart"): :func:`carrier_noun`.
PREPOSITIONS = frozenset({"by", "on", "onto", "in", "into", "from", "with", "via", "off", "at", "aboard"})

_WORDS = re.compile(r"[a-z0-9']+|[,;:.]")

#: A relative pronoun just before a verb, with the auxiliaries of a past or passive ("customers who bought",
#: "orders that were sent", "files which had been moved"): the verb says what its noun is, not what to do (round 48).
_AFTER_RELATIVE = re.compile(r"\b(?:who|whom|that|which)\s+(?:(?:was|were|had|has|have|got)\s+(?:been\s+)?)?"
                             r"(?:already\s+|just\s+|once\s+|previously\s+|recently\s+)?$")
#: An object relative clause before a verb: a counted or determined noun, then its subject ("1 order the customer
#: bought", "the lamp she purchased"); group 1 is the word before the noun phrase (round 48).
_OBJECT_RELATIVE = re.compile(
    rf"(?:^|\b([a-z0-9']+)\s+)(?:{NUMBER}|the|a|an|each|every|this|these|those|any)\s+(?:[a-z'-]+\s+)?[a-z'-]+\s+"
    r"(?:(?:the|a|an|their|his|her|my|our|your|its|some|one)\s+(?:[a-z'-]+\s+)?[a-z'-]+|he|she|they|i|we|you"
    r"|someone|somebody)\s+(?:already\s+|just\s+|once\s+|previously\s+|recently\s+|had\s+|has\s+)?$")
#: Words before a noun phrase that make the phrase after it the clause's own subject ("in the shop the customer
#: bought ..."): no object relative clause is read there.
_SCENE_OPENERS = PREPOSITIONS | {"to", "of", "for", "at", "after", "before", "when", "once", "while", "if", "since",
                                 "because", "as", "where", "then", "and", "but"}


#: Sounds a speaker makes while finding the next word (round 63: "handles uh three tickets"): they stand between a
#: verb and its object without parting them.
HESITATIONS = frozenset({"um", "uh", "er", "erm", "hmm", "like"})


def words_before(text: str, start: int) -> list[str]:
    """The words and stops of ``text`` before ``start``, in order (the last one is the word's neighbour)."""
    return _WORDS.findall(text[:start])


def takes_object(text: str, end: int, *, ending: bool = False) -> bool:
    """Whether the word ending at ``end`` is followed by an object ("5 blocks", "every cell", "them"), or, with
    ``ending``, by the end of its part of the directive ("..., the agent applies, ...")."""
    after = _WORDS.findall(text[end:end + 80])
    nxt = next((w for w in after if w not in HESITATIONS), ".")
    return nxt in OBJECT_WORDS or nxt.isdigit() or nxt in NUMBER_WORDS or (ending and nxt in ",;:.")


#: A second verb joined to a word by "and" or "or" (group 1), with what follows it.
_JOINED_VERB = re.compile(r"\s+(?:and|or)\s+([a-z]+)\b")


def shares_object(text: str, start: int, end: int) -> bool:
    """Whether the word at ``start:end`` is the first of two verbs joined by "and" or "or" whose one object follows
    the second ("the clerk counts and moves 3 pallets", "checks or restocks 2 shelves"): each verb is done to it, so
    the first takes that object too (round 34). Not after a verb, whose object it then is ("handles returns and
    refunds 2 orders": the returns are handled)."""
    before = words_before(text, start)
    m = _JOINED_VERB.match(text, end)
    return m is not None and verb_of(m.group(1)) is not None and takes_object(text, m.end()) \
        and not (before and verb_of(before[-1]) is not None)


#: Verbs of needing that take a gerund as a passive ("the balls need ferrying": they need to be ferried; round 37):
#: the gerund is the act done to their subject, its object said before it.
NEEDING = frozenset({"need", "needs", "needed", "want", "wants", "wanted", "require", "requires", "required"})


def carrier_noun(text: str, start: int, end: int, verb: str) -> bool:
    """Whether a carrier's noun used as a verb of carrying (``lexicon.CARRIER_VERBS``: "truck 3 packages") stands
    here as the noun it first is (round 22): after a determiner, a count or a preposition ("onto the trucks", "2
    trucks", "by ferry"), or without an object after it ("drive to the truck depot"). A verb's place at the start of
    a part or after a subject, with an object ("3 packages", "them"), makes it the act. False for other verbs."""
    if verb not in CARRIER_VERBS:
        return False
    before = words_before(text, start)
    prev = before[-1] if before else ","
    if prev in NEEDING and text[start:end].endswith("ing"):
        return False  # "balls need ferrying": the act the subject needs done to it (round 37)
    if prev in NOUN_AFTER or prev.isdigit() or prev in NUMBER_WORDS or prev in PREPOSITIONS:
        return True
    return not takes_object(text, end)


def place_noun(text: str, start: int, end: int, verb: str) -> bool:
    """Whether a verb that is first the noun of a place (:data:`PLACE_VERBS`) stands here as that noun (round 23):
    after a determiner ("the store", "an online shop"). False for other verbs, and where nothing fixes it as a
    noun ("store 3 crates", "items to store")."""
    if verb not in PLACE_VERBS:
        return False
    before = words_before(text, start)
    return bool(before) and before[-1] in NOUN_AFTER


#: Verbs that are as often nouns (round 35, where "end" became the help desk's cancelling of a membership): after a
#: determiner they are the noun ("before the end of the shift"), no act.
NOUN_VERBS = frozenset({"end",
                        # the British elevator (round 37: "wait for the lift"), where "lift the box" is raising it
                        "lift",
                        # a place files are kept, and what goods come in (round 46: "delete the old drafts from the
                        # archive", "2 packs of diapers"), where "archive 3 logs" files them away
                        "archive", "pack", "packs"})


def noun_here(text: str, start: int, end: int, verb: str) -> bool:
    """Whether ``verb`` stands here as a noun it also is: a carrier (:func:`carrier_noun`), a place
    (:func:`place_noun`) or a noun of :data:`NOUN_VERBS` after a determiner."""
    if verb in NOUN_VERBS:
        before = words_before(text, start)
        # (after a count too: "2 packs of diapers" are counted, no packing; round 46)
        if before and (before[-1] in NOUN_AFTER or before[-1].isdigit() or before[-1] in NUMBER_WORDS):
            return True
    return carrier_noun(text, start, end, verb) or place_noun(text, start, end, verb)


#: A place noun one or two words after a word ("music folder", "old music folder"): group 1 the noun.
_PLACE_AHEAD = re.compile(r"\s+(?:[a-z'-]+\s+)?([a-z]+)\b")


def names_place(text: str, start: int, end: int, domains) -> bool:
    """Whether the word at ``start:end`` is part of a place's name (round 32: "music" in "the music directory",
    "finance" in "the old finance folder"): after a determiner (or one word after it), before a noun of a type the
    chosen worlds' goals put things in (``lexicon.place_types``). The place is read by its noun; the word only names
    which one, so it is no requirement left unread."""
    before = words_before(text, start)
    opened = bool(before) and (before[-1] in NOUN_AFTER or len(before) > 1 and before[-2] in NOUN_AFTER
                               and before[-1].isalpha())
    m = _PLACE_AHEAD.match(text, end)
    if not opened or m is None:
        return False
    kind = counted_type(m.group(1), domains)
    return kind is not None and any(kind in place_types(d) for d in domains)


#: Keeping "it" in a state (round 61, a post: "only 6 tools, we're keeping it lean"): the word after says the state.
_KEPT_AS = re.compile(r"\bkeep(?:s|ing)?\s+it\s+$")


def kept_as(text: str, start: int) -> bool:
    """Whether the word at ``start`` says how "it" is kept ("keep it lean", "keeping it simple"): an adjective of the
    state kept, no act, though "lean" is a household robot's way of putting a thing."""
    return _KEPT_AS.search(text[:start].lower()) is not None



def _past_form(said: str, verb: str) -> bool:
    """Whether ``said`` is a past form of ``verb`` ("bought" of buy, "sent" of send, "looked up" of look up): not
    the verb itself, its -s form or its -ing form."""
    word, base = said.split(maxsplit=1)[0], verb.split(maxsplit=1)[0]
    return not word.endswith("ing") and word not in {base, f"{base}s", f"{base}es", f"{base[:-1]}ies"}


def describes_past(text: str, start: int, end: int, verb: str) -> bool:
    """Whether the verb at ``text[start:end]`` (a form of ``verb``) is said of the past inside a relative clause
    ("customers who bought faulty kettles", "2 orders that were sent to the wrong address", "1 order the customer
    bought by mistake"): it describes its noun and asks for nothing, so it is no operation (round 48). A verb in the
    present or infinitive ("files that must be deleted", "the orders to cancel") and an end state ("done when 2
    jackets are bought") are still asks."""
    if not _past_form(text[start:end].lower(), verb):
        return False
    before = text[:start].lower()
    if _AFTER_RELATIVE.search(before):
        return True
    m = _OBJECT_RELATIVE.search(before)
    return m is not None and (m.group(1) or "") not in _SCENE_OPENERS
