"""Domain evidence: which words of a directive speak for one world.

For every world the reader collects strong evidence (its name, its keywords) and weak evidence (its operation
verbs, the nouns of its object types, verbs acting on counted objects, words only it declares, dates for the
calendar, putting things back for rearrangement), and discards a keyword that only modifies a noun foreign to
every world ("stock market"). :mod:`~gensim_gym.generation.domain_choice` weighs the evidence; this module only
finds it.
"""

from __future__ import annotations

import re
from functools import lru_cache

from gensim_gym.generation.field_vocabulary import MEASURE_OF, field_acts, field_names, other_acts, weak_field_words
from gensim_gym.generation.lexicon import (
    EVERYDAY_NAMES,
    FIELD_WORDS,
    GENERIC_VERBS,
    NUMBER,
    NUMBER_WORDS,
    OCCASIONS,
    calls,
    counted_nouns,
    counted_pool_nouns,
    domain_vocabulary,
    evidence_nouns,
    noun_lemma,
    object_operations,
    operations,
    own_words,
    relocated,
    said_words,
    tool_verb,
    type_noun,
    verb_of,
)
from gensim_gym.generation.operations import (
    AN_OBJECT,
    MAKING_ROOM,
    MEETING_BOOKED,
    MEETING_COUNTED,
    MEETING_MOVED,
    MEETINGS_LISTED,
    OPERATIONS,
    SCHEDULING,
    VERB_SLOT,
    object_words,
)
from gensim_gym.generation.toolsets import get_toolset, load_registry
from gensim_gym.generation.word_roles import NOUN_AFTER, place_noun
from gensim_gym.generation.wording import has_word, verb_pattern, whole_words

#: Keywords too common to choose a domain on their own ("look things up with a search tool" is not a
#: shopping task, "under the store's policy" alone is no support ticket): they add to a domain's score
#: but a domain needs one other keyword to be chosen.
WEAK_KEYWORDS = frozenset({"search", "policy", "policies", "store", "customer", "customers"})

#: A room's floor as the surface things lie on or are walked over (round 63: "traps on the floor it has to avoid",
#: "picks the toys up off the floor"): a bare "the floor" after a preposition of place, no storey an elevator serves
#: (those are named: "the ground floor", "the 3rd floor", "the floor they want").
_SURFACE = re.compile(r"\b(?:on|off|from|onto|across|along|over|under|beneath)\s+the\s+floor\b"
                      r"(?!\s+(?:of|above|below|they|he|she|you|where|number|\d))")


def _surface_spans(text: str) -> list[tuple[int, int]]:
    """The spans of :data:`_SURFACE` in ``text``: a keyword inside one is a floor to stand on, no elevator's."""
    return [m.span() for m in _SURFACE.finditer(text)]


def keyword_pattern(keyword: str) -> str:
    """A regex for a domain keyword: a phrase's nouns in either number ("towers of hanoi" also matches "tower
    of hanoi", "locked doors" "locked door"), spaced or hyphenated ("call-centre", "customer-service": round 12); a
    single word as listed (toolsets list the forms they mean)."""
    words = keyword.split(" ")
    if len(words) == 1:
        return re.escape(keyword)
    return r"[\s-]+".join(rf"{re.escape(noun_lemma(w))}(?:s|es)?" if len(w) > 3 else re.escape(w) for w in words)


