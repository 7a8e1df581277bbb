"""Operations: the tools a directive's verbs ask the golden plan to call.

"refund 2 orders", "back up the logs, then delete them", "reschedule", "ferry 3 cars": a verb (in any inflection)
of a chosen world's operations (:data:`OPERATIONS`, and the verbs ``lexicon.operations`` derives from each tool),
a noun derived from one, or the world's name used as a verb. The hand-written table lives here with its readers;
``lexicon.operations`` extends it from the toolsets.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from functools import cache
from typing import NamedTuple

from gensim_gym.generation.field_vocabulary import (
    ACCOUNT_RESETTING,
    CALENDAR_REMOVING,
    CHECKING_WHO,
    FILE_RESTORING,
    MEETING_KINDS,
    NOT_RECEIVED,
    PLACING_ORDER,
    SCHEDULING_VERBS,
    field_names,
)
from gensim_gym.generation.lexicon import (
    ACCOMPLISH_VERBS,
    MONEY,
    NUMBER,
    NUMBER_WORDS,
    OCCASIONS,
    RELOCATING,
    VERB_GROUPS,
    counted_type,
    derived_operations,
    evidence_nouns,
    family,
    main_tool,
    noun_lemma,
    object_operations,
    operations,
    tool_verb,
)
from gensim_gym.generation.toolsets import get_toolset, predicate_effects
from gensim_gym.generation.word_roles import describes_past, kept_as, noun_here
from gensim_gym.generation.wording import verb_pattern

#: Verbs that ask for an operation, per domain: the tool a golden plan must then call. A domain's own
#: activity ("schedule", "buy", "refund") is listed too: "refund 2 orders" asks for refunds, not for any
#: two support goals.
OPERATIONS = {
    "filesystem": {"copy": "copy_file", "copies": "copy_file", "back up": "copy_file", "backup": "copy_file",
                   "remove": "delete_file", "delete": "delete_file", "move": "move_file", "chmod": "chmod_writable",
                   "organise": "move_file", "organize": "move_file",
                   # a file is renamed by moving it to its new name (``mv``): no filesystem has a rename of its own
                   "rename": "move_file", "mv": "move_file"},
    "warehouse": {"pick": "pick", "drop": "drop", "move": "drop", "store": "drop", "deliver": "drop"},
    "webshop": {"inspect": "inspect", "coupon": "apply_coupon", "buy": "checkout", "purchase": "checkout",
                "cart": "add_to_cart"},
    "calendar": {"book": "book_room", "invite": "invite", "confirm": "confirm_attendance", "schedule": "schedule",
                 "cancel": "cancel_meeting", "call off": "cancel_meeting"},
    "support": {"cancel": "cancel_order", "escalate": "escalate", "verify": "verify_identity",
                "update": "update_address", "refund": "refund_order"},
}


#: Verbs whose tool does less than the verb says (round 6): the golden plan calls the tool, and the reading marks the
#: clause approximated with what a task does instead.
LOOSE_OPERATIONS = {
    # (round 50: "restore the lost spreadsheet")
    "filesystem": dict.fromkeys(FILE_RESTORING, (
        "the file system keeps no deleted files to bring back: copy_file copies a file into the directory where it "
        "belongs, which is what the task asks for")),
    # (round 37: "resets their account")
    "support": dict.fromkeys(ACCOUNT_RESETTING, (
        "the help desk keeps no password or account state to reset: update_address, its one change to a customer's "
        "record, is what the task does to the account"))}


#: Verbs a world does that another world names a tool after (the calendar's "cancel" and "call off", support's
#: ``cancel_order``): where both are chosen, the other world's tool is meant, as for a loose operation
#: (:func:`yields`). Until branch wcal the calendar did them loosely (unschedule: moved, not cancelled).
YIELDED = {"calendar": frozenset(("cancel", "call off", *CALENDAR_REMOVING))}


def yields(verb: str, name: str) -> bool:
    """Whether world ``name`` gives ``verb`` up to another chosen world that does it exactly: ``verb`` is a loose
    operation of ``name`` (:data:`LOOSE_OPERATIONS`) or one it yields (:data:`YIELDED`)."""
    return verb in LOOSE_OPERATIONS.get(name, {}) or verb in YIELDED.get(name, ())


def loose_elsewhere(verb: str, name: str, domains) -> bool:
    """Whether ``verb`` is an operation domain ``name`` yields (:func:`yields`) that another chosen domain does
    exactly: that domain's tool is meant ("cancel 2 orders" in support+calendar is ``cancel_order``)."""
    return yields(verb, name) and any(verb in operations(o) and not yields(verb, o) for o in domains if o != name)



def required_tools(text: str, domains: list[str], notes: list[str]) -> tuple[str, ...]:
    """The tools (families, ``lexicon.family``) the directive's operation verbs ask the golden plan to call
    (:data:`OPERATIONS`, and the verbs ``lexicon.operations`` derives from each domain's tools)."""
    tools: list[str] = []
    # of several worlds, a verb one of them names a tool after ("cancel": support's cancel_order) is that world's;
    # another world's tool it only stands for by its verb group ("call off": support's cancel_order) is not also asked
    named = {verb for name in domains for verb, tool in operations(name).items()
             if verb in OPERATIONS.get(name, {}) or tool_verb(tool.rstrip("*")) == verb}
    for name in domains:
        for verb, tool in operations(name).items():
            if len(domains) > 1 and verb in named and verb not in OPERATIONS.get(name, {}) \
                    and tool_verb(tool.rstrip("*")) != verb:
                continue
            if loose_elsewhere(verb, name, domains):  # "cancel" in support+calendar: support's cancel_order
                continue
            # "an outdated backup file": a noun; "load crates onto trucks": the carrier, no act of trucking
            if tool not in tools and any(not no_act_here(text, m.start(), m.end(), verb, domains)
                                         for m in re.finditer(verb_pattern(verb), text)):
                tools.append(tool)
                notes.append(f"'{verb}': the golden plan calls {tool}")
        # "ferry 3 cars": the name as a verb; "get 3 presents" in a shop, "get 2 boxes onto the targets"
        for light in light_verbs(text, [name]) + [LightVerb(*h, "the domain's name as a verb")
                                                   for h in name_verbs(text, [name])]:
            if light.tool not in tools:
                tools.append(light.tool)
                notes.append(f"'{text[light.start:light.end]}' ({light.why}): the golden plan calls {light.tool}")
        # "three deliveries", "reschedule": words derived from a verb ask for its tool too
        for hit in derived_operations(text, name) + object_operations(text, name):
            undo = undo_tool(name, hit.tool) if hit.redo else None
            for tool in ([undo] if undo else []) + [hit.tool]:  # "reschedule": unschedule, then schedule
                if tool not in tools:
                    tools.append(tool)
                    notes.append(f"'{text[hit.start:hit.end]}' ({hit.verb}): the golden plan calls {tool}")
    return tuple(tools)


#: Words that open a noun phrase ("the backup folder", "an outdated backup file").
_PHRASE_OPENERS = frozenset({"a", "an", "the", "their", "his", "her", "its", "our", "my", "your", "each", "every",
                             "all", "some", "any", "no", "these", "those", "this", "one", "several", "many"})
#: Adjectives of age and state a noun modifier may follow ("an outdated backup file", "the old backup folder").
_STATE_ADJECTIVES = frozenset({"old", "new", "stale", "latest", "last", "recent", "nightly", "daily", "weekly",
                               "monthly", "full", "local", "spare", "extra", "second", "previous", "current"})


