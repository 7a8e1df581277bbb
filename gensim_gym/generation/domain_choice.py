"""Domain choice: which world(s) a directive asks for.

Weighs each world's evidence (:func:`~gensim_gym.generation.evidence.domain_evidence`) into a score, so one
incidental word does not add a world; reads worlds named outright, explicit "domain: NAME" lists and conjuncts
joined by "plus"/"combined with"; counts objects and acts no candidate world has against it; and refuses a
directive whose opening verb no world does ("translate documents ...") rather than playing some other world.
"""

from __future__ import annotations

import re
import warnings

from gensim_gym.errors import DirectiveError, did_you_mean
from gensim_gym.generation.evidence import (
    DATED_ACTS,
    GENERIC_HEADS,
    VOCABULARY,
    WEAK_KEYWORDS,
    domain_evidence,
    keyword_pattern,
    trade_spans,
)
from gensim_gym.generation.field_vocabulary import (
    ASKING_SUPPORT,
    FIELD_ACTS,
    field_names,
    field_verbs,
    weak_field_words,
)
from gensim_gym.generation.lexicon import (
    ACCOMPLISH_VERBS,
    CLOSING_VERBS,
    COUNTED,
    FIELD_WORDS,
    GENERIC_VERBS,
    META_VERBS,
    NUMBER,
    counted_nouns,
    counted_pool_nouns,
    distractor_operations,
    evidence_nouns,
    noun_lemma,
    operations,
    own_words,
    place_types,
    pool_nouns,
    tool_verb,
    verb_of,
    weak_keywords,
)
from gensim_gym.generation.operations import (
    AN_OBJECT,
    OPERATIONS,
    SCHEDULING,
    VERB_SLOT,
    opposite_resultatives,
    resultative_verbs,
    yields,
)
from gensim_gym.generation.toolsets import corpus_note, load_registry
from gensim_gym.generation.word_roles import takes_object
from gensim_gym.generation.wording import has_word, verb_pattern

#: The world ``on_unknown="fallback"`` plays when a directive names none.
DEFAULT_DOMAIN = "warehouse"


def choose_domains(text: str, notes: list[str], on_unknown: str) -> list[str]:
    """The worlds ``text`` (lower case) asks for: an explicit "domain: NAME" list, else the conjuncts or the
    scored evidence; where none is found, :class:`DirectiveError` (``on_unknown="error"``) or :data:`DEFAULT_DOMAIN`
    with a warning (``"fallback"``)."""
    registry = load_registry()
    explicit = _EXPLICIT_DOMAINS.search(text)
    if explicit:
        # "gripper domain: move 3 balls": the world named before the word is the one, the task follows the colon
        # (session 23: it read "move" as a misspelt domain and raised)
        before = explicit.group(1)
        try:
            names = [before] if before in registry else _explicit_domains(explicit.group(2), registry)
        except DirectiveError as unknown:
            if not unknown.unknown_domain or on_unknown == "error":
                raise
            return _fallback(notes, f"{unknown}")
        notes.append(f"domains named explicitly: {', '.join(names)}")
        return names
    found = _conjunct_domains(text, registry, notes) or scored_domains(text, registry, notes)
    act = _foreign_act(text, registry) if found else None
    if act is not None:  # "translate documents from french to german": no world translates
        notes.append(f"'{act}' opens the directive and no world does it; the domain words stand in its object only")
        found = []
    if not found:
        if on_unknown == "error":
            error = DirectiveError(
                f"the directive names no domain the offline generator knows; known domains: {', '.join(registry)} "
                f"(name one, or write 'domain: NAME'). Other ways forward: backend='openai' (an LLM writes any "
                f"domain), a toolset of your own in the registry, or on_unknown='fallback' to play "
                f"{DEFAULT_DOMAIN} tasks with a warning{corpus_note()}")
            error.unknown_domain = True
            raise error
        return _fallback(notes, f"directive names no known domain; using {DEFAULT_DOMAIN!r}. "
                                f"Domains: {', '.join(registry)} (or write 'domain: NAME')")
    return found


#: An explicit list of worlds: "domain: calendar, webshop", "domain=sokoban", "domain: logistics/transport" (a slash
#: joins another name for the same world, round 53); the word before "domain" may name the world itself.
_EXPLICIT_DOMAINS = re.compile(r"(?:\b([a-z_]+)\s+)?\bdomains?\s*[:=]\s*([a-z_,/ ]+)")


def _fallback(notes: list[str], why: str) -> list[str]:
    """:data:`DEFAULT_DOMAIN`, with a warning saying ``why`` (``on_unknown="fallback"``, where no known world is
    named: no domain word, or an explicit name of none, round 53)."""
    warnings.warn(why, stacklevel=4)
    notes.append(f"no known domain named: fell back to {DEFAULT_DOMAIN}")
    return [DEFAULT_DOMAIN]


#: Where the object of a directive's opening verb ends: a preposition, a conjunction or punctuation; not "at",
#: whose place is the scene of the act itself (round 10: "land a plane at a busy airport" is about landing).
_OBJECT_END = re.compile(r"\s+(?:from|to|into|in|on|with|for|by|using|via|and|then|but|so|while|without|across"
                         r"|between|onto|under|over|through|until|before|after|where|that|which)\b|\s*[,;:.(]|$")
#: Words before the opening verb that leave it the directive's main verb ("please translate ..."); learning to do
#: a thing is about the thing done (round 37: "learn to juggle three balls ...": the juggling opens it), and so is
#: training or teaching a learner to do it (round 54: "we train an agent to trade equities ...", "teach a bot to
#: cook pasta ...": the trading and the cooking open it).
_OPENERS = re.compile(r"\s*(?:(?:please|pls|now|just|then|we|i|you|want|need|to|let's|let|us|have|the|agent|bot"
                      r"|should|must|can|will|learn|learns|learning|how"
                      # (the learner's article only after the verb: "a cleaning robot puts 3 toys back" opens with
                      # no verb, round 46)
                      r"|(?:train|trains|teach|teaches)(?:\s+(?:an?|our|the|its))?(?:\s+(?:agent|bot|policy|model"
                      r"|learner|robot))?)\s+)*")


#: Setting up a world in which the agent acts, before the act (round 71, fresh83: "make simulation where the robot
#: cooks the rice ...", "build an environment in which the agent ...", its verb maybe masked already as a request):
#: the act set up opens the directive, as the opening verb does where there is no such frame; bounded.
_SETTING_UP = re.compile(
    r"(?:(?:make|build|create|set\s+up|design|develop|prepare|write|generate|give\s+(?:me|us))\s+)?"
    r"(?:(?:a|an|the|one|some)\s+)?(?:[a-z-]+\s+){0,2}?"
    r"(?:simulation|simulator|sim|environment|env|game|world|scenario|testbed|benchmark|task)\s+"
    r"(?:where|in\s+which|wherein)\s+(?:(?:the|a|an|our|its|one)\s+)?"
    r"(?:agent|robot|bot|player|hero|ai|model|policy|learner|character|assistant)\s+")