def domain_evidence(text: str, name: str, ts) -> tuple[list[str], list[str]]:
    """``(keywords, weak words)`` of domain ``name`` in ``text``: its name, keywords and the phrases that name its
    trade (``field_vocabulary.FIELD_NAMES``), and its operation
    verbs (:data:`OPERATIONS`, any form) and the nouns of its object types (``lexicon.counted_nouns``: "five
    packages from the dock" is about items and locations) as weak evidence."""
    hits = [w for w in dict.fromkeys((name, *ts.keywords, *field_names(name)))
            if has_word(text, keyword_pattern(w))]
    # an act done to what only this world's work is done to, as said ("reply to a customer", "order ... online":
    # ``field_vocabulary.FIELD_ACTS``), names it as its keywords do (round 24)
    hits += [w for w in field_acts(text, name) if w not in hits]
    # ordering a count of goods no other world has is buying them ("order 1 coffee grinder": round 29)
    hits += [w for w, _ in purchase_acts(text, name) if w not in hits]
    # a keyword inside another world's name for a meeting is part of that name ("2 focus blocks" are no toy blocks:
    # round 14), and one inside another world's act is its object ("order 3 phone cases online": round 25)
    acts_elsewhere = other_acts(text, name) + [span for other in load_registry() if other != name
                                               for _, span in purchase_acts(text, other)]
    meetings = [m.span() for other, patterns in _DATED.items() if other != name for _, p in patterns
                for m in p.finditer(text)] + acts_elsewhere
    # a keyword inside a phrase naming another world's trade is part of that name ("robot" in "the housekeeping
    # robot": a household's, no warehouse robot; round 35)
    trades = [m.span() for other in load_registry() if other != name for pattern in _trade_phrases(other)
              for m in pattern.finditer(text)]
    meetings += trades + _surface_spans(text)
    hits = [w for w in hits if not all(any(a <= m.start() and m.end() <= b for a, b in meetings)
                                       for m in whole_words(keyword_pattern(w)).finditer(text))]
    # a keyword inside another world's phrasal verb is part of that verb ("stock up on coffee": the shop's buying,
    # no warehouse stock; "block out 2 focus hours": the calendar's, no toy blocks): round 16
    phrasal = _phrasal_spans(text, name)
    hits = [w for w in hits if not phrasal or not all(any(a <= m.start() and m.end() <= b for a, b in phrasal)
                                                      for m in whole_words(keyword_pattern(w)).finditer(text))]
    matched, hits = hits, _outermost(text, hits, name)
    # one word is one piece of evidence: "scheduling" is a calendar keyword, not also its verb "schedule"
    spans = [m.span() for w in hits for m in whole_words(keyword_pattern(w)).finditer(text)]

    def inside(a: int, b: int) -> bool:
        return any(s <= a and b <= e for s, e in spans)

    # a verb that is first a place's noun, after a determiner, is that place ("the store": a shop, no storing; round 23)
    # (nor is a verb inside another world's trade name: "lift scheduling" is the elevator's, no calendar scheduling;
    # round 37)
    verbs = [v for v in OPERATIONS.get(name, {}) if v not in hits
             and any(not inside(*m.span()) and not place_noun(text, *m.span(), v)
                     and not any(a <= m.start() and m.end() <= b for a, b in trades)
                     for m in re.finditer(verb_pattern(v), text))]
    said = {noun_lemma(h) for h in matched}  # (a keyword inside a longer one is said, not counted again as a noun)
    lemmas = {noun_lemma(w) for w in re.findall(r"[a-z]+", text)}
    nouns = [n for n in counted_nouns(name) if n in lemmas and n not in said and n in evidence_nouns(name)
             and not _only_within(text, n, acts_elsewhere)]
    # a noun inside two meetings named after a scheduling verb is part of their names ("set up a budget review and
    # a product demo": no goods; round 15)
    listed = [m.span() for m in MEETINGS_LISTED.finditer(text)] if name != "calendar" else []
    # a verb with its particle written as one noun ("file cleanup", "a pickup"): the operation, named
    joined = [v.replace(" ", "") for v in operations(name) if " " in v and len(v.split()) == 2]
    acts = [j for j in dict.fromkeys(joined) if j not in said and j not in verbs and j in lemmas]
    # the words only this world declares ("grid", "serve": lexicon.own_words), outside its keywords
    taken = {*said, *verbs, *nouns, *acts}
    forms = said_words(text)
    used = {span for w, span in forms.items() if w in taken}  # "guests" counted as a noun is not also "passenger"
    for w, span in forms.items():
        if w in own_words(name) and w not in taken and span not in used and not inside(*span) \
                and not _field_word_of_other(text, span, name) \
                and not any(a <= span[0] and span[1] <= b for a, b in acts_elsewhere):
            acts.append(w)
            used.add(span)
    # an own word that is a verb with its particle written as one ("checkout"), said as two ("check out")
    for w in own_words(name):
        split = tool_verb(w)
        if " " in split and w not in acts and w not in taken:
            m = re.search(verb_pattern(split), text)
            if m and not inside(*m.span()):
                acts.append(w)
    # (a phrase naming the world's trade, ``field_vocabulary.FIELD_NAMES``, names no foreign thing: "the fulfilment
    # centre needs ...", round 12)
    # (a noun of the world's field elsewhere in the directive is other evidence: "a lost spreadsheet ... the whole
    # folder tree" is about files, round 16)
    # (a keyword said inside a longer one, "shop" in "web shop", was said all the same: the phrase is not alone)
    if len(matched) == 1 and not verbs + nouns + acts and hits[0] != name and hits[0] not in field_names(name) \
            and hits[0] not in field_acts(text, name) \
            and not [w for w in weak_field_words(text, name) if noun_lemma(w) != noun_lemma(hits[0])] \
            and (_foreign_compound(text, hits[0]) or _foreign_kind(text, hits[0])):
        # "stock market": a lone keyword that only modifies a head foreign to every domain; "sudoku puzzles": a lone
        # generic keyword qualified by a kind foreign to every domain
        return [], []
    acted = [w for w in _acted_objects(text, name) if w not in {*hits, *verbs, *nouns, *acts}]
    # a counted object the world has by name ("puts 3 books back": rearrangement's things), weak (round 9)
    pooled = [w for w in counted_pool_nouns(text, name) if w not in {*hits, *verbs, *nouns, *acts, *acted}]
    # putting things back where they belong ("puts 4 dishes back in the cupboard") is tidying, weak (round 11)
    restored = ["put back"] if name in _RESTORING and _RESTORING[name].search(text) and "put back" not in verbs else []
    # a day or hour ("on tuesday", "at 3pm") and planning counted events ("plan 2 client calls"), weak (round 11)
    # (a meeting whose name is a noun of the world already counted above, "a retro", is one piece of evidence)
    dated = [w for w, pattern in _DATED.get(name, ()) if w not in hits
             and any(w != "meeting kind" or noun_lemma(m.group(0).split()[-1]) not in nouns
                     for m in pattern.finditer(text))]
    # the nouns of its roles, objects and places users write (``field_vocabulary``: "caller", "carton"), weak,
    # each once and not where a keyword or a noun above already said it (round 12)
    found = {noun_lemma(w) for w in (*hits, *verbs, *nouns, *acts, *acted, *pooled)}
    # (a meeting's name found by its count or article above is one piece of evidence, not also a field word: round 14)
    said_dated = [m.span() for w, p in _DATED.get(name, ()) if w in dated for m in p.finditer(text)]
    field = [w for w in weak_field_words(text, name) if noun_lemma(w) not in found and not any(w in h for h in hits)

             and not all(any(a <= m.start() and m.end() <= b for a, b in said_dated)
                         for m in re.finditer(rf"\b{re.escape(w)}", text))]
    # a generic verb with the object its tool is named after ("add 2 notebooks to the cart": add_to_cart), weak: the
    # act is the world's, as its operation verbs are (round 16)
    placed = list(dict.fromkeys(h.tool for h in object_operations(text, name) if h.tool not in taken))
    weak = verbs + nouns + acts + acted + pooled + restored + dated + field + placed
    # a word inside two meetings named after a scheduling verb is part of their names ("set up a budget review and
    # a product demo": no goods; round 15)
    listed = [m.span() for m in MEETINGS_LISTED.finditer(text)] if name != "calendar" else []
    return hits, [w for w in weak if not listed or not _only_within(text, w, listed)]