def no_act_here(text: str, start: int, end: int, verb: str, domains) -> bool:
    """Whether the form of ``verb`` at ``text[start:end]`` asks for no act: it stands inside a noun phrase
    (:func:`modifies_noun`), is a noun there (``word_roles.noun_here``), describes its noun in the past
    (``word_roles.describes_past``, round 48) or says how "it" is kept (``word_roles.kept_as``, round 61: "keeping
    it lean"). The knobs (:func:`required_tools`) and the reading's operation clauses ask this one question, so they
    agree."""
    return modifies_noun(text, start, end, domains) or noun_here(text, start, end, verb) \
        or describes_past(text, start, end, verb) or kept_as(text, start)


def modifies_noun(text: str, start: int, end: int, domains) -> bool:
    """Whether the word at ``start:end`` stands inside a noun phrase (round 16): before a noun of the chosen worlds,
    after a determiner (and at most one adjective) or a number ("an outdated backup file", "delete the backup folder"
    name a file and a folder, not the act of backing up; "backup the folder", "make a backup of 3 files" do), or,
    uninflected, as the head after a determiner and a participle ("on the shared drive"), or as the first word of a
    phrase naming a chosen world's trade ("escape room": :func:`opens_field_name`)."""
    if opens_field_name(text, start, end, domains):
        return True
    before = re.findall(r"[a-z0-9']+|[,;:.]", text[max(0, start - 60):start])
    if len(before) > 1 and before[-2] in _PHRASE_OPENERS and before[-1].endswith("ed") \
            and re.match(r"[a-z]+(?:s|ed|ing)\b", text[start:]) is None:
        return True
    after = re.match(r"\s+([a-z]+)\b", text[end:])
    if after is None or not any(counted_type(after.group(1), [d]) is not None
                                or noun_lemma(after.group(1)) in evidence_nouns(d) for d in domains):
        return False
    if not before:
        return False
    if before[-1] in _PHRASE_OPENERS or before[-1].isdigit() or before[-1] in NUMBER_WORDS:
        return True
    return len(before) > 1 and before[-2] in _PHRASE_OPENERS \
        and (before[-1] in _STATE_ADJECTIVES or before[-1].endswith("ed") and before[-1].isalpha())


def opens_field_name(text: str, start: int, end: int, domains) -> bool:
    """Whether the uninflected word at ``start:end`` opens a phrase of more than one word naming a chosen world or
    its trade (``field_vocabulary.FIELD_NAMES``): "escape" in "an escape room" names the room, no act of escaping
    (round 27, where escaping became a dungeon's move)."""
    word = text[start:end]
    return any(w.split(maxsplit=1)[0] == word and re.match(
        r"\s+".join(re.escape(p) for p in w.split()) + r"(?:s|es)?\b", text[start:]) is not None
        for d in domains for w in field_names(d) if " " in w)


def undo_tool(name: str, tool: str) -> str | None:
    """The tool of domain ``name`` that undoes ``tool`` ("un" + its name: ``unschedule``), where the domain gives it a
    start state to undo (``Toolset.init_when_asked``): a verb done again ("reschedule") is then that tool and ``tool``
    again, which a task can really ask for (round 6). None otherwise."""
    ts = get_toolset(name)
    undo = f"un{tool}"
    return undo if undo in ts.init_when_asked and any(t.name == undo for t in ts.all_tools) else None


#: Where a word stands as a verb: at the start of a part of the directive or after a word that a verb follows.
VERB_SLOT = r"(?:^|[,;:.(]\s*|\b(?:then|and|to|must|should|can|will|please|also|that|who|i|we|you|they|it)\s+)"
AN_OBJECT = rf"\s+(?:{NUMBER}|the|a|an|all|every|each|them|it|some|these|those|both|several|many)\b"


def name_verbs(text: str, domains) -> list[tuple[int, int, str]]:
    """``(start, end, tool)`` for each name of a chosen domain used as a verb, where a verb stands and with an object
    after it ("ferry 3 cars across", "please ferry the cars"): it asks for the domain's work, its main tool
    (``lexicon.main_tool``), as a name made from a verb does ("rearrangement": rearrange; round 6)."""
    out = []
    for name in domains:
        tool = main_tool(name)
        if tool is None or name in operations(name):
            continue
        # (a line break ends the name's part: an issue's title "Sokoban agent sees the entire board", blanked but for
        # its world, is no verb of the line after it, round 68)
        for m in re.finditer(rf"{VERB_SLOT}({re.escape(name)})(?:s|es|ed|ing)?(?![ \t]*\n)(?={AN_OBJECT})", text):
            out.append((m.start(1), m.end(1), tool))
    return out




#: Light verbs of acquiring (round 13): "get", "obtain", "secure" say nothing of how; in a world where buying is an
#: operation ("buy" in :func:`lexicon.operations`), with that world's goods after them, they ask for the purchase.
#: ("grab", "snag", "pick up" are verbs of the shop's cart already: ``lexicon.operations``.)
ACQUIRING = (r"get|gets|getting|got|obtain(?:s|ed|ing)?|secur(?:e|es|ed|ing)|acquir(?:e|es|ed|ing)"
             r"|procur(?:e|es|ed|ing)")
#: What ends the object of a verb: a new part of the directive, or a preposition after its noun phrase.
_OBJECT_END = re.compile(r"[,;:.]|\b(?:and|then|or|but|to|onto|into|for|from|with|without|within|under|over|on|in|at|"
                         r"while|so|by)\b")


def object_words(text: str, end: int) -> list[str]:
    """The words of the object of a verb ending at ``end`` (at most five): up to the next part of the directive or
    preposition ("get 3 birthday presents without ...": 3, birthday, presents)."""
    return re.findall(r"[a-z0-9'-]+", _OBJECT_END.split(text[end:end + 80])[0])[:5]


def acquiring_verbs(text: str, domains) -> list[tuple[int, int, str]]:
    """``(start, end, tool)`` for each light verb of acquiring (:data:`ACQUIRING`) where a verb stands, with an object
    after it that is the goods of a chosen world that buys: a noun it counts ("get 3 birthday presents": products), or
    a count of things no other chosen world counts ("obtain 2 laptops"). It asks for that world's buying tool."""
    return _buying(text, domains, list(re.finditer(rf"{VERB_SLOT}({ACQUIRING})(?={AN_OBJECT})", text)))


def _buying(text: str, domains, verbs: list[re.Match[str]]) -> list[tuple[int, int, str]]:
    """``(start, end, tool)`` for each of ``verbs`` (group 1 the verb) whose object is the goods of a chosen world
    that buys: a noun it counts, or a count of things no other chosen world counts. The test both
    :func:`acquiring_verbs` and :func:`wanting_goods` make of the words after their verb."""
    out = []
    for name in domains:
        tool = operations(name).get("buy")
        if tool is None:
            continue
        others = [d for d in domains if d != name]
        for m in verbs:
            words = object_words(text, m.end(1))
            goods = any(counted_type(w, [name]) for w in words)
            counted = bool(words) and re.fullmatch(NUMBER, words[0]) is not None \
                and not any(counted_type(w, others) for w in words)
            if goods or counted:
                out.append((m.start(1), m.end(1), tool))
    return out


#: Phrasal verbs of getting a piece of work done ("take care of", "deal with", "sort out", "work through"): each asks
#: for the world's task done, like "handle" (``lexicon.ACCOMPLISH_VERBS``), where a verb stands with an object.
PHRASAL_ACCOMPLISH = tuple(sorted((v for v in ACCOMPLISH_VERBS if " " in v), key=len, reverse=True))


def phrasal_verbs(text: str) -> list[tuple[int, int, str]]:
    """``(start, end, verb)`` for each phrasal verb of :data:`PHRASAL_ACCOMPLISH`, in any inflection, where a verb
    stands and with an object after it ("take care of 3 meetings", "please deal with the 2 angry customers")."""
    out: list[tuple[int, int, str]] = []
    for verb in PHRASAL_ACCOMPLISH:
        for m in re.finditer(rf"{VERB_SLOT}({verb_pattern(verb)})(?={AN_OBJECT})", text):
            if not any(a <= m.start(1) < b for a, b, _ in out):
                out.append((m.start(1), m.end(1), verb))
    return out