def _foreign_act(text: str, registry: dict) -> str | None:
    """The directive's opening verb, where no world does it and the directive's every domain word stands in that
    verb's object (round 8): "translate documents from french to german" is about translating, which no world
    offers, and the documents are only what it works on, so no world is meant (the documents are no file system
    task). A verb a world has a tool for (a distractor's too: "archive"), names or declares (a keyword, an own word:
    "tidy"), or one of getting work done or of the training itself ("solve", "train"), or one of ending a piece of
    work with a case of work as its object ("close 4 tickets": ``lexicon.CLOSING_VERBS``, round 19), is no foreign
    act; nor is any opening verb where a domain word stands outside its object ("sort 3 files into folders": the
    folders), or where a world is named by its own name. None otherwise."""
    opened = _OPENERS.match(text)
    lead = opened.end() if opened else 0
    setting = _SETTING_UP.match(text, lead)
    if setting is not None:  # "make a simulation where the robot cooks ...": the act is the one set up (round 71)
        lead = setting.end()
    head = re.match(r"([a-z]+)\b", text[lead:])
    verb = _opening_verb(text, lead, head.group(1)) if head else None
    if verb is None and setting is not None and head is not None and head.group(1).endswith("s"):
        verb = head.group(1)  # the agent set up does it: a verb whether or not any world lists it ("irons")
    if head is None or verb is None or verb in ACCOMPLISH_VERBS or verb in META_VERBS or verb in GENERIC_VERBS:
        return None
    if any(verb in operations(d) or verb in distractor_operations(d) or verb in ts.keywords or verb in own_words(d)
           or verb == d for d, ts in registry.items()):
        return None
    phrasal = re.match(r"[a-z]+\s+(?:out|up|away|off|down)\b", text[lead:])
    if phrasal and any(re.fullmatch(verb_pattern(v), phrasal.group(0)) for d in registry for v in operations(d)
                       if " " in v):
        return None  # "clean out 4 temp files": the verb with its particle is a world's ("clean" alone is none)
    if any(a == lead for d in registry for a, _, _ in resultative_verbs(text, [d])):
        return None  # "mark the 2 configs as writable": making a thing so is a world's tool (round 14)
    if any(a == lead for d in registry for a, _, _, _ in opposite_resultatives(text, [d])):
        return None  # "mark 2 files as read-only": the opposite state is still that world's (round 19)
    if any(re.search(rf"\b{re.escape(d)}s?\b", text) for d in registry):
        return None  # a world named outright is meant: "clean the warehouse floor" is a warehouse that cannot
    start = lead + head.end()
    stop = _OBJECT_END.search(text, start)
    said = re.findall(r"[a-z]+", text[start:stop.start() if stop else len(text)])
    if verb in CLOSING_VERBS and {noun_lemma(w) for w in said} & set(COUNTED["order"]):
        return None  # "close 4 resolved tickets": ending a case of work is getting it done (round 19)
    rest = f"{text[:lead]} {text[stop.start() if stop else len(text):]}"
    if any(_names_world(rest, d, ts) for d, ts in registry.items()):
        return None
    return head.group(1)


def _opening_verb(text: str, lead: int, word: str) -> str | None:
    """The verb ``word`` (the directive's first word after its openers, at ``lead``) is: a verb the lexicon knows, or,
    right after an infinitive's "to", the word itself (round 37: "learn to juggle three balls": "juggle" is a verb
    there whether or not any world's vocabulary lists it). None where it is no verb."""
    verb = verb_of(word)
    if verb is not None:
        return verb
    return word if re.search(r"\bto\s+$", text[:lead]) and word not in _NO_VERB_AFTER_TO else None


#: Words that follow an opening "to" without being its verb ("want to the ..." does not occur; these do: "to my").
_NO_VERB_AFTER_TO = frozenset({"a", "an", "my", "our", "your", "their", "his", "her", "its", "this", "that", "these",
                               "those", "all", "each", "every", "some", "any", "be", "do", "make", "get", "have"})


def _weak(name: str) -> frozenset[str]:
    """The keywords too weak to name world ``name`` alone: those too common for any world (``evidence.WEAK_KEYWORDS``:
    "store", "customer") and those it shares with another toolset (``lexicon.weak_keywords``)."""
    return WEAK_KEYWORDS | weak_keywords(name)


def _names_world(text: str, name: str, ts) -> bool:
    """Whether ``text`` (a directive outside its opening verb's object) holds evidence of world ``name`` beyond a
    weak word of where it happens: a place or a state of its field ("kitchen", "messy": ``lexicon.FIELD_WORDS``)
    or a weak keyword names the scene of an act, not the world that does it (round 24: "cook a risotto in a
    simulated kitchen" is cooking, which no world offers; "put 2 mugs away in the kitchen" is the household's)."""
    hits, weak = domain_evidence(text, name, ts)
    scene = _weak(name) | set(FIELD_WORDS) | set(FIELD_WORDS.values())
    return any(w not in scene for w in (*hits, *weak))


#: Words that join two worlds into one ("support tickets plus file cleanup"); "and" joins too much else. A
#: preposition of place joins them as well (round 30: "a warehouse beside an online store", "a help desk next to a
#: shop"): each side must still name a world of its own (:func:`_conjunct_domains`).
_JOIN = re.compile(r"\s+(?:plus|as well as|together with|combined with|along with|mixed with|combines? with"
                   r"|combining with|merged with|coupled with|paired with|alongside|besides?|next to|adjacent to"
                   r"|near|close to|side by side with)\s+|\s*[+&]\s*")


#: A short list of worlds in parentheses or in a label before a colon (session 28, a level designer's brief: "Combo
#: level (calendar + shop): book 1 meeting, then buy 1 gift").
_LIST_PLACE = re.compile(r"\(([^()]{1,80})\)|^([^:;.()]{1,80}):")


def _listed_worlds(text: str) -> list[str]:
    """The items of a list of worlds joined by "+", "&", "plus" ... in parentheses or a label (:data:`_LIST_PLACE`),
    where there are two or more of at most three words each: the worlds the list names, each on its own. Split with
    the rest of the directive, the last item took the task after the list with it ("shop): book 1 meeting, then buy
    1 gift" chose the calendar), so two worlds read as one. Empty where there is no such list."""
    for m in _LIST_PLACE.finditer(text):
        items = [p.strip() for p in _JOIN.split(m.group(1) or m.group(2))]
        if len(items) >= 2 and all(0 < len(item.split()) <= 3 for item in items):
            return items
    return []


#: A verb of joining and its two objects ("combine the helpdesk with file management", "merge the shop and the
#: calendar"): the objects are the worlds joined (round 8), as "A combined with B" joins them.
JOINING = re.compile(r"\b(combine|mix|merge|blend|pair|fuse|couple|join|integrate|unite)s?\s+(?!them\b|it\b|of\b)"
                     r"([^,;:.]+?)\s+(?:with|and|to|into)\s+([^,;:.]+)")


#: Words after "A and B" saying the two are one world ("online shop and warehouse tasks mixed").
#: "both" composes as the correlative "both A and B" ("an env with both stock-keeping and file management"); "push
#: both boxes" and "once both are gone" count things of one world (round 73).
COMPOSED = re.compile(r"\b(?:mixed|combined|combines?|together|interleaved|blended|at once"
                      r"|both(?=[^,.;:]{1,60}?\band\b)|in (?:one|a single)"
                      r" (?:world|env|environment|task)s?|(?:a )?(?:mix|mixture|combination|blend) of)\b")