#: The verbs of buying that a count of goods follows where a verb stands ("order 1 coffee grinder"); "order" alone is
#: support's noun too ("refund 1 order"), so only the verb with its counted object names the shop (round 29).
_PURCHASE_VERBS = ("order", "buy", "purchase")
#: Money spent on a count of things ("spend at most 50 dollars on 2 board games", "spent $30 on 1 lamp"); group 1 is
#: "on" and the count (``operations.spending_on`` reads the same phrase as the buying tool once a shop is chosen).
_SPENT_ON_COUNT = re.compile(rf"\bspen(?:d|ds|t|ding)\b[^,;:.]{{0,40}}?\s(on\s+(?:{NUMBER}))\s+(?=[a-z])")
#: Words after a count that are no goods ("order 2 of them", "buy 3 more").
_NO_GOODS = NOUN_AFTER | {"them", "it", "more", "times", "extra", "others"}


def purchase_acts(text: str, name: str) -> list[tuple[str, tuple[int, int]]]:
    """``(said, span)`` for each verb of buying (:data:`_PURCHASE_VERBS`) that is an operation of world ``name``'s
    buying tool, standing where a verb stands with a count of goods after it that no other world has: none of its
    words is another world's counted noun, keyword or field word ("order 1 coffee grinder", "order 2 kettles"; not
    "order 3 pallets", a warehouse's, nor "refund 1 order", a noun). Buying them is the shop's trade, named as its
    keywords name it (round 29). Money spent on a count of such goods is spent buying them (round 31: "spend no more
    than 40 euros on 3 mugs": said "on 3 mugs")."""
    ops = operations(name)
    tool = ops.get("buy")
    verbs = [v for v in _PURCHASE_VERBS if tool is not None and ops.get(v) == tool]
    if not verbs:
        return []
    pattern = rf"{VERB_SLOT}((?:{'|'.join(verb_pattern(v) for v in verbs)})\s+(?:{NUMBER}))\s+(?=[a-z])"
    others = [other for other in load_registry() if other != name]
    out = []
    for m in [*re.finditer(pattern, text), *_SPENT_ON_COUNT.finditer(text)]:
        goods, end = _goods_words(text, m.end())
        if goods and all(w.isalpha() and w not in _NO_GOODS and w not in NUMBER_WORDS for w in goods) \
                and not any(_names_other(w, others) for w in goods):
            out.append((text[m.start(1):end], (m.start(1), end)))
    for m in _shopper_buying(name, tuple(verbs)).finditer(text):
        goods, end = _goods_words(text, m.end())
        if goods and all(w.isalpha() and w not in _NO_GOODS and w not in NUMBER_WORDS for w in goods) \
                and not any(a <= m.start(1) < b for _, (a, b) in out):
            out.append((text[m.start(1):end], (m.start(1), end)))
    return out


