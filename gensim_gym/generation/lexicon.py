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
from functools import cache, lru_cache
from typing import Any, NamedTuple

from gensim_gym.generation.field_vocabulary import MEETING_KINDS, TIRE_DAMAGE_WORDS, field_verbs
from gensim_gym.generation.toolsets import get_toolset, load_registry, written_names
from gensim_gym.generation.wording import inflections, past_participle

NUMBER_WORDS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9,
                "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14, "fifteen": 15, "sixteen": 16,
                "seventeen": 17, "eighteen": 18, "nineteen": 19, "twenty": 20, "a couple of": 2, "a couple": 2,
                "a pair of": 2, "half a dozen": 6, "a dozen": 12, "a single": 1}
#: Nouns of things sold and worn in pairs: "a pair of running shoes" is one of them, not two (round 16).
PAIRED_NOUNS = ("shoes", "boots", "sneakers", "trainers", "sandals", "slippers", "socks", "gloves", "mittens", "jeans",
                "trousers", "pants", "shorts", "leggings", "tights", "glasses", "sunglasses", "goggles", "headphones",
                "earbuds", "earphones", "earrings", "scissors", "pliers", "tongs", "binoculars", "skis", "speakers")
_A_PAIR = (r"a pair of(?!\s+(?:[a-z'-]+\s+){0,2}?(?:" + "|".join(PAIRED_NOUNS) + r")\b)")
#: "a couple" without its "of", as people say it ("moves a couple files", round 63): a count only before a plural
#: noun, so "a couple more", "a married couple" and "for a couple" stay words.
_A_COUPLE = r"a couple(?=\s+(?!of\b|more\b|less\b)[a-z'-]+s\b)"
#: A regex alternation of a count: digits or a number word (longest phrases first).
_SPECIAL = {"a pair of": _A_PAIR, "a couple": _A_COUPLE}
NUMBER = r"\d+|" + "|".join(_SPECIAL.get(w, re.escape(w)) for w in sorted(NUMBER_WORDS, key=len, reverse=True))


def number_value(word: str) -> int:
    """The value of a count matched by :data:`NUMBER`."""
    return int(word) if word.isdigit() else NUMBER_WORDS[re.sub(r"\s+", " ", word)]


#: Nouns of a carrier English uses as the verb of carrying by it (round 22: "truck 3 packages from city a to city b",
#: "ferry 2 crates to the island"): the load is taken somewhere and set down, so they join
#: the verbs of putting in :data:`VERB_GROUPS`. Being nouns first, they are read as verbs only where one stands and
#: takes an object (``word_roles.carrier_noun``): "load the truck", "board the ferry" name the carrier.
CARRIER_VERBS = ("truck", "ferry", "airlift", "courier", "lug")
#: General English verbs that ask for the same kind of step, whatever the domain calls it. A directive's
#: verb asks for a domain's tool whose own verb is in the same group (the tool's exact verb wins).
VERB_GROUPS: tuple[frozenset[str], ...] = tuple(frozenset(g) for g in (
    {"pick", "pick up", "grab", "take", "lift", "fetch", "collect", "retrieve", "load", "board", "get", "gather",
     "hoist", "raise", "embark"},
    # moving an object to where it belongs: what a domain's put/drop/unload tool finishes
    {"put", "put down", "put away", "drop", "place", "deposit", "set down", "unload", "deliver", "depart",
     "debark", "store", "stack", "drop off", "ship", "dispatch", "carry", "bring", "haul", "transport", "shuttle",
     "convey", "relocate", "shift", "return", "restock", "stow", "offload", "disembark", "hand over", "send over",
     "transfer",
     # a noun of a carrier used as the verb of carrying by it (round 22: "truck 3 packages from city a to city b",
     # "ferry 2 crates to the island"): the load is taken somewhere and set down
     *CARRIER_VERBS},
    {"move", "go", "walk", "drive", "travel", "navigate", "sail", "fly", "ride", "relocate", "visit", "tour",
     "traverse", "cross", "roam", "wander", "steer", "cover", "sweep", "explore", "patrol", "crawl", "circle",
     "shift", "reach", "arrive",
     # setting foot on a place (round 33: "step on every tile", "tread on all cells"): a visit to it; phrasal
     # only, since "step" and "tread" alone are nouns too ("in 10 steps", "the tyre's tread")
     "step on", "step onto", "tread on", "tread over", "set foot on"},
    # building a structure out of the world's things (round 54: "constructs a tower of 3 blocks", "put together a stack
    # of 4 blocks"), as "build a tower" is
    {"stack", "pile", "build", "assemble", "heap", "erect", "construct", "put together"},
    {"delete", "remove", "erase", "trash", "wipe", "purge", "discard", "clean up", "clear out", "get rid of", "rm",
     "prune", "cull", "destroy",
     # emptying a place of what is unwanted, by particle (round 17: "clean out 4 temp files")
     "clean out", "throw out", "throw away", "clear away", "weed out"},
    {"copy", "duplicate", "back up", "replicate", "mirror", "clone", "snapshot", "cp"},
    {"gzip", "compress", "zip", "archive", "pack", "shrink"},
    {"gunzip", "decompress", "unzip", "extract", "unpack", "inflate"},
    {"buy", "purchase", "checkout", "check out", "order", "acquire", "pay", "pay for", "shop for"},
    {"change", "replace", "swap", "fix", "repair", "mend", "patch"},
    {"unlock", "open", "unbolt"},
    {"send", "remind", "notify", "email", "message", "ping", "alert"},
    {"inspect", "examine", "review", "compare", "evaluate", "assess"},
    {"search", "look up", "lookup", "browse", "find", "query", "look for", "hunt for", "look into", "investigate",
     # finding where a thing went (round 37: "track down 2 lost shipments"): looking it up
     "track down", "trace", "track", "chase up", "chase down"},
    {"verify", "authenticate", "identify", "validate", "confirm identity", "vet"},
    {"schedule", "arrange", "set up", "organise", "organize", "book in", "coordinate"},
    {"book", "reserve", "secure"},
    {"invite", "add attendees"},
    {"confirm", "accept", "rsvp", "acknowledge", "approve"},
    {"refund", "reimburse", "pay back", "compensate", "issue refunds"},
    {"cancel", "call off", "void", "revoke", "abort", "withdraw"},
    {"update", "edit", "modify", "amend", "correct", "fix up"},
    {"escalate", "hand off", "pass on", "pass up", "kick up", "bump up", "send up", "refer", "forward", "transfer"},
    {"unstack", "take down", "dismantle", "disassemble", "tear down"},
    {"push", "shove", "slide", "nudge"},
    {"scan", "survey", "explore", "probe"},
    {"chmod", "permit", "grant", "unprotect"},
))

#: Verbs of getting a task done, whatever the task is ("resolve 3 tickets", "fulfil two orders", "finish 4
#: deliveries"): they ask for a domain's goals themselves, which every task of it has.
ACCOMPLISH_VERBS = frozenset({"resolve", "finish", "fulfil", "fulfill", "accomplish", "achieve", "settle", "answer",
                              "reply", "respond",  # round 7: "reply to 3 customer messages"
                              "tackle", "solve", "handle", "crack", "work through", "get through", "knock out",
                              "close out", "wrap up", "get done", "sort out", "take care of", "deal with",
                              # working a queue of cases (round 16: "triage 3 incoming tickets")
                              "triage", "work on", "work off", "clear out"})

#: Verbs of ending a piece of work ("close 3 tickets", "clear two complaints"): accomplishing verbs where what they
#: end is a case of work (:data:`COUNTED` ``["order"]``: tickets, cases, requests ...); alone they say nothing of a
#: task ("close the file", "clear the table").
CLOSING_VERBS = frozenset({"close", "clear", "complete", "wrap", "finalize", "finalise", "conclude",
                           # working through a queue of cases in some order (round 17: "sorts 3 incoming tickets by
                           # urgency"): each case is still to be done
                           "sort", "prioritize", "prioritise", "order", "route", "queue", "assign"})