#: Heads after a world's name that make it the environment itself ("the depot environment", "the ferry domain"):
#: conjuncts then describe that world and compose no other (round 73, a paper's "The depot environment combines
#: logistics and block stacking").
_ENVIRONMENT_HEAD = r"environments?|envs?|domains?|worlds?|benchmarks?|simulators?"


def _conjunct_domains(text: str, registry: dict, notes: list[str]) -> list[str]:
    """Domains composed from conjuncts joined by "plus", "+", "as well as" ... (or by "and" where
    :data:`COMPOSED` says so): where each part on its own
    chooses a domain (``scored_domains``) and they differ, the world composes them, even where one part's
    evidence is weaker ("file cleanup": a domain noun modifying its operation). Empty otherwise."""
    parts = _listed_worlds(text) or [p for p in _JOIN.split(text) if p.strip()]
    joined = JOINING.search(text)
    if len(parts) < 2 and joined:  # "combine the helpdesk with file management": the verb's two objects
        parts = [joined.group(2), joined.group(3)]
    composed = COMPOSED.search(text)
    if len(parts) < 2 and composed:  # "A and B tasks mixed": "and" joins worlds here, first in the sentence that
        # says so (round 71: not in a later "one ticket and one meeting"), else anywhere ("a combined env. a shop and
        # a warehouse")
        parts = _and_parts(_sentence_at(text, composed.start()))
        parts = parts if len(parts) >= 2 else _and_parts(text)
    sequenced = len(parts) < 2
    if sequenced:  # "plan a meeting and order a hotel room online": two tasks said one after the other
        parts = _tasks(text)
    if sequenced and len(parts) < 2:  # "1 meeting booked and 2 old files deleted": two states reached
        parts = _end_states(text)
    if len(parts) < 2:
        return []
    chosen = [scored_domains(part, registry, []) for part in parts]
    if sequenced and not all(len(c) == 1 and _strongly_named(part, c[0], registry)
                             and not (i and _refers_back(part, c[0], registry))
                             for i, (part, c) in enumerate(zip(parts, chosen, strict=True))):
        return []  # each task of a sequence names its world by a word of its own, not by weak words alone
    if not all(chosen) or any(len(c) > 1 for c in chosen) or len({c[0] for c in chosen}) < len(chosen):
        return []
    found = [c[0] for c in chosen]
    if any(re.search(rf"\b{_spelled(name)}\s+(?:{_ENVIRONMENT_HEAD})\b", text)
           for name in registry if name not in found):
        return []  # "the depot environment combines logistics and block stacking": the conjuncts describe it
    notes.append("domains from conjuncts: " + "; ".join(f"{d}: {p.strip()!r}" for d, p in zip(found, parts,
                                                                                             strict=True)))
    return found



def _and_parts(text: str) -> list[str]:
    """The parts of ``text`` joined by "and", the words saying they are composed (:data:`COMPOSED`) left out."""
    return [p for p in re.split(r"\s+and\s+", COMPOSED.sub(" ", text)) if p.strip()]


def _sentence_at(text: str, at: int) -> str:
    """The sentence of ``text`` around index ``at``: from the stop or line break before it to the one after."""
    start = max(text.rfind(end, 0, at) for end in (".", "!", "?", "\n")) + 1
    ends = [i for i in (text.find(end, at) for end in (". ", "!", "?", "\n", ".\n")) if i >= 0]
    return text[start:min(ends, default=len(text))]


#: A count of things and what was done to them, said as a past participle ("1 meeting booked", "2 old files
#: deleted"); group 1 is the participle.
_COUNTED_STATE = rf"\b(?:{NUMBER})\s+(?:[a-z'-]+\s+){{0,3}}?([a-z]+(?:ed|en|id|ht|nt))\b"
#: Two such states joined by "and" (round 46): each is a task's end, said without its verb.
_END_STATES = re.compile(rf"({_COUNTED_STATE})\s*,?\s+(?:and|plus|as well as)\s+({_COUNTED_STATE})")


def _end_states(text: str) -> list[str]:
    """The end states of two tasks said as counts of things done ("success: 1 meeting booked and 2 old files
    deleted", round 46), each a count with the past participle of a known verb after it: each names its world as a
    task of a sequence does (:func:`_conjunct_domains`). Empty where the directive says no such pair ("2 crates
    stacked and sealed": one count)."""
    m = _END_STATES.search(text)
    if m is None or verb_of(m.group(2)) is None or verb_of(m.group(4)) is None:
        return []
    return [m.group(1), m.group(3)]


#: Where a directive goes on to a next task: "and", "then", "and then" before the next task's verb; or "after
#: that" / "afterwards" after a comma, its "and" left out (round 43: "refund 1 order, after that erase 1 file"). A match
#: opens at the first space of a run only, and a comma is said before the space after it, so a long run of spaces (a
#: frame blanked: round 74, minutes) is read once, not once per way of splitting it.
_NEXT_TASK = re.compile(r"(?<!\s)(?:\s*[,;])?\s+(?:and\s+then|and\s+afterwards|and\s+after\s+that|then|and)\s+"
                        r"(?=([a-z]+)\b)|(?<!\s)\s*[,;]\s*(?:after\s+that|afterwards)\s*,?\s+(?=([a-z]+)\b)")


def _tasks(text: str) -> list[str]:
    """The tasks of a directive said one after the other, each opening with its verb (round 24: "plan a team meeting
    and order a hotel room online", "back up the reports and then reply to a customer"): a part starts where "and"
    or "then" stands before a verb, or before scheduling a kind of meeting ("and then set up a standup": round 25).
    One part where the directive goes on to no next verb."""
    # (a verb with its object after it, or after its preposition: "and trucks, load 2 crates" goes on to no task; or
    # an act that names a world's trade, whatever follows its verb: "then ask support for a refund", round 41)
    cuts = [m for m in _NEXT_TASK.finditer(text) if _opens_task(text, m)]
    if len(cuts) > 3:
        return [text]  # a long run of "and ..." is no short sequence of tasks (and stays cheap to read)
    bounds = [0, *(x for m in cuts for x in (m.start(), m.end())), len(text)]
    return [text[a:b] for a, b in zip(bounds[::2], bounds[1::2], strict=True) if text[a:b].strip()]


def _opens_task(text: str, m: re.Match[str]) -> bool:
    """Whether the :data:`_NEXT_TASK` cut ``m`` (either of its shapes) opens a next task (see :func:`_tasks`)."""
    word, end = (m.group(1), m.end(1)) if m.group(1) else (m.group(2), m.end(2))
    if word in _DETERMINER_LIKE:
        return False
    verb = verb_of(word) is not None
    return bool(verb and _object_after(text, end) or SCHEDULING.match(text, m.end())
                or verb and any(r.match(text, m.end()) for r in FIELD_ACTS.values())
                or _ASKING_SUPPORT.match(text, m.end()))


def _object_after(text: str, end: int) -> bool:
    """Whether the word ending at ``end`` takes an object, or one after its preposition ("reply to a customer") or
    its particle ("set up a standup": round 25)."""
    prep = re.match(r"\s+(?:to|with|on|for|about|up|out|off|away|down)\b", text[end:])
    return takes_object(text, end) or prep is not None and takes_object(text, end + prep.end())


#: Turning to the help desk (round 41: "then contact customer service about a refund"): a task of its own, whose
#: verbs of reaching someone ("contact", "email") the verb lexicon does not know.
_ASKING_SUPPORT = re.compile(ASKING_SUPPORT)