#: Who buys in a shop, besides the shop's own keywords ("the shopper buys", "a buyer purchases").
_SHOPPERS = ("shopper", "shoppers", "buyer", "buyers")


@lru_cache(maxsize=32)
def _shopper_buying(name: str, verbs: tuple[str, ...]) -> re.Pattern[str]:
    """A verb of buying of world ``name`` with a count after it, said of the shop's buyer: a shop keyword or a
    shopper at most one word before it ("the shopping agent buys 2 storage bins", "a shopper bot orders 3 pallets";
    round 46). What the shop's buyer buys is goods, whatever another world calls them: a household's or a
    warehouse's things are the shop's once a shopper buys them ("the warehouse robot buys 2 bins" is said of no
    shopper, and stays the warehouse's). Group 1 is the verb and the count; compiled once per world."""
    buyers = [w for w in (*load_registry()[name].keywords, *_SHOPPERS) if " " not in w and w not in verbs
              and not any(re.fullmatch(verb_pattern(v), w) for v in verbs)]
    said = "|".join(verb_pattern(v) for v in verbs)
    return re.compile(rf"\b(?:{'|'.join(map(re.escape, buyers))})(?:\s+[a-z]+)?\s+((?:{said})\s+(?:{NUMBER}))"
                      rf"\s+(?=[a-z])")


_MEASURE = re.compile(rf"{MEASURE_OF}\s+")


def _goods_words(text: str, end: int) -> tuple[list[str], int]:
    """The first words of the goods after a count ending at ``end``, past a measure they are counted in ("2 pairs of
    running shoes": running, shoes; round 34), and where the last of them ends: the measure is no goods, and its "of"
    no noun, but it is said inside the act."""
    measure = _MEASURE.match(text, end)
    start = measure.end() if measure else end
    words = object_words(text, start)[:3]
    for word in words:
        start = text.index(word, start) + len(word)
    return words, start


def _names_other(word: str, others: list[str]) -> bool:
    """Whether ``word`` is a counted noun, keyword or field word of one of the worlds ``others`` (see
    :func:`purchase_acts`). A name a world only gives its objects, or an everyday name of them ("pens", "mugs":
    rearrangement's things), is none: a shop sells those goods too (round 30: "order 2 pens" is buying them); so is
    a field word that is such an everyday name (round 31: "order 3 mugs", "order 2 cups": a household's field words,
    and its things)."""
    lemma = noun_lemma(word)
    everyday = any(lemma in names for names in EVERYDAY_NAMES.values())
    return any(type_noun(word, [o]) is not None or lemma in {noun_lemma(k) for k in load_registry()[o].keywords}
               or weak_field_words(word, o) and not everyday for o in others)


def _outermost(text: str, hits: list[str], name: str) -> list[str]:
    """``hits`` without a keyword every mention of which stands inside a longer keyword of the same world ("store" in
    "online store", "desk" in "help desk"): one stretch of words is one piece of evidence, so a world named by a
    phrase holding another of its keywords does not outweigh one named by a single phrase (round 26: "help desk and
    online store" is two worlds, not the shop at 1.5 against support at 1). The world's own name still counts where
    it stands in a longer keyword ("customer support"): its weight is that of being named."""
    spans = {w: [m.span() for m in whole_words(keyword_pattern(w)).finditer(text)] for w in hits}
    return [w for w in hits if w == name or not spans[w] or not all(
        any(a <= s and e <= b and (a, b) != (s, e) for o in hits if o != w for a, b in spans[o])
        for s, e in spans[w])]


