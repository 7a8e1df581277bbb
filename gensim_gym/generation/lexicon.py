"""The directive reader's vocabulary, derived from the toolsets instead of listed word by word.

A directive names operations, objects and counts in the user's words, not the toolset's: "compress the
logs" asks for ``gzip_file``, "deliver 5 passengers" for the elevator's ``depart``, "stack 3 blocks"
counts ``block`` objects. Listing every such word per domain only ever covers the phrasings someone has
already tried. This module derives them:

- **operations** of a domain: every core or extra tool's verb (``change_tire`` → "change", ``pick_up`` →
  "pick up", a PDDL tool family ``move__disc_peg_disc`` → "move"), the hand-written verbs of
  :data:`gensim_gym.generation.directive.OPERATIONS` (which win), and the words of the general English
  :data:`VERB_GROUPS` a tool's verb belongs to ("compress" → ``gzip``, "deliver" → ``depart``);
- **counted nouns** of a domain: its object type names, the nouns users count them in
  (:data:`COUNTED`) and :data:`NOUN_SYNONYMS`, matched on a crude lemma (:func:`noun_lemma`);
- **number words** up to twenty and the phrases "a couple of", "a pair of", "a dozen";
- **weak keywords**: domain keywords that are another toolset's keyword or name too ("depot", "parcels"),
  or that two other toolsets' descriptions use ("robot" is a warehouse keyword, and blocks, gripper,
  rearrangement and visitall are robots too), so one of them alone chooses no domain.

Distractor tools never help a task, so their verbs ask for nothing here (a clause naming one is read as
unsupported by the reader's catch-all).
"""

from __future__ import annotations

import re
from functools import cache
from typing import Any

from gensim_gym.generation.toolsets import get_toolset, load_registry

NUMBER_WORDS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9,
                "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14, "fifteen": 15, "sixteen": 16,
                "seventeen": 17, "eighteen": 18, "nineteen": 19, "twenty": 20, "a couple of": 2, "a pair of": 2,
                "half a dozen": 6, "a dozen": 12, "a single": 1}
#: A regex alternation of a count: digits or a number word (longest phrases first).
NUMBER = r"\d+|" + "|".join(re.escape(w) for w in sorted(NUMBER_WORDS, key=len, reverse=True))


def number_value(word: str) -> int:
    """The value of a count matched by :data:`NUMBER`."""
    return int(word) if word.isdigit() else NUMBER_WORDS[re.sub(r"\s+", " ", word)]


#: General English verbs that ask for the same kind of step, whatever the domain calls it. A directive's
#: verb asks for a domain's tool whose own verb is in the same group (the tool's exact verb wins).
VERB_GROUPS: tuple[frozenset[str], ...] = tuple(frozenset(g) for g in (
    {"pick", "pick up", "grab", "take", "lift", "fetch", "collect", "retrieve", "load", "board", "get"},
    {"put", "put down", "put away", "drop", "place", "deposit", "set down", "unload", "deliver", "depart",
     "debark", "store", "stack", "drop off", "ship", "dispatch"},
    {"move", "go", "walk", "drive", "travel", "navigate", "sail", "fly", "ride", "carry"},
    {"delete", "remove", "erase", "trash", "wipe"},
    {"copy", "duplicate", "back up", "replicate", "mirror"},
    {"gzip", "compress", "zip", "archive", "pack"},
    {"gunzip", "decompress", "unzip", "extract", "unpack"},
    {"buy", "purchase", "checkout", "check out"},
    {"change", "replace", "swap", "fix", "repair"},
    {"unlock", "open"},
    {"send", "remind", "notify", "email", "message"},
    {"inspect", "examine", "review", "compare"},
    {"search", "look up", "browse", "find"},
    {"verify", "authenticate", "identify", "validate"},
    {"schedule", "arrange", "set up", "organise", "organize"},
    {"invite", "add attendees"},
    {"confirm", "accept", "rsvp"},
    {"refund", "reimburse", "pay back"},
    {"cancel", "call off", "void"},
    {"unstack"},
    {"push", "shove"},
    {"scan", "survey", "explore"},
))

#: Tool verbs too common in directives to ask for their tool when a user writes them ("add more tools",
#: "check the result", "go easy"): only the hand-written verbs of ``OPERATIONS`` ask for these tools.
GENERIC_VERBS = frozenset({"add", "remove", "check", "go", "write", "clear", "print", "flag", "unflag", "look",
                           "lookup", "tag", "untag", "touch", "cd", "list", "apply", "get", "set", "find"})

#: Nouns users count goals in, per object type (the type's own name counts too).
COUNTED = {"item": ("crate", "box", "item", "package", "parcel", "pallet"), "product": ("product", "item", "purchase"),
           "meeting": ("meeting", "appointment", "event"), "file": ("file", "document", "report", "log", "draft"),
           "order": ("order", "refund", "ticket", "case", "request")}
#: General English names of the registry's object types ("disks" are discs, "planes" airplanes).
NOUN_SYNONYMS = {"disk": "disc", "ring": "disc", "plane": "airplane", "aircraft": "airplane", "jet": "airplane",
                 "lorry": "truck", "van": "truck", "parcel": "package", "shipment": "package", "people": "person",
                 "rider": "passenger", "guest": "passenger", "object": "thing", "toy": "thing", "automobile": "car",
                 "vehicle": "car", "cube": "block", "brick": "block", "folder": "dir", "directory": "dir",
                 "customer": "customer", "client": "customer", "square": "cell", "tile": "cell", "room": "room",
                 "storey": "floor", "harbor": "port", "harbour": "port",
                 "dock": "location"}