#: Verbs of cooking (round 25): an act no world offers, as "cook" and "bake" are, so a directive opening with one
#: in a scene named only by a weak word ("fry 2 eggs in the kitchen") names no world (``domain_choice._foreign_act``);
#: nouns that double as cooking verbs ("toast", "steam", "stew", "dice") are left out.
COOKING_VERBS = frozenset({"fry", "roast", "boil", "grill", "saute", "simmer", "poach", "braise", "sear", "brew",
                           "knead", "whisk", "chop", "marinate", "barbecue", "caramelize", "caramelise"})

#: General English action verbs no tool of any domain has to be named after: a directive's verb found here (or
#: in :data:`VERB_GROUPS`, or a tool's own verb) is an operation, read as unsupported where the chosen domain
#: has no tool that does it, instead of an opaque unrecognized word.
ACTION_VERBS = frozenset({
    "answer", "ask", "assign", "attach", "balance", "bake", "catch", "charge", "chat", "clean", "climb", "close",
    "code", "collect", "combine", "connect", "construct", "control", "cook", "count", "create", "cut", "decide",
    "defend", "design", "dig", "draw", "dress", "drink", "eat", "empty", "enter", "exchange", "exit", "feed",
    "fill", "fold", "follow", "grow", "guard", "hide", "hit", "hold", "hunt", "install", "join", "jump", "kick",
    "kill", "label", "land", "launch", "lead", "lock", "log", "mark", "match", "merge", "mine", "mix", "negotiate",
    "paint", "park", "pass", "pay", "plant", "pour", "print", "pull", "read", "record", "recycle", "register",
    "rent", "reply", "report", "rescue", "reset", "resolve", "restore", "route", "run", "save", "sell", "serve",
    "shoot", "shuffle", "sign", "solve", "sort", "split", "stop", "summarize", "summarise", "supply", "take",
    "throw", "tidy", "track", "trade", "translate", "turn", "type", "upload", "download", "wash", "water",
    "weigh", "wrap", "write", "tag", "flag", "sync", "rename", "dust", "vacuum", "mop",
    "lift", "lower", "rotate", "flip", "stir", "heat", "cool", "freeze", "load", "unload", "pack", "ship",
    # counting stock by another name (round 34: "the picker tallies and moves 2 crates"), as "count" above
    "tally",
    *COOKING_VERBS, *(v for v in ACCOMPLISH_VERBS if " " not in v),
})

#: Meta verbs of a directive about the training itself ("train an agent", "benchmark PPO on ..."): filler.
META_VERBS = frozenset({"train", "training", "trains", "learn", "learning", "learns", "teach", "teaching",
                        "evaluate", "test", "testing", "benchmark", "benchmarking", "run", "running", "use", "try",
                        "practice", "practise", "study", "let", "see", "get", "keep", "stay", "has", "have", "had",
                        "does", "did", "done", "been", "being", "was", "were", "am", "will", "shall", "may",
                        "might", "go", "goes", "going", "starts", "start", "begin", "include", "includes",
                        "including", "involve", "involves", "involving", "contain", "contains", "feature",
                        "features", "focus", "focused", "sample", "sampled",
                        # light verbs: the noun after them names the operation ("issue 2 refunds")
                        "issue", "issues", "issued", "issuing", "process", "processes", "processing", "perform",
                        "performs", "complete", "completes", "execute", "executes",
                        # learners and runs: about the training, not the task
                        "ppo", "dqn", "a2c", "sac", "td3", "ddpg", "rl", "llm", "runs", "baseline", "baselines",
                        "policy-gradient", "seed", "seeds", "needs", "wants", "needed", "wanted", "gets", "got",
                        "getting",
                        # verbs that introduce a rule rather than ask for an act ("ensure no file gets deleted")
                        "ensure", "ensures", "ensuring", "guarantee", "guarantees"})

#: Tool verbs too common in directives to ask for their tool when a user writes them ("add more tools",
#: "check the result", "go easy"): only the hand-written verbs of ``OPERATIONS`` ask for these tools.
GENERIC_VERBS = frozenset({"add", "remove", "check", "go", "write", "clear", "print", "flag", "unflag", "look",
                           "lookup", "tag", "untag", "touch", "cd", "list", "apply", "get", "set", "find"})

#: Nouns of things that happen at a time and are set up like meetings ("4 job interviews", "3 project reviews", "a
#: couple of consultations"): counted as meetings, but evidence for a world only where one of its verbs acts on them
#: (``evidence._acted_objects``): "tool calls" and "review the files" are about no calendar (round 8).
OCCASIONS = ("interview", "review", "call", "consultation", "class", "shift", "lesson", "lecture", "seminar",
             "workshop", "webinar", "briefing", "presentation", "demo", "rehearsal", "tutorial", "exam", "checkup",
             "visit", "conference", "hearing", "screening", "viewing", "sync", "catchup", "meetup", "reunion",
             "ceremony", "party", "dinner", "lunch",
             # a calendar's entries that remind, and talks given to a panel at a time (round 46: "clear 2 stale
             # reminders off the calendar", "slot 2 investor pitches into the week")
             "reminder", "pitch")
#: Nouns users count goals in, per object type (the type's own name counts too).
COUNTED = {"item": ("crate", "box", "item", "package", "parcel", "pallet"),
           # transport's cargo, whatever it is called
           "package": ("package", "parcel", "crate", "box", "consignment"),
           "product": ("product", "item", "purchase", "gadget", "article", "good", "ware", "gift", "present"),
           "meeting": ("meeting", "appointment", "event", "session", "standup", "huddle", *OCCASIONS,
                       # the kinds of meetings written as one word (round 14: "squeeze 2 retros"), or hyphenated
                       # (round 16: "find time for 2 catch-ups")
                       *(k for k in MEETING_KINDS if re.fullmatch(r"[a-z]+(?:-[a-z]+)*", k))),
           "file": ("file", "document", "report", "log", "draft",
                    # kinds of files by what they hold (round 16: "find a lost spreadsheet")
                    "spreadsheet", "screenshot", "installer", "script", "pdf"),
           # a customer by the account a support agent works on (round 22: "change the shipping address on 1
           # account": update_address has a goal per customer)
           "customer": ("customer", "account", "subscriber",
                        # ... and by the address on it, one per customer (round 46: "2 shipping addresses
                        # corrected": update_address has a goal per customer)
                        "address"),
           # a customer's message is a case of work in support (round 7: "answer 2 customer emails")
           "order": ("order", "refund", "ticket", "case", "request", "complaint", "claim", "dispute", "inquiry",
                     "enquiry", "query", "email", "e-mail", "mail", "message", "question", "chat", "letter")}
#: Everyday names of the objects of a type (round 20: "a home robot tidies 2 mugs": rearrangement's things), read as
#: a count of that type only once a world that has it is chosen (:func:`counted_type`), and no evidence of that world
#: by themselves: a shop sells mugs and towels too ("grab 2 kitchen towels from the online store").
EVERYDAY_NAMES = {"thing": ("mug", "cup", "dish", "plate", "bowl", "glass", "spoon", "fork", "knife", "utensil",
                            "pan", "pot", "book", "magazine", "toy", "sock", "shoe", "shirt", "towel", "pillow",
                            "cushion", "blanket", "remote", "pen", "pencil", "bottle", "jar", "vase",
                            # what is worn outdoors and hung up at home (round 34: "hangs 2 coats on the hooks")
                            "coat", "jacket", "hat", "scarf", "umbrella", "sweater"),
                  # what a file is called by where it came from or what it holds (round 23: "sort 4 downloads into
                  # subfolders"): a file system's files
                  "file": ("download", "upload", "attachment", "photo", "image", "picture", "video", "recording",
                           "song", "invoice", "memo", "note", "archive", "backup", "dataset", "template"),
                  # an order in a warehouse is goods to pick and ship (round 23: "pick 2 orders for shipment"), as
                  # goods, articles and SKUs are: its items (support counts its own orders first)
                  "item": ("order", "goods", "article", "sku", "carton", "tote", "product", "unit", "shipment"),
                  # what a customer received is the order a support agent refunds or cancels (round 33: "refund 2
                  # damaged deliveries"); a carrier's or a warehouse's own nouns of them win where it is chosen
                  "order": ("delivery", "shipment", "parcel", "package", "purchase",
                            # a problem a customer reports is a case of the help desk's work, as a ticket is
                            # (round 50: "resolve 4 login issues"); no evidence of the help desk by itself
                            "issue")}