def _phrasal_spans(text: str, name: str) -> list[tuple[int, int]]:
    """Where ``text`` uses a phrasal verb of another world than ``name`` (an operation of several words, "stock up
    on", "block out") with an object after it: the words inside are that verb's, not evidence of ``name``."""
    own = operations(name)
    return [m.span(1) for other in load_registry() if other != name for v, pattern in _phrasal_operations(other)
            if v not in own for m in pattern.finditer(text)]


@lru_cache(maxsize=32)
def _phrasal_operations(name: str) -> tuple[tuple[str, re.Pattern[str]], ...]:
    """The operations of world ``name`` of more than one word ("stock up on", "block out"), each with its pattern
    compiled once (each world's evidence looks for every other world's: compiled per call, they outgrew the ``re``
    module's cache and were compiled again on every reading)."""
    return tuple((v, re.compile(rf"({verb_pattern(v)})(?={AN_OBJECT}|\s+[a-z])")) for v in operations(name) if " " in v)


@lru_cache(maxsize=32)
def trade_spans(text: str, name: str) -> list[tuple[int, int]]:
    """The spans of ``text`` that are phrases of several words naming world ``name``'s trade (:func:`_trade_phrases`):
    the words inside one are part of that name, no act or object of another world (round 37: "lift scheduling")."""
    return [m.span() for pattern in _trade_phrases(name) for m in pattern.finditer(text)]


def _trade_phrases(name: str) -> tuple[re.Pattern[str], ...]:
    """The phrases of several words that name world ``name``'s trade (``field_vocabulary.FIELD_NAMES``: "housekeeping
    robot"), compiled once, as :func:`_phrasal_operations` are."""
    return tuple(whole_words(keyword_pattern(phrase)) for phrase in field_names(name) if " " in phrase)


def _only_within(text: str, word: str, spans: list[tuple[int, int]]) -> bool:
    """Whether every word of ``text`` that is ``word`` or has it as its lemma stands inside one of ``spans``."""
    said = [m for m in re.finditer(r"[a-z]+", text) if word in (m.group(), noun_lemma(m.group()))]
    return bool(said) and all(any(a <= m.start() and m.end() <= b for a, b in spans) for m in said)


#: When things happen, weak evidence of the world that schedules them (round 11): a weekday or an hour of the
#: clock ("on tuesday", "by 3pm"); a named kind of meeting after a count or an article, or any occasion after a
#: count ("3 team syncs", "a retro", "2 client calls"; not "3 tool calls"); and a scheduling verb with a meeting as
#: its object ("fit 3 team syncs into", "slot 3 interviews", "plan 2 client calls": round 14, which widened round
#: 11's "plan" with counted events; "plan" alone is no scheduling, "longer plans" is a plan's length).
_DATED = {"calendar": (
    ("weekday", re.compile(r"\b(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)s?\b"
                           r"|\b\d{1,2}(?::\d\d)?\s*(?:am|pm)\b"
                           # a day or week said relative to today (round 18: "to next week", "until tomorrow")
                           r"|\b(?:to|until|till|for|by|from|on|into)\s+(?:tomorrow|next\s+(?:week|month|monday|tuesday"
                           r"|wednesday|thursday|friday|saturday|sunday)|later\s+this\s+week|the\s+following\s+week)\b")),
    ("meeting kind", MEETING_COUNTED),
    ("scheduling verb", SCHEDULING),
    ("meetings listed", MEETINGS_LISTED),
    ("making room", MAKING_ROOM),  # "free up a slot for an interview" (round 16)
    ("moving a meeting", MEETING_MOVED),  # "shift 3 one-on-ones to later dates" (round 46)
    ("booking a meeting", MEETING_BOOKED),  # "books 1 pediatrician visit" (round 46)
)}


#: The kinds of :data:`_DATED` evidence that are an act with its object ("set up a standup", "free up a slot for an
#: interview"): a task saying one names the world that schedules, as a keyword would (round 25).
DATED_ACTS = frozenset({"scheduling verb", "meetings listed", "making room", "moving a meeting", "booking a meeting"})


def dated_spans(text: str, name: str, weak: list[str]) -> list[tuple[int, int]]:
    """Where the weak evidence of ``name`` read from when things happen (:data:`_DATED`, among ``weak``) stands in
    ``text``: the words the domain clause is made of."""
    return [m.span() for w, pattern in _DATED.get(name, ()) if w in weak for m in pattern.finditer(text)]


#: Putting things back where they belong: a verb of putting, its object (a few words) and "back" ("puts 4 dishes
#: back", "return the toys back"), weak evidence of the world whose task is tidying (round 11). A vehicle's
#: "drive back" or "go back" is no putting.
_RESTORING = {"rearrangement": re.compile(r"\b(?:put|puts|putting|place[sd]?|placing|set|sets|setting)\s+"
                                          r"(?:(?!back\b)[a-z0-9'-]+\s+){1,4}back\b")}