def getting_to(text: str, domains) -> list[tuple[int, int, str]]:
    """``(start, end, tool)`` for each "get" where a verb stands with an object and then a place it goes to ("get 2
    boxes onto the targets", "get 3 passengers to their floors"): getting things somewhere is the world's work, its
    main tool (``lexicon.main_tool``), as the world's name used as a verb is (:func:`name_verbs`). Round 13."""
    out = []
    for m in re.finditer(rf"{VERB_SLOT}(get|gets|getting|got)(?={AN_OBJECT})", text):
        words = object_words(text, m.end(1))
        after = text[m.end(1):m.end(1) + 80]
        rest = after[len(_OBJECT_END.split(after)[0]):]
        if not words or not re.match(r"(?:to|onto|into|in|on)\b", rest):
            continue
        tool = next((t for d in domains if (t := main_tool(d)) is not None and operations(d).get("buy") is None
                     and any(counted_type(w, [d]) for w in words)), None)
        if tool is not None:
            out.append((m.start(1), m.end(1), tool))
    for m in _TO_GET_THERE.finditer(text):  # "2 parcels to get across the country": the count is its object
        words = m.group(1).split()
        tool = next((t for d in domains if (t := main_tool(d)) is not None and operations(d).get("buy") is None
                     and any(counted_type(w, [d]) for w in words)), None)
        if tool is not None:
            out.append((m.start(2), m.end(2), tool))
    return out


_PLACING_ORDER = re.compile(PLACING_ORDER)


def orders_placed(text: str, domains) -> list[tuple[int, int, str]]:
    """``(start, end, tool)`` for each order placed for goods (``field_vocabulary.PLACING_ORDER``: "places 1 order for
    a rug"): placing an order is buying, so it asks for the buying tool of a chosen world that buys (round 52). A
    world that buys nothing (the help desk looks orders up) has no such tool, and the phrase asks for nothing."""
    return _asked(_PLACING_ORDER, text, _chosen_tool(domains, "buy"))


#: Counted things and then "to get" them somewhere (round 37: "has 2 parcels to get across the country", "3 boxes to
#: get onto the targets"): the infinitive's object is the count before it; group 1 the count and its noun, group 2
#: "get".
_TO_GET_THERE = re.compile(rf"\b((?:{NUMBER})\s+(?:[a-z'-]+\s+){{0,2}}?[a-z'-]+)\s+(?:left\s+|still\s+)?to\s+(get)"
                           r"\s+(?:across|to|onto|into|over|through|from|out\s+to)\b")


class LightVerb(NamedTuple):
    """A light verb read as a world's tool (round 13): where it is, the tool, and why, in words."""

    start: int
    end: int
    tool: str
    why: str


def _chosen_tool(domains, verb: str) -> str | None:
    """The tool of the first chosen world in ``domains`` that does ``verb`` (:func:`lexicon.operations`), or None:
    what a phrase asking for that act calls in this directive."""
    return next((t for name in domains if (t := operations(name).get(verb)) is not None), None)


def _asked(regex: re.Pattern[str], text: str, tool: str | None) -> list[tuple[int, int, str]]:
    """``(start, end, tool)`` for group 1 of each match of ``regex`` in ``text``: the phrase asks for ``tool`` (none
    when the chosen worlds have no such tool)."""
    return [] if tool is None else [(m.start(1), m.end(1), tool) for m in regex.finditer(text)]


#: Passing through locked barriers (round 27: "escape the dungeon through 1 locked door", "get past 2 locked
#: gates"): each is opened on the way, so the count is of what the opening tool acts on; group 1 is the preposition.
_PASSING = re.compile(rf"\b(through|past|via)\s+(?=(?:{NUMBER}|an?|one)\s+(?:locked|closed|barred|sealed)\s+"
                      r"(?:doors?|gates?|doorways?|portcullis(?:es)?|grates?)\b)")
#: The verbs of the tool that opens a locked thing.
_OPENING = ("unlock", "open")


def passing_locked(text: str, domains) -> list[tuple[int, int, str]]:
    """``(start, end, tool)`` for each passing through a count of locked doors (:data:`_PASSING`) in a chosen world
    with a tool that unlocks (``unlock`` or ``open`` in :func:`lexicon.operations`): the doors are that tool's goals,
    opened on the way out (round 27)."""
    tool = next((operations(name)[verb] for name in domains for verb in _OPENING if verb in operations(name)), None)
    return _asked(_PASSING, text, tool)


#: Spending money on a count of things (round 28: "spend at most 50 dollars on 2 board games", "spent $30 on 1
#: lamp"): what the money goes on is bought; group 1 is the preposition the count follows.
_SPENDING_ON = re.compile(rf"\bspen(?:d|ds|t|ding)\b[^,;:.]{{0,40}}?\s(on)\s+(?=(?:{NUMBER}|an?|one)\s+[a-z])")


def spending_on(text: str, domains) -> list[tuple[int, int, str]]:
    """``(start, end, tool)`` for each spending on counted things (:data:`_SPENDING_ON`) in a chosen world that buys
    ("buy" in :func:`lexicon.operations`): the things are that tool's goals (round 28)."""
    tool = _chosen_tool(domains, "buy")
    return _asked(_SPENDING_ON, text, tool)


#: An amount spent with no limit word before it (round 32: "spent 30 dollars on 1 lamp", "spend $25 on 2 mugs"):
#: group 1 is the verb and the amount, group 2 the "on" the goods follow.
_AMOUNT_SPENT = re.compile(rf"\b(spen(?:d|ds|t|ding)\s+(?:{MONEY.pattern}))\s+(on)\s")


def amounts_spent(text: str, domains) -> list[tuple[int, int]]:
    """``(start, end)`` of each amount spent on goods with no limit on it (:data:`_AMOUNT_SPENT`) where that spending
    is buying them (:func:`spending_on`): the amount is a price the world sets itself, no budget rule (a limit word,
    "at most 30 dollars", makes it one); the reader says so rather than leaving it unread (round 32)."""
    bought = {start for start, _, _ in spending_on(text, domains)}
    return [m.span(1) for m in _AMOUNT_SPENT.finditer(text) if m.start(2) in bought]


#: Checking who someone is (round 28: "after checking their identity", "confirm the caller's ID", "once you have
#: checked each customer's identity"): a verb of checking, then an identity. ("verify" is the tool's own verb.)
_IDENTITY_CHECK = re.compile(
    r"(\b(?:check|confirm|validat|authenticat|establish|vet|prov)(?:e|es|ed|ing|s|t|ted|ting)?\s+(?:the\s+)?"
    r"(?:(?:their|his|her|its|each|every|a|the|[a-z]+'s?)\s+)?(?:[a-z]+'s?\s+)?(?:identity|identities|id|ids)\b(?!\s+of\b)"
    # or who is on the line (round 32: "after confirming who is calling")
    rf"|{CHECKING_WHO}"
    # or the identity said first, checked in the passive (round 63: "after the customer's identity is checked", "once
    # their ID has been confirmed")
    r"|\b(?:identity|identities|id|ids)\s+(?:is|are|was|were|has\s+been|have\s+been|gets?|got)\s+"
    r"(?:first\s+|properly\s+|fully\s+|successfully\s+)?(?:checked|confirmed|validated|authenticated|established"
    r"|vetted|proven|proved)\b)")


def identity_checks(text: str, domains) -> list[tuple[int, int, str]]:
    """``(start, end, tool)`` for each check of someone's identity (:data:`_IDENTITY_CHECK`) in a chosen world with
    a tool that verifies one (named ``verify_identity``): it asks for that tool (round 28)."""
    tool = next((t.name for name in domains for t in get_toolset(name).tools if t.name == "verify_identity"), None)
    return _asked(_IDENTITY_CHECK, text, tool)


