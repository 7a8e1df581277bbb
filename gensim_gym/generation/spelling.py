"""Spelling the reader tolerates (round 43): directives typed quickly, often by non-native speakers, misspell the
very words the reader keys on ("schedul 2 meeting in calender", "purchace", "dificult level") and drop the
apostrophe of a negation ("dont touch the config files", "it doesnt see"). Both are mended before any recognizer
reads the text (:func:`spelled`, applied by ``directive.parse_directive`` and ``reading.reading_of`` alike, so the
knobs and the clauses read the same words):

* "then" after a comparative is "than" where no verb follows ("more then budget", :func:`_than`);
* a count dictated and written as its homophone is its number ("buy for items", ``homophones.spoken_counts``,
  round 63);
* a negation without its apostrophe gets it back (:data:`_APOSTROPHES`; "cant" and "wont" are words of their own
  and stay as they are);
* a word of at least :data:`MIN_LENGTH` letters that the reader does not know is replaced by the one keyword of
  the reader's lexicon (:func:`_keywords`: its verbs, every world's name, keywords and vocabulary, and the words
  of the knob phrases, :data:`KNOB_WORDS`) that is one edit away (an insertion, deletion, substitution or swap
  of two neighbouring letters) and starts with the same letter. Where two keywords are that near, or the word
  is an English word of its own (a form of a keyword, or one of :data:`REAL_WORDS`), it is left alone: a guess
  between two meanings is no reading.
"""

from __future__ import annotations

import re
from difflib import SequenceMatcher
from functools import cache, lru_cache

from gensim_gym.generation.chat_log import dialogue_read
from gensim_gym.generation.corrections import corrected
from gensim_gym.generation.exercise_sheet import unframed
from gensim_gym.generation.homophones import spoken_counts
from gensim_gym.generation.lexicon import domain_vocabulary, known_verbs, noun_lemma, verb_of
from gensim_gym.generation.paper_frame import paper_read
from gensim_gym.generation.prd_frame import prd_read
from gensim_gym.generation.toolsets import load_registry

#: The shortest misspelt word that is mended: shorter words are one edit from too many others ("shoe", "shop").
MIN_LENGTH = 5

#: Negations typed without their apostrophe; none of these is a word of its own.
_APOSTROPHES = {w: w[:-1] + "'t" for w in (
    "dont", "doesnt", "didnt", "isnt", "arent", "wasnt", "werent", "shouldnt", "mustnt", "wouldnt", "couldnt",
    "hasnt", "havent", "hadnt", "neednt")}
_APOSTROPHE = re.compile(r"\b(?:" + "|".join(_APOSTROPHES) + r")\b")

#: Words of the knob and rule phrases (difficulty, observability, time pressure, reward, composition) that are
#: worth mending: the worlds' own words come from the registry (:func:`_keywords`).
KNOB_WORDS = frozenset({
    "difficult", "difficulty", "environment", "together", "observable", "visible", "deadline", "reward", "rewards",
    "sparse", "dense", "noisy", "unreliable", "randomly", "sometimes", "beginner", "medium", "budget", "overlap",
    "overlapping", "schedule", "reschedule", "purchase", "delete", "appointment", "assistant", "customer",
    "service", "support", "inventory", "warehouse", "passenger", "shopping", "online", "directory", "system",
    "calendar", "meeting", "shelves", "package", "airplane", "logistics", "elevator", "dungeon", "sokoban",
})

#: English words one edit from a keyword that mean something else: never mended ("stare" is no "store"). Found by
#: running :func:`mended` over every word of the benchmark sets and of a large body of English prose (the
#: documentation of the installed packages) and keeping each real word it changed.
REAL_WORDS = frozenset({
    "stare", "stars", "start", "state", "share", "shore", "score", "spare", "spend", "spent", "sport", "carts",
    "cards", "files", "filed", "fired", "tired", "times", "tiles", "title", "trick", "truce", "track", "there",
    "three", "other", "where", "these", "those", "their", "board", "bored", "beard", "heard", "after", "later",
    "water", "paper", "waste", "taste", "haste", "paste", "plate", "place", "plane", "plant", "point", "print",
    "price", "prize", "pride", "bride", "order", "older", "folder", "holder", "solder", "cooler", "color",
    "whole", "while", "white", "write", "quite", "quiet", "worse", "horse", "house", "mouse", "route",
    "router", "cheap", "check", "cheek", "chess", "dense", "sense", "tense", "noise", "raise", "loose",
    "close", "closet", "doors", "floor", "flour", "boxes", "foxes", "items", "stems", "teams", "terms",
    "hosts", "compliant", "lunch",
    "produce", "skipping", "explode", "overlay", "summaries", "conform", "assembly", "discord", "shimmer",
    "unblock", "regards", "swimmer", "massage", "flatter", "sticking", "organism",
    "disassembly", "tickers", "visibly", "combing", "polices", "slipping", "skimmer", "rewords", "restack",
})