#: How many worlds may do a verb for it to say which world is meant when it acts on a counted object ("set up",
#: "reserve": calendar's; "move" is done in twelve worlds and says nothing).
_FEW_WORLDS = 2
#: Words between a counted subject and its passive participle ("two rooms have to be reserved").
_PASSIVE_AUX = r"(?:(?:have|has|had|must|should|shall|will|would|need|needs|ought|to|be|been|being|is|are|get|gets)\s+)"


@lru_cache(maxsize=64)
def _acting(name: str) -> tuple[tuple[str, ...], re.Pattern[str], re.Pattern[str]]:
    """``(verbs, active, passive)`` for :func:`_acted_objects`: the verbs of domain ``name`` few worlds do, longest
    first, and the patterns of one of them with a counted object after it, or a counted subject before it in the
    passive ("two rooms have to be reserved"), compiled once: a count and at most one word before its noun ("4 job
    interviews"; a word that ends the phrase, "3 consultations for the clinic", leaves the noun before it)."""
    registry = load_registry()
    verbs = tuple(sorted((v for v in operations(name) if v not in GENERIC_VERBS and len(v) >= 3
                          and sum(v in operations(d) for d in registry) <= _FEW_WORLDS), key=len, reverse=True))
    said = "|".join(verb_pattern(v) for v in verbs) or "(?!)"
    counted = rf"(?:{NUMBER})\s+(?:(?P<mod>[a-z'-]+)\s+)?(?P<noun>[a-z]+)\b"
    return verbs, re.compile(rf"({said})\s+{counted}"), re.compile(rf"\b{counted}\s+{_PASSIVE_AUX}{{1,3}}({said})")


def _acted_objects(text: str, name: str) -> list[str]:
    """Weak evidence for domain ``name`` from what its verbs act on (round 8): a verb of its operations (any of
    ``lexicon.operations``, not only the hand-written ones) that at most :data:`_FEW_WORLDS` worlds do, with a
    counted object, actively ("set up 4 job interviews", "arrange two consultations") or in the passive ("two
    conference rooms have to be reserved"). Where the object is a noun of this domain ("rooms"), the verb is the
    evidence; where it is a noun of a thing that happens at a time (``lexicon.OCCASIONS``: "interviews", "project
    reviews"), evidence for no world on its own, the noun counts too. Returns the verbs and nouns, in order found."""
    out: list[str] = []
    verbs, active, passive = _acting(name)
    if not verbs:
        return out
    found = [(m, m.group(1)) for m in active.finditer(text)]
    found += [(m, m.group(3)) for m in passive.finditer(text) if m.group(0).endswith("ed")]
    for m, said in found:
        verb = next(v for v in verbs if re.fullmatch(verb_pattern(v), said))
        # (an adverb after the noun ends the phrase too: "rename 2 images quickly", round 31)
        ends = m.group("noun") in PHRASE_END or m.group("noun").endswith("ly") and m.group("noun") not in NOUN_AFTER
        noun = m.group("mod") if ends and m.group("mod") else m.group("noun")
        lemma = noun_lemma(noun)
        if lemma in evidence_nouns(name):
            out += [verb] if verb not in out else []
        elif lemma in OCCASIONS and counted_nouns(name).get(lemma) or _everyday_object(lemma, verb, name):
            out += [w for w in (verb, lemma) if w not in out]
    return out


def _everyday_object(lemma: str, verb: str, name: str) -> bool:
    """Whether ``lemma`` is an everyday name of a type of world ``name`` (``lexicon.EVERYDAY_NAMES``: "images",
    "photos", "songs" are files) that the tool of its operation ``verb`` acts on: "rename 2 images" is a file system's
    renaming, as "rename 2 files" is (round 31). No evidence alone (a shop sells pictures too); the verb few worlds
    do, with its object, is."""
    tool = operations(name).get(verb)
    kinds = {kind for kind, names in EVERYDAY_NAMES.items() if lemma in names}
    ts = get_toolset(name)
    return tool is not None and bool(kinds) \
        and any(p.type in kinds for t in ts.tools + ts.extra_tools if calls(t.name, tool) for p in t.params)