#: Changing a file's permissions (round 27: "change the permissions of 2 files", "fix the permissions on the
#: scripts", "grant write access to 3 reports"): a verb of changing or granting, then the permissions. One regex,
#: not a verb per phrasing: every multi-word verb is matched on its own by each world's evidence.
_PERMISSION_CHANGE = re.compile(
    r"\b((?:chang|set|fix|updat|adjust|modif|alter|edit|reset|loosen)(?:e|es|ed|ing|s|y|ies|ied|ying)?\s+"
    r"(?:the\s+)?(?:file\s+)?(?:permissions?|access\s+rights|mode)\s+(?:of|on|for)"
    r"|(?:grant|giv)(?:e|es|s|ed|ing)?\s+write\s+(?:access|permissions?|rights)\s+(?:to|on))\b")


#: Giving things a new name (round 36: "gives 2 spreadsheets on the shared drive new names", "give the report a new
#: name"): the verb, its object (at most eight words, no clause break) and "a new name"/"new names"; group 1 the verb.
_NEW_NAMES = re.compile(r"\b(giv(?:e|es|en|ing)|gave)\s+(?:[a-z0-9'-]+\s+){1,8}?(?:an?\s+|their\s+|its\s+)?"
                        r"(?:(?:new|different|fresh|better|clearer|proper|correct|sensible|descriptive|other)\s+"
                        # names of a kind said by how they are made (round 37: "give 3 photos date-based names",
                        # "lowercase names"): new names all the same, "names of" names what the names are of
                        r"|[a-z0-9]+-(?:based|style|stamped|prefixed|suffixed|friendly|case|only)\s+"
                        r"|(?:lower-?case|upper-?case|snake-?case|camel-?case|dated|numbered|shorter|meaningful"
                        r"|readable|consistent|unique|standard|standardi[sz]ed|tidy|tidier|cleaner|simpler)\s+)"
                        r"(?:file\s*)?names?\b(?!\s+of\b)")


def renamings(text: str, domains) -> list[tuple[int, int, str]]:
    """``(start, end, tool)`` for each giving of things new names (:data:`_NEW_NAMES`) in a chosen world with a
    "rename" operation (the file system's ``move_file``): giving a file a new name is renaming it (round 36)."""
    if "name" not in text:  # (read once per count by ``counts._light_type``: no regex pass where no name is said)
        return []
    tool = next((operations(name)["rename"] for name in domains if "rename" in operations(name)), None)
    return _asked(_NEW_NAMES, text, tool)


def permission_changes(text: str, domains) -> list[tuple[int, int, str]]:
    """``(start, end, tool)`` for each change of a file's permissions (:data:`_PERMISSION_CHANGE`) in a chosen world
    with a permission tool (one named ``chmod_...``): it asks for that tool (round 27)."""
    tool = next((t.name for name in domains for t in get_toolset(name).tools if t.name.startswith("chmod")), None)
    return _asked(_PERMISSION_CHANGE, text, tool)


#: Working through a count of requests for an act (round 30: "process 3 refund requests", "handle 2 return claims",
#: "work through 4 refund tickets"): a verb of working through cases, a count, the act's word, then a case noun;
#: group 1 is the act's word, group 2 the case noun.
_WORKING_THROUGH = re.compile(
    r"\b(?:process|processes|processed|processing|handles?|handled|handling|work(?:s|ed|ing)?\s+through"
    r"|deal(?:s|t|ing)?\s+with|go(?:es|ing)?\s+through|went\s+through|clear(?:s|ed|ing)?"
    r"|take(?:s|n)?\s+care\s+of|took\s+care\s+of)\s+"
    rf"(?:{NUMBER}|an?|one)\s+(?:[a-z]+\s+)?([a-z]+)\s+"
    r"(requests?|claims?|tickets?|applications?|cases?|queries|query|inquiries|inquiry)\b")


#: Case words that name an act by a noun of its own rather than its verb (round 41: "process 3 return requests"): a
#: return asked for is the goods sent back for their money, the order refunded; a cancellation is cancelling.
_ACT_NOUNS = {"return": "refund", "returns": "refund", "reimbursement": "refund", "cancellation": "cancel",
              "escalation": "escalate", "verification": "verify"}


def requested_acts(text: str, domains) -> list[tuple[int, int, str]]:
    """``(start, end, tool)`` for each count of requests for an act worked through (:data:`_WORKING_THROUGH`) where
    the act's word is a one-word operation verb of a chosen world ("refund": support's ``refund_order``): working
    through requests for an act is doing it (round 30). A word that is no operation ("urgent requests") asks for
    nothing."""
    out = []
    for m in _WORKING_THROUGH.finditer(text):
        act = _ACT_NOUNS.get(m.group(1), m.group(1))
        tool = next((operations(name)[act] for name in domains if act in operations(name)), None)
        if tool is not None:
            out.append((m.start(1), m.end(1), tool))
    return out


#: A verb where a verb stands, a count of things and a place they go into (round 31: "shuffle 3 songs into the music
#: directory", "tuck 2 reports into the archive folder"); group 1 is the verb, group 2 the object, group 3 the place
#: (at most two words before its noun).
_PUTTING_INTO = re.compile(rf"{VERB_SLOT}([a-z]+)\s+((?:{NUMBER})\s+(?:[a-z'-]+\s+){{0,2}}?[a-z'-]+)\s+"
                           r"(?:into|to|onto|in)\s+(?:(?:the|a|an|my|our|your|their|its|that|this)\s+)?"
                           r"((?:[a-z'-]+\s+){0,2}[a-z'-]+)\b")


def putting_into(text: str, domains) -> list[tuple[int, int, str]]:
    """``(start, end, tool)`` for each verb no chosen world does (:data:`_PUTTING_INTO`) with a count of what a world's
    moving tool moves and, after "into"/"to", a place of the type the tool moves it to ("shuffle 3 songs into the
    music directory": ``move_file``, which takes a file and a directory): whatever the verb, things put into a place
    are moved there (round 31). A verb some world does, or one that with its object asks for another tool ("list 3
    files in the downloads folder": ``lexicon.object_operations``), is read as that world's own."""
    out = []
    taken = {h.start for name in domains for h in object_operations(text, name)}
    for m in _PUTTING_INTO.finditer(text):
        if m.start(1) in taken or any(_is_operation(m.group(1), name) for name in domains):
            continue
        tool = _moving_tool(m.group(2).split()[1:], m.group(3).split()[-1], domains)
        if tool is not None:
            out.append((m.start(1), m.end(1), tool))
    return out


def _is_operation(word: str, name: str) -> bool:
    """Whether ``word`` is (a form of) an operation verb of world ``name``."""
    return any(re.fullmatch(verb_pattern(v), word) for v in operations(name) if " " not in v)


def _moving_tool(thing: list[str], place: str, domains) -> str | None:
    """The tool of a chosen world's "move" that takes the type one of the words ``thing`` counts and, as another
    parameter, the type the noun ``place`` names, or None."""
    for name in domains:
        tool = operations(name).get("move")
        kind = next((k for w in thing if (k := counted_type(w, [name])) is not None), None)
        where = counted_type(place, [name])
        if tool is None or kind is None or where is None or where == kind:
            continue
        params = [[p.type for p in t.params] for t in get_toolset(name).tools if t.name == tool]
        if any(kind in types and where in types for types in params):
            return tool
    return None


#: Verbs of finding a thing (round 37: "find 1 key", "locate the 2 keys"): where a world's taking tool is named after
#: what is found (the dungeon's ``pick_key``), finding it is taking it, as round 35 read "hunts for 2 keys".
#: (Round 42: a light verb of getting with that thing after it, "get the blue key", "obtain 2 keys", takes it too.)
_FINDING = r"(?:find|finds|finding|found|locate|locates|located|locating|discover|discovers|discovered|discovering" \
           r"|uncover|uncovers|uncovered|uncovering|get|gets|getting|got|obtain|obtains|obtained|obtaining)"