#: Words a verb lexicon may know that open no task ("and the", "then all").
_DETERMINER_LIKE = frozenset({"the", "a", "an", "all", "each", "every", "its", "their", "them", "it", "then"})


def _strongly_named(text: str, name: str, registry: dict) -> bool:
    """Whether the task ``text`` (up to its first comma: "drop them at the dock, unreliable gripper" is no gripper's
    task) names world ``name`` by a word that is not weak and is no bare verb of it (its name, a keyword, a phrase of
    its trade or an act of it with its object: ``evidence.domain_evidence``), by a verb only it does with its object
    (:func:`_own_act`), or by scheduling a kind of meeting ("set up a standup": ``evidence.DATED_ACTS``, round 25)."""
    lead = _TASK_LEAD.match(text)  # ("first, delete 2 logs": the task is after the adverb's comma)
    segments = re.split(r"([,;:])", text[lead.end() if lead else 0:])
    # a label before a colon opens the part (round 60, meeting minutes: "Joint env agreed with the product group: the
    # agent answers a support ticket"): the task may be the label ("warehouse: ...") or what follows it
    tasks = segments[:1] + (segments[2:3] if segments[1:2] == [":"] else [])
    return any(_names_strongly(task, name, registry) for task in tasks)


def _refers_back(task: str, name: str, registry: dict) -> bool:
    """Whether ``task`` (a later task of a sequence) names world ``name`` only by generic heads after a definite
    determiner ("the puzzle", "this game"): it points back at the world named before it, no world of its own (round
    73: "... the Towers of Hanoi with 3 discs ..., and following the reviewers' suggestion the puzzle is made slightly
    harder": "puzzle" is also a keyword of sokoban)."""
    hits, _ = domain_evidence(task, name, registry[name])
    return bool(hits) and all(w in GENERIC_HEADS and re.search(rf"\b(?:the|this|that|our|its)\s+{re.escape(w)}\b", task)
                              for w in hits)


def _names_strongly(task: str, name: str, registry: dict) -> bool:
    """Whether ``task`` names world ``name`` strongly (see :func:`_strongly_named`)."""
    hits, said = domain_evidence(task, name, registry[name])
    weak = _weak(name)
    return any(w not in weak and w not in operations(name) for w in hits) or _own_act(task, name, registry) \
        or bool(DATED_ACTS.intersection(said))


#: A task's opening verb, after an adverb that only orders the tasks (round 39: "first delete 1 old log, then ..."):
#: "first" or "next" says when the task is done, the verb after it what; group 1 is the verb.
_TASK_LEAD = re.compile(r"\s*(?:(?:first|firstly|first\s+of\s+all|next|then|finally|lastly|afterwards|after\s+that"
                        r"|second|secondly|now|also)\s*,?\s+)?")
_TASK_HEAD = re.compile(_TASK_LEAD.pattern + r"([a-z]+)\b")


def _own_act(task: str, name: str, registry: dict) -> bool:
    """Whether ``task`` opens with a verb, taking its object, that only world ``name`` does (round 25: "buy 2
    whiteboard markers" after "book a meeting room" is the shop's task, as "refund 1 order" is support's): a verb
    several worlds do ("move", "pick", "cancel") or one without its object names none of them; a verb another world
    does only loosely (:func:`_does`: the calendar's "delete") leaves it this world's own."""
    head = _TASK_HEAD.match(task)
    verb = verb_of(head.group(1)) if head else None
    if head is None or verb is None or verb not in operations(name) or not takes_object(task, head.end(1)):
        return False
    return not any(_does(verb, other) and not _loose_beside_named(verb, other, name)
                   for other in registry if other != name)


def _loose_beside_named(verb: str, other: str, name: str) -> bool:
    """Whether world ``other`` gives ``verb`` up to a world that does it exactly (``operations.yields``: the
    calendar's "cancel") where world ``name`` names a tool after it (support's ``cancel_order``): the verb is then
    ``name``'s own act, as ``operations.loose_elsewhere`` reads it once both are chosen (round 46: "cancel the
    customer's order and then delete the old drafts": the help desk's task, then the file system's)."""
    return yields(verb, other) and tool_verb(operations(name)[verb].rstrip("*")) == verb


def _spelled(name: str) -> str:
    """A regex for a domain's name as written in one word or spelled apart ("filesystem" / "file system",
    "webshop" / "web shop"), where its toolset lists the spelled form as a keyword (round 11)."""
    spelled = [k for k in load_registry()[name].keywords if " " in k and k.replace(" ", "") == name] \
        if name in load_registry() else []
    return "(?:" + "|".join(re.escape(w) for w in (name, *spelled)) + ")"


#: Where an item of a list of worlds starts and ends ("the shop and the calendar, 5 tools", "calendar + store").
#: A preposition of place between two worlds separates them as "and" does (round 30: "a help desk next to a shop").
_BESIDE = r"beside|besides|alongside|near|next\s+to|adjacent\s+to"
_ITEM_START = rf"(?:^|[,;:+&]|\band|\bplus|\bwith|\bor|\b(?:{_BESIDE}))\s*" \
    r"(?:the\s+|a\s+|an\s+|my\s+|our\s+|your\s+|their\s+)?"
_ITEM_END = r"s?\s*(?:tasks?\s*|worlds?\s*|domains?\s*)?" \
    rf"(?=$|[,;:.+&]|\band\b|\bplus\b|\bwith\b|\bor\b|\b(?:{_BESIDE})\b)"


def _listed_world(text: str, name: str, registry: dict, *, places: bool = False) -> bool:
    """Whether world ``name`` is an item of a list of worlds in ``text`` (round 21): its own name, or a keyword of
    its own that no other world declares ("shop", "helpdesk"), alone between list separators ("the shop and the
    calendar, 5 tools"). An item so listed is the world itself, not a word in some other phrase ("the shop floor",
    "shop for 2 mice"). With ``places``, only a keyword of more than one word, or a phrase of its trade, is such an
    item ("help desk and online store": each names its world as its own name would, round 26)."""
    others = _others_keywords(name, registry)
    # (a word another world has as a keyword in another number, or as a type where that world is named, is not this
    # world's own: "depot domain (crates, hoists, trucks)" lists the depot's trucks, no transport; round 72)
    other_lemmas = {noun_lemma(o) for o in others} | {t.name for other, ts in registry.items() if other != name
                                                      and has_word(text, _spelled(other)) for t in ts.types}
    words = [w for w in (name, *registry[name].keywords, *field_names(name))
             if w == name or w not in others and noun_lemma(w) not in other_lemmas]
    start = _ITEM_START
    if places:
        words = _chained([w for w in words if w in _place_keywords(name) or w in field_names(name)])
        start = _PHRASE_START
    if not words:
        return False
    said = "|".join(keyword_pattern(w) for w in sorted(words, key=len, reverse=True))
    return any(not _labels_world(text, m.end(), name, registry)
               for m in re.finditer(rf"{start}(?:{said}){_ITEM_END}", text))


#: A setting's value after its key's colon (round 53), up to the next comma, semicolon or stop.
_SETTING_VALUE = re.compile(r"\s*:\s*([^,;.]*)")