def _field_word_of_other(text: str, span: tuple[int, int], name: str) -> bool:
    """Whether the word at ``span`` is a word of a world's field (``lexicon.FIELD_WORDS``: "home", "messy") that
    modifies a noun of another world ("a home directory", "messy home folders"): that noun's world is meant."""
    word = text[span[0]:span[1]]
    if noun_lemma(word) not in FIELD_WORDS:
        return False
    after = re.match(r"\s+(?:[a-z]+\s+)?([a-z]+)", text[span[1]:])
    heads = [noun_lemma(w) for w in (after.groups() if after else ()) if w]
    # (a noun of the other world's trade counts too: "kitchen appliances" are goods, round 14)
    return any(h in evidence_nouns(other) or h in own_words(other) or h in ts.keywords
               or weak_field_words(h, other) for other, ts in load_registry().items() if other != name for h in heads)


#: Heads that a domain word may modify and stay evidence: what a directive calls the thing it asks for
#: ("warehouse robot", "shopping assistant", "inventory tasks").
GENERIC_HEADS = frozenset({"task", "tasks", "bot", "bots", "assistant", "agent", "agents", "robot", "robots", "app",
                            "system", "systems", "planner", "manager", "management", "simulator", "simulation", "sim",
                            "game", "games", "puzzle", "puzzles", "problem", "problems", "world", "worlds", "env",
                            "envs", "environment", "environments", "domain", "scenario", "scenarios", "variant",
                            "variants", "challenge", "challenges", "job", "jobs", "work", "duty", "duties", "control",
                            "controller", "tool", "tools", "helper", "workflow", "workflows", "automation", "operator",
                            "clerk", "desk"})
#: A noun made from a verb of doing ("organisation", "categorization", "administration", "upkeep" aside): like
#: "agenda planning", the keyword before it is the activity's object ("file organisation tasks"), not a
#: modifier of something foreign (round 11).
_NOMINALIZED_ACT = re.compile(r"[a-z]+(?:is|iz)ations?|administrations?|maintenance|handling|housekeeping")
#: Words that end a noun phrase rather than head it.
PHRASE_END = frozenset({"without", "within", "into", "onto", "under", "over", "across", "through", "after", "before",
                         "until", "so", "if", "because", "since", "per", "via", "as", "than", "not", "never", "all",
                         "any", "some", "each", "every", "no", "it", "them", "this", "these", "those", "its", "their",
                         "must", "should", "can", "will", "would", "may", "might", "up", "down", "out", "off", "away",
                         "back", "whose", "using", "between", "inside", "outside", "around", "only", "first",
                         "for", "of", "and", "or", "with", "the", "a", "an", "to", "in", "on", "at", "by", "from",
                         "that", "which", "who", "where", "is", "are", "be", "then", "but", "while", "when", "plus",
                         # prepositions of place (round 30: "a help desk beside a shop": no "desk beside"; "next" and
                         # "adjacent" only before "to": :func:`_foreign_compound`)
                         "beside", "besides", "alongside", "near",
                         # prepositions of a topic (round 35: "2 complaints about missing packages": the keyword is
                         # the head, what follows is what it is about, no compound "complaints about")
                         "about", "regarding", "concerning"})

#: Pronouns that stand for people ("do not schedule anyone more than once"): a keyword before one is a verb taking
#: it as its object, no modifier of a foreign noun (round 32).
_PERSON_PRONOUNS = frozenset({"anyone", "anybody", "someone", "somebody", "everyone", "everybody", "nobody",
                              "him", "her", "me", "us", "you"})


def _foreign_compound(text: str, keyword: str) -> bool:
    """Whether every mention of ``keyword`` modifies a following noun that no domain knows ("stock market",
    "a shipping container company"): the compound names something else, so the keyword is no evidence."""
    registry = load_registry()
    mentions = list(re.finditer(rf"\b{keyword_pattern(keyword)}\s+([a-z]+)\b", text))
    if not mentions or len(mentions) < len(whole_words(keyword_pattern(keyword)).findall(text)):
        return False
    for m in mentions:
        head = m.group(1)
        # an activity ("agenda planning": the keyword is its object) or a compound of a generic head
        # ("gridworld", "chatbot") is what the directive asks for, not something foreign
        # ... unless the activity is a verb no world with that keyword does ("stock trading": trading is no
        # warehouse operation, so "stock" names what is traded, not a warehouse's stock); a noun that is such a verb
        # too names a thing of that foreign trade (round 54: "a stock exchange", "a stock trade": no warehouse
        # exchanges or trades), a generic verb aside ("a stock check" is the warehouse's look)
        doing = verb_of(head) if head.endswith("ing") or head not in GENERIC_VERBS else None
        foreign_act = doing is not None and not any(
            doing in operations(n) or doing in ts.keywords or doing == n
            for n, ts in registry.items() if keyword in ts.keywords or keyword == n)
        activity = (head.endswith("ing") and not foreign_act) or any(head.endswith(g) for g in GENERIC_HEADS
                                                                     if len(g) > 3) \
            or bool(_NOMINALIZED_ACT.fullmatch(head))
        place = head in ("next", "adjacent") and re.match(r"\s+to\b", text[m.end():]) is not None  # "next to"
        known = activity or place or head in GENERIC_HEADS or head in PHRASE_END or head in _PERSON_PRONOUNS \
            or head in VOCABULARY or relocated(head) \
            or (verb_of(head) is not None and not foreign_act) \
            or any(head in ts.keywords or noun_lemma(head) in counted_nouns(n) for n, ts in registry.items()) \
            or any(weak_field_words(head, n) for n, ts in registry.items()  # "shop online": the shop's own word
                   if keyword in ts.keywords or keyword == n)  # (round 16; "stock prices" are no warehouse's)
        if known:
            return False
    return True