@cache
def _finding_regex(domain: str) -> tuple[tuple[str, re.Pattern[str]], ...]:
    """``(tool, regex)`` for each tool of ``domain`` whose verb takes a thing ("pick", in the verb group of taking)
    and whose name says the thing ("pick_key": key): a verb of finding with that thing after it, counted or not."""
    taking = next(g for g in VERB_GROUPS if "pick" in g)
    out = []
    for tool in dict.fromkeys(family(t.name) for t in get_toolset(domain).tools):
        verb, *rest = tool.split("_")
        nouns = [w for w in rest if len(w) >= 3]
        if verb in taking and nouns:
            said = "|".join(rf"{re.escape(n)}(?:s|es)?" for n in nouns)
            out.append((tool, re.compile(rf"\b({_FINDING})\s+(?:(?:{NUMBER}|the|a|an|all|every|each|both|its|their)"
                                         rf"\s+)?(?:[a-z'-]+\s+)?(?:{said})\b")))
    return tuple(out)


def finding_verbs(text: str, domains) -> list[tuple[int, int, str]]:
    """``(start, end, tool)`` for each verb of finding with the thing a chosen world's taking tool is named after
    (:func:`_finding_regex`: "find 1 key" asks for the dungeon's ``pick_key``)."""
    return [(m.start(1), m.end(1), tool) for name in domains for tool, regex in _finding_regex(name)
            for m in regex.finditer(text)]


#: Wanting a count of goods (round 39: "the buyer bot wants 2 pairs of running shoes", "a shopper needs 3 mugs"):
#: the verb, then a count or an article; group 1 the verb. What a shopper wants is what it buys.
_WANTING = re.compile(rf"\b(wants?|wanted|wanting|needs?|needed|needing|would\s+like|'d\s+like)\s+"
                      rf"(?=(?:{NUMBER}|an?|one)\s+[a-z])")


def wanting_goods(text: str, domains) -> list[tuple[int, int, str]]:
    """``(start, end, tool)`` for each wanting of counted goods (:data:`_WANTING`) in a chosen world that buys,
    with the goods after it that world's (:func:`acquiring_verbs`' test: a noun it counts, or a count of things no
    other chosen world counts): a shopper wanting goods is buying them (round 39)."""
    if "want" not in text and "need" not in text and "like" not in text:
        return []
    return _buying(text, domains, list(_WANTING.finditer(text)))


#: Having a thing delivered from a shop (round 39: "get a drone delivered from an online electronics store", "have 2
#: lamps shipped from the web store"): "get"/"have", the thing (at most five words), a verb of delivery and where it
#: comes from; group 1 is "get"/"have". Getting a thing delivered from a shop is buying it.
_DELIVERED_FROM = re.compile(r"\b(get|gets|getting|got|have|has|having|had)\s+(?:[a-z0-9'-]+\s+){1,5}?"
                             r"(?:delivered|shipped|sent|posted|mailed|brought)\s+(?:over\s+)?(?:from|by)\b")


def delivered_from(text: str, domains) -> list[tuple[int, int, str]]:
    """``(start, end, tool)`` for each having a thing delivered from somewhere (:data:`_DELIVERED_FROM`) in a chosen
    world that buys and is the only chosen one (a carrier's "get 2 parcels delivered from the depot" is no purchase):
    it asks for the purchase (round 39)."""
    buying = [t for name in domains if (t := operations(name).get("buy")) is not None]
    return [] if len(domains) != 1 or not buying else _asked(_DELIVERED_FROM, text, buying[0])


#: Getting one's money back for a thing (round 39: "wants their money back for 1 broken kettle", "get a refund on 2
#: blenders"): the money back or a refund, then "for"/"on" and the thing, counted; group 1 ends at the preposition,
#: so a count after it counts what the refund tool acts on (``counts._light_type``).
_MONEY_BACK = re.compile(r"\b((?:(?:money|cash|payment)\s+back|(?:a\s+|their\s+|his\s+|her\s+|my\s+|our\s+)?"
                         r"(?:refunds?|reimbursements?|repayments?))\s+(?:for|on))\s+(?=(?:\d+|an?|one|two|three|the"
                         r"|their|his|her|my|our)\s+[a-z])")


def money_back(text: str, domains) -> list[tuple[int, int, str]]:
    """``(start, end, tool)`` for each asking for money back for a thing (:data:`_MONEY_BACK`) in a chosen world with a
    refund operation ("refund" in :func:`lexicon.operations`): the thing's order is refunded (round 39)."""
    tool = _chosen_tool(domains, "refund")
    return _asked(_MONEY_BACK, text, tool)


_NOT_RECEIVED = re.compile(NOT_RECEIVED)


def undelivered_goods(text: str, domains) -> list[tuple[int, int, str]]:
    """``(start, end, tool)`` for each customer's goods said never received (``field_vocabulary.NOT_RECEIVED``:
    "a client who never received their parcel") in a chosen world with a tool that looks an order up (named
    ``lookup_order``): a help desk finds where the order went first (round 41)."""
    if "never" not in text and "not" not in text and "n't" not in text and "yet" not in text:
        return []  # (read once per count: no regex pass where nothing is denied)
    tool = next((t.name for name in domains for t in get_toolset(name).tools if t.name == "lookup_order"), None)
    return _asked(_NOT_RECEIVED, text, tool)


#: Using a discount's code (round 39: "use a discount code", "enter the promo code", "apply 1 voucher code"): a verb
#: of using or entering, then the code of a discount; group 1 the whole phrase (its "code" is read with it).
_CODE_USED = re.compile(r"\b((?:us(?:e|es|ed|ing)|enter(?:s|ed|ing)?|typ(?:e|es|ed|ing)\s+in|input(?:s|ted|ting)?"
                        r"|add(?:s|ed|ing)?|claim(?:s|ed|ing)?|cash(?:es|ed|ing)?\s+in|appl(?:y|ies|ied|ying))\s+"
                        r"(?:(?:a|an|the|one|1|my|our|their|your|its|this|that)\s+)?(?:[a-z'-]+\s+)?"
                        r"(?:discount|promo|promotional|coupon|voucher|sale|referral)\s*(?:codes?|coupons?|vouchers?))\b")


def codes_used(text: str, domains) -> list[tuple[int, int, str]]:
    """``(start, end, tool)`` for each use of a discount code (:data:`_CODE_USED`) in a chosen world with a coupon
    operation ("coupon" in :func:`lexicon.operations`): using the code is applying the coupon (round 39)."""
    tool = _chosen_tool(domains, "coupon")
    return _asked(_CODE_USED, text, tool)


#: A thing held in hand in the end state (round 47: "the hero has 1 key in hand", "holds 2 balls in its grippers",
#: "carrying the crate in its claw"): a verb of having, the thing (at most four words) and the hand; group 1 is "in
#: hand", so a count before it counts what the taking tool acts on.
_IN_HAND = re.compile(r"\b(?:has|have|had|having|holds?|holding|held|carr(?:y|ies|ying|ied))\s+"
                      r"(?:[a-z0-9'-]+\s+){1,4}?(in\s+(?:(?:its|his|her|their|the|one|a|each)\s+)?"
                      r"(?:hands?|grip|grippers?|claws?|grasp))\b")


def held_in_hand(text: str, domains) -> list[tuple[int, int, str]]:
    """``(start, end, tool)`` for each thing said held in hand (:data:`_IN_HAND`) in a chosen world with a tool that
    picks things up ("pick up" in :func:`lexicon.operations`): a thing in hand at the end was picked up (round 47)."""
    if "in " not in text:
        return []
    tool = _chosen_tool(domains, "pick up")
    return _asked(_IN_HAND, text, tool)