def _labels_world(text: str, end: int, name: str, registry: dict) -> bool:
    """Whether the item ending at ``end`` is a setting's key whose value names another world outright (round 53:
    "puzzle: tower of hanoi", "store: webshop"): the key then says what kind of thing the value is, and the value
    which world; the key names no world of its own ("puzzle" is sokoban's word as well)."""
    m = _SETTING_VALUE.match(text, end)
    return m is not None and any(other != name and has_word(m.group(1), _spelled(other)) for other in registry)


#: Where a place of a list starts (round 27): an item's start, or a determiner after any word ("handle the help
#: desk and the online store": the noun phrase is the item, whatever verb governs the list).
_PHRASE_START = rf"(?:{_ITEM_START}|\b(?:the|a|an|my|our|your|their)\s+)"


def _chained(words: list[str]) -> list[str]:
    """``words`` and the phrases two of them make where one's last word opens the other ("customer service" and
    "service desk": "customer service desk"): a place named by its trade's compound is still one item (round 27)."""
    chained = [f"{a} {b.split(maxsplit=1)[1]}" for a in words for b in words
               if a != b and " " in a and " " in b and a.split()[-1] == b.split()[0]]
    return [*words, *chained]


def _named_choice(text: str, named: list[str], weights: dict[str, float]) -> list[str]:
    """Of the domains named outright, those listed together ("calendar plus webshop", "warehouse and calendar")
    compose; otherwise the best scored one ("warehouse: pick 2 items ..., unreliable gripper" is warehouse)."""
    joined = [name for name in named for other in named if other != name and re.search(
        rf"\b{_spelled(name)}s?\s*(?:,|\+|&|and|plus|with|or)\s*(?:the\s+|a\s+)?{_spelled(other)}s?\b", text)
        or _described_pair(text, _spelled(name), _spelled(other)) or _described_pair(text, _spelled(other),
                                                                                      _spelled(name))]
    if joined:
        return [name for name in named if name in joined or any(
            re.search(rf"\b{_spelled(o)}s?\s*(?:,|\+|&|and|plus|with|or)\s*(?:the\s+|a\s+)?{_spelled(name)}s?\b",
                      text)
            for o in joined)]
    best = max((weights[name] for name in named), default=0.0)
    return [name for name in named if weights[name] == best]


#: A world's own clause after its name ("a warehouse where the robot ...", "a webshop in which ..."), round 70.
_ITS_CLAUSE = r"\s+(?:where|in\s+which|whose|in\s+that)\b"


def _described_pair(text: str, name: str, other: str) -> bool:
    """Whether worlds ``name`` and ``other`` (a noun may follow each: "a hanoi tower whose ...") are listed with a
    clause of their own each, joined by "and" (round 70,
    a PRD's "two worlds in one suite, a warehouse where the robot delivers 2 boxes and a webshop where the agent buys
    1 chair"): each is a world of the suite, as "the warehouse and the webshop" are."""
    return re.search(rf"\b{name}s?(?:\s+[a-z-]+)?{_ITS_CLAUSE}[^.;:]{{0,120}}?,?\s+and\s+(?:also\s+)?(?:an?|the)\s+"
                     rf"{other}s?(?:\s+[a-z-]+)?{_ITS_CLAUSE}", text) is not None


#: Nouns of a person working somewhere (round 10: "store assistant", "shop clerk").
_ROLE = r"assistants?|clerks?|agents?|employees?|workers?|staff|attendants?|associates?|cashiers?|keepers?|reps?"


def _workplace(text: str, word: str, name: str) -> bool:
    """Whether a weak keyword of ``name`` modifies a role noun and is no act of that world ("store assistant": the
    store is where the role works, so the world is the store's; "search agent" names an act, not a place)."""
    return word not in operations(name) and re.search(rf"\b{re.escape(word)}\s+(?:{_ROLE})\b", text) is not None


#: Craft no world has (session 28): the worlds move things by truck, airplane (transport), ferry, lift, hand and
#: robot; a task done by a drone, a helicopter or a submarine is of a world we lack, where no world is named.
_FOREIGN_CRAFT = re.compile(r"\b(?:drones?|quadcopters?|uavs?|helicopters?|rockets?|spacecraft|spaceships?"
                            r"|satellites?|submarines?|blimps?)\b")
#: Continuous control (round 58, a researcher's feature requests: "a robotic arm peg-insertion task with continuous
#: torque control"): every world is a discrete planning world of named objects and tools, so a task of torques,
#: joint angles or velocities is none of theirs, whatever robot arm or peg it mentions. A world named by its own name
#: keeps it ("gripper, with continuous control"): the directive then asks that world for a control it lacks.
_CONTINUOUS = re.compile(r"\b(?:continuous(?:ly)?[- ](?:control(?:led)?|actions?|action[- ]spaces?|torques?|forces?)"
                         r"|torques?|joint[- ](?:angles?|torques?|velocit(?:y|ies)|positions?|space)"
                         r"|(?:velocity|force|impedance|motor)[- ]control|peg[- ]in[- ]hole|peg[- ]insertion"
                         r"|locomotion|mujoco|pybullet|physics[- ]based)\b")

#: Fields of well-known benchmarks no world models (round 60, meeting minutes: "a Pong environment from Atari", "a
#: stock-trading environment where the agent rebalances a portfolio"): arcade video games, financial markets and the
#: control of traffic or power (round 67). A world's word said beside them ("meeting" of the minutes, "stock") only
#: names the scene; a world named by its own name keeps it, as under continuous control.
_FOREIGN_FIELD = re.compile(r"\b(?:atari|pong|breakout|space\s+invaders|montezuma(?:'s)?\s+revenge|ms\.?\s+pac-?man"
                            r"|pac-?man|arcade\s+games?|stock[- ]trading|(?:stock|share|crypto(?:currency)?|forex)"
                            r"\s+(?:markets?|trading|exchanges?)|portfolios?|hedge\s+funds?|algorithmic\s+trading"
                            # ... and control of traffic or a grid (round 67, fresh81: "an air-traffic control
                            # simulator where the agent sequences arriving aircraft": "aircraft" only names its scene)
                            r"|air[- ]traffic(?:[- ]control)?|traffic[- ](?:signal|light)s?[- ]control"
                            r"|power[- ]grids?"
                            # ... and reserving a table at a restaurant (round 73, a paper's "a restaurant reservation
                            # task, in which the agent books a table for 4 guests"): the calendar books meeting rooms
                            # for its meetings, no table for diners; "books" and "guests" only name the scene
                            r"|restaurant\s+(?:reservations?|bookings?|tables?)|(?:table|dinner)\s+reservations?)\b")


def _foreign_task(text: str, scores: dict[str, list[str]], strongly: set[str]) -> str | None:
    """Why the directive's task is of no world although words of some (``scores``; ``strongly`` those named by a
    word of their own) are said, or None: a craft no world has, where no world is strongly named ("drone delivery over
    a city with 3 parcels": no world flies, "city" and "parcels" only name the scene of the flight; session 28), or
    continuous control or a field no world models, where no world is named by its name (:data:`_CONTINUOUS`, round
    58; :data:`_FOREIGN_FIELD`, round 60)."""
    scene = ", ".join(sorted({w for ws in scores.values() for w in ws}))
    craft = _FOREIGN_CRAFT.search(text)
    if craft is not None and not strongly:
        return f"'{craft.group(0)}' does the task and no world has one; {scene} only name its scene"
    named = any(has_word(text, _spelled(name)) for name in scores)
    control = _CONTINUOUS.search(text)
    if control is not None and not named:
        return (f"'{control.group(0)}' asks for continuous control, which no world has (every world is discrete); "
                f"{scene} only name its scene")
    field = _FOREIGN_FIELD.search(text)
    if field is not None and not named:
        return f"'{field.group(0)}' is a field no world models; {scene} only name its scene"
    return None