#: Worlds whose goal items are of an open kind (round 38): a shop sells goods of any name ("2 board games", "1
#: espresso machine" are its products) and a file system holds files of any name ("2 stale caches" are its files),
#: so a count of a noun no type names counts that kind, where the world is chosen alone and nothing else is counted
#: (``counts.counted_phrases``). A world of closed kinds (tireworld's one flat tire, hanoi's discs) is not open.
#: A warehouse stores goods of any name too (round 46: "2 drums at the receiving bay", "3 barrels"): its items.
OPEN_GOAL_TYPES = {"webshop": "product", "filesystem": "file", "warehouse": "item"}
#: General English names of the registry's object types ("disks" are discs, "planes" airplanes).
NOUN_SYNONYMS = {"disk": "disc", "ring": "disc", "plane": "airplane", "aircraft": "airplane", "jet": "airplane",
                 "lorry": "truck", "van": "truck", "parcel": "package", "shipment": "package", "people": "person",
                 "rider": "passenger", "guest": "passenger", "object": "thing", "toy": "thing", "automobile": "car",
                 "vehicle": "car", "cube": "block", "brick": "block", "folder": "dir", "directory": "dir",
                 "customer": "customer", "client": "customer", "square": "cell", "tile": "cell", "room": "room",
                 "storey": "floor", "harbor": "port", "harbour": "port", "basket": "cart", "trolley": "cart",
                 "dock": "location",
                 # names of a world's own things (see own_words): a boat is a ferry, cargo a package
                 "boat": "ferry", "vessel": "ferry", "tyre": "tire", "cargo": "package", "freight": "package",
                 "crate": "box"}
#: General English words of a world's field, mapped to the own word (:func:`own_words`) they stand for (round 6): a
#: household robot works in a house, an apartment, a kitchen; a tidy world is a messy, cluttered one made tidy. Read
#: as that own word ("put away 2 objects in a messy apartment" is rearrangement), except before a noun of another
#: world ("a messy home directory" is a file system's: ``evidence.domain_evidence``).
FIELD_WORDS = {**dict.fromkeys(("home", "house", "apartment", "kitchen", "bedroom", "bathroom", "lounge", "hallway",
                                "pantry", "closet", "nursery", "playroom"), "household"),
               **dict.fromkeys(("messy", "untidy", "cluttered", "clutter", "mess", "declutter", "disorderly",
                                "disorganised", "disorganized", "tidied"), "tidy")}
#: Nouns for people, by the types a domain may call them (the first type a domain has wins).
PEOPLE = {noun: ("person", "passenger", "customer") for noun in
          ("people", "person", "persons", "someone", "guest", "visitor", "employee", "colleague", "attendee",
           "participant", "traveler", "traveller", "commuter",
           # people served, by their role (round 10: "reply to 2 users")
           "user", "caller", "requester", "patron", "shopper", "teammate", "coworker", "co-worker",
           # people a refund or a reply goes to, by their role (round 13: "issue a refund to 2 unhappy buyers")
           "buyer", "purchaser", "consumer", "complainant", "account-holder",
           # people by their tie to the user (session 23: "shop online with 2 friends" counted 2 products)
           "friend", "relative", "neighbour", "neighbor", "classmate", "client",
           # people by where they live (session 23: "serve 3 residents going to the top floor": an elevator's riders)
           "resident", "tenant", "occupant", "inhabitant",
           # people by their work (round 46: "the lift carries 3 office workers to their floors"; a bare count of
           # "workers" is also how many run a training, ``counts.COUNT_UNITS``: counted only where people are)
           "worker", "staffer", "staff member")}
#: Nouns for places, by the types a domain may call them.
PLACES = {noun: ("location", "place", "cell", "room", "port", "floor") for noun in
          ("shelf", "aisle", "bay", "spot", "zone", "area", "station", "site", "destination", "target", "position")}
#: Nouns that count whatever a domain's goals are about ("buy 2 things": products).
GENERIC_NOUNS = ("thing", "item", "object", "piece", "unit", "entity")
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
    ``move_car__y`` → "move", ``drop__hoist_crate_pallet_depot`` → "drop"; a verb written as one word with its
    particle is read as two (``lookup_order`` → "look up", ``checkout`` → "check out")."""
    words = family(name).split("_")
    if len(words) > 1 and words[1] in ("up", "down", "out", "off", "away"):
        return f"{words[0]} {words[1]}"
    compound = re.fullmatch(r"([a-z]{3,}?)(up|out|down|off)", words[0])
    return f"{compound.group(1)} {compound.group(2)}" if compound else words[0]


#: Public name of :func:`_tool_verb` (the directive parser reads "check out" as the verb of ``checkout``).
tool_verb = _tool_verb


@cache
def operations(domain: str) -> dict[str, str]:
    """Verb → the tool (family) it asks a golden plan of ``domain`` to call (see the module docstring),
    hand-written verbs first, then each tool's own verb, then the verbs of its group."""
    from gensim_gym.generation.operations import OPERATIONS  # the hand-written table lives with its readers

    ts = get_toolset(domain)
    # (a tool that exists only where asked for, the calendar's cancel_meeting, is asked for by its verbs too)
    out = _verbs(ts.tools + ts.extra_tools + ts.asked_tools, dict(OPERATIONS.get(domain, {})))
    verb, main = name_verb(domain), main_tool(domain)
    if verb is not None and main is not None:
        out.setdefault(verb, main)
    # a world that places things only by moving them (hanoi's move puts a disc on a peg) is asked for that move by
    # the verbs of placing ("place 3 discs on the last peg"), where none of its tools is a placing one (round 6)
    put, move = (next(g for g in VERB_GROUPS if w in g) for w in ("put", "walk"))
    if main is not None and _tool_verb(main) in move and not any(_tool_verb(t.name) in put for t in ts.tools):
        for word in sorted(put):
            out.setdefault(word, main)
    # a world that moves its things only by putting each where it belongs (rearrangement's put(thing, place)), with
    # no tool of its own named "move", is asked for that put by "move" (round 50: "move 2 objects" in a household),
    # as it already is by "relocate" and "shift"
    if main is not None and "move" not in out and _tool_verb(main) in put and _puts_at_place(domain, main):
        out["move"] = main
    # last, the verbs users write for its operations (field_vocabulary.FIELD_VERBS: "pencil in", round 12): a
    # verb the toolset's own words already give keeps its tool
    for word, tool in field_verbs(domain).items():
        out.setdefault(word, tool)
    return out


def _puts_at_place(domain: str, tool: str) -> bool:
    """Whether ``tool`` of ``domain`` puts a thing at one of the places its goals put things (``place_types``:
    rearrangement's ``put(thing, place)``), not on another of its own kind (blocks' ``stack(block, block)``)."""
    places = place_types(domain)
    return any(family(t.name) == tool and any(getattr(p, "type", None) in places for p in t.params[1:])
               for t in get_toolset(domain).tools)


def name_verb(domain: str) -> str | None:
    """The verb a domain's name is made from ("rearrangement" → rearrange), where the domain lists it as a
    keyword: "rearrange 4 objects" then asks for the domain's work itself, its :func:`main_tool`."""
    keywords = set(get_toolset(domain).keywords)
    for suffix in ("ment", "ing", "ation"):
        verb = domain.removesuffix(suffix)
        if verb != domain and verb in keywords:
            return verb
    return None


def main_tool(domain: str) -> str | None:
    """The tool (family) that makes a domain's goals true: the first core tool whose effects add a goal
    predicate (rearrangement's ``put`` places a thing where it belongs). Where several families of that tool's verb
    do (transport's ``unload_truck`` and ``unload_airplane``), that verb with a ``*``, any of them (:func:`calls`):
    "get 2 shipments to their cities using trucks" asked for ``unload_airplane``, and its golden plan, which only
    drove, never met it (session 23)."""
    ts = get_toolset(domain)
    makers = [family(tool.name) for tool in ts.tools if any(not e.negated for e in ts.goal_effects(tool))]
    if not makers:
        return None
    verb = _tool_verb(makers[0])
    same = {f for f in makers if _tool_verb(f) == verb}
    return f"{verb}*" if len(same) > 1 else makers[0]


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
    # the verb a tool's description opens with says what it does in plain words (inspect: "Read a product
    # page", escalate: "Ask a supervisor"); last, so a tool's own verb and its group win
    for tool in tools:
        opening = re.match(r"\s*([a-z]+)", (getattr(tool, "description", "") or "").lower())
        said = verb_of(opening.group(1)) if opening else None
        if said and said not in GENERIC_VERBS and _tool_verb(tool.name) not in GENERIC_VERBS:
            out.setdefault(said, family(tool.name))
    return out