#: Adjectives a kind of thing may be qualified by ("logic puzzles", "small puzzles"): a quality, not a kind of its
#: own; words of these endings are taken for adjectives too ("classic", "tricky", "numerical", "famous").
_QUALITIES = frozenset({"small", "big", "large", "tiny", "little", "simple", "short", "long", "new", "old", "fun",
                        "good", "nice", "hard", "easy", "quick", "random", "fresh", "real", "whole", "same", "few"})
_ADJECTIVE_ENDING = re.compile(r"[a-z]+(?:ic|al|ous|ive|ful|less|able|ible|ed|ing|ish|y|er|est|ly)")


def _foreign_kind(text: str, keyword: str) -> bool:
    """Whether every mention of ``keyword``, a generic head (:data:`GENERIC_HEADS`: "puzzles", "games"), is
    qualified by a noun no world and no part of the reader knows ("sudoku puzzles", "crossword puzzles", "rubik's
    cube puzzles"): the directive names a kind of thing that is no world of ours, so the generic word is no evidence
    of the world that lists it (round 26; "solve puzzles" alone and "sokoban puzzles" still name sokoban)."""
    if keyword not in GENERIC_HEADS:
        return False
    mentions = list(whole_words(keyword_pattern(keyword)).finditer(text))
    return bool(mentions) and all(any(not _known_word(w) for w in _qualifiers(text, m.start())) for m in mentions)


def _qualifiers(text: str, start: int) -> list[str]:
    """The words that qualify the noun starting at ``start``: up to two words right before it, back to a word that
    ends a noun phrase or a number ("solve rubik's cube puzzles": rubik's, cube)."""
    out: list[str] = []
    for word in reversed(re.findall(r"[a-z0-9']+|[^a-z0-9'\s]", text[:start])[-2:]):
        if not re.fullmatch(r"[a-z']+", word) or word in PHRASE_END or re.fullmatch(NUMBER, word):
            break
        out.append(word.removesuffix("'s"))
    return out


def _known_word(word: str) -> bool:
    """Whether ``word`` is one the reader knows (a world's name, keyword or word, a word of the directive vocabulary,
    a verb, a number, a field word) or a quality rather than a kind (:data:`_QUALITIES`, an adjective's ending)."""
    registry = load_registry()
    lemma = noun_lemma(word)
    return word in VOCABULARY or word in PHRASE_END or word in GENERIC_HEADS or word in _QUALITIES \
        or re.fullmatch(NUMBER, word) is not None or verb_of(word) is not None \
        or _ADJECTIVE_ENDING.fullmatch(word) is not None or lemma in FIELD_WORDS \
        or any(word in (name, *ts.keywords) or lemma in counted_nouns(name) or lemma in domain_vocabulary(name)
               or weak_field_words(word, name) for name, ts in registry.items())


# Words of the directive vocabulary (and filler) that end an explicit "domain: a, b" list, so that
# "domain: webshop, hidden" names one domain and asks for hidden facts.
VOCABULARY = frozenset([
    "easy", "easier", "simple", "simpler", "beginner", "hard", "harder", "difficult", "challenging", "expert",
    "sparse", "sparser", "sparsely", "dense", "denser", "shaped", "reward", "rewards", "noisy", "noise", "unreliable",
    "flaky", "stochastic", "hidden", "partial", "partially", "unobserved", "fog", "fully", "full", "observable",
    "observability", "more", "fewer", "add", "remove", "only", "needed", "extra", "larger", "toolset", "distractor",
    "distractors", "tool", "tools", "longer", "long", "complex", "complexity", "steps", "multi", "shorter", "short",
    "task", "tasks", "with", "please", *NUMBER_WORDS])