#: The words between a count's things and the place they are in at the end ("2 backpacks in the basket", "3 crates
#: now sitting on the shelf"): at most three words of the thing, then a state verb or none. The count opens a clause
#: or follows a word of a state ("goal: 2 lamps in the cart", "done when 3 crates are on the shelf"), never a verb's
#: object ("pick 2 items on the shelf": where they are before the task).
_THINGS_THERE = (rf"(?:^|(?<=[:;,.])\s*|\b(?:when|once|until|till|with|and|is|are|be|has|have|had)\s+)"
                 rf"(?:{NUMBER})\s+(?:[a-z'-]+\s+){{0,3}}?(?:(?:are|is|all|now|sit|sits|sitting|lie|lies|lying"
                 r"|rest|rests|resting|placed|already|safely)\s+){0,2}")


@cache
def _placing_regexes(domain: str) -> tuple[tuple[str, re.Pattern[str]], ...]:
    """``(tool, regex)`` for each operation of ``domain`` that puts things into a named place ("put in the basket",
    "put on the shelf"), its place said after a count of things (:data:`_THINGS_THERE`); group 1 is the place."""
    out = []
    for verb, tool in sorted(operations(domain).items()):
        head, _, place = verb.partition(" ")
        if head == "put" and re.fullmatch(r"(?:in|into|on|onto) the [a-z]+", place):
            noun = place.split(" ", 1)[1]
            out.append((tool, re.compile(rf"{_THINGS_THERE}((?:in|into|on|onto)\s+{noun})\b")))
    return tuple(out)


def things_placed(text: str, domains) -> list[tuple[int, int, str]]:
    """``(start, end, tool)`` for each count of things said to be in a place an operation of ``domains`` puts things
    into (round 47: "2 backpacks in the basket" beside webshop's "put in the basket"): things there in the end state
    were put there, so the directive asks for that operation."""
    return [(m.start(1), m.end(1), tool) for name in domains for tool, regex in _placing_regexes(name)
            for m in regex.finditer(text)]


#: Counted things said gone in the end state (round 47: "3 outdated logs are gone from the disk", "2 temp files have
#: disappeared", "4 caches no longer exist"): a count, its thing (at most three words) and a state of absence; group 1
#: the state.
_GONE = re.compile(rf"\b(?:{NUMBER})\s+(?:[a-z'-]+\s+){{0,3}}?[a-z'-]+\s+((?:are|is|were|was|have\s+been|has\s+been)"
                   r"\s+(?:all\s+|now\s+|finally\s+)?gone|(?:have|has)\s+(?:all\s+|now\s+)?(?:disappeared|vanished)"
                   r"|(?:are|is)\s+no\s+longer\s+(?:there|around|present|on\s+(?:the\s+)?disk)"
                   r"|no\s+longer\s+exists?)\b")


def things_gone(text: str, domains) -> list[tuple[int, int, str]]:
    """``(start, end, tool)`` for each count of things said gone (:data:`_GONE`) in a chosen world with a tool that
    deletes ("delete" in :func:`lexicon.operations`): things gone at the end were deleted (round 47)."""
    if "gone" not in text and "no longer" not in text and "disappeared" not in text and "vanished" not in text:
        return []
    tool = _chosen_tool(domains, "delete")
    return _asked(_GONE, text, tool)


def light_verbs(text: str, domains) -> list[LightVerb]:
    """The light verbs of ``text`` that ask for a tool of ``domains``: :func:`getting_to`, :func:`acquiring_verbs`,
    :func:`scheduling_verbs`."""
    return [LightVerb(*h, "getting things somewhere is the world's work") for h in getting_to(text, domains)] + \
        [LightVerb(*h, "a locked door passed is a door unlocked") for h in passing_locked(text, domains)] + \
        [LightVerb(*h, "finding the thing a tool takes is taking it") for h in finding_verbs(text, domains)] + \
        [LightVerb(*h, "changing a file's permissions is the world's permission tool")
         for h in permission_changes(text, domains)] + \
        [LightVerb(*h, "giving a thing a new name is renaming it") for h in renamings(text, domains)] + \
        [LightVerb(*h, "acquiring a shop's goods is buying them") for h in acquiring_verbs(text, domains)] + \
        [LightVerb(*h, "what money is spent on is bought") for h in spending_on(text, domains)] + \
        [LightVerb(*h, "placing an order is buying") for h in orders_placed(text, domains)] + \
        [LightVerb(*h, "what a shopper wants is bought") for h in wanting_goods(text, domains)] + \
        [LightVerb(*h, "getting a thing delivered from a shop is buying it") for h in delivered_from(text, domains)] + \
        [LightVerb(*h, "money back for a thing is its order refunded") for h in money_back(text, domains)] + \
        [LightVerb(*h, "using a discount code is applying the coupon") for h in codes_used(text, domains)] + \
        [LightVerb(*h, "a thing in hand at the end was picked up") for h in held_in_hand(text, domains)] + \
        [LightVerb(*h, "things in a place at the end were put there") for h in things_placed(text, domains)] + \
        [LightVerb(*h, "things gone at the end were deleted") for h in things_gone(text, domains)] + \
        [LightVerb(*h, "goods a customer never received are an order to look up")
         for h in undelivered_goods(text, domains)] + \
        [LightVerb(*h, "checking who someone is is verifying their identity")
         for h in identity_checks(text, domains)] + \
        [LightVerb(*h, "working through requests for an act is doing it") for h in requested_acts(text, domains)] + \
        [LightVerb(*h, "putting a meeting into the week is scheduling it") for h in scheduling_verbs(text, domains)] + \
        [LightVerb(*h, "things put into a place are moved there") for h in putting_into(text, domains)] + \
        [LightVerb(*h, "making a thing so is the tool named for that state")
         for h in resultative_verbs(text, domains)] + \
        [LightVerb(s, e, tool, f"the nearest state the world has to {state}")
         for s, e, tool, state in near_resultatives(text, domains)]


#: The states a tool is named for (its name's last word ending in -able: ``chmod_writable``), and the words users
#: write for them (round 14: "make them writable", "set 2 configs to editable").
_STATE_WORDS = {"writable": ("writable", "writeable", "editable", "modifiable", "read-write", "read/write")}
#: A verb of making something so, its object (a few words) and the state ("make them writable"), or its participle
#: with the state right after, the object said before it (round 47: "1 config file made read-only", "2 logs set to
#: writable": an end state).
_RESULTATIVE = r"\b(make|makes|made|making|set|sets|setting|turn|turns|turned|turning|mark|marks|marked|marking)" \
               r"\s+(?:(?<=made )|(?<=set )|(?<=turned )|(?<=marked )|(?:[a-z0-9'-]+\s+){{1,6}}?)" \
               r"(?:to\s+|as\s+|into\s+)?(?:{states})\b"


#: The states opposite to a tool's state (round 19: "make 1 file read-only"): a tool that makes a thing writable
#: cannot make it read-only, so such a directive asks for an operation no tool does.
_OPPOSITE_STATES = {"writable": ("read-only", "readonly", "read only", "write-protected", "write protected",
                                 "non-writable", "unwritable", "unwriteable", "not writable", "immutable",
                                 "uneditable", "non-editable", "locked")}


def opposite_resultatives(text: str, domains) -> list[tuple[int, int, str, str]]:
    """``(start, end, tool, state)`` for each verb of making a thing so with a state opposite to the one a tool of
    ``domains`` is named for (:data:`_OPPOSITE_STATES`: "make 1 file read-only" beside ``chmod_writable``): the
    directive asks for an operation, which no tool does; the reader reports it unsupported rather than drop it."""
    out = []
    for tool, words in _state_tools(domains, _OPPOSITE_STATES):
        states = "|".join(re.escape(w).replace(r"\ ", r"\s+") for w in sorted(words, key=len, reverse=True))
        for m in re.finditer(_RESULTATIVE.format(states=states), text):
            state = next(w for w in words if re.search(rf"{re.escape(w)}$", m.group(0)))
            out.append((m.start(1), m.end(), tool, state))
    return out