@cache
def evidence_nouns(domain: str) -> frozenset[str]:
    """The counted nouns of ``domain`` that are evidence for it: not the general nouns for people, places and
    things (:data:`PEOPLE`, :data:`PLACES`, :data:`GENERIC_NOUNS`), which every domain counts in."""
    types = {t.name for t in get_toolset(domain).types}
    general = {*PEOPLE, *PLACES, *GENERIC_NOUNS} - types - set(NOUN_SYNONYMS)
    general -= {n for t in types for n in COUNTED.get(t, ())}
    return frozenset(counted_nouns(domain)) - general - set(OCCASIONS)


#: Words of a toolset's description and names that say nothing about which world it is.
_VOCABULARY_STOP = frozenset({
    "from", "their", "them", "they", "through", "into", "across", "around", "before", "after", "under", "unless",
    "most", "first", "until", "three", "left", "right", "small", "large", "larger", "smaller", "named", "unknown",
    "requested", "only", "must", "with", "between", "within", "that", "this", "each", "every", "some", "where",
    "while", "when", "then", "than", "also", "other", "same", "empty", "free", "clear", "available", "flagged",
    "note", "notes", "agent", "user", "task", "tasks", "world", "domain", "respecting", "approved",
    "never", "ever", "always", "over", "onto", "towards", "toward", "along", "among", "about", "again", "there",
    "here", "what", "which", "whose", "would", "could", "should", "place", "have", "holding", "hand", "handempty",
    "down", "line", "destin"})


@cache
def domain_vocabulary(domain: str) -> frozenset[str]:
    """The content words a domain declares (see :func:`own_words`): its type names, the words of its predicate
    and tool names, the verbs its goal predicates are past participles of (elevator ``served``: serve; visitall
    ``visited``: visit) and the nouns and verbs of its description, each as a noun lemma or a base verb."""
    ts = get_toolset(domain)
    working = ts.tools + ts.extra_tools  # distractors and the predicates only they use say nothing of the world
    used = " ".join(f"{t.pre} {' '.join(t.effects)}" for t in working)
    words = [t.name for t in ts.types]
    words += [w for p in ts.predicates if re.search(rf"\b{re.escape(p.name)}\(", used) or p.name in ts.goal_predicates
              for w in re.split(r"_+", p.name)]
    words += [w for t in working for w in re.split(r"_+", t.name)]
    words += re.findall(r"[a-z]+", ts.description.lower())
    out = set()
    for w in words:
        verb = verb_of(w)
        if w.endswith("ing") or w.endswith("ed") and verb is None:  # participles describe, they name nothing
            continue
        base = verb if verb is not None and w != noun_lemma(w) + "s" else noun_lemma(w)
        if len(base) >= 4 and base not in _VOCABULARY_STOP | GENERIC_VERBS and w not in _VOCABULARY_STOP:
            out.add(base)
    return frozenset(out)


def own_words(domain: str) -> frozenset[str]:
    """Words of :func:`domain_vocabulary` no other registered toolset declares, and no general noun for people,
    places or things: a directive that uses them speaks of this world ("grid": visitall; "serve": elevator),
    whatever its name. Weak evidence, as a domain's type nouns are (two of them choose a domain, one does not)."""
    return _own_words(tuple(load_registry())).get(domain, frozenset())


@cache
def _own_words(names: tuple[str, ...]) -> dict[str, frozenset[str]]:
    vocab = {name: domain_vocabulary(name) for name in names}
    general = {*PEOPLE, *PLACES, *GENERIC_NOUNS, *NOUN_SYNONYMS}
    return {name: frozenset(w for w in words if w not in general
                            and not any(w in other for o, other in vocab.items() if o != name))
            for name, words in vocab.items()}


@lru_cache(maxsize=32)  # one directive is read once per domain
def said_words(text: str) -> dict[str, tuple[int, int]]:
    """Each word of ``text`` as a noun lemma and, where it is a form of a known verb, as that verb, with the span
    of its first mention (how :func:`own_words` are found in a directive)."""
    out: dict[str, tuple[int, int]] = {}
    for m in re.finditer(r"[a-z]+", text):
        w = m.group(0)
        for form in (noun_lemma(w), verb_of(w), NOUN_SYNONYMS.get(noun_lemma(w)), FIELD_WORDS.get(noun_lemma(w))):
            if form is not None:
                out.setdefault(form, m.span())
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
    for table in (PEOPLE, PLACES):  # "5 people waiting" for an elevator are passengers
        for noun, kinds in table.items():
            kind = next((k for k in kinds if k in types), None)
            if kind is not None:
                out.setdefault(noun, kind)
    subject = goal_subject(domain)  # "2 things", "3 items": what the domain's goals are about
    for noun in GENERIC_NOUNS:
        if subject is not None:
            out.setdefault(noun, subject)
    return out


@cache
def pool_nouns(domain: str) -> dict[str, str]:
    """Noun → object type for the names a world gives the objects its goals are about (:func:`goal_subject`), where
    a name is an English noun ("book", "cup": rearrangement's things; "lamp": a webshop's product): one alphabetic
    word of three letters or more, no occasion (a "review" is a meeting by any name). A counted one says whose objects
    they are (round 9); a name of another type ("backup", a file system's directory) says nothing."""
    subject = goal_subject(domain)
    return {n: t.name for t in get_toolset(domain).types if t.name == subject for n in t.names
            if n.isalpha() and len(n) >= 3 and n not in OCCASIONS}


def counted_pool_nouns(text: str, domain: str) -> list[str]:
    """The :func:`pool_nouns` of ``domain`` that ``text`` counts ("3 books", "two red cups")."""
    pool = pool_nouns(domain)
    said = []
    for m in re.finditer(rf"\b(?:{NUMBER})\s+([a-z]+)\b(?:\s+([a-z]+)\b)?", text):
        # the word after the count, else the one after that ("two red cups")
        said += [n for n in (noun_lemma(w) for w in m.groups() if w) if n in pool][:1]
    return list(dict.fromkeys(said))


@cache
def place_types(domain: str) -> frozenset[str]:
    """The types of ``domain`` its goals put things in or at: a later argument of a goal predicate that is the first
    of none (filesystem ``in_dir(file, dir)``: dir; calendar ``in_room(meeting, room)``: room, not meeting, which
    ``attending`` is about). Round 32: a word before one of their nouns is part of the place's name."""
    ts = get_toolset(domain)
    goals = [[getattr(x, "type", x) for x in p.params] for p in ts.predicates if p.name in ts.goal_predicates]
    return frozenset(t for params in goals for t in params[1:]) - {params[0] for params in goals if params}


def goal_subject(domain: str) -> str | None:
    """The type a domain's goals are about: the first argument type of its first goal predicate with one
    (warehouse ``at(item, location)``: item)."""
    ts = get_toolset(domain)
    for p in ts.predicates:
        if p.name in ts.goal_predicates and p.params:
            return getattr(p.params[0], "type", p.params[0])
    return None


def counted_type(word: str, domains: Any) -> str | None:
    """The object type of ``domains`` that a counted ``word`` ("balls", "discs") names, or None; an adjective
    used as its noun counts what it modifies (:func:`modified_noun`)."""
    lemma = noun_lemma(word)
    named = type_noun(word, domains)
    if named is not None:
        return named
    for domain in domains:  # a name the world gives its objects ("3 books": rearrangement's things): round 9
        if lemma in pool_nouns(domain):
            return pool_nouns(domain)[lemma]
    types = {t.name for domain in domains for t in get_toolset(domain).types}
    # last, an everyday name of a chosen world's objects ("2 mugs" to a home robot): round 20
    return next((t for t, names in EVERYDAY_NAMES.items() if t in types and lemma in names), None)