def scored_domains(text: str, registry: dict, notes: list[str]) -> list[str]:
    """The domains whose keywords the directive uses most (ties: all of them, a multi-domain task); one
    incidental keyword of another domain does not add it. A domain's operation verbs (:data:`OPERATIONS`:
    "escalates", "cancel") are weak evidence too: a domain is chosen on one strong keyword or two weak hits
    ("help customers cancel orders" is support). In the ranking a domain's own name weighs 2, a keyword 1, and a
    weak keyword, a verb or a type noun half ("depot logistics with hoists" is depot's). Keywords
    other toolsets also use ("robot", "pallets": ``lexicon.weak_keywords``) are weak. A domain named by its
    own name, where no other toolset uses that name as a keyword ("gripper robot", "sokoban with 2 boxes"), is
    chosen outright (:func:`_named_choice`: two named together compose, "calendar plus webshop"). The scores and the
    runner-up go to ``notes``."""
    scores: dict[str, list[str]] = {}
    weights: dict[str, float] = {}
    strongly: set[str] = set()
    for name, ts in registry.items():
        hits, verbs = domain_evidence(text, name, ts)
        weak = _weak(name)
        # a weak keyword alone as an item of a list of worlds names that world ("the store plus the warehouse":
        # the shop; round 23), as a keyword of its own does (:func:`_listed_world`)
        strong = any(w not in weak or _workplace(text, w, name) for w in hits) \
            or bool(hits) and _listed_world(text, name, registry)
        part = _named_as_part(text, name) or _place_modifier(text, name, registry)
        if strong:
            strongly.add(name)
        if strong or len(hits) + len(verbs) >= 2:
            scores[name] = hits + verbs
            # a toolset's own name weighs 2 (1 where it names a part: "a robot with an unreliable gripper"), a
            # keyword 1, a shared keyword, a verb or a type noun half
            # (a noun a type is only counted in, "crates" for transport's packages, weighs a little less than a
            # type's own name, "crate" for depot: it breaks a tie, it outweighs nothing else)
            counted = counted_nouns(name)
            # (its name spelled apart, "file system", is its name: round 26 no longer adds the "file" inside it)
            weights[name] = sum((1.0 if part else 2.0) if w.replace(" ", "") in (name, name + "s")
                                else 0.5 if w in weak else 1.0 for w in hits) \
                + sum(0.45 if counted.get(w, w) != w else 0.5 for w in verbs)
    if not scores:
        # no world reaches the bar: a tool's own verb with its particle that only one world declares ("check
        # out": webshop's checkout) chooses it where no other world has any evidence at all (a lone own noun,
        # "cart" in "balance a pole on a cart", does not)
        alone = {name: [w for w in domain_evidence(text, name, ts)[1] if w in own_words(name)
                        and " " in tool_verb(w) and re.search(verb_pattern(tool_verb(w)), text)]
                 for name, ts in registry.items() if any(domain_evidence(text, name, ts))}
        if len(alone) == 1 and all(alone.values()):
            (name, words), = alone.items()
            notes.append(f"domains from keywords: {name} (its own word alone: {', '.join(words)})")
            return [name]
        return []
    if (why := _foreign_task(text, scores, strongly)) is not None:
        notes.append(why)
        return []
    if len(scores) > 1:  # of two candidates, the one that has the objects the directive names
        for name, foreign in _foreign_objects(text, list(scores), registry).items():
            weights[name] -= len(foreign)
            if any(w.replace(" ", "") in (name, name + "s") for w in scores[name]) \
                    and not _named_as_part(text, name) and not _place_modifier(text, name, registry) \
                    and _destination_only(text, name):
                # "reroute 2 packages to the north depot": a world named only as where things it has no type for
                # are taken is a place of the world that carries them, and weighs as a shared keyword (round 50)
                weights[name] -= 1.5
                scores[name] = scores[name] + [f"{name} (a destination)"]
            scores[name] = scores[name] + [f"-{w}" for w in foreign]
        for name, foreign in _foreign_acts(text, list(scores), registry).items():  # ... and does what it asks
            weights[name] -= 0.5 * len(foreign)
            scores[name] = scores[name] + [f"-{w}" for w in foreign]
    named = [name for name in scores if has_word(text, _spelled(name)) and not _named_as_part(text, name)
             and (not any(name in ts.keywords for other, ts in registry.items() if other != name)
                  or _names_kind(text, name))]
    named += [name for name in scores if name not in named and (
        _place_named(text, name) or _subject(text, name) and not _acts_elsewhere(text, name, scores)
        or _listed_world(text, name, registry, places=True))]
    best = max(weights.values())
    listed = [name for name in scores if name in named or name in strongly and _listed_world(text, name, registry)]
    # "the shop and the calendar": worlds listed side by side, one by its own name and one by a keyword of its own
    # standing alone as an item of the list, compose as two named outright do (round 21)
    # (round 27: a place of its own standing as an item, "the customer service desk and the online store", lists
    # its world as well, whatever verb governs the list and whatever object one world lacks)
    found = listed if named and len(listed) > 1 and all(
        _listed_world(text, name, registry) or _listed_world(text, name, registry, places=True) for name in listed) \
        else _named_choice(text, named, weights) or [name for name in scores if weights[name] == best]
    if len(found) > 1 and strongly & set(found):
        # a tie between a world named by a keyword of its own ("tidying") and one made of weak evidence only
        # ("robot", "items") is no two-world task: the keyword decides
        found = [name for name in found if name in strongly]
    exclusive = [name for name in found if any(w in own_words(name) for w in scores[name])]
    if len(found) > 1 and not strongly & set(found) and exclusive:
        # a tie of weak evidence only ("a home robot ... objects in the kitchen": warehouse's shared "robot" and
        # "objects" against rearrangement's "objects" and its own "household"): a word only one world declares
        # decides, as a keyword of its own does above (round 6)
        found = exclusive
    notes.append(f"domains from keywords: {', '.join(found)} ("
                 + "; ".join(f"{n}: score {weights[n]:g}: {', '.join(scores[n])}" for n in found) + ")")
    others = sorted((n for n in scores if n not in found), key=lambda n: (-weights[n], n))
    if others:
        notes.append(f"runner-up domain {others[0]} (score {weights[others[0]]:g}: {', '.join(scores[others[0]])}) "
                     f"not used: " + ("a lower score" if weights[others[0]] < best else
                                      "a tie, decided by a word of the chosen domain's own" if not named else
                                      "the directive names another domain outright"))
    return found