def _state_tools(domains, table: Mapping[str, tuple[str, ...]]) -> list[tuple[str, tuple[str, ...]]]:
    """``(tool, words)`` for each tool of ``domains`` named for a state (the last part of its name: ``writable``)
    that ``table`` gives words for: the tools :func:`opposite_resultatives` and :func:`near_resultatives` read."""
    return [(tool.name, words) for name in domains for ts in (get_toolset(name),)
            for tool in ts.tools + ts.extra_tools if (words := table.get(tool.name.rsplit("_", 1)[-1], ()))]


#: States near a tool's state that the tool stands in for (round 27: "make 2 scripts executable"): the world's
#: files have one permission, write; a directive asking for another permission gets it granted, approximated.
_NEAR_STATES = {"writable": ("executable", "runnable", "accessible", "readable")}
#: The result said after the object ("change the permissions of 2 files so they are executable").
_SO_STATE = r"\b(so(?:\s+that)?\s+(?:they|it|each|both|all|these|those|the\s+files?)\s+" \
            r"(?:are|is|become|becomes|will\s+be|can\s+be|get|gets)\s+(?:(?:all|both|now)\s+)?)(?:{states})\b"


def near_resultatives(text: str, domains) -> list[tuple[int, int, str, str]]:
    """``(start, end, tool, state)`` for each making of a thing so (:data:`_RESULTATIVE`, or "so they are ...") with
    a state near the one a tool of ``domains`` is named for (:data:`_NEAR_STATES`: "make 2 scripts executable"
    beside ``chmod_writable``): the tool is the world's nearest act, so it is asked for, and the reading says the
    state is approximated (round 27)."""
    out = []
    for tool, words in _state_tools(domains, _NEAR_STATES):
        states = "|".join(re.escape(w) for w in words)
        for pattern in (_RESULTATIVE, _SO_STATE):
            for m in re.finditer(pattern.format(states=states), text):
                out.append((m.start(1), m.end(), tool, text[m.end(1):m.end()].rsplit(maxsplit=1)[-1]))
    return out


def resultative_verbs(text: str, domains) -> list[tuple[int, int, str]]:
    """The verbs of making a thing so with the state a tool of ``domains`` is named for after their object ("make
    them writable", "set 2 config files to editable": :data:`_STATE_WORDS`): they ask for that tool (round 14)."""
    out = []
    for name in domains:
        ts = get_toolset(name)
        for tool in ts.tools + ts.extra_tools:
            state = tool.name.rsplit("_", 1)[-1]
            words = _STATE_WORDS.get(state, (state,) if state.endswith("able") else ())
            if not words:
                continue
            states = "|".join(re.escape(w) for w in words)
            out += [(m.start(1), m.end(), tool.name) for m in re.finditer(_RESULTATIVE.format(states=states), text)]
    return out


_MEETING = "|".join(re.escape(k).replace(r"\ ", r"\s+") for k in sorted(MEETING_KINDS, key=len, reverse=True))
#: (an occasion ending in "y" makes its plural in "ies": "2 holiday parties", round 46)
_OCCASION = "|".join(f"{o[:-1]}(?:y|ie)" if o.endswith("y") else o for o in OCCASIONS)
#: At most one word before a meeting's name ("team syncs", "client calls"), never a machine's ("tool calls").
_NOT_A_CALL = r"(?:(?!(?:tool|api|function|method|system|phone)\b)[a-z'-]+\s+)?"
_ENDS = r"(?:s|es)?(?![a-z0-9:-])"
#: A named kind of meeting after a count or an article, or any occasion after a count (round 14: "3 team syncs",
#: "a retro", "4 one-on-ones", "2 client calls"; not "3 tool calls").
MEETING_COUNTED = re.compile(rf"(?:\b(?:{NUMBER})\s+{_NOT_A_CALL}(?:{_MEETING}|{_OCCASION})"
                             rf"|\b(?:an?|another)\s+{_NOT_A_CALL}(?:{_MEETING})){_ENDS}")
#: A verb of putting a meeting into a calendar with a meeting as its object (round 14: "fit 3 team syncs into the
#: week", "slot 3 interviews", "plan a retro": ``field_vocabulary.SCHEDULING_VERBS``); group 1 is the verb.
_SCHEDULING = "|".join(verb_pattern(v)[2:-2] for v in sorted(SCHEDULING_VERBS, key=len, reverse=True))
SCHEDULING = re.compile(rf"\b({_SCHEDULING})"
                        rf"\s+(?:(?:{NUMBER}|an?|another|the|my|our|their|his|her|your|some|both|all|a few)\s+)?"
                        rf"{_NOT_A_CALL}(?:{_MEETING}|{_OCCASION}){_ENDS}")

_RELOCATING = "|".join(verb_pattern(v)[2:-2] for v in sorted(RELOCATING, key=len, reverse=True))
#: A meeting moved to another time (round 46: "shift 3 one-on-ones to later dates", "postpone the 2 reviews", "1
#: quarterly review has moved to a new time"): a verb of moving (``lexicon.RELOCATING``) with a named meeting or an
#: occasion as its object, or with one as its subject before "has/is/was/are ... moved"; weak evidence of the world
#: that schedules, as a scheduling verb with a meeting after it is. "move 2 crates" and "shift the boxes" are not.
MEETING_MOVED = re.compile(
    rf"\b(?:{_RELOCATING})\s+(?:(?:{NUMBER}|an?|another|the|my|our|their|his|her|your|some|both|all|a few)\s+)?"
    rf"{_NOT_A_CALL}(?:{_MEETING}|{_OCCASION}){_ENDS}"
    rf"|(?:{_MEETING}|{_OCCASION}){_ENDS}\s+(?:(?:has|have|had|is|are|was|were|been|being|be|got|gets|will|must"
    rf"|should|to)\s+){{1,3}}(?:moved|shifted|postponed|delayed|rescheduled|relocated|pushed\s+back|bumped)\b"
    # ... or with the participle right after it and where or when to (round 50: "2 team syncs moved to the
    # afternoon", "1 interview postponed until friday")
    rf"|(?:{_MEETING}|{_OCCASION}){_ENDS}\s+(?:moved|shifted|postponed|delayed|rescheduled|relocated|pushed\s+back"
    r"|bumped|brought\s+forward)\s+(?:to|until|till|into|back|forward|by\s+(?:a|an|one|two|\d+)\s+(?:day|week|hour)s?)\b")

#: A meeting booked (round 46: "books 1 pediatrician visit", "book a budget review"): booking with a named meeting or
#: an occasion as its object is entering it in the diary, weak evidence of the world that schedules, and an act that
#: names it as a task of a sequence ("book 2 rooms" is the calendar's by its rooms; "book a flight" is no meeting).
MEETING_BOOKED = re.compile(
    rf"\b(?:book|books|booked|booking)\s+(?:(?:{NUMBER}|an?|another|the|my|our|their|his|her|your|some|both)\s+)?"
    rf"{_NOT_A_CALL}(?:{_MEETING}|{_OCCASION}){_ENDS}")

_NAMED = rf"(?:an?|another|one|the)\s+{_NOT_A_CALL}(?:{_MEETING}|{_OCCASION}){_ENDS}"
#: Two meetings after a scheduling verb or a slot, joined by "and", one at least named (round 15: "plan a team lunch
#: and a design review", "clear a slot for a demo and an offsite"): a second cue of the world that schedules.
_ANY_NAMED = r"(?:an?|another|one|the)\s+[a-z'-]+(?:\s+[a-z'-]+)?"
_AND = r"\s*,?\s*(?:and|plus|&|as well as)\s+"
MEETINGS_LISTED = re.compile(rf"\b(?:{_SCHEDULING}|slots?\s+for|time\s+for)\s+"
                             rf"(?:{_NAMED}{_AND}(?:{_NAMED}|{_ANY_NAMED}\b)|{_ANY_NAMED}{_AND}{_NAMED})")