def type_noun(word: str, domains: Any) -> str | None:
    """The object type of ``domains`` that ``word`` names by a noun of the type itself (its name, a synonym, a
    counted noun: "crates", "tickets"), not by a name the world happens to give its objects ("pens", "cups": those
    are everyday goods a shop sells too, round 30); None otherwise. The first step of :func:`counted_type`."""
    lemma = noun_lemma(word)
    for domain in domains:
        nouns = counted_nouns(domain)
        for form in (word, lemma, word.removesuffix("es"), modified_noun(word, domain)):
            if form in nouns:
                return nouns[form]
    return None


#: Nouns that name a fact's thing only with a word of its damage before them (round 36): a punctured or flat wheel
#: is the flat tire (``flat_tire()``), a spare wheel or a wheel alone is not.
DAMAGED_NOUNS = {"wheel": "tire"}
DAMAGE_WORDS = frozenset(TIRE_DAMAGE_WORDS)
#: Nouns of a tyre's damage said after the wheel ("1 wheel with a puncture", round 52): a damage word as well.
DAMAGE_NOUNS = frozenset({"puncture", "flat", "leak", "blowout", "hole"})
#: Verbs of mending or changing a thing (round 52: "the car needs 1 wheel swapped", "change one wheel"): a wheel to be
#: changed is the damaged one, so, said with a noun of :data:`DAMAGED_NOUNS` as a damage word is, it names the fact.
REPAIRING = next(g for g in VERB_GROUPS if "repair" in g)


def single_fact(word: str, domains: Any, modifier: str | None = None) -> str | None:
    """The fact without arguments of ``domains`` that a noun names, where the world has one such thing and no
    object type for it (round 6): tireworld's one car has one tire, ``flat_tire()``, so "1 flat tire" counts one
    thing the world holds, not a type ("tyre" too: :data:`NOUN_SYNONYMS`). A noun of :data:`DAMAGED_NOUNS` names
    it where ``modifier``, the word before it, says the damage ("1 punctured wheel": round 36). None otherwise."""
    lemma = noun_lemma(word)
    forms = {lemma, NOUN_SYNONYMS.get(lemma, lemma)}
    if modifier is not None and lemma in DAMAGED_NOUNS and (
            modifier in DAMAGE_WORDS or modifier in DAMAGE_NOUNS or _repairing(modifier)):
        forms.add(DAMAGED_NOUNS[lemma])
    for domain in domains:
        for p in get_toolset(domain).predicates:
            if not p.params and forms & {w for w in p.name.split("_") if len(w) >= 4}:
                return p.name
    return None


def _repairing(word: str) -> bool:
    """Whether ``word`` is a form of a verb of mending or changing a thing (:data:`REPAIRING`: "swapped", "change")."""
    return len(word) > 2 and word.isalpha() and verb_of(word) in REPAIRING


def said_fact(said: str, domains: Any) -> str | None:
    """The fact without arguments a counted phrase ``said`` names (:func:`single_fact`), each word read with the
    word before it as its modifier ("1 punctured wheel": ``flat_tire``), or None."""
    words = re.findall(r"[a-z]+", said)
    return next((f for i, w in enumerate(words)
                 if (f := single_fact(w, domains, words[i - 1] if i else None)) is not None), None)


def modified_noun(word: str, domain: str) -> str | None:
    """The noun an adjective stands for where a domain's keywords pair them ("a flat" is a flat tire in
    tireworld, whose keyword is "flat tire"), or None."""
    lemma = noun_lemma(word)
    for keyword in get_toolset(domain).keywords:
        parts = keyword.split()
        if len(parts) == 2 and lemma == parts[0] and word != keyword:
            return noun_lemma(parts[1])
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
    tool_verbs = {name: {_tool_verb(t.name) for t in registry[name].all_tools} for name in texts}
    weak: dict[str, frozenset[str]] = {}
    for name in texts:
        own = {name, name + "s", noun_lemma(name)}

        def shared(keyword: str, name: str = name) -> bool:
            lemma = noun_lemma(keyword)
            users = [other for other, text in texts.items()
                     if other != name and re.search(rf"\b{re.escape(lemma)}(?:s|es)?\b", text)]
            # a keyword that is another toolset's tool verb ("driving": transport's drive_truck) names an
            # activity many worlds have ("self-driving car" is no tireworld task)
            verb = verb_of(keyword)
            acts = verb is not None and any(verb in tool_verbs[other] for other in texts if other != name)
            return any(lemma in keywords[other] for other in users) or len(users) >= 2 or acts

        weak[name] = frozenset(k for k in registry[name].keywords if k not in own and shared(k))
    return weak


# -- words derived from a verb: "deliveries", "cancellation", "reschedule" ----------------------------------
def noun_forms(verb: str) -> tuple[str, ...]:
    """Nouns English derives from a one-word ``verb`` ("deliver" → delivery, deliveries; "cancel" →
    cancellation; "remove" → removal; "ship" → shipment; "book" → bookings; "verify" → verification), each
    with its plural: "process 3 deliveries" asks for deliveries as "deliver 3 ..." does. Candidates no
    English word has ("pickment") are harmless: they never occur in a directive."""
    if " " in verb or len(verb) < 3:
        return ()
    stems = [verb + "ment", verb + "ings"]
    if verb.endswith("er"):
        stems += [verb + "y", verb + "ies"]
    if verb.endswith("e"):
        stems += [verb[:-1] + "al", verb[:-1] + "ation", verb[:-1] + "ion", verb + "ment"]
    elif verb.endswith("y"):
        stems += [verb[:-1] + "ication"]
    elif verb.endswith("l"):
        stems += [verb + "lation", verb + "ation"]
    elif verb.endswith(("t", "ss")):
        stems += [verb + "ion", verb + "ation"]
    return tuple(dict.fromkeys(w for stem in stems for w in (stem, stem if stem.endswith("s") else stem + "s")
                               if not w.endswith("ys")))


@cache
def _nominal_verbs() -> dict[str, str]:
    """Each noun of action (:func:`noun_forms` ending in "-ion", "-ment" or "-al") of a known one-word verb
    (:func:`known_verbs`), to that verb; the longer verb first where two give one noun."""
    out: dict[str, str] = {}
    for verb in sorted((v for v in known_verbs() if " " not in v), key=len, reverse=True):
        for noun in noun_forms(verb):
            if noun.endswith(("ion", "ions", "ment", "ments", "al", "als")):
                out.setdefault(noun, verb)
    return out


def nominal_verb(word: str) -> str | None:
    """The known verb ``word`` is the noun of action of ("creation" → create, "removal" → remove, "shipment" →
    ship): a specification names an act by its noun ("creation of 2 folders", round 51). None otherwise."""
    return _nominal_verbs().get(word)


def _forms(verb: str) -> str:
    """The regex of a one-word verb's regular inflections (``wording.inflections``, as ``wording.verb_pattern``
    reads them)."""
    return inflections(verb)[0]


@cache
def known_verbs() -> frozenset[str]:
    """Every verb the reader knows as a verb: the verb groups, the general action verbs and every
    registered tool's own verb (see :data:`ACTION_VERBS`)."""
    tools = {_tool_verb(t.name) for ts in load_registry().values() for t in ts.all_tools}
    return frozenset({w for g in VERB_GROUPS for w in g} | ACTION_VERBS | tools)


@cache
def _known_regex() -> re.Pattern[str]:
    singles = sorted((v for v in known_verbs() if " " not in v), key=len, reverse=True)
    return re.compile("|".join(_forms(v) for v in singles))


@lru_cache(maxsize=8192)  # asked for each word of a directive by several recognizers (read_directive stays bounded)
def verb_of(word: str) -> str | None:
    """The known verb (:func:`known_verbs`) ``word`` is a form of ("carries" → carry), or None."""
    if not _known_regex().fullmatch(word):
        return None
    return next(v for v in sorted(known_verbs(), key=len, reverse=True)
                if " " not in v and re.fullmatch(_forms(v), word))


class DerivedOperation(NamedTuple):
    """An operation asked for by a word derived from a tool's verb (see :func:`derived_operations`)."""

    start: int
    end: int
    verb: str  # the tool's verb (or its group's word) the word derives from
    tool: str
    redo: bool  # "reschedule": the operation done again, which a fresh task can only approximate