@lru_cache(maxsize=1024)
def spelled(text: str) -> str:
    """``text`` (lower case) with negations' apostrophes restored and misspelt keywords mended (module docstring),
    each count the user took back replaced by the one said instead and each world ruled out dropped
    (``corrections.corrected``, round 49). Its words keep their order; a mended word may change its length. Cached:
    one reading spells its directive in ``parse_directive`` and ``reading_of``, and the answer is a pure function of
    the text. A course sheet's labels and marks are blanked first (``exercise_sheet.unframed``, round 55), and a
    requirements document's frame dropped and its won't-have items negated (``prd_frame.prd_read``, round 70); before
    them, what a paper says its environment is not is dropped or negated (``paper_frame.paper_read``, round 73)."""
    return corrected(prd_read(unframed(paper_read(dialogue_read(_mended_words(text))))))


def taken_back(text: str) -> list[str]:
    """The words of ``text`` (lower case) that :func:`spelled` drops as taken back or ruled out (a retracted count,
    its correction marker, a world ruled out: ``corrections.corrected``), in the order typed: the reader lists them
    as filler and the knobs note them, so every word of a directive stays reported."""
    typed = _TOKEN_OR_NUMBER.findall(unframed(_mended_words(text)))  # a sheet's frame: ``exercise_sheet.frame_words``
    kept = _TOKEN_OR_NUMBER.findall(spelled(text))
    if typed == kept:
        return []
    ops = SequenceMatcher(None, typed, kept, autojunk=False).get_opcodes()
    return [w for tag, a, b, _, _ in ops if tag in ("delete", "replace") for w in typed[a:b]]


_TOKEN_OR_NUMBER = re.compile(r"[a-z0-9_']+")


@lru_cache(maxsize=1024)
def _mended_words(text: str) -> str:
    """``text`` (lower case) with negations' apostrophes restored and misspelt keywords mended, word for word (what
    :func:`_changed` pairs with the words as typed)."""
    explicit = _EXPLICIT.search(text)  # "domain: webshop, calender" names worlds exactly: an unknown one is an error
    if explicit is not None:
        a, b = explicit.span(1)
        return _mended_words(text[:a]) + text[a:b] + _mended_words(text[b:])
    text = _APOSTROPHE.sub(lambda m: _APOSTROPHES[m.group(0)], text)
    text = spoken_counts(_THEN.sub(_than, text))
    return _WORD.sub(lambda m: mended(m.group(0)), text)


def mendings(typed: str) -> list[tuple[str, str]]:
    """``(as typed, as read)`` of each word :func:`spelled` changes in ``typed`` (lower case), in order and once
    each: what ``parse_directive`` notes, so a user sees every word the reader did not take as written."""
    return list(dict.fromkeys(_changed(typed)))


def typed_forms(typed: str) -> dict[str, str]:
    """Each word :func:`spelled` mends in ``typed`` (lower case), as read, to the word ``typed`` had there (the
    last, where two typings mend to one word): what :func:`as_typed` gives back. Made once per directive."""
    return {new: old for old, new in _changed(typed)}


def as_typed(text: str, forms: dict[str, str]) -> str:
    """``text`` (words of a mended directive) with each mended word given back as typed (``forms``, from
    :func:`typed_forms`), so a reading's clauses show the directive's own words ("calender", not "calendar")."""
    if not forms:
        return text
    return _TOKEN.sub(lambda m: forms.get(m.group(0), m.group(0)), text)


def _changed(typed: str) -> list[tuple[str, str]]:
    """``(as typed, as read)`` of every word :func:`spelled` changes in ``typed``, in order, repeats kept."""
    pairs = zip(_TOKEN.findall(typed), _TOKEN.findall(_mended_words(typed)), strict=False)
    return [(old, new) for old, new in pairs if new != old]