#: The room made: a slot, some time, or a free hour said with what makes it free for all (round 17: "find a common
#: free hour for 1 team sync", "open a shared window for a retro").
_ROOM = (r"(?:(?:common|free|open|shared|spare|mutual|joint|empty|available|quiet)\s+){0,2}"
         r"(?:slots?|time|room|space|hours?|half[- ]hours?|windows?|periods?|gaps?)")


#: Making room for a meeting (round 16): "free up a slot for an interview and a workshop", "find time for 2
#: catch-ups", "carve out some time for a retro": the verb, then a meeting (or two, or a count of them).
MAKING_ROOM = re.compile(rf"\b((?:free|open|clear|block|carve)(?:s|ed|ing)?(?:\s+(?:up|out|off))?|(?:make|makes|made"
                         rf"|making|find|finds|found|finding|set aside|sets aside|setting aside))\s+(?:an?\s+|some\s+"
                         rf"|the\s+)?{_ROOM}\s+for\s+(?:(?:{NUMBER}|an?|another|the|my|our|your|their)"
                         rf"\s+)?{_NOT_A_CALL}(?:{_MEETING}|{_OCCASION}){_ENDS}")


#: Getting things onto a calendar (round 37: "get 3 of them onto everyone's agenda", "put the retro on the team
#: calendar", "add them to my diary"): a light verb of putting, its object (a pronoun too: what it stands for was
#: said before) and the calendar as the place it goes; group 1 is the verb. Putting a thing into the diary is
#: scheduling it, whatever the thing.
ONTO_CALENDAR = re.compile(r"\b((?:get|gets|getting|got|put|puts|putting|add|adds|added|adding|bring|brings|brought"
                           r"|bringing|pop|pops|popped|popping|stick|sticks|stuck|sticking|place|places|placed|placing"
                           r"|squeeze|squeezes|squeezed|squeezing|slot|slots|slotted|slotting|fit|fits|fitted|fitting"
                           r"|write|writes|wrote|writing|enter|enters|entered|entering))"
                           r"\s+(?:[a-z0-9'-]+\s+){1,5}?(?:onto|on|into|in|to)\s+"
                           r"(?:(?:the|a|my|our|your|their|his|her|its|everyone's|everybody's|each|every|the\s+whole)\s+)?"
                           r"(?:[a-z'-]+\s+){0,2}?(?:agendas?|calendars?|diar(?:y|ies)|schedules?|timetables?|rotas?)\b")


def scheduling_verbs(text: str, domains) -> list[tuple[int, int, str]]:
    """The scheduling verbs of ``text`` with a meeting after them (:data:`SCHEDULING`: "fit 3 team syncs", "plan a
    retro"), verbs of making room for one (:data:`MAKING_ROOM`) and of getting things onto a calendar
    (:data:`ONTO_CALENDAR`), in a chosen world that schedules (``schedule`` in :func:`lexicon.operations`): they ask
    for its tool."""
    tools = [operations(name)["schedule"] for name in domains if "schedule" in operations(name)]
    if not tools:
        return []
    return [(m.start(1), m.end(1), tools[0]) for regex in (SCHEDULING, MAKING_ROOM, ONTO_CALENDAR)
            for m in regex.finditer(text)]


#: A predicate a precondition requires true (no "not" before it), with its first argument; group 1 the predicate,
#: group 2 the argument's name.
_REQUIRED = re.compile(r"(?<!not )(?<!not \()\b([a-z_]+)\(\?([A-Za-z_]\w*)")


def _common_step(domain: str, kind: str, families: frozenset[str]) -> str | None:
    """The tool (family) every goal-making tool of ``families`` needs called first on an object of type ``kind``,
    where that is the act the world is named for (round 39: "calendar; 2 design reviews": a calendar's meetings are
    attended or given rooms, two tasks (``world_task_tool``), but both need the meeting scheduled first, which only
    ``schedule`` does, every meeting starts unscheduled, and "schedule" is a calendar keyword: scheduling them is
    what the count asks for). Each goal-making tool's precondition requires a predicate about the object (its first
    argument); exactly one core tool family makes it, no task starts with it true (the world's ``init`` never sets
    it), and that tool's verb is one of the world's keywords (support's ``lookup_order``, which refunds and address
    changes both need, is no help desk's name for its work: nothing is implied there). None otherwise."""
    ts = get_toolset(domain)
    required: set[str] | None = None
    for tool in ts.tools:
        if family(tool.name) not in families:
            continue
        types = {p.name: p.type for p in tool.params}
        said = {m.group(1) for m in _REQUIRED.finditer(tool.pre) if types.get(m.group(2)) == kind}
        required = said if required is None else required & said
    initial = " ".join(str(entry) for entry in ts.init)
    for predicate in sorted(required or ()):
        makers = {family(t.name) for t in ts.tools for e in predicate_effects(t)
                  if not e.negated and e.predicate == predicate and e.args[:1] == (kind,)}
        if len(makers) != 1 or re.search(rf"(?<!not )\b{predicate}\(", initial):
            continue
        maker = next(iter(makers))
        if maker not in families and tool_verb(maker) in ts.keywords:
            return maker
    return None


@cache
def world_task_tool(domain: str, kind: str) -> str | None:
    """The tool (family) that is ``domain``'s own task on its goal objects of type ``kind``, or None where the world
    implies no single one (round 35: "a tower of hanoi with 3 disks", "a sokoban puzzle with 1 box" name no verb, and
    the world's task on what they count is what they ask for: moving the disks, pushing the box).

    A core tool qualifies where one of its effects makes a goal predicate true about an object of type ``kind`` as
    the predicate's first argument: a relation of two or more arguments (``on(disc, _)``, ``box_at(box, cell)``,
    ``at(car, port)``: the thing put somewhere), or a one-argument goal made by a tool that also takes a parameter of
    another type (elevator ``depart(floor, passenger)``: ``served(passenger)``). A one-argument goal made by a tool
    of that type alone (visitall ``move(cell, cell)``: ``visited(cell)``) is about where the agent itself goes: its
    objects are the world's map, and a count of them sizes the world ("a grid of 16 cells") rather than asking for
    a task on them. Conservatively, the answer is None unless exactly one family qualifies and no other family's goal
    effects name an object of ``kind`` at all: a folder's files are moved or made writable (filesystem), a
    calendar's meetings are booked into rooms or attended, an order is refunded or has its address updated
    (support); no one task is implied there, nor where a tool the world adds when asked takes such an object too
    (calendar ``check_availability(person)``, webshop ``apply_coupon(product)``). Where several tasks' goals name the
    objects, the one step they all need first is implied if it is the world's own act (:func:`_common_step`, round
    39: a calendar's meetings are booked or attended, and scheduled first either way). A place type (warehouse
    ``at(item, location)``: location) is never a first argument, so "a warehouse with 5 locations" implies nothing
    either."""
    ts = get_toolset(domain)
    qualifying: set[str] = set()
    naming: set[str] = set()
    for tool in ts.tools:
        other = any(p.type != kind for p in tool.params)
        for effect in ts.goal_effects(tool):
            if effect.negated or kind not in effect.args:
                continue
            naming.add(family(tool.name))
            if effect.args[0] == kind and (len(effect.args) >= 2 or other):
                qualifying.add(family(tool.name))
    if len(qualifying) != 1 or naming != qualifying:
        # several tasks on these objects: the step all of them need first, where it is the world's own act
        return _common_step(domain, kind, frozenset(naming)) if len(naming) > 1 else None
    if any(p.type == kind for tool in ts.extra_tools for p in tool.params):
        return None  # another operation on these objects a user may mean ("3 products": a coupon on them too)
    return next(iter(qualifying))