def _place_named(text: str, name: str) -> bool:
    """Whether the directive says the work happens in a place that names world ``name``'s trade outright
    (``field_vocabulary.FIELD_NAMES``: "out of the fulfillment center", "at the call centre"; a keyword of its own
    of more than one word: "from the online store", :func:`_place_keywords`): that world is
    named, as by its own name (round 17: "ship 5 orders out of the fulfillment center" is a warehouse's)."""
    return any(re.search(rf"\b(?:in|at|from|out of|inside|within|around|across|through)\s+"
                         rf"(?:the\s+|a\s+|an\s+|our\s+|my\s+|their\s+)?{keyword_pattern(w)}\b", text)
               for w in (*field_names(name), *_place_keywords(name)))


def _place_keywords(name: str) -> list[str]:
    """World ``name``'s keywords of more than one word that no other world declares ("online store", "help desk"):
    like the phrases of its trade, each names the place where the work happens (round 26: "grab 2 kitchen towels
    from the online store" is the shop's, once "store" inside "online store" no longer counts twice)."""
    registry = load_registry()
    others = _others_keywords(name, registry)
    return [k for k in registry[name].keywords if " " in k and k not in others]


def _others_keywords(name: str, registry: dict) -> set[str]:
    """The keywords every world but ``name`` declares: a keyword of ``name``'s outside them is its own."""
    return {k for other, ts in registry.items() if other != name for k in ts.keywords}


def _acts_elsewhere(text: str, name: str, scores: dict[str, list[str]]) -> bool:
    """Whether the agent that names world ``name`` as the directive's subject (:func:`_subject`) is all the evidence
    of it, while another candidate world's own act is said (``field_vocabulary.FIELD_ACTS``): the agent then does
    that world's work, which names it (round 46: "a cleaning robot has to cover every tile of the hall": a grid
    tour, whoever sweeps it). A subject with anything else of its world ("a cleaning robot puts 3 toys back") keeps
    naming it."""
    words = set(_agent_subject(text))
    own = all(set(w.split()) <= words for w in scores[name] if not w.startswith("-"))  # ("-tile": evidence against)
    return own and any(other != name and other in FIELD_ACTS and FIELD_ACTS[other].search(text) for other in scores)


#: The nouns of a kind of environment a world's name may stand before ("a depot task", "the depot world").
_KIND_NOUN = r"tasks?|envs?|environments?|worlds?|domains?|scenarios?|settings?|variants?|problems?|benchmarks?"


def _names_kind(text: str, name: str) -> bool:
    """Whether world ``name`` is said as the kind of environment asked for, its name before a noun of one ("a depot
    task where 2 crates are moved to another depot", "depot env: ..."): that names it outright even where another
    world lists the name as a keyword of its own (the warehouse's "depot"; round 68: the crates and the moving, the
    warehouse's words too, outweighed it)."""
    return re.search(rf"\b{re.escape(name)}\s+(?:{_KIND_NOUN})\b", text) is not None


def _subject(text: str, name: str) -> bool:
    """Whether the directive opens with one of world ``name``'s roles as the subject of its first verb ("a shopper
    returns 1 damaged item", "the buyer orders ..."): the one acting lives in that world, so it is named, whatever
    the act's own world (round 17: refunds are support's, a shopper's return is the shop's)."""
    if _named_agent_opens(text, name):
        return True
    m = re.match(r"(?:a|an|the|one|our|my|some)\s+(?:([a-z-]+)\s+)?([a-z-]+?)\s+[a-z]+s\b", text)
    if m is None:
        return False
    if noun_lemma(m.group(2)) in {noun_lemma(w) for w in weak_field_words(m.group(2), name)}:
        return True
    # (the subject is one noun or two: the act opens after either, "the customer compares prices")
    if any(_acts_first(text, end, name) for end in (m.end(1), m.end(2)) if end > 0):
        return True
    # a general agent named by its trade (round 18: "a tidy-up robot puts ...", "a warehouse bot moves ..."): the
    # word before it says which world it works in; an agent noun there names a kind of agent, no trade (round 63: "a
    # robot arm picks up 3 balls" is no warehouse robot's)
    said = {w for w in (m.group(1) or "", *(m.group(1) or "").split("-")) if not re.fullmatch(_AGENT, w)}
    trade = {*load_registry()[name].keywords, *own_words(name)}
    return re.fullmatch(_AGENT, m.group(2)) is not None and bool(said & trade)


#: A directive's opening words after an optional determiner: where :func:`_named_agent_opens` looks for its subject.
_OPENING = re.compile(r"(?:(?:a|an|the|one|our|my|some)\s+)?((?:[a-z-]+\s+){1,3}[a-z-]+)")


def _named_agent_opens(text: str, name: str) -> bool:
    """Whether the directive opens with an agent named by a phrase of world ``name``'s trade
    (``field_vocabulary.FIELD_NAMES``) and its verb, with or without a determiner and in up to three words
    ("Kitchen helper robot stores 3 bowls", round 42; "the housekeeping robot lays 2 scarves", round 35): the one
    acting lives in that world, whatever a shelf and storing say of a warehouse. The subject ends at its first
    agent noun ("robot", "bot") followed by a verb, so "the housekeeping robot puts things away" is read as well
    as "... robot stores 3 bowls"."""
    words = _agent_subject(text)
    return any(" ".join(words[i:]) in field_names(name) for i in range(len(words) - 1))


def _agent_subject(text: str) -> list[str]:
    """The words of the subject a directive opens with, where it is an agent of two or three words before its verb
    ("kitchen helper robot" in "Kitchen helper robot stores 3 bowls", "cleaning robot" in "a cleaning robot has to
    ..."): after an optional determiner, up to its first agent noun followed by a verb in -s. Empty where the
    directive opens otherwise."""
    m = _OPENING.match(text)
    if m is None:
        return []
    words = m.group(1).split()
    end = next((k for k in range(1, len(words)) if re.fullmatch(_AGENT, words[k]) and words[k + 1:k + 2]
                and words[k + 1].endswith("s")), None)
    return [] if end is None else words[:end + 1]


def _acts_first(text: str, at: int, name: str) -> bool:
    """Whether the first verb after the subject ending at ``at`` opens an act that names world ``name``'s trade
    (``field_vocabulary.FIELD_ACTS``): whoever does it lives in that world (round 28: "the customer compares prices
    and orders 1 blender" is a shopper, no help-desk customer)."""
    regex = FIELD_ACTS.get(name)
    return regex is not None and regex.match(text, len(text) - len(text[at:].lstrip())) is not None


#: Nouns of an agent that works in any world, named after its trade ("a tidy-up robot", "a shop assistant bot").
_AGENT = r"robots?|bots?|agents?|assistants?|helpers?|machines?|droids?|arms?"


def _foreign_objects(text: str, candidates: list[str], registry: dict) -> dict[str, list[str]]:
    """For each candidate domain, the nouns of the directive that name objects of some other world and none of its
    own ("logistics with trucks": a warehouse has no trucks; transport does): each counts one against it, as a
    world that cannot hold what the directive asks about is the worse reading (``lexicon.evidence_nouns``)."""
    lemmas = {noun_lemma(w) for w in re.findall(r"[a-z]+", text)}
    objects = {name: evidence_nouns(name) & lemmas | set(counted_pool_nouns(text, name)) for name in registry}
    out: dict[str, list[str]] = {}
    for name in candidates:
        own = set(counted_nouns(name)) | {noun_lemma(k) for k in registry[name].keywords} | {name} \
            | set(pool_nouns(name))
        foreign = sorted({n for other, nouns in objects.items() if other != name for n in nouns} - own)
        # a world's name said only as where things are taken ("to the north depot") is one of the places of a world
        # whose goals take things to places, no object of that other world (round 50)
        if place_types(name):
            foreign = [n for n in foreign if n not in registry or not _destination_only(text, n)]
        # a word the candidate does, said where a verb stands ("order 4 appliances online": the shop's buying, not
        # support's order) is its act, not another world's object (round 14)
        foreign = [n for n in foreign if n not in OPERATIONS.get(name, {}) or not _as_verb(text, n)]
        if foreign:
            out[name] = foreign
    return out