@lru_cache(maxsize=4096)  # asked again for each counted word (read_directive stays bounded)
def derived_operations(text: str, domain: str) -> list[DerivedOperation]:
    """Operations of ``domain`` that ``text`` (lower case) asks for by a word derived from one of its verbs
    (:func:`operations`): a noun (:func:`noun_forms`: "three deliveries", "the cancellation") or the verb
    done again ("reschedule", "re-book", "redeliver"), where the word is no verb in its own right ("remove"
    is not "move" again, "refund" not "fund" again)."""
    out: list[DerivedOperation] = []
    for verb, tool in operations(domain).items():
        nouns = tuple(n for n in noun_forms(verb) if n not in (domain, domain + "s"))  # the name is no request
        if nouns:
            for m in re.finditer(rf"\b(?:{'|'.join(map(re.escape, nouns))})\b", text):
                out.append(DerivedOperation(m.start(), m.end(), verb, tool, False))
        if " " not in verb and len(verb) >= 3:
            for m in re.finditer(rf"\bre-?{_forms(verb)}\b", text):
                # (nor where the world has the re-verb as an operation of its own: transport's "reroute", round 15)
                # (nor in any form: "rearranges" where the blocks world reads "rearrange" as its own, round 39)
                said = m.group(0).replace("-", "")
                own = (v for v in operations(domain) if v[:2] == "re" and " " not in v)
                if verb_of(said) is None and said not in operations(domain) \
                        and not any(re.fullmatch(_forms(v), said) for v in own):
                    out.append(DerivedOperation(m.start(), m.end(), verb, tool, True))
    out += _relocations(text, domain) + _activities(text, domain)
    spans: dict[tuple[int, int], DerivedOperation] = {}  # one operation per span: the first
    for d in sorted(out):
        spans.setdefault((d.start, d.end), d)
    return list(spans.values())


#: What may follow an activity that ends its phrase: a pause, an adverb, a joining word, or the word for the task.
_PHRASE_END = (r"(?=\s*(?:[,;:.!?)]|$)|\s+(?:online|offline|again|today|and|or|but|with|in|at|where|while|that|which"
               r"|tasks?|episodes?|environments?|envs?|worlds?|scenarios?|sessions?|trips?|sprees?|\w+ly)\b)")


def _activities(text: str, domain: str) -> list[DerivedOperation]:
    """A world's activity said by its keyword, the gerund of a phrasal verb of its operations without the particle
    ("grocery shopping online", the world's "shop for"): that operation (round 9). Only the world's own keywords:
    "looking" or "calling" name no world's activity."""
    out: list[DerivedOperation] = []
    keywords = get_toolset(domain).keywords
    gerunds = [k for k in keywords if " " not in k and k.endswith("ing")]
    # the activity ends its phrase; a gerund before a noun modifies it ("a shopping cart", "the shopping list")
    for verb, tool in operations(domain).items():
        head, _, particle = verb.partition(" ")
        if not particle or len(head) < 3:
            continue
        for word in gerunds:
            if re.fullmatch(_forms(head), word):
                for m in re.finditer(rf"\b{word}\b{_PHRASE_END}", text):
                    out.append(DerivedOperation(m.start(), m.end(), verb, tool, False))
    return out


#: Verbs of moving a thing to another time or place ("move 2 meetings to new times", "postpone the review"), and of
#: reworking a set of things placed already (round 19: "rework 2 meetings", "reshuffle 3 appointments", "juggle 2
#: meetings": each is placed again; "reorganize", "rearrange" are read so as "organize", "arrange" done again).
RELOCATING = ("move", "shift", "relocate", "postpone", "delay", "push back", "bring forward", "bump", "reassign",
              "rework", "reshuffle", "shuffle", "juggle")


def _relocations(text: str, domain: str) -> list[DerivedOperation]:
    """A thing moved (:data:`RELOCATING`) where the world places it with a tool another tool undoes, and gives a start
    state to undo (``Toolset.init_when_asked``: calendar's schedule and unschedule): "moves 2 meetings to new times"
    is that tool done again, as "reschedule" is (round 8). Only a verb the world has no operation of its own for,
    with a noun of the placing tool's first parameter type after it in the same part of the directive."""
    ts = get_toolset(domain)
    placing = [t for t in ts.tools if f"un{family(t.name)}" in ts.init_when_asked and t.params]
    ops = operations(domain)
    out: list[DerivedOperation] = []
    for tool in placing:
        kind = getattr(tool.params[0], "type", None)
        nouns = sorted((n for n, t in counted_nouns(domain).items() if t == kind), key=len, reverse=True)
        verbs = [v for v in RELOCATING if v not in ops]
        if not nouns or not verbs:
            continue
        said = "|".join(_forms(v) for v in verbs)
        objects = "|".join(rf"{re.escape(n)}(?:s|es)?" for n in nouns)
        for m in re.finditer(rf"\b({said})\b[^,;:.]{{0,30}}?\b(?:{objects})\b", text):
            out.append(DerivedOperation(m.start(1), m.end(1), _tool_verb(tool.name), family(tool.name), True))
        for m in _moved_after(tuple(nouns), tuple(verbs)).finditer(text):
            out.append(DerivedOperation(m.start(1), m.end(1), _tool_verb(tool.name), family(tool.name), True))
    return out


#: What follows a thing said to be moved where it is moved somewhere or some time ("1 interview moved to friday",
#: "the review pushed back a week", "2 calls postponed until monday").
_MOVED_WHERE = (r"(?:to|until|till|into|onto|from|back|forward|ahead|later|earlier|over|by\s+(?:a|an|one|two|three"
                r"|\d+)\s+(?:day|week|hour|minute)s?|a\s+(?:day|week)|an\s+hour|next|this|on)\b")


_PARTICIPLES = re.compile(rf"(?:{'|'.join(past_participle(v) for v in RELOCATING if ' ' not in v)})")


def relocated(word: str) -> bool:
    """Whether ``word`` is the past participle of a one-word verb of :data:`RELOCATING` ("postponed", "bumped",
    "delayed"): said after a thing, it says the thing is moved, no noun the thing's name modifies (round 50: "2
    appointments postponed until thursday" are no kind of "postponed")."""
    return _PARTICIPLES.fullmatch(word) is not None


@lru_cache(maxsize=32)
def _moved_after(nouns: tuple[str, ...], verbs: tuple[str, ...]) -> re.Pattern[str]:
    """A thing the world places said to be moved, the participle after it ("1 interview moved to friday", "2 meetings
    that are postponed until monday", "the demo pushed back a week"): the placing tool done again, as the verb before
    its object is (round 50). The participle is followed by where or when to, so a thing only described ("the
    meetings delayed by traffic") is none; group 1 is the participle. Compiled once per world and verbs."""
    objects = "|".join(rf"{re.escape(n)}(?:s|es)?" for n in nouns)
    said = "|".join(past_participle(v) for v in verbs)
    return re.compile(rf"\b(?:{objects})\s+(?:(?:that|which)\s+)?(?:(?:is|are|was|were|be|been|being|gets?|got"
                      rf"|getting)\s+)?({said})\s+{_MOVED_WHERE}")