_IRREGULAR = {"people": "people", "boxes": "box", "indices": "index", "children": "child", "shelves": "shelf",
              "directories": "directory", "passers": "passer"}


def noun_lemma(word: str) -> str:
    """A crude singular of an English noun ("crates" → crate, "boxes" → box, "policies" → policy)."""
    if word in _IRREGULAR:
        return _IRREGULAR[word]
    if word.endswith("ies") and len(word) > 4:
        return word[:-3] + "y"
    if word.endswith(("ches", "shes", "xes", "sses", "zes")):
        return word[:-2]
    if word.endswith("s") and not word.endswith(("ss", "us", "is")):
        return word[:-1]
    return word


def family(tool: str) -> str:
    """A tool's family: a PDDL action compiled per argument types (``move__disc_peg_disc``) is one
    operation ("move"); other tools are their own family."""
    return tool.split("__", 1)[0]


def calls(tool: str, wanted: str) -> bool:
    """Whether a call of ``tool`` is a call of the required operation ``wanted``: a tool name, a family
    (:func:`family`) or, where a verb names several families of a domain ("unload*": ``unload_truck`` and
    ``unload_airplane``), that verb with a ``*``."""
    if wanted.endswith("*"):
        return _tool_verb(tool) == wanted[:-1]
    return tool == wanted or family(tool) == wanted


def _tool_verb(name: str) -> str:
    """The verb a tool's name starts with: ``change_tire`` → "change", ``pick_up`` → "pick up",
    ``move_car__y`` → "move", ``drop__hoist_crate_pallet_depot`` → "drop"."""
    words = family(name).split("_")
    if len(words) > 1 and words[1] in ("up", "down", "out", "off", "away"):
        return f"{words[0]} {words[1]}"
    return words[0]


@cache
def operations(domain: str) -> dict[str, str]:
    """Verb → the tool (family) it asks a golden plan of ``domain`` to call (see the module docstring),
    hand-written verbs first, then each tool's own verb, then the verbs of its group."""
    from gensim_gym.generation.directive import OPERATIONS  # the hand-written table lives with the parser

    ts = get_toolset(domain)
    return _verbs(ts.tools + ts.extra_tools, dict(OPERATIONS.get(domain, {})))


@cache
def distractor_operations(domain: str) -> dict[str, str]:
    """Verb → distractor tool of ``domain`` ("send reminders": ``send_reminder``): no task needs one, so a
    directive asking for it is read as unsupported."""
    ts = get_toolset(domain)
    return {verb: tool for verb, tool in _verbs(ts.distractor_tools, {}).items() if verb not in operations(domain)}


def _verbs(tools, out: dict[str, str]) -> dict[str, str]:
    """``out`` with each tool's own verb, then the words of its verb group, mapped to the tool (family)."""
    families: dict[str, set[str]] = {}
    for tool in tools:
        families.setdefault(_tool_verb(tool.name), set()).add(family(tool.name))
    # a verb of one family asks for that family; a verb of several ("unload") for any of them
    own = {verb: next(iter(fams)) if len(fams) == 1 else f"{verb}*" for verb, fams in families.items()
           if verb not in GENERIC_VERBS}
    for verb, tool in own.items():
        out.setdefault(verb, tool)
    for verb, tool in own.items():
        for group in VERB_GROUPS:
            if verb in group or verb.split(" ")[0] in group:
                for word in sorted(group):
                    if word not in GENERIC_VERBS:
                        out.setdefault(word, tool)
    return out


@cache
def counted_nouns(domain: str) -> dict[str, str]:
    """Noun (singular) → the object type of ``domain`` a count of it is about."""
    types = [t.name for t in get_toolset(domain).types]
    out: dict[str, str] = {}
    for t in types:
        for noun in COUNTED.get(t, ()):
            out.setdefault(noun, t)
    for t in types:
        out.setdefault(t, t)
    for noun, t in NOUN_SYNONYMS.items():
        if t in types:
            out.setdefault(noun, t)
    return out


def counted_type(word: str, domains: Any) -> str | None:
    """The object type of ``domains`` that a counted ``word`` ("balls", "discs") names, or None."""
    lemma = noun_lemma(word)
    for domain in domains:
        nouns = counted_nouns(domain)
        for form in (word, lemma, word.removesuffix("es")):
            if form in nouns:
                return nouns[form]
    return None


def weak_keywords(domain: str) -> frozenset[str]:
    """Keywords of ``domain`` another toolset's description or keywords also use (see the module
    docstring); the domain's own name, in either number, is never weak for it ("depot tasks" are depot's)."""
    return _weak_keywords(tuple(load_registry())).get(domain, frozenset())


@cache
def _weak_keywords(names: tuple[str, ...]) -> dict[str, frozenset[str]]:
    registry = load_registry()
    texts = {name: (ts.description.lower() + " " + " ".join(ts.keywords) + " " + " ".join(
        t.name for t in ts.types)).replace("_", " ") for name, ts in registry.items() if name in names}
    keywords = {name: {noun_lemma(k) for k in registry[name].keywords} | {name} for name in texts}
    weak: dict[str, frozenset[str]] = {}
    for name in texts:
        own = {name, name + "s", noun_lemma(name)}

        def shared(keyword: str, name: str = name) -> bool:
            lemma = noun_lemma(keyword)
            users = [other for other, text in texts.items()
                     if other != name and re.search(rf"\b{re.escape(lemma)}(?:s|es)?\b", text)]
            return any(lemma in keywords[other] for other in users) or len(users) >= 2

        weak[name] = frozenset(k for k in registry[name].keywords if k not in own and shared(k))
    return weak