_TOKEN = re.compile(r"[a-z']+")
_EXPLICIT = re.compile(r"\bdomains?\s*[:=]\s*([a-z_, ]+)")


#: "then" after a comparative, where "than" was meant ("not spend more then budget"); "more then check out" is a
#: next step, told by the verb after it (:func:`_than`).
_THEN = re.compile(r"\b(more|less|fewer|greater|higher|lower|bigger|smaller|larger|cheaper|rather)\s+then\b"
                   r"(?=\s+([a-z]+|[$\d]))")


def _than(match: re.Match[str]) -> str:
    """``match`` (a comparative and "then") with "than" for "then", unless a known verb follows (a next step)."""
    if verb_of(match.group(2)) is not None:
        return match.group(0)
    return f"{match.group(1)} than"


_WORD = re.compile(rf"(?<![\w'/.-])[a-z]{{{MIN_LENGTH},}}(?![\w'/-])")


@lru_cache(maxsize=8192)
def mended(word: str) -> str:
    """The keyword ``word`` misspells, or ``word`` itself where it is known, a real word or no single keyword is
    one edit away (module docstring)."""
    if len(word) < MIN_LENGTH or _known(word):
        return word
    index = _deletions()
    near = {k for d in {word, *_deletes(word)} for k in index.get(d, ())}
    near = {k for k in near if k[0] == word[0] and _one_edit(word, k)}
    if len(near) != 1:
        return word
    keyword = near.pop()
    return keyword if _a_slip(word, keyword) else word


def _a_slip(word: str, keyword: str) -> bool:
    """Whether ``word`` (one edit from ``keyword``) reads as a slip of typing rather than a word of its own: not
    the keyword with a letter added at its end (a derived word: "charger", "server", "roomy") nor with its last
    letter dropped, unless that is a silent e ("delet", "schedul"; "draft" is no "drafts"); and, for a word of
    fewer than 7 letters, only a letter left out inside it ("suport", "adress"): a short word with a changed letter
    is as likely another word ("crane", "lunch", "slack") as a slip."""
    if word[:-1] == keyword or (keyword[:-1] == word and keyword[-1] != "e"):
        return False
    return len(word) >= 7 or len(word) < len(keyword)


def _known(word: str) -> bool:
    """Whether ``word`` is a keyword, a form of a known verb or noun, or an English word of its own."""
    keywords = _keywords()
    return word in keywords or word in REAL_WORDS or noun_lemma(word) in keywords or verb_of(word) is not None


@cache
def _keywords() -> frozenset[str]:
    """The single words the reader keys on: its verbs, every world's name, keywords and vocabulary, and
    :data:`KNOB_WORDS`; those of at least :data:`MIN_LENGTH` - 1 letters (a mended word may have lost one)."""
    words = set(KNOB_WORDS) | {v for v in known_verbs() if " " not in v}
    for name, ts in load_registry().items():
        words |= {name, *domain_vocabulary(name), *(k for k in ts.keywords if re.fullmatch(r"[a-z]+", k))}
    return frozenset(w for w in words if w.isalpha() and len(w) >= MIN_LENGTH - 1)


@cache
def _deletions() -> dict[str, tuple[str, ...]]:
    """Each keyword and each of its one-letter deletions, to the keywords it comes from (a symmetric-deletion
    index: two words one edit apart share an entry)."""
    index: dict[str, set[str]] = {}
    for k in _keywords():
        for d in {k, *_deletes(k)}:
            index.setdefault(d, set()).add(k)
    return {d: tuple(ks) for d, ks in index.items()}


def _deletes(word: str) -> set[str]:
    """``word`` with one letter left out, at each place."""
    return {word[:i] + word[i + 1:] for i in range(len(word))}


def _one_edit(a: str, b: str) -> bool:
    """Whether ``a`` and ``b`` differ by one insertion, deletion, substitution or swap of neighbouring letters."""
    if a == b or abs(len(a) - len(b)) > 1:
        return False
    if len(a) == len(b):
        diff = [i for i in range(len(a)) if a[i] != b[i]]
        return len(diff) == 1 or (len(diff) == 2 and diff[1] == diff[0] + 1
                                  and a[diff[0]] == b[diff[1]] and a[diff[1]] == b[diff[0]])
    short, long_ = (a, b) if len(a) < len(b) else (b, a)
    return any(long_[:i] + long_[i + 1:] == short for i in range(len(long_)))