def _as_verb(text: str, word: str) -> bool:
    """Whether ``word`` stands as a verb in ``text``: at the start of a part of the directive or after a word that
    a verb follows, with an object after it (``operations.VERB_SLOT``, ``AN_OBJECT``)."""
    return re.search(rf"{VERB_SLOT}{verb_pattern(word)}(?={AN_OBJECT})", text) is not None


def _foreign_acts(text: str, candidates: list[str], registry: dict) -> dict[str, list[str]]:
    """For each candidate domain, the verbs of the directive that another candidate has a tool named after and it
    has no operation for ("push 2 boxes": sokoban's push; a warehouse pushes nothing): each counts half against it,
    as a world that cannot do what the directive asks is the worse reading (round 6)."""
    # (a word inside a candidate's trade name is part of that name, no verb: "lift scheduling", round 37)
    named = [span for name in candidates for span in trade_spans(text, name)]
    verbs = {v for m in re.finditer(r"[a-z]+", text) if (v := verb_of(m.group(0))) is not None
             and not any(a <= m.start() and m.end() <= b for a, b in named)}
    own = {name: {tool_verb(t.name) for t in registry[name].tools + registry[name].extra_tools} for name in candidates}
    out: dict[str, list[str]] = {}
    for name in candidates:
        foreign = sorted(v for v in verbs if not _does(v, name) and v not in GENERIC_VERBS
                         and any(v in own[o] for o in candidates if o != name))
        # a phrasal verb said with its particle ("check out": webshop's checkout) is that world's act, even where
        # its head alone is a generic verb ("check") (round 9)
        foreign += sorted({v for o in candidates if o != name for v in own[o] if " " in v and v not in foreign
                           and v not in operations(name) and re.search(verb_pattern(v), text)})
        if foreign:
            out[name] = foreign
    return out


def _does(verb: str, name: str) -> bool:
    """Whether world ``name`` has an operation for ``verb``, as :func:`_foreign_acts` weighs it: a verb users write
    for an operation the world only does loosely (``field_vocabulary.FIELD_VERBS`` and
    ``operations.yields``: the calendar's "drop" or "delete", round 35) is no such operation, so "delete 2
    files" or "drop 3 boxes" still count against the calendar beside the world whose tool is named after the verb."""
    return verb in operations(name) and not (verb in field_verbs(name) and yields(verb, name))


def _named_as_part(text: str, name: str) -> bool:
    """Whether every mention of domain ``name`` in ``text`` names a part of something else, in an attribute
    phrase ("a robot with an unreliable gripper", "whose gripper slips"): a modifier, not the world asked for."""
    mentions = list(re.finditer(rf"\b{re.escape(name)}s?\b", text))
    # "calendar with webshop": what has the part is itself a world named outright, so "with" joins two worlds
    # (round 16), as "calendar plus webshop" does; a gripper is a part only of something that is no world
    worlds = "|".join(_spelled(other) for other in load_registry() if other != name)
    return bool(mentions) and all(re.search(
        r"\b(?:with|has|having|whose|its|their|using|via)\s+(?:[a-z'-]+\s+){0,2}$", text[:m.start()])
        and not re.search(rf"\b(?:{worlds})s?\s+(?:tasks?\s+)?with\s+(?:an?\s+|the\s+)?$", text[:m.start()])
        for m in mentions)



#: A place said as where things are taken, before its noun ("to the north depot", "into our main hub", "towards
#: depot"): a preposition of direction, a determiner, at most two words saying which one.
_DESTINATION = re.compile(r"\b(?:to|into|onto|towards?)\s+(?:(?:the|a|an|our|their|its|your|my|that|this)\s+)?"
                          r"(?:[a-z]+\s+){0,2}$")


def _destination_only(text: str, noun: str) -> bool:
    """Whether every mention of ``noun`` (either number) names where things are taken (:data:`_DESTINATION`: "reroute
    2 packages to the north depot"): a place the carried things go to, which any world that takes things to places
    has, no object or world of its own (round 50). A mention that is the thing moved or where it starts ("move 2
    crates from the depot") is none."""
    mentions = list(re.finditer(rf"\b{re.escape(noun)}s?\b", text))
    return bool(mentions) and all(_DESTINATION.search(text, max(0, m.start() - 60), m.start()) for m in mentions)


#: Nouns of a building or an area a world's name may modify ("the depot hall", "on the depot floor").
_BUILDINGS = r"halls?|floors?|yards?|buildings?|sites?|areas?|sheds?|hangars?|premises|grounds|rooms?|wings?|bays?"


def _place_modifier(text: str, name: str, registry: dict) -> bool:
    """Whether every mention of domain ``name`` modifies a building or an area (:data:`_BUILDINGS`: "move 3 totes to
    the picking station in the depot hall") where another world declares the name as a keyword of its own
    (warehouse's "depot"): the name then says where the work is, which both worlds may be, not which world is asked
    for, and weighs as a keyword, so the work's own evidence decides (round 27). "The depot domain", "depots with
    hoists" still name it."""
    if not any(name in ts.keywords for other, ts in registry.items() if other != name):
        return False
    mentions = list(re.finditer(rf"\b{re.escape(name)}s?\b", text))
    return bool(mentions) and all(re.match(rf"\s+(?:{_BUILDINGS})\b", text[m.end():]) for m in mentions)


def _explicit_domains(listed: str, registry) -> list[str]:
    """Domain names of an explicit list: up to the first vocabulary word (punctuation already ends it).

    An unknown word that is not vocabulary is an error (most likely a misspelt domain).
    """
    names: list[str] = []
    for word in re.split(r"[, ]+", listed):
        word = _aliased(word, registry)
        if not word or word == "and":
            continue
        if names and word not in registry and (word in VOCABULARY or not did_you_mean(word, registry)):
            break  # the list ended: "domain: calendar, tight deadline" (a near miss of a name is still an error)
        if word not in registry:
            error = DirectiveError(f"unknown domain {word!r}{did_you_mean(word, registry)}; "
                                   f"domains: {', '.join(registry)}{corpus_note()}")
            # a name near none of the worlds' ("domain: kitchen") names no known domain, as a directive with no
            # domain word does: what else it says is read (round 53); a near miss ("domain: calender") stays a typo
            error.unknown_domain = not did_you_mean(word, registry)
            raise error
        names.append(word)
    return names


def _aliased(word: str, registry) -> str:
    """``word`` of an explicit list, where a slash joins names of one world (round 53: "logistics/transport",
    "sokoban/pushing" as a user pastes them): the name of the world among them, where exactly one names one;
    else the name before the first slash, as it was read before round 53 (no world, or two)."""
    if "/" not in word:
        return word
    worlds = [part for part in word.split("/") if part in registry]
    return worlds[0] if len(worlds) == 1 else word.split("/", maxsplit=1)[0]