@lru_cache(maxsize=4096)  # asked again for each count after a verb (counts._placed_type)
def object_operations(text: str, domain: str) -> list[DerivedOperation]:
    """Operations of ``domain`` asked for by a generic verb (:data:`GENERIC_VERBS`: "add", "apply", "list") with
    the object its tool is named after in the same part of the directive: "add 3 items to the cart" asks for
    ``add_to_cart``, "list the folder" for ``list_dir``; "add more tools" asks for nothing."""
    ts = get_toolset(domain)
    synonyms: dict[str, list[str]] = {}
    for noun, kind in NOUN_SYNONYMS.items():
        synonyms.setdefault(kind, []).append(noun)
    out: list[DerivedOperation] = []
    for tool in dict.fromkeys(family(t.name) for t in ts.tools + ts.extra_tools):
        verb, *rest = tool.split("_")
        objects = [w for w in rest if len(w) >= 3 and w not in ("from", "the", "and", "for")]
        if verb not in GENERIC_VERBS or not objects:
            continue
        words = sorted({x for w in objects for x in (w, *synonyms.get(w, ()))}, key=len, reverse=True)
        nouns = "|".join(rf"{re.escape(w)}(?:s|es)?" for w in words)
        verbs = "|".join(_forms(v) for v in (verb, *(_PLACING if "to" in rest else ())))
        # (an object of up to 60 characters: "add 2 phone cases and a screen protector to my cart", round 16)
        for m in re.finditer(rf"\b({verbs})\b[^,;:.]{{0,60}}?\b(?:{nouns})\b", text):
            out.append(DerivedOperation(m.start(1), m.end(), verb, tool, False))  # the object is the operation's
        if "to" in rest:  # "load a cart with 3 chargers": filling the place with things adds them to it (round 36)
            filling = rf"\b({'|'.join(_forms(v) for v in _FILLING)})\s+(?:up\s+)?(?:{_OWNER}\s+)?(?:[a-z'-]+\s+)?" \
                      rf"(?:{nouns})\s+(?:up\s+)?with\s+{_FILLED_WITH}"
            for m in re.finditer(filling, text):
                out.append(DerivedOperation(m.start(1), m.end(), verb, tool, False))
    return out


#: Verbs of filling a place with things (round 36: "load a cart with 3 phone chargers", "fill the basket with 2
#: mugs"): with a tool "add to X" and X filled, they ask for that tool, and what it is filled with is its object.
_FILLING = ("load", "fill", "stuff", "pack", "stock", "cram", "heap")
_OWNER = r"(?:a|an|the|my|our|your|their|his|her|its|one)"
#: What a place is filled with: a count or an article and at most four more words, up to the end of the phrase.
_FILLED_WITH = (r"(?:[a-z0-9'-]+\s+){0,4}?[a-z0-9'-]+"
                r"(?=\s*(?:$|[,;:.]|\b(?:and|then|before|after|but|or|so|for|from|at|by|to)\b))")


#: One-word verbs of putting something somewhere: a tool named "add to X" is asked for by any of them with X
#: after ("put 3 items in the basket": ``add_to_cart``).
_PLACING = tuple(sorted(w for g in VERB_GROUPS if "put" in g for w in g if " " not in w and len(w) >= 3)
                 + ["stick", "toss", "throw", "add"])


# -- constraint templates by their content: "keep the dock clear", "backups must never be deleted" ----------
#: Words of a template's description that say nothing about what it forbids.
_RULE_STOP = frozenset({"the", "and", "any", "ever", "never", "from", "with", "was", "were", "one", "two", "first",
                        "same", "over", "under", "only", "stays", "stay", "above", "below", "nobody", "not", "its",
                        "their", "this", "that", "each", "every", "all", "are", "has", "have", "into", "out"})


@cache
def stem(word: str) -> str:
    """A crude stem that folds a verb's and a noun's forms together ("deleted", "deletion", "delete" → delet;
    "dropped", "drop" → drop; "backups" → backup)."""
    w = noun_lemma(word)
    for suffix in ("ion", "ing", "ed", "al", "ment"):
        if w.endswith(suffix) and len(w) - len(suffix) >= 3:
            w = w[: -len(suffix)]
            break
    if len(w) > 3 and w[-1] == w[-2] and w[-1] not in "aeiosl":
        w = w[:-1]
    return w[:-1] if w.endswith("e") and len(w) > 3 else w


@cache
def _group_of(verb: str) -> frozenset[str]:
    return frozenset(w for g in VERB_GROUPS if verb in g for w in g if " " not in w)


#: Nouns for someone an act hands work to: a template whose act's tool names one ("escalate: Ask a supervisor
#: ...") is named by any of them ("never bring in a manager", "no humans involved").
ROLE_NOUNS = frozenset({"supervisor", "manager", "human", "boss", "superior", "lead", "senior", "specialist",
                        "colleague", "person", "team", "expert", "staff", "admin", "administrator", "tier",
                        "management", "higher-up", "superviser", "agent"})
#: Words of a rule that mean what a template's own word means: a state of a place ("keep the dock empty" is
#: "keep the dock clear"), a norm ("the company rules": policy), money ("funds must stay positive": budget).
#: A rule phrase is read in the templates' words (:func:`canonical_rule`) before it is matched.
STATE_SYNONYMS = {"empty": "clear", "free": "clear", "vacant": "clear", "unobstructed": "clear", "untouched": "intact",
                  "unchanged": "intact", "alone": "intact", "safe": "protect", "protected": "protect",
                  "rule": "policy", "rules": "policy", "regulation": "policy", "regulations": "policy",
                  "guideline": "policy", "guidelines": "policy", "procedure": "policy", "procedures": "policy",
                  "fund": "budget", "funds": "budget", "money": "budget", "cash": "budget", "balance": "budget",
                  "wallet": "budget", "allowance": "budget", "credits": "budget", "dollars": "budget",
                  "euros": "budget", "bucks": "budget"}


#: A window or standing that makes a thing eligible ("the 30 day return window", "the warranty period", "eligible
#: customers") is the world's norm for it, its policy (round 9); a span of time in it is more than the world keeps.
ELIGIBILITY = re.compile(r"\b(?:return|returns|refund|refunds|warranty|guarantee|cooling[- ]off)\s+"
                         r"(?:window|period|term|terms|deadline)s?\b|\beligib(?:le|ility)\b|\bwarrant(?:y|ies)\b")


#: An amount of money: "$40", "40 dollars", "€25".
MONEY = re.compile(r"[$€£]\s?\d[\d,.]*|\b\d[\d,.]*\s*(?:dollars?|euros?|usd|eur|bucks|pounds?)\b")


def canonical_rule(phrase: str) -> str:
    """``phrase`` with each :data:`STATE_SYNONYMS` word replaced by the templates' word, an eligibility
    (:data:`ELIGIBILITY`) by "policy" and an amount of money by "budget"."""
    phrase = ELIGIBILITY.sub("policy", phrase)
    # an amount of money bounded is a budget (round 16: "stay under $40", as "under a $40 budget")
    phrase = MONEY.sub("budget", phrase)
    return re.sub(r"[a-z]+", lambda m: STATE_SYNONYMS.get(m.group(0), m.group(0)), phrase)


#: Particles of English phrasal verbs: "handing anything off" says "hand off", as the verb groups write it.
_PARTICLES = ("off", "up", "out", "over", "back", "away", "down", "on")
#: Words of a limit on an amount: a template whose condition bounds a number (``budget() >= 0``) is about them
#: whatever its own words are ("a spending limit", "a cap on spending").
LIMIT_WORDS = frozenset({"limit", "cap", "ceiling", "quota", "allowance", "exceed", "maximum", "overspend"})


def _stems(words: Any) -> frozenset[str]:
    """Stems of ``words``; a two-word verb ("hand off") keeps its particle: stem of its verb, space, particle."""
    out = set()
    for w in words:
        head, _, particle = w.partition(" ")
        if particle in _PARTICLES and " " not in particle:
            out.add(f"{stem(head)} {particle}")
        elif not particle and len(w) >= 3 and w not in _RULE_STOP:
            out.add(stem(w))
    return frozenset(out)


def phrase_stems(phrase: str) -> frozenset[str]:
    """The stems of a rule phrase's words, with each phrasal verb it splits ("handing anything off": "hand
    off"), so a phrase is compared with a template's words as :func:`content_words` stems them."""
    words = re.findall(r"[a-z]+", phrase)
    split = [f"{w} {p}" for i, w in enumerate(words) for p in words[i + 1:i + 6] if p in _PARTICLES]
    return (_stems(words) | _stems(split) | _stems(STATE_SYNONYMS[w] for w in words if w in STATE_SYNONYMS)
            | (_stems(["person"]) if any(noun_lemma(w) in PEOPLE or w in PEOPLE for w in words) else frozenset()))


def _acts(template: Any) -> tuple[str, ...]:
    """The verbs of what a template restrains: the tools it changes, and every registered tool whose effects make
    a predicate of its condition true (``no_escalation``'s ``escalated(?o)`` is what ``escalate`` does)."""
    return _acts_of(tuple(template.tools), template.constraint.condition)


@cache  # one template's words are asked for once per rule phrase and candidate (read_directive stays bounded)
def _acts_of(tools: tuple[str, ...], condition: str) -> tuple[str, ...]:
    verbs = [_tool_verb(t) for t in tools]
    preds = set(re.findall(r"([a-z_]+)\(", condition))
    for ts in load_registry().values():
        for tool in ts.all_tools:
            if preds & written_names(tool):
                verbs.append(_tool_verb(tool.name))
    return tuple(dict.fromkeys(verbs))


def _bounds_a_number(template: Any) -> bool:
    return re.search(r"[<>]=?", template.constraint.condition) is not None


def content_words(template: Any) -> frozenset[str]:
    """Stems of what a constraint template is about, derived from the template itself: the words of its name
    and description, the predicates of its condition, the tools it restrains (:func:`_acts`) with their whole verb
    group (a template that relaxes ``delete_file`` is about deleting, removing, erasing ...; one against
    ``escalated(...)`` about escalating, handing off, passing on), and for a bound on a number the
    :data:`LIMIT_WORDS`."""
    c = template.constraint
    words = re.findall(r"[a-z]+", f"{c.name} {c.description}".replace("_", " ").lower())
    words += [w for p in re.findall(r"([a-z_]+)\(", c.condition) for w in p.split("_")]
    words += [getattr(p, "type", "") for p in c.params]  # what it quantifies over: person, room, order ...
    return _stems(words) | _act_words(template) | (_stems(LIMIT_WORDS) if _bounds_a_number(template) else frozenset())


def _act_words(template: Any) -> frozenset[str]:
    """Stems of the verbs of what a template restrains and of their verb groups, phrasal verbs included, and the
    :data:`ROLE_NOUNS` where the act hands work to someone."""
    return _verbs_and_groups(_acts(template)) | _roles_of(_acts(template))


@cache
def _verbs_and_groups(verbs: tuple[str, ...]) -> frozenset[str]:
    return _stems([*verbs, *(w for verb in verbs for g in VERB_GROUPS if verb in g for w in g)])


@cache
def _roles_of(verbs: tuple[str, ...]) -> frozenset[str]:
    """:data:`ROLE_NOUNS`, where a registered tool doing one of ``verbs`` names a role in its description."""
    described = " ".join(t.description.lower() for ts in load_registry().values() for t in ts.all_tools
                         if _tool_verb(t.name) in verbs and t.description)
    return _stems(ROLE_NOUNS) if any(re.search(rf"\b{r}s?\b", described) for r in ROLE_NOUNS) else frozenset()


def _name_words(template: Any) -> frozenset[str]:
    """The words that name a template: those of its name, and the words that name what it restrains (its act's
    verb group, or for a bound on a number, the :data:`LIMIT_WORDS`)."""
    own = frozenset(stem(w) for w in template.name.split("_") if len(w) >= 3 and w not in _RULE_STOP)
    return own | _act_words(template) & (_verbal(own) | _roles_of(_acts(template))) | (
        _stems(LIMIT_WORDS) if _bounds_a_number(template) else frozenset())


@cache
def _verbal(own: frozenset[str]) -> frozenset[str]:
    """Everything, where a word of a template's name is the stem of a verb its acts' groups hold ("deletion",
    "escalation", "booking"): the group's words name it as well as its name does; else nothing."""
    groups = [g for g in VERB_GROUPS if any(stem(w) in own for w in g if " " not in w)]
    return frozenset(_stems(w for g in groups for w in g)) | frozenset(s for g in groups for s in own)


#: Words that say two things share one slot ("meetings must not overlap", "each room used once at a time"): a
#: rule about them is a rule against double booking, so they stand for the words "double", "book" and "slot".
SAME_SLOT = re.compile(r"\b(?:overlap\w*|clash\w*|conflict\w*|collid\w*|collision\w*|simultaneous\w*"
                       r"|concurrent\w*|at (?:a|one|the same|any(?: one)?) (?:time|hour|moment|minute|instant)|at once"
                       # ... with the preposition or article a non-native writer puts (round 66: "no two meeting are
                       # happening in the same time", "on same time")
                       r"|(?:in|on|at) (?:the )?same (?:time(?![- ]?zones?\b)|hour|moment|minute|instant)"
                       r"|per (?:time ?)?slot|(?:in|during) the same (?:hour|slot|period|block|window)"
                       r"|in (?:a|one|the same) (?:time ?)?slot"
                       r"|(?:be|being|is|are)\s+in\s+two\s+(?:places|meetings|rooms|sessions)|two places at once"
                       # the same booking made twice (round 18): "nobody booked twice", "no room reserved twice"
                       # ... with whom or what between (round 31: "without booking anyone twice", "never book a
                       # person twice", "schedule the same room more than once")
                       r"|(?:book|schedul|reserv|assign|seat|slott)\w*\s+(?:[a-z'-]+\s+){0,3}?"
                       r"(?:twice|two times|2 times|more than once)"
                       r"|twice[- ](?:book|schedul|reserv)\w*)\b")
_SAME_SLOT_WORDS = frozenset({"double", "book", "slot"})


#: :func:`rule_templates`' answers by phrase, literal and the templates' identities; each entry keeps its templates
#: alive, so an identity is never reused while its entry stands. Cleared when full. A directive repeats its rules
#: ("only refund ..." 165 times in the bound test of 2,000 characters), and a reading asks for each rule twice.
_RULE_TEMPLATES_SEEN: dict[tuple, tuple[tuple[Any, ...], list[Any]]] = {}
_RULE_TEMPLATES_MAX = 4096


def rule_templates(phrase: str, templates: Any, *, literal: bool = False) -> list[Any]:
    """:func:`_rule_templates`, remembered (:data:`_RULE_TEMPLATES_SEEN`): the answer is a pure function of the
    phrase and the templates."""
    kept = tuple(templates)
    key = (phrase, literal, tuple(map(id, kept)))
    hit = _RULE_TEMPLATES_SEEN.get(key)
    if hit is None:
        if len(_RULE_TEMPLATES_SEEN) >= _RULE_TEMPLATES_MAX:
            _RULE_TEMPLATES_SEEN.clear()
        hit = _RULE_TEMPLATES_SEEN[key] = (kept, _rule_templates(phrase, kept, literal=literal))
    return list(hit[1])


def _rule_templates(phrase: str, templates: Any, *, literal: bool = False) -> list[Any]:
    """The templates a rule phrase names: those whose own keywords match it, else those whose content words
    (:func:`content_words`) it uses most, in any order: at least two of them, one from the template's name
    ("keep the dock clear": dock, clear), the template whose name the phrase says outright, then the most
    fully used, winning a tie. :data:`SAME_SLOT` words count as "double", "book" and "slot"; with ``literal``
    (a phrase that is a rule by its content alone, no rule word) the name word must be said outright."""
    named = [t for t in templates if t.named_in(phrase) or t.named_in(canonical_rule(phrase))]
    if named:
        return named
    words = set(phrase_stems(phrase))
    said = words | ({stem(w) for w in _SAME_SLOT_WORDS} if SAME_SLOT.search(phrase) else set())
    # a template is named by a word of its own name ("dock", "deletion"); the other content words confirm it
    named = [t for t in templates if (words if literal else said) & _name_words(t)]
    # a name word said outright counts first where no other candidate is about it too ("room": one meeting per
    # room; "meetings" are what every calendar template is about)
    scored = [(len(words & _name_words(t) - {w for o in named if o is not t for w in content_words(o)}),
               len(said & content_words(t)), len(said & content_words(t)) / len(content_words(t)), t) for t in named]
    best = max(((n, s, f) for n, s, f, _ in scored), default=(0, 0, 0.0))
    # two content words confirm a template; a word naming its act ("handing off": escalating) or its bound ("a
    # spending limit") is one the rule cannot be about otherwise, and names it alone
    return [t for n, s, f, t in scored if (n, s, f) == best and (s >= 2 or words & _name_words(t) - _own_noun(t))]


def _own_noun(template: Any) -> frozenset[str]:
    """The words of a template's name that are no verb of its act ("dock", "room", "budget"): what it is about,
    which one word alone does not make a rule about."""
    own = frozenset(stem(w) for w in template.name.split("_") if len(w) >= 3 and w not in _RULE_STOP)
    return own - _act_words(template)
