"""A directive read as clauses: every word either becomes a requirement, or is filler, or is reported.

:func:`parse_directive` turns a directive into generator knobs. :func:`read_directive` says what
each part of the text became: a :class:`Clause` has the ``text`` it came from, the machine-readable
``requirement``, and a ``status``:

- ``"honored"``: the offline generator meets it, and :func:`check_fidelity` verifies it on the spec;
- ``"approximated"``: met as nearly as possible (``note`` says how, e.g. a capped count);
- ``"unsupported"``: understood or not, the offline generator cannot meet it (``note`` says why).

Words that carry no requirement ("the", "tasks", "please") are listed as ``filler``. Nothing the user
wrote is dropped without a word: a word no recognizer claims becomes an ``unrecognized`` clause,
status unsupported. The clauses land in ``spec.meta["interpretation"]["clauses"]``.
"""

from __future__ import annotations

import re
import warnings
from dataclasses import dataclass, field, replace
from typing import Any

from gensim_gym.errors import DirectiveError
from gensim_gym.generation.counts import (
    DOERS,
    asked_count_goals,
    call_count_note,
    call_count_of,
    calls_aimed,
    capacity_reason,
    capped_note,
    contrasted_spans,
    counted_fact,
    in_setup,
    more_goal_counts,
    no_goal_about_note,
    objects_named,
    plan_calls,
)
from gensim_gym.generation.decoys import decoy_count
from gensim_gym.generation.directive import (
    COMPOSED,
    COUNT_UNITS,
    EASIEST,
    EASY_WORDS,
    HARD_WORDS,
    HARDEST,
    INTENSITY,
    JOINING,
    LONGER,
    LOOSE_OPERATIONS,
    MIDDLE,
    NOISELESS,
    OPERATIONS,
    SHORTER,
    Knobs,
    acting_phrases,
    built_in_order,
    built_in_qualifiers,
    counted_phrases,
    domain_evidence,
    forbidding_rules,
    goal_counted,
    keyword_pattern,
    knob_phrases,
    loose_elsewhere,
    masked,
    name_verbs,
    parse_directive,
    rule_phrases,
    rule_templates_at,
    tool_bound,
    tool_count_of,
    undo_tool,
    unnumbered_names,
    verb_pattern,
)
from gensim_gym.generation.evidence import PHRASE_END, dated_spans
from gensim_gym.generation.exercise_sheet import frame_words, setup_spans
from gensim_gym.generation.field_vocabulary import MEASURE_OF, field_acts, field_names
from gensim_gym.generation.lexicon import (
    ACCOMPLISH_VERBS,
    CLOSING_VERBS,
    COUNTED,
    ELIGIBILITY,
    FIELD_WORDS,
    META_VERBS,
    NOUN_SYNONYMS,
    NUMBER,
    NUMBER_WORDS,
    PLACES,
    DerivedOperation,
    calls,
    counted_nouns,
    counted_type,
    derived_operations,
    distractor_operations,
    family,
    modified_noun,
    nominal_verb,
    noun_lemma,
    number_value,
    object_operations,
    operations,
    said_fact,
    single_fact,
    tool_verb,
    verb_of,
)
from gensim_gym.generation.operations import (
    amounts_spent,
    identity_checks,
    light_verbs,
    near_resultatives,
    no_act_here,
    object_words,
    opposite_resultatives,
    phrasal_verbs,
    world_task_tool,
)
from gensim_gym.generation.rules import (
    built_in_comparison,
    built_in_conditions,
    originals_kept,
    place_pointed_at,
    protected_place,
)
from gensim_gym.generation.spelling import as_typed, spelled, taken_back, typed_forms
from gensim_gym.generation.toolsets import CallCount, load_registry
from gensim_gym.generation.unread import NOT_UNDERSTOOD, RANK_NOUNS, likely_kind
from gensim_gym.generation.word_roles import (
    GERUND_AFTER,
    HESITATIONS,
    NOUN_AFTER,
    VERB_AFTER,
    describes_past,
    names_place,
    shares_object,
    takes_object,
    words_before,
)
from gensim_gym.generation.wording import whole_words

STATUSES = ("honored", "approximated", "unsupported")
_UNREAD = "not understood by the offline reader (no requirement made of it)"

#: Words that carry no requirement of their own.
FILLER = frozenset({
    "a", "an", "the", "and", "or", "with", "tasks", "task", "please", "for", "of", "to", "in", "on", "at", "some",
    "that", "this", "these", "those", "my", "our", "your", "their", "me", "us", "i", "we", "you", "it", "its",
    "is", "are", "be", "should", "must", "can", "could", "would", "generate", "make", "create", "give", "want",
    "need", "then", "than", "each", "every", "by", "from", "into", "as", "so", "also", "just", "all", "any",
    "few", "new", "like", "where", "which", "who", "while", "when", "about", "around", "domain", "domains",
    "kind", "kinds", "sort", "type", "types", "env", "envs", "environment", "environments", "family", "families",
    "set", "handle", "handling", "manage", "managing", "solve", "solving", "do", "doing", "play", "agent",
    "agents", "user", "users", "under", "over", "via", "using", "but", "difficulty", "level", "mode", "them", "they",
    "everyone", "everybody", "everything", "anything", "something", "bot", "bots", "assistant", "one's", "between",
    "across", "onto", "through", "toward", "towards", "among", "along", "back", "away", "here", "there", "only",
    "inside", "within", "per", "pls", "plz", "thanks", "thx", "w", "first", "next", "finally", "afterwards", "plus",
    "sure", "possible", "usual", "other", "jobs", "job", "chores", "chore", "levels", "setting", "settings",
    "scenario", "scenarios", "up", "down", "world", "worlds", "tool", "tools",
    # prepositions of place that join two worlds (round 30: "a warehouse beside an online store")
    "beside", "besides", "alongside", "near", "adjacent",
    # the agent named as a robot, as it is as a bot (round 33: "a robot must step on every tile"); and doing a thing
    # once, which every goal of a task already is
    "robot", "robots", "once",
    # hedges and hesitation of a user unsure or correcting themselves (round 49: "maybe around 3 meetings, ideally no
    # double-booking", "hmm, not under time pressure i think"): how sure the user is, no request; "maybe" was read
    # as an operation no tool does
    "maybe", "perhaps", "probably", "possibly", "ideally", "hopefully", "preferably", "hmm", "um", "uh", "er", "erm",
    "sorry", "oops", "actually", "suppose", "guess", "reckon", "think",
    # the frame of a requirement as a specification states it (round 51: "the agent shall ...", "it is required
    # that ...", "it is mandated that ...", "specification: ..."): that a thing is asked, not what
    "shall", "required", "requirement", "requirements", "mandated", "mandatory", "specification", "specified",
    "hereby",
    # a course's exercise sheet (round 55): the students it addresses build the environment, and "the ferry
    # exercise" names the environment as "scenario" does
    "student", "students", "exercise", "exercises",
    # a feature request's name for the environment it asks for (round 58: "a webshop variant where ...", "our use
    # case"), as "scenario" is
    "variant", "variants"})

#: A requirement's label before its text (round 51: "R1: ...", "REQ-2: ...", "FR3) ..."): which requirement, no
#: request of its own; only before a colon, stop or bracket (:func:`_is_label`).
_LABEL = re.compile(r"(?:r|req|fr|nfr)-?\d+[a-z]?(?=\s*[:.)])")


def _is_label(text: str, word: re.Match[str]) -> bool:
    """Whether the ``word`` of ``text`` is a requirement's label (:data:`_LABEL`) opening the directive or a sentence
    of it: "R1: the agent shall ...", "... R2: the reward ...". A room named "r2" inside a sentence ("move 2 balls
    to r2.") stays a word of its own."""
    label = _LABEL.match(text, word.start())
    return label is not None and label.end() == word.end() and text[:word.start()].rstrip()[-1:] in ("", ".", ";",
                                                                                                      "!", "?", "(")


def _is_topic_tag(text: str, word: re.Match[str]) -> bool:
    """Whether the ``word`` of ``text`` is a hashtag no recognizer read (round 61, social-media posts: "#robotics",
    "#gamedev", "#RL"): the topic the post is filed under, no request. Only words no clause claimed come here, so a
    hashtag that asks for something ("#sparse-reward", "#noise") is read as the words it is."""
    return word.start() > 0 and text[word.start() - 1] == "#" and word.group(0)[:1].isalpha()


#: What follows a setting's key (round 53, a directive pasted as settings: "goal: ...", "map=dungeon", "env -> ...").
_SEPARATOR_AFTER = re.compile(r"\s*(?:[:=]|->|=>)")
#: The value that switches a setting on ("blocksworld: yes", "ferry=true"): the key says what, and is read.
_SWITCHED_ON = frozenset({"yes", "y", "true", "enabled"})


def _is_setting_frame(text: str, word: re.Match[str]) -> bool:
    """Whether the ``word`` of ``text`` is the frame of a setting, no request of its own (round 53): a dash standing
    alone, as a bullet or an arrow ("- task: ...", "settings -> ..."); a key of one word opening a setting, before its
    separator ("goal: delete 2 logs", "map=dungeon": the value says what is asked); or a switch's "yes" after a
    separator, ending the setting ("blocksworld: yes": the key, read, says what is switched on). Only words no
    clause claimed come here, so a key that is a request ("deliver: 2 packages", "noise: on") is read as one."""
    said, start = word.group(0), word.start()
    if not said.strip("-"):
        return True
    before = text[:start].rstrip()
    if said in _SWITCHED_ON:
        after = text[word.end():].lstrip()
        return before.endswith((":", "=", "->", "=>")) and after[:1] in ("", ",", ";", ".", "-")
    opens = not before or before[-1] in ",;(>" or before.endswith(" -") or before == "-" or start - len(before) > 1
    return opens and _SEPARATOR_AFTER.match(text, word.end()) is not None


_OPERATION_VERBS = ("copy", "copies", "back up", "backup", "remove", "delete", "rename", "move", "refund", "cancel",
                    "escalate", "invite", "book", "confirm", "buy", "purchase", "inspect", "search", "verify",
                    "update", "schedule", "pick", "drop", "deliver", "ship", "organise", "organize", "clean")


@dataclass(frozen=True)
class Clause:
    """One part of a directive and what it became (see the module docstring)."""

    text: str
    kind: str
    requirement: dict[str, Any]
    status: str = "honored"
    note: str = ""

    def to_dict(self) -> dict[str, Any]:
        return {"text": self.text, "kind": self.kind, "requirement": self.requirement, "status": self.status,
                "note": self.note}


@dataclass(frozen=True)
class Reading:
    """A directive's clauses, its filler words and the knobs they give the offline generator."""

    directive: str
    knobs: Knobs
    clauses: tuple[Clause, ...]
    filler: tuple[str, ...] = field(default_factory=tuple)

    @property
    def unsupported(self) -> tuple[Clause, ...]:
        return tuple(c for c in self.clauses if c.status == "unsupported")

    def table(self) -> str:
        """The clauses as a plain-text table (what ``gensim-gym describe`` prints)."""
        rows = [("text", "kind", "requirement", "status", "note")]
        rows += [(c.text, c.kind, _short(c.requirement), c.status, c.note) for c in self.clauses]
        widths = [min(40, max(len(r[i]) for r in rows)) for i in range(4)]
        lines = ["  ".join(r[i][:40].ljust(widths[i]) for i in range(4)) + "  " + r[4] for r in rows]
        if self.filler:
            lines.append(f"filler: {', '.join(self.filler)}")
        return "\n".join(lines)


def _short(requirement: dict[str, Any]) -> str:
    return ", ".join(f"{k}={v}" for k, v in requirement.items())


def read_directive(text: str, difficulty: float = 0.5, *, on_unknown: str = "error") -> Reading:
    """Read ``text`` as clauses without generating anything (see the module docstring).

    >>> [c.kind for c in read_directive("calendar, very hard, schedule three meetings").clauses]
    ['domain', 'difficulty', 'operation', 'goal_count']
    """
    try:
        knobs = parse_directive(text, difficulty, on_unknown=on_unknown)
    except DirectiveError as error:
        if error.unknown_domain:  # what else was read goes with the error (round 9: "drive a car ..., hard")
            error.read_rest = lambda: _domain_free(text, difficulty)
        raise
    return reading_of(text, knobs)


def _domain_free(text: str, difficulty: float) -> tuple[Clause, ...]:
    """The clauses of ``text`` whose reading does not depend on the domain (:data:`DOMAIN_FREE`)."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        fallback = reading_of(text, parse_directive(text, difficulty, on_unknown="fallback"))
    return tuple(c for c in fallback.clauses if c.kind in DOMAIN_FREE)


#: Clause kinds whose reading does not depend on the domain: read also where the domain is unknown.
DOMAIN_FREE = frozenset({"difficulty", "reward_mode", "noise", "time_pressure", "plan_length", "observability"})


def reading_of(text: str, knobs: Knobs) -> Reading:
    """The clauses of ``text`` given the knobs it was parsed into (read as ``parse_directive`` read it: with its
    misspelt keywords mended, ``spelling.spelled``)."""
    lower = spelled(text.lower())
    claimed = bytearray(len(lower))
    clauses: list[tuple[int, Clause]] = []

    phrases = knob_phrases(lower)
    # a verb inside a rule forbids the operation; inside an ordering rule ("before every refund") it asks for it
    rules = [(a, b) for a, b, ordering in rule_phrases(masked(lower, phrases)) if not ordering]

    by_rule = bytearray(len(lower))  # what only a rule phrase claimed: it runs to the next comma
    def claim(start: int, end: int, clause: Clause) -> None:
        # a domain keyword is evidence wherever it stands ("three meetings" is a count and calendar), and a
        # domain's verb is also an operation ("buy", "refund"): those two kinds may share a span; but a verb
        # inside a rule ("never delete the backups") forbids the operation rather than asking for it. A rule
        # phrase runs to the next comma, so other requirements inside its tail ("on a tight budget with flaky
        # tools") are their own clauses
        if clause.kind == "operation" and any(a <= start and end <= b for a, b in rules):
            return
        if clause.kind not in ("domain", "operation") and any(claimed[start:end]) \
                and (clause.kind == "constraint" or claimed[start:end] != by_rule[start:end]):
            return
        claimed[start:end] = b"\x01" * (end - start)
        if clause.kind == "constraint":
            by_rule[start:end] = b"\x01" * (end - start)
        else:
            by_rule[start:end] = bytes(end - start)
        clauses.append((start, clause))

    evidence: list[tuple[int, int]] = []  # the domain keywords: one clause for all of them
    for start, end, clause in _recognised(lower, knobs, phrases, setup_spans(text.lower())):
        if clause.kind == "domain" and not clause.text.startswith("domain"):
            claimed[start:end] = b"\x01" * (end - start)
            evidence.append((start, end))
        else:
            claim(start, end, clause)
    clauses = _with_evidence(clauses, evidence, lower, knobs)
    filler: list[str] = []
    filler += _claim_contrasts(lower, claimed)
    for match in _words(lower, claimed):
        word = match.group(0)
        if _is_label(lower, match) or _is_setting_frame(lower, match) \
                or _builds_environment(lower, match.start(), match.end(), knobs) \
                or _is_learner(lower, match.start(), match.end()) or _is_topic_tag(lower, match):
            # "R1: ...": a requirement's label (round 51); "- goal: ...", "map=dungeon": a setting's frame (round 53);
            # "Build a calendar environment": building the environment, no act of the agent; "train a policy":
            # the agent (round 55); "#robotics": what a post is filed under (round 61)
            filler.append(word)
            continue
        if (word in FILLER or word.strip("'") in FILLER or word.endswith("'s") and word[:-2] in FILLER) \
                and not _counts_goals(lower, match.start(), match.end(), knobs) or word in META_VERBS:
            # "train an agent ...": about the training, not the task; but a light verb whose object is not read
            # as an operation ("get 3 treasures") is reported, not dropped
            unread = _unread_light(lower, match.start(), match.end(),
                                   [(at, c) for at, c in clauses if c.kind == "operation"])
            if unread is not None:
                clauses.append((match.start(), unread))
            else:
                filler.append(word)
            continue
        if _joins_gerund(lower, match.start(), match.end(), clauses) or _counts_agents(lower, match.end()):
            filler.append(word)  # "cancel 1 order after confirming the identity": the second act is read (round 35)
            continue
        verb = _verb_clause(lower, match.start(), match.end(), knobs)
        if verb is None and names_place(lower, match.start(), match.end(), knobs.domains):
            filler.append(word)  # "the music directory": which place, read with its noun (round 32)
            continue
        clauses.append((match.start(), verb or Clause(word, "unrecognized", {}, "unsupported", _UNREAD)))
    # a retracted count or a world ruled out is no request (round 49), nor an exercise sheet's labels and marks
    # ("Exercise 3.", "(5 points)": round 55)
    filler += taken_back(text.lower()) + frame_words(text.lower())
    clauses.sort(key=lambda item: item[0])
    merged = _merge_unrecognized([c for _, c in clauses])
    forms = typed_forms(text.lower())
    return Reading(text, knobs, _typed(_world_task(merged, knobs), forms), tuple(as_typed(w, forms) for w in filler))


def _with_evidence(clauses: list[tuple[int, Clause]], evidence: list[tuple[int, int]], text: str,
                   knobs: Knobs) -> list[tuple[int, Clause]]:
    """``clauses`` with the domain keywords (``evidence``) shown: as one domain clause of them all; or, where an
    explicit "domain: NAME" clause is there, those outside it added to its text ("domain = support desk", where
    "desk" is the help desk's word: session 26, it was claimed by the keyword and shown nowhere)."""
    if not evidence:
        return clauses
    if not any(c.kind == "domain" for _, c in clauses):
        words = ", ".join(dict.fromkeys(text[s:e] for s, e in sorted(evidence)))
        return [*clauses, (min(evidence)[0], Clause(words, "domain", {"domains": list(knobs.domains)},
                                                    note=_domain_note(knobs)))]
    out = []
    for start, clause in clauses:
        if clause.kind == "domain":
            end = start + len(clause.text)
            extra = [text[a:b] for a, b in sorted(evidence) if not (start <= a and b <= end)]
            if extra:
                clause = replace(clause, text=", ".join(dict.fromkeys([clause.text, *extra])))
        out.append((start, clause))
    return out


def _claim_contrasts(text: str, claimed: bytearray) -> list[str]:
    """The words of the counts ``text`` contrasts with the one asked for ("2 boxes rather than one",
    ``counts.contrasted_spans``), claimed in ``claimed`` as read: they say what the task is not, so they are filler,
    no clause of their own (round 48)."""
    words: list[str] = []
    for a, b in contrasted_spans(text):
        if not any(claimed[a:b]):
            claimed[a:b] = b"\x01" * (b - a)
            words += text[a:b].split()
    return words


def _typed(clauses: list[Clause], forms: dict[str, str]) -> tuple[Clause, ...]:
    """``clauses`` with the words ``spelling.spelled`` mended shown as typed (``forms``: round 43)."""
    return tuple(c if (shown := as_typed(c.text, forms)) == c.text else replace(c, text=shown) for c in clauses)


def _world_task(clauses: list[Clause], knobs: Knobs) -> list[Clause]:
    """``clauses`` with, where a directive counts one world's goal objects and no verb of it acts on anything ("a
    tower of hanoi with 3 disks, dense", "sokoban, 2 boxes, hard"), an operation clause for the world's own task on
    them (round 35): its tool is ``operations.world_task_tool`` (moving the disks, pushing the box), its text the
    counted phrase (which the goal count shares, as a verb's span is shared with the domain's evidence), placed after
    the goal count. Only for one world, and only where the directive has no operation clause of any status: a verb
    read or not ("pile 5 blocks") is what acts on them then. No clause where the world implies no single task on
    what is counted (a folder's files, a calendar's meetings) or the count sizes the world ("a grid of 16 cells",
    "a warehouse with 5 locations"): see ``world_task_tool``. Its tool is no knob (what is generated is unchanged:
    the world's goals need it); :func:`check_fidelity` checks that the golden plan calls it."""
    if len(knobs.domains) != 1 or knobs.goal_type is None or any(c.kind == "operation" and not _makes(c)
                                                                     for c in clauses):
        return clauses
    at = next((i for i, c in enumerate(clauses) if c.kind == "goal_count"), None)
    if at is None or clauses[at].requirement.get("type") != knobs.goal_type or clauses[at].status == "unsupported":
        return clauses
    domain = knobs.domains[0]
    tool = world_task_tool(domain, knobs.goal_type)
    if tool is None:
        return clauses
    said = clauses[at].text
    implied = Clause(said, "operation", {"operation": tool_verb(tool), "tool": tool, "implied": True},
                     note=f"no verb acts on '{said}': a count of {domain}'s {knobs.goal_type} goal objects asks for "
                          f"the world's own task on them; the golden plan calls {tool}")
    kept = [c for c in clauses if not _makes(c)]  # "creation of 3 meetings": making them is scheduling them
    at = kept.index(clauses[at])
    return [*kept[:at + 1], implied, *kept[at + 1:]]


#: Verbs of making a thing, which no world has a tool of: making a world's goal objects is its own task on them
#: (round 51: "creation of 3 meetings" is scheduling them, as "3 meetings" is).
_MAKING = frozenset({"create", "creates", "make", "makes", "generate", "generates", "produce", "produces"})


#: Verbs of building the environment itself, said to whoever builds it ("Build a calendar environment", "Design a
#: dungeon", "students implement a help desk scenario", round 69's prompts: "Write an environment for household
#: rearrangement"): no act of the agent (round 55); "create" and "make" are filler already.
_BUILDING = frozenset({"build", "builds", "design", "designs", "construct", "constructs", "implement", "implements",
                       "model", "models", "develop", "develops", "code", "codes", "write", "writes"})
#: Nouns of what is built, an environment by any name: "a webshop environment", "a help desk scenario".
_BUILT = re.compile(r"\s+(?:a|an|the|your|our|this|one)\s+(?:[a-z'-]+\s+){0,3}?(?:environments?|envs?|tasks?"
                    r"|scenarios?|simulations?|simulators?|worlds?|domains?|benchmarks?|gyms?|exercises?|versions?"
                    r"|variants?|settings?|instances?|games?|levels?)\b")


def _builds_environment(text: str, start: int, end: int, knobs: Knobs) -> bool:
    """Whether the word at ``start:end`` is a verb of building the environment (:data:`_BUILDING`) whose object is
    the environment: a noun of one (:data:`_BUILT`, "build a depot environment") or a chosen world by its name
    ("design a dungeon", "model a ferry"). "Build a tower of 3 blocks" builds a thing of the world, and stays an
    operation the reader reports."""
    if text[start:end] not in _BUILDING:
        return False
    if _BUILT.match(text, end):
        return True
    named = "|".join(re.escape(n) for d in knobs.domains for n in (d, *field_names(d)))
    return re.match(rf"\s+(?:a|an|the|your|our|this|one)\s+(?:{named})\b", text[end:]) is not None


def _is_learner(text: str, start: int, end: int) -> bool:
    """Whether the word at ``start:end`` is "policy" as the learner a directive trains ("students should train a
    policy that pushes 1 box", "learn a policy for ..."): after a verb of training (``lexicon.META_VERBS``) and at
    most a determiner, it is the agent, as "agent" is filler (round 55); a support desk's policy stays its rule."""
    if text[start:end] not in ("policy", "policies"):
        return False
    before = [w for w in words_before(text, start)[-2:] if w not in ("a", "an", "the", "our", "your", "their", "its")]
    return bool(before) and before[-1] in META_VERBS


def _makes(clause: Clause) -> bool:
    """Whether ``clause`` is an unsupported operation of making (:data:`_MAKING`): where the world has its own task
    on what is counted, :func:`_world_task` reads that task in its place."""
    return clause.kind == "operation" and clause.status == "unsupported" \
        and clause.requirement.get("operation") in _MAKING


def _counts_agents(text: str, end: int) -> bool:
    """Whether the word ending at ``end`` is a number before a noun of the agents doing the work
    (``counts.AGENT_NOUNS``: "2 robots deliver 3 packages") or of their parts (``counts.AGENT_PARTS``: "with two
    arms"): how many act, which no task setting carries and no goal count is (round 35)."""
    word = re.search(r"[a-z0-9]+$", text[:end])
    if word is None or not (word.group(0).isdigit() or word.group(0) in NUMBER_WORDS):
        return False
    m = re.match(r"\s+([a-z]+)\b", text[end:])
    return m is not None and noun_lemma(m.group(1)) in DOERS


def _joins_gerund(text: str, start: int, end: int, clauses: list[tuple[int, Clause]]) -> bool:
    """Whether the word at ``start:end`` is a preposition of time or manner (``word_roles.GERUND_AFTER``: "after",
    "before", "while", "by") right before a participle read as an operation ("cancel 1 order after confirming the
    customer's identity", "refund 2 orders after verifying the caller"): it only joins that second act to the first,
    which the operation clause carries, so it is no requirement left unread (round 35)."""
    if text[start:end] not in GERUND_AFTER:
        return False
    m = re.match(r"\s+(?=[a-z]+ing\b)", text[end:])
    return m is not None and any(at == end + m.end() and c.kind == "operation" for at, c in clauses)


#: Light verbs whose object names the work ("issue 2 refunds", "do 3 deliveries", "get 3 presents"): filler where
#: their object is read as an operation, reported where it is not (round 13: :func:`_unread_light`).
_LIGHT = frozenset({"get", "gets", "got", "getting", "do", "does", "did", "doing", "process", "processes",
                    "perform", "performs", "execute", "executes", "complete", "completes", "issue", "issues",
                    "handle", "handles", "manage", "manages", "take", "takes", "obtain", "obtains", "secure",
                    "secures", "grab", "grabs", "fetch", "fetches", "acquire", "acquires", "procure", "procures",
                    # verbs of making (filler in "create an environment"): with a count after them, making things no
                    # tool makes ("create 2 folders") is reported; the world's own task on them is read where it has
                    # one ("create 3 meetings": scheduling them, see _world_task)
                    "create", "creates", "make", "makes", "generate", "generates", "produce", "produces"})


def _unread_light(text: str, start: int, end: int, operations_at: list[tuple[int, Clause]]) -> Clause | None:
    """The safety net for a light verb (:data:`_LIGHT`) no recognizer read, where a verb stands with a count after it
    and no operation is read in the rest of its part of the directive ("the shopper should get 3 presents" before
    round 13): an operation clause, unsupported and "not understood", so the operation asked for is reported, not
    dropped as filler. None where it is no such verb, counts the domain's task ("complete 3 levels"), or its object
    is read ("issue 2 refunds": refunds)."""
    word = text[start:end]
    if word not in _LIGHT:
        return None
    before = words_before(text, start)
    if before and before[-1] not in ",;:." and before[-1] not in VERB_AFTER:
        return None
    words = object_words(text, end)
    if not words or not (words[0].isdigit() or words[0] in NUMBER_WORDS) \
            or any(noun_lemma(w) in _TASK_NOUNS | {"episode", "round", "step", "trial", "run"} for w in words):
        return None
    part = re.split(r"[,;:.]|\b(?:and|then|but)\b", text[end:])[0]
    if any(end <= at <= end + len(part) for at, _ in operations_at):
        return None
    return Clause(word, "operation", {"operation": word}, "unsupported",
                  f"{NOT_UNDERSTOOD}: '{word}' with '{' '.join(words)}' after it asks for an operation, and none of "
                  f"the chosen worlds' operations is read from its object; no requirement made of it")


def _words(text: str, claimed: bytearray):
    """The words of ``text`` no clause claimed: a hyphenated word is one word ("double-booking"), but where a
    clause claimed part of it ("fetch-and-place": fetch, place), its other parts are words of their own."""
    for match in re.finditer(r"[a-z0-9_'-]+", text):
        if not any(claimed[match.start():match.end()]):
            yield match
        elif "-" in match.group(0):
            yield from (m for m in re.finditer(r"[a-z0-9_']+", text[:match.end()])
                        if m.start() >= match.start() and not any(claimed[m.start():m.end()]))


def _domain_note(knobs: Knobs) -> str:
    """The scores and runner-up the domain choice noted (see ``domain_choice.scored_domains``)."""
    return "; ".join(n for n in knobs.notes if n.startswith(("domains from keywords", "domains from conjuncts",
                                                              "runner-up domain")))


def _merge_unrecognized(clauses: list[Clause]) -> list[Clause]:
    """``clauses`` with each run of unrecognized words joined into one clause, which takes the kind its words most
    likely meant (``unread.likely_kind``: "sporadically" is noise), unsupported and "not understood"."""
    out: list[Clause] = []
    for c in clauses:
        if out and c.kind == "unrecognized" and out[-1].kind == "unrecognized":
            out[-1] = Clause(f"{out[-1].text} {c.text}", c.kind, {}, c.status, c.note)
        else:
            out.append(c)
    return [_likely(c) if c.kind == "unrecognized" else c for c in out]


def _likely(clause: Clause) -> Clause:
    guess = likely_kind(clause.text)
    if guess is None:
        return clause
    kind, requirement, cue = guess
    return Clause(clause.text, kind, requirement, "unsupported",
                  f"{NOT_UNDERSTOOD}: read as {kind} by '{cue}'; no requirement made of it")


def _spans(text: str, words: list[str]) -> list[tuple[int, int]]:
    out = []
    for w in words:
        for m in whole_words(re.escape(w)).finditer(text):
            out.append((m.start(), m.end()))
    return out


#: A rank or stage named by its number ("escalate to tier 2", "a priority 1 case", "phase 3"): round 7.
_RANK = re.compile(rf"\b(?:{RANK_NOUNS})\s+(?:{NUMBER})\b")


#: A span of time said in a rule ("30 day", "two weeks").
_SPAN_OF_TIME = re.compile(r"\b(?:\d+|[a-z]+)[- ](?:days?|weeks?|months?|years?|hours?)\b")


def _recognised(text: str, knobs: Knobs, phrases,  # noqa: C901, PLR0912, PLR0915 - one flat list of recognizers
                setup: list[tuple[int, int]]):
    m: re.Match[str] | None
    """``(start, end, clause)`` for every part of ``text`` a recognizer claims, most specific first; ``setup``: the
    spans of a scenario's "Given" steps (``exercise_sheet.setup_spans``), whose counts say what the world starts
    with."""
    registry = load_registry()
    for start, end, kind, value in phrases:  # modifiers.KNOB_PHRASES: before the words inside them
        yield start, end, _knob_clause(text[start:end], kind, value, knobs)
    rest = masked(text, phrases)
    names = "|".join(map(re.escape, registry))
    explicit = re.search(rf"\bdomains?\s*[:=]\s*(?:{names})(?:\s*(?:,|and)\s*(?:{names}))*\b", text)
    if explicit:
        yield explicit.start(), explicit.end(), Clause(explicit.group(0), "domain", {"domains": list(knobs.domains)})
    for m in _RANK.finditer(rest):  # "to tier 2": a rank named by its number, neither a verb nor a count
        yield m.start(), m.end(), Clause(m.group(0), "unrecognized", {}, "unsupported",
                                         f"'{m.group(0)}' names a rank by its number, not a count of goals; no tool "
                                         f"of {'+'.join(knobs.domains)} takes a rank")
    # a permission that waits for another act the world already requires ("a refund is only allowed after the
    # identity is checked": round 63): the rule inside it ("only after ...") is that order, no template
    conditions = built_in_conditions(rest, knobs.domains)
    for start, end, first, then in conditions:
        yield start, end, Clause(text[start:end], "constraint", {"order": [first, then]},
                                 note=f"every task keeps it: {then} requires what {first} makes true")
    for rule_start, rule_end, ordering in rule_phrases(rest):
        if any(a < rule_end and rule_start < b for a, b, _, _ in conditions):
            continue
        phrase = text[rule_start:rule_end].strip()
        if ordering:
            order = built_in_order(text, rule_start, knobs.domains)
            yield rule_start, rule_end, (
                Clause(phrase, "constraint", {"order": list(order)}, note=f"every task keeps it: {order[1]} "
                                                                         f"requires what {order[0]} makes true")
                if order else Clause(phrase, "constraint", {"constraint": phrase}, "unsupported",
                                     "an ordering of operations that no tool of the domain enforces"))
            continue
        named = [t for t in rule_templates_at(text, rule_start, rule_end,
                                              [t for d in knobs.domains for t in registry[d].constraints])
                 if t.name in knobs.constraints]
        if named:
            # "within the 30 day return window": the world keeps the policy, not the span of time (round 9)
            dated = ELIGIBILITY.search(phrase) and _SPAN_OF_TIME.search(phrase)
            stand_in = _stand_in_place(protected_place(phrase) or place_pointed_at(text, rule_start, rule_end), named)
            yield rule_start, rule_end, Clause(
                phrase, "constraint", {"constraints": [t.name for t in named]},
                "approximated" if dated or stand_in else "honored",
                ("the world keeps no dates: the window is read as its policy; " if dated else "") + stand_in
                + "; ".join(t.constraint.describe() for t in named))
        elif (compared := built_in_comparison(phrase, knobs.domains)) is not None:
            # "a larger disk on a smaller one is prohibited": the world's own precondition (round 51)
            yield rule_start, rule_end, Clause(phrase, "constraint", {"requires": compared[1], "tool": compared[0]},
                                               note=f"every task keeps it: {compared[0]} requires "
                                                    f"{compared[1]}(...)")
        elif (kept := originals_kept(text, phrase)) == "copy_file":  # "copy 2 quotes ... and leave the originals
            # alone" (round 21)
            yield rule_start, rule_end, Clause(phrase, "constraint", {"kept": "originals", "tool": "copy_file"},
                                               note="every task keeps it: copying leaves what it copies as it was, "
                                                    "so no rule is added")
        elif kept == "move_file":  # "move the spreadsheet ... but keep the original" (round 25)
            yield rule_start, rule_end, Clause(phrase, "constraint", {"kept": "originals", "tool": "move_file"},
                                               "unsupported", "a move leaves no original to keep (keeping it is "
                                                              "copying, copy_file): the task moves, no rule is added")
        else:
            offered = [t.name for d in knobs.domains for t in registry[d].constraints]
            yield rule_start, rule_end, Clause(phrase, "constraint", {"constraint": phrase}, "unsupported",
                                               f"no constraint template of {'+'.join(knobs.domains)} matches this "
                                               f"rule (offered: {', '.join(offered) or 'none'})")
    for start, end in amounts_spent(rest, knobs.domains):  # "spent 30 dollars on 1 lamp": a price, no cap (round 32)
        yield start, end, Clause(text[start:end], "constraint", {"amount": text[start:end]}, "unsupported",
                                 "an amount spent with no limit on it is a price, and the world sets its own prices: "
                                 "no budget rule is added ('at most' or 'under' before it asks for one)")
    # after the rules: "only for verified customers" is the rule (a template), not a built-in qualifier
    for start, end, tool, predicate in built_in_qualifiers(rest, knobs.domains):
        yield start, end, Clause(text[start:end], "constraint", {"requires": predicate, "tool": tool},
                                 note=f"every task keeps it: {tool} requires {predicate}(...)")
    counting = masked(rest, forbidding_rules(rest))  # a count inside a rule counts no goals
    counted = counted_phrases(counting, knobs.domains, rest)
    counts = goal_counted(counted, knobs.domains, setup)
    extra = {kind for _, kind in knobs.more_counts}  # the counts the knobs took (Knobs.more_counts)
    more = [c for c in more_goal_counts(counts, knobs.domains, counting) if c[4] in extra] if extra else []
    for i, (start, end, _, number, kind) in enumerate(counts):
        said, asked = text[start:end], number_value(number)
        if i and counts[i] in more:  # "... and then delete 1 old file": goals of another type besides the first
            yield start, end, _more_count_clause(said, asked, str(kind), knobs)
            continue
        if i and in_setup(counts[i], setup):  # "Given 4 meetings already on the calendar": the start, no goal
            yield start, end, Clause(said, "goal_count", {"goal_count": asked, "type": kind}, "unsupported",
                                     f"a scenario's setup (its Given step) says what the world starts with, and "
                                     f"each task sets its own start: the goal count is {knobs.goal_count} "
                                     f"{knobs.goal_type or 'goal conditions'}, from the steps that act")
            continue
        if i:  # one goal count per type: of goal items first (counts.goal_counted), then of other types
            own = _own_operation_before(text, start, counted, knobs)
            yield start, end, Clause(said, "goal_count", {"goal_count": asked, "type": kind},
                                     "unsupported" if own is None else "approximated",
                                     f"a task has one goal count of each type: {knobs.goal_count} "
                                     f"{knobs.goal_type or 'goal conditions'} was used"
                                     + ("" if own is None else f"; the golden plan still calls {own} on what "
                                                               f"this count counts"))
            continue
        fact = counted_fact(text, start, end, knobs.domains) if kind is None else None
        if fact is not None:  # "1 flat tire": the one thing the world has of it
            yield start, end, _single_fact_clause(said, fact, knobs)
            continue
        most = knobs.goal_target
        over = most is not None and asked > most
        if kind is not None and knobs.goal_type is None:  # "book 4 slots": no goal is about a slot (session 22)
            yield start, end, Clause(said, "goal_count", {"goal_count": asked, "type": None}, "approximated",
                                     no_goal_about_note(said, kind, knobs.domains)
                                     + (f"; {_capped_note(said, most, knobs)}" if over and most is not None else ""))
            continue
        yield start, end, Clause(said, "goal_count", {"goal_count": asked, "type": knobs.goal_type},
                                 "approximated" if over else "honored",
                                 _capped_note(said, most, knobs) if over and most is not None else "")
    yield from _uncounted(counting, knobs, counted_phrases(counting, knobs.domains, rest))
    if knobs.tool_count is not None:
        tools_said = tool_count_of(rest)  # not inside a bound ("at most 6 tools": a knob phrase)
        if tools_said:
            a, b, _ = tools_said
            declared = tools_in_all(knobs)
            most = most_tools(knobs)
            fits = fewest_tools(knobs)[0] <= knobs.tool_count <= most
            yield a, b, Clause(text[a:b], "tool_count", {"tool_count": knobs.tool_count},
                               "honored" if fits else "approximated",
                               (_decoys_note(knobs, declared) or _fewer_note(knobs)) if fits else
                               f"{'+'.join(knobs.domains)} has {most} tools in all, decoys included: the nearest "
                               f"count is given" if knobs.tool_count > most else
                               _under_needed_note(knobs))
    for words, kind, requirement in _KNOB_WORDS(knobs):
        for start, end in _spans(rest, words):
            yield start, end, _capable(Clause(text[start:end], kind, requirement), knobs)
    if len(knobs.domains) > 1:
        for m in COMPOSED.finditer(text):  # "A and B mixed", "a mix of A and B": the words composing the worlds
            yield m.start(), m.end(), Clause(m.group(0), "domain", {"domains": list(knobs.domains)})
        for m in JOINING.finditer(text):  # "merge the shop and the calendar": the verb joining them
            yield m.start(1), m.end(1), Clause(m.group(1), "domain", {"domains": list(knobs.domains)})
    for name in knobs.domains:
        hits, weak = domain_evidence(text, name, registry[name])
        for start, end in ((m.start(), m.end()) for w in hits for m in whole_words(keyword_pattern(w)).finditer(text)):
            yield start, end, Clause(text[start:end], "domain", {"domains": list(knobs.domains)})
            # a keyword said as the verb of a counted object ("stock a dozen boxes", "the robot shelves 8 crates") is
            # evidence and an operation too (round 8)
            acted = _verb_clause(text, start, end, knobs) if _counted_after(text, end, knobs) \
                and not _an_operation(text[start:end], knobs) else None
            if acted is not None:
                yield start, end, acted
        # the verb of an act naming the world ("reply to a customer": support's) is an operation too (round 24)
        # (an identity check, "confirm who is calling", is read whole as its own operation: round 32)
        for act in (a for a in field_acts(text, name) if not identity_checks(a, knobs.domains)):
            for m in whole_words(keyword_pattern(act)).finditer(text):
                verb_end = m.start() + len(act.split()[0])
                acted = None if _an_operation(text[m.start():verb_end], knobs) \
                    or _opens_phrasal_operation(text, m.start(), knobs) \
                    or _opens_light_verb(text, m.start(), knobs) \
                    else _verb_clause(text, m.start(), verb_end, knobs)
                if acted is not None:
                    yield m.start(), verb_end, acted
        for start, end, _ in _verb_spans(text, [w for w in weak if w in OPERATIONS.get(name, {})]):
            yield start, end, Clause(text[start:end], "domain", {"domains": list(knobs.domains)})
        # an own word written as a verb and its particle ("check out" for checkout): evidence where it stands
        for start, end, _ in _verb_spans(text, [tool_verb(w) for w in weak if " " in tool_verb(w)]):
            yield start, end, Clause(text[start:end], "domain", {"domains": list(knobs.domains)})
        for start, end in dated_spans(text, name, weak):  # "3 team syncs", "slot 3 interviews" (round 14)
            yield start, end, Clause(text[start:end], "domain", {"domains": list(knobs.domains)})
        for m in re.finditer(r"[a-z]+", text):  # nouns of its object types, in any number; its own words
            verb = verb_of(m.group(0))
            lemma = noun_lemma(m.group(0))
            if lemma in weak or verb in weak or FIELD_WORDS.get(lemma) in {*weak, *hits} \
                    or NOUN_SYNONYMS.get(lemma, lemma) in {*weak, *hits} - {lemma}:  # "boat": the ferry
                yield m.start(), m.end(), Clause(m.group(0), "domain", {"domains": list(knobs.domains)})
            # a verb only this world declares ("serve 2 riders": elevator) is evidence and an operation too
            # (not a noun the world counts in, weak as a noun: "message 2 customers" is send_survey's verb)
            if verb in weak and verb not in OPERATIONS.get(name, {}) and verb not in operations(name) \
                    and verb not in counted_nouns(name):
                clause = _verb_clause(text, m.start(), m.end(), knobs)
                if clause is not None:
                    yield m.start(), m.end(), clause
    # another world's keyword the domain choice weighed and set aside ("logistics" in "logistics with trucks": a
    # warehouse word, where the trucks made it transport) belongs to the domain clause, whose note says so
    if any(n.startswith("runner-up domain") for n in knobs.notes):
        for name, ts in registry.items():
            if name not in knobs.domains:
                for w in dict.fromkeys((name, *ts.keywords)):
                    for m in whole_words(keyword_pattern(w)).finditer(rest):
                        yield m.start(), m.end(), Clause(text[m.start():m.end()], "domain",
                                                         {"domains": list(knobs.domains)})
    # a verb inside what a sparse reward waits for asks for its act (round 55: "paid only once every square is visited")
    yield from _operation_clauses(text, masked(text, acting_phrases(text, phrases)), knobs)


def _stand_in_place(place: str | None, templates) -> str:
    """Where a rule puts ``place`` out of bounds and the world has no place of its own for it ("never touch anything
    in /etc"), the note that the template's place stands in for it (round 16): the world keeps its own protected
    directory safe from deletion, not the path said. Empty otherwise (a place the template has: "the backup
    folder")."""
    own = {o for t in templates for objects in t.objects.values() for o in objects}
    if place is None or not own or any(re.search(rf"\b{re.escape(o)}", place) for o in own):
        return ""
    return (f"the world has no '{place}': its protected {'/'.join(sorted(own))} directory stands in for it, and "
            f"deleting is what the rule forbids there; ")


def _single_fact_clause(said: str, fact: str, knobs: Knobs) -> Clause:
    """The goal count of one thing a fact without arguments is about ("replace 1 flat tire": tireworld's
    ``flat_tire()``): one goal condition is made; honored where the directive asks for a tool that changes that fact
    (``change_tire``), so the golden plan deals with that one thing; else approximated (no goal is about it)."""
    registry = load_registry()
    changers = [t.name for d in knobs.domains for t in registry[d].tools + registry[d].extra_tools
                if any(re.search(rf"\b{fact}\b", e) for e in t.effects)]
    asked = [t for t in changers if any(calls(t, r) for r in knobs.required_tools)]
    what = f"{'+'.join(knobs.domains)} has no object type for it, and one such thing ({fact}())"
    if asked:
        return Clause(said, "goal_count", {"goal_count": 1, "type": None},
                      note=f"{what}: 1 goal condition, and the golden plan calls {asked[0]}, which changes it")
    return Clause(said, "goal_count", {"goal_count": 1, "type": None}, "approximated",
                  f"{what}: 1 goal condition; no goal is about it unless a tool that changes it is asked for "
                  f"({', '.join(changers) or 'none'})")


def _call_count_clause(said: str, count: int, declared: CallCount, knobs: Knobs) -> Clause:
    """The goal count of a thing a fact without arguments is about whose count counts calls of a tool ("change 2 flat
    tires": :attr:`Toolset.call_counts`, ``counts.read_call_count``): honored, the golden plan calling the tool that
    many times; above what the world's tasks reach, approximated, its note naming the bound."""
    requirement = {"goal_count": count, "type": None, "calls": declared.tool}
    aim = min(count, declared.most)
    said_calls = calls_aimed(declared, aim)
    if aim < count:
        return Clause(said, "goal_count", requirement, "approximated",
                      f"{call_count_note(knobs.domains, declared, aim)}; {said_calls}")
    return Clause(said, "goal_count", requirement, note=said_calls)


def _uncounted(text: str, knobs: Knobs, counted) -> Any:
    """A count of a noun that is no object type of the chosen domains ("a couple of flat tires" in tireworld,
    whose only objects are locations): a goal count the offline generator cannot make, so unsupported, with
    the types it can count."""
    taken = [(a, b) for a, b, *_ in counted]
    registry = load_registry()
    for m in re.finditer(rf"\b({NUMBER})\s+(?:([a-z]+)\s+)?([a-z]+)\b", unnumbered_names(text)):
        noun, end = m.group(3), m.end()
        if m.group(2) and (noun in FILLER or noun in NUMBER_WORDS or len(noun) < 3):  # "two flats with": flats
            noun, end = m.group(2), m.end(2)
        if any(a < end and m.start() < b for a, b in taken) or noun in FILLER or noun in NUMBER_WORDS \
                or {noun_lemma(noun), noun_lemma(m.group(2) or "")} & COUNT_UNITS \
                or noun_lemma(m.group(2) or noun) in DOERS:  # "2 robots deliver": the agents
            continue  # (round 35), and what they are built of ("with two arms picks up", session 28)
        types = ", ".join(t.name for d in knobs.domains for t in registry[d].types)
        meant = next((n for d in knobs.domains if (n := modified_noun(noun, d))), None)
        # (the words before the noun too: "3 deflated wheels" are flat tires, of which the world has one, round 41)
        fact = single_fact(noun, knobs.domains) or (single_fact(meant, knobs.domains) if meant else None) \
            or said_fact(text[m.start():end], knobs.domains)
        declared = call_count_of(text[m.start():end], knobs.domains) if knobs.call_count else None
        if declared is not None and number_value(m.group(1)) >= 2:  # "2 flat tires": calls of change_tire
            yield m.start(), end, _call_count_clause(text[m.start():end], number_value(m.group(1)), declared, knobs)
            continue
        if meant:  # "1 flat": a flat tire, which tireworld has no objects of
            noun = f"{noun}' counts {meant}s ('a {noun_lemma(noun)}' is a {noun_lemma(noun)} {meant}), and '{meant}"
        yield m.start(), end, Clause(text[m.start():end], "goal_count", {"goal_count": number_value(m.group(1)),
                                                                         "type": None}, "unsupported",
                                         f"'{noun}' is no object type of {'+'.join(knobs.domains)} (its types: "
                                         f"{types}): no goal count is made of it"
                                         + (f" (the world has one, {fact}(): a count of 1 is one goal condition)"
                                            if fact else ""))


def _operation_clauses(text: str, rest: str, knobs: Knobs):
    """The operation clauses of ``text`` (``rest``: the text the knob phrases left)."""
    registry = load_registry()
    own = {w for name in knobs.domains for w in registry[name].keywords}
    mapped = {verb: tool for name in knobs.domains for verb, tool in operations(name).items()
              if not loose_elsewhere(verb, name, knobs.domains)}
    idle = {verb: tool for name in knobs.domains for verb, tool in distractor_operations(name).items()}
    # "drop two products into the trolley" asks for add_to_cart as a whole: its verb is no operation of its own
    placed = [(h.start, h.end) for name in knobs.domains for h in object_operations(rest, name)]
    # "moves 2 meetings to new times": a verb read as a tool done again (lexicon.RELOCATING) is no verb of its own
    placed += [(h.start, h.end) for name in knobs.domains for h in derived_operations(rest, name)
               if h.redo and h.verb != verb_of(rest[h.start:h.end])]
    phrasal: list[tuple[int, int]] = []  # "take care of 3 meetings": "take" is no verb of its own
    yield from _light_clauses(text, rest, knobs, phrasal)
    for start, end, verb in _verb_spans(rest, list(dict.fromkeys((*mapped, *idle, *_OPERATION_VERBS)))):
        if verb not in mapped and any(a <= start and end <= b for a, b in placed) \
                or any(a <= start and end <= b for a, b in phrasal):
            continue
        before = words_before(text, start)
        # "into the archive": a noun; "drive the truck": the carrier, no act of carrying (round 22)
        if verb not in mapped and before and before[-1] in NOUN_AFTER:
            continue
        # "an outdated backup file", "the shared drive": nouns; "customers who bought kettles": a description (round
        # 48); "onto the network drive": a place's name
        if no_act_here(text, start, end, verb, knobs.domains) or _in_place_name(text, start, end, knobs.domains):
            continue
        # "2 customer emails": a counted noun; "4 bags of coffee": the measure goods are counted in, no bagging
        if verb not in mapped and _counted_head(text[start:end], before, knobs.domains) \
                or _measure_noun(text, start, before):
            continue
        if verb in idle and verb not in mapped:
            yield start, end, Clause(text[start:end], "operation", {"operation": verb, "tool": idle[verb]},
                                     "unsupported", f"{idle[verb]} is a distractor tool: no task needs it, so no "
                                                    f"golden plan calls it")
        elif verb in mapped:
            loose = next((LOOSE_OPERATIONS[d][verb] for d in knobs.domains if verb in LOOSE_OPERATIONS.get(d, {})
                          and operations(d).get(verb) == mapped[verb]), None)
            yield start, end, Clause(text[start:end], "operation", {"operation": verb, "tool": mapped[verb]},
                                     "approximated" if loose else "honored",
                                     f"the golden plan calls {mapped[verb]}" + (f": {loose}" if loose else ""))
        elif verb in own:  # "schedule" meetings, "buy" products: what the domain's tasks are about
            yield start, end, Clause(text[start:end], "operation", {"operation": verb}, "approximated",
                                     "the domain's own activity; not checked on each golden plan")
        elif not text[start:end].endswith(("ing", "ed")) or takes_object(text, end):
            yield start, end, _no_tool(text[start:end], verb, knobs)  # "shipping address": an adjective
    for start, end, tool in name_verbs(rest, knobs.domains):  # "ferry 3 cars": the domain's name as a verb
        yield start, end, Clause(text[start:end], "operation", {"operation": text[start:end], "tool": tool},
                                 note=f"the domain's name as a verb: the golden plan calls {tool}")
    for name in knobs.domains:  # "three deliveries", "reschedule": words derived from a tool's verb
        for hit in derived_operations(rest, name) + object_operations(rest, name):
            said = text[hit.start:hit.end]
            requirement = {"operation": hit.verb, "tool": hit.tool}
            undo = undo_tool(name, hit.tool) if hit.redo else None
            if undo:  # "reschedule": the task starts with meetings on slots, takes one off and schedules it again
                yield hit.start, hit.end, Clause(said, "operation", {**requirement, "undo": undo},
                                                 note=f"'{said}' is {hit.verb} done again: the golden plan calls "
                                                      f"{undo}, then {hit.tool}")
                continue
            yield hit.start, hit.end, _redo_clause(text, said, hit, name, requirement)


def _redo_clause(text: str, said: str, hit: DerivedOperation, name: str, requirement: dict) -> Clause:
    """The clause of a derived operation ``hit`` of world ``name`` (``said``: its words) that no undo tool redoes: a
    plain call; or a call done again, honored where the directive says the first was undone (it has come undone,
    :data:`_UNDONE`, or it asks for the undoing first, :func:`_undone_first`), else approximated, as a task starts
    with nothing to redo."""
    if not hit.redo:
        return Clause(said, "operation", requirement, note=f"the golden plan calls {hit.tool}")
    if _UNDONE.search(text) is not None or _undone_first(text, hit.start, name, hit.tool):
        return Clause(said, "operation", requirement,
                      note=f"'{said}' is {hit.verb} done again after the first was undone (the task starts undone, "
                           f"or the directive undoes it first): the golden plan calls {hit.tool}")
    return Clause(said, "operation", requirement, "approximated",
                  f"'{said}' is {hit.verb} done again; a task starts with nothing to redo, so the golden plan calls "
                  f"{hit.tool} afresh")


#: The directive saying what was made has come undone already (round 46: "the toy tower has fallen over, ... rebuild
#: it", "the stack collapsed; restack 4 blocks"): a task's start is that undone state, so doing it again is exactly
#: what the golden plan does.
_UNDONE = re.compile(r"\b(?:fell|fallen|collapsed?|collapses|toppled|topples|knocked\s+(?:over|down)|c(?:a|o)me\s+apart"
                     r"|came\s+down|fallen\s+apart|broken\s+up|broke\s+apart|torn\s+down|tore\s+down|scattered)\b")


def _undone_first(text: str, start: int, name: str, tool: str) -> bool:
    """Whether the directive asks, before ``start``, for the tool of world ``name`` that undoes ``tool`` ("un" + its
    name: blocks' ``unstack``): "unstacks and restacks 3 blocks" undoes the stacks itself, so the task starts with them
    built and the golden plan unstacks and stacks again, as the redo asks (round 50)."""
    undo = f"un{tool}"
    return any(t == undo and re.search(verb_pattern(v), text[:start]) is not None
               for v, t in operations(name).items())


def _light_clauses(text: str, rest: str, knobs: Knobs, spans: list[tuple[int, int]]):
    """The operation clauses of light and phrasal verbs (round 13): "take care of 3 meetings" asks for the task done
    (``operations.phrasal_verbs``), "get 3 presents" in a shop for the purchase and "get 2 boxes onto the targets"
    for the world's work (``operations.light_verbs``). Their spans are added to ``spans``: no verb inside them is
    read again."""
    for start, end, verb in phrasal_verbs(rest):
        spans.append((start, end))
        yield start, end, _no_tool(text[start:end], verb, knobs)
    for start, end, tool, state in opposite_resultatives(rest, knobs.domains):  # "make 1 file read-only"
        spans.append((start, end))
        yield start, end, Clause(text[start:end], "operation", {"operation": f"make {state}"}, "unsupported",
                                 f"no tool of {'+'.join(knobs.domains)} makes a thing {state}: {tool} only does "
                                 f"the opposite; no golden plan calls it for this")
    near = {(start, end): state for start, end, _, state in near_resultatives(rest, knobs.domains)}
    for hit in light_verbs(rest, knobs.domains):
        said = text[hit.start:hit.end]
        spans.append((hit.start, hit.end))
        near_state = near.get((hit.start, hit.end))
        yield hit.start, hit.end, Clause(
            said, "operation", {"operation": said, "tool": hit.tool}, "approximated" if near_state else "honored",
            f"'{said}' ({hit.why}): the golden plan calls {hit.tool}"
            + (f"; the world's files have one permission, so it grants that, not {near_state}" if near_state else ""))


#: A measure goods are counted in with its "of", matched where a word starts ("bags of", "packs of").
_MEASURE_AT = re.compile(rf"{MEASURE_OF}\b")


def _measure_noun(text: str, start: int, before: list[str]) -> bool:
    """Whether the word at ``start`` is a measure goods are counted in (``field_vocabulary.MEASURE_OF``), after a
    count or an article and before its "of" ("4 bags of coffee", "a pack of pens"): a noun, no verb of its own
    (round 50: "bags" read as the shop's bagging put the goods in the cart where buying them was asked)."""
    if not before or not (before[-1].isdigit() or before[-1] in NUMBER_WORDS or before[-1] in ("a", "an")):
        return False
    return _MEASURE_AT.match(text, start) is not None


def _counted_head(said: str, before: list[str], domains) -> bool:
    """Whether ``said`` is a noun the domains count goals in, after a number or another such noun ("2 emails",
    "customer messages"): the head of a counted phrase, not a verb (round 7)."""
    if not before or counted_type(said, domains) is None:
        return False
    return before[-1].isdigit() or before[-1] in NUMBER_WORDS or counted_type(before[-1], domains) is not None


def _no_tool(said: str, verb: str, knobs: Knobs, after: str = "", before: str = "") -> Clause:
    """An operation clause for a verb no tool of the chosen domains does, naming the tools they have; where the
    verb names what a domain's goals state ("serve four passengers": elevator goals are ``served(...)``), the
    goal itself: honored where it is the domain's only goal predicate, else approximated. A verb made of a place
    noun ("shelve 3 crates": put them on a shelf) asks for the domain's putting tool; a closing verb with a case of
    work after it ("close 3 tickets", or a pronoun referring back to one: "a ticket ... closes 2 of them") for the
    task done. ``after``, ``before``: the text after and before the verb."""
    registry = load_registry()
    place = _place_verb(verb)
    if place is not None:
        for d in knobs.domains:
            ops = operations(d)
            tool = next((ops[w] for w in _PUTTING if w in ops), None)
            if tool is not None:
                return Clause(said, "operation", {"operation": verb, "tool": tool},
                              note=f"'{verb}' puts things in or on a {place}: the golden plan calls {tool}")
    for d in knobs.domains:  # "stock 6 boxes": a verb whose re- form the world does ("restock") asks for its tool
        tool = operations(d).get(f"re{verb}")
        if tool is not None and len(verb) >= 4:
            return Clause(said, "operation", {"operation": verb, "tool": tool},
                          note=f"'re{verb}' is {verb} done again, and {tool} does it: the golden plan calls {tool}")
    objects = re.split(r"[,;:.]|\b(?:and|then|or|but)\b", after)[0]  # what the verb itself takes
    taken = re.findall(r"[a-z]+", objects)[:4]
    if set(taken) & _PRONOUNS:  # "closes 2 of them": what the pronoun refers back to
        taken += re.findall(r"[a-z]+", re.split(r"[;:.]", before)[-1])
    cases = {noun_lemma(w) for w in taken} & set(COUNTED["order"])
    if verb in ACCOMPLISH_VERBS or verb in _CLOSING and cases:
        # "resolve 3 of them": whatever the domain's goals are, each task asks for them
        every = [g for d in knobs.domains for g in registry[d].goal_predicates]
        return Clause(said, "operation", {"operation": verb, "goal": every[0] if len(every) == 1 else every},
                      note=f"'{verb}' asks for a task done: every {'+'.join(knobs.domains)} task's goals are "
                           f"{', '.join(f'{g}(...)' for g in every)}")
    for d in knobs.domains:  # "tidies 2 toys": the verb the world is named for is its task (round 17)
        goals = registry[d].goal_predicates
        if {verb, verb.removesuffix("e") + "ing", verb.removesuffix("y") + "ying"} & set(registry[d].keywords):
            return Clause(said, "operation", {"operation": verb, "goal": goals[0] if len(goals) == 1 else list(goals)},
                          note=f"'{verb}' is what {d} is for: every task's goals are "
                               f"{', '.join(f'{g}(...)' for g in goals)}")
    for d in knobs.domains:
        goals = registry[d].goal_predicates
        stated = [g for g in goals if re.fullmatch(rf"{re.escape(verb)}(?:e?d)?|{re.escape(verb[:-1])}ied", g)]
        if stated:
            only = len(goals) == 1
            return Clause(said, "operation", {"operation": verb, "goal": stated[0]}, "honored" if only
                          else "approximated", f"every {d} goal is {stated[0]}(...)" if only else
                          f"{d} goals are {stated[0]}(...) or {', '.join(g for g in goals if g != stated[0])}(...)")
    tools = [t.name for d in knobs.domains for t in registry[d].tools + registry[d].extra_tools]
    families = ", ".join(dict.fromkeys(family(t) for t in tools))
    return Clause(said, "operation", {"operation": verb}, "unsupported",
                  f"no tool of {'+'.join(knobs.domains)} does '{verb}' (its tools: {families})")


def _an_operation(word: str, knobs: Knobs) -> bool:
    """Whether ``word`` is a form of an operation of the chosen domains (read as one already: "schedule")."""
    return any(re.fullmatch(verb_pattern(v), word) for d in knobs.domains for v in operations(d))


def _opens_light_verb(text: str, start: int, knobs: Knobs) -> bool:
    """Whether a light verb read as a tool of the chosen domains starts at ``start`` (``operations.light_verbs``:
    "places 1 order for a rug" is the shop's buying): the act is read whole as that tool's operation, so its verb is
    no verb of its own that no tool does (round 52)."""
    return any(h.start == start for h in light_verbs(text, knobs.domains))


def _opens_phrasal_operation(text: str, start: int, knobs: Knobs) -> bool:
    """Whether a multi-word operation verb of the chosen domains is said at ``start`` ("pass over", "land on":
    visitall's move): its first word is read with its particle, as that operation, and no verb of its own (round 39:
    "pass over each tile of the floor grid" read "pass" alone as a verb no tool does)."""
    return any(re.match(verb_pattern(v), text[start:start + 60]) for d in knobs.domains for v in operations(d)
               if " " in v)


def _counted_after(text: str, end: int, knobs: Knobs) -> bool:
    """Whether a count of objects of the chosen domains follows the word ending at ``end``, after at most an
    article ("shelves 8 crates", "stock a dozen boxes"): the word then takes them as its object (round 8)."""
    m = re.match(rf"\s+(?:the\s+)?(?:{NUMBER})\s+([a-z'-]+)(?:\s+([a-z]+))?\b", text[end:])
    return m is not None and any(counted_type(w, knobs.domains) is not None for w in m.groups() if w)


def _verb_clause(text: str, start: int, end: int, knobs: Knobs) -> Clause | None:
    """An unsupported operation clause for a word no recognizer claimed that is a verb: a known verb
    (``lexicon.known_verbs``) not standing after a determiner, or any word standing where a verb stands (at
    the start of a part of the directive, or after "then", "to", "must" ...) and taking an object ("pile 5
    blocks"). A participle before a noun ("shipping address") is read as an adjective. None otherwise."""
    word = text[start:end]
    before = words_before(text, start)
    prev = before[-1] if before else ","
    if prev in NOUN_AFTER or prev.isdigit() or prev in NUMBER_WORDS:
        return None
    verb, placed = verb_of(word), prev in ",;:." or prev in VERB_AFTER or _counted_after(text, end, knobs)
    if verb is None and (act := nominal_verb(word)) is not None and _OF_COUNT.match(text, end):
        # "creation of 2 folders": an act named by its noun, with a count of its objects (round 51)
        return _no_tool(word, act, knobs, text[end:end + 40], text[max(0, start - 80):start])
    if verb in _CAUSATIVES and _caused(text, end) is not None:
        return None  # "get 5 passengers served": the act asked for is the participle's (round 72)
    if verb is None:
        if not placed or not takes_object(text, end) or len(word) < 3 or not word.isalpha() \
                or _DEGREE_BEFORE_COUNT.fullmatch(word) and re.match(rf"\s+(?:{NUMBER})\b", text[end:]):
            # (an adverb of degree before a count opening a sentence, "Exactly 6 tools.", "Roughly 3 meetings", is
            # no verb: round 68, an issue's "Desired: exactly 6 tools" once its label was blanked)
            return None
        verb = word
    elif _is_caused(text, start):
        pass  # "i'm trying to get 5 passengers served and ...": what the causative has done is the act asked for
    elif verb in ACCOMPLISH_VERBS and word.endswith("ed") and prev in _PASSIVE:
        pass  # "tickets get resolved", "orders are fulfilled": the task done, said in the passive
    elif verb in ACCOMPLISH_VERBS and (m := re.match(r"\s+(?:to|with|on)\b", text[end:])) \
            and takes_object(text, end + m.end()):
        pass  # "the agent replies to 5 emails", "responds to 4 complaints": its object after its preposition
    elif word.endswith("ing") and prev in GERUND_AFTER and takes_object(text, end):
        pass  # "before resetting their passwords": an act done before or after another, with its object (round 29)
    elif word.endswith("ing") and _OPENS_SENTENCE.search(text, 0, start) and _counted_after(text, end, knobs):
        pass  # "Resolving 4 tickets should be harder": a gerund opening its sentence with a count of the world's
        # objects is the act asked for, its subject (round 68, issue reports); "lift scheduling," stays a noun
    elif describes_past(text, start, end, verb):
        return None  # "a customer who purchased a lamp": a description, no ask (round 48)
    elif not (placed if verb == word else (takes_object(text, end, ending=True) or shares_object(text, start, end))
              and not word.endswith("ing")):
        return None  # "elevator control:", "shipping address" and "lift scheduling," are nouns
    return _no_tool(word, verb, knobs, text[end:end + 40], text[max(0, start - 80):start])


#: Verbs that have a thing done ("get 5 passengers served", "have 3 tickets resolved"): the act is the participle's.
_CAUSATIVES = frozenset({"get", "have"})
#: What a causative has done, between the verb and the participle: a count and at most three words.
_CAUSED_OBJECT = rf"(?:the\s+|all\s+)?(?:(?:{NUMBER})\s+)?(?:[a-z'-]+\s+){{1,3}}"
#: A causative verb before what it has done, up to the participle's place (group 1 ends at the verb).
_CAUSED_BEFORE = re.compile(rf"\b(get|gets|got|getting|have|has|had|having)\s+{_CAUSED_OBJECT}$")


def _caused(text: str, end: int) -> tuple[int, int] | None:
    """The span of the past participle a causative verb ending at ``end`` has done ("get 5 passengers served":
    "served"), a known verb's, after its object of at most a count and three words; None where none follows
    ("get 3 tools", "have 2 boxes")."""
    m = re.match(rf"\s+{_CAUSED_OBJECT}?([a-z]+(?:ed|en|ne|id))\b", text[end:])  # ({1,3}? lazy: the first one)
    if m is None or verb_of(m.group(1)) is None:
        return None
    return end + m.start(1), end + m.end(1)


def _is_caused(text: str, start: int) -> bool:
    """Whether the word at ``start`` is the participle a causative verb before it has done (:func:`_caused`)."""
    before = _CAUSED_BEFORE.search(text, 0, start)
    caused = _caused(text, before.end(1)) if before is not None else None
    return caused is not None and caused[0] == start


#: Adverbs of degree, said before a count ("exactly 6 tools", "roughly 3 meetings").
_DEGREE_BEFORE_COUNT = re.compile(r"exactly|precisely|roughly|approximately|about|around|nearly|almost|only|just")
#: The start of a sentence or a line, up to a word: what a gerund subject opens (:func:`_verb_clause`).
_OPENS_SENTENCE = re.compile(r"(?:^|[.;:!?\n])[ \t]*$")
#: "of" and a count after a noun of action ("creation of 2 folders", "the removal of the 3 logs"): its objects.
_OF_COUNT = re.compile(rf"\s+of\s+(?:the\s+|all\s+)?(?:{NUMBER})\b")
#: The general verbs of putting something where it belongs (the verb group of "put"), most specific first.
_PUTTING = ("put", "place", "store", "stow", "deposit", "drop", "put away", "unload", "deliver")
#: Words before a participle that make it passive ("get resolved", "are solved").
_PASSIVE = frozenset({"get", "gets", "got", "getting", "be", "is", "are", "been", "being", "was", "were", "all",
                      "fully", "successfully"})
_PRONOUNS = frozenset({"them", "it", "those", "these", "ones", "all", "each", "both"})
#: Verbs of ending a piece of work (``lexicon.CLOSING_VERBS``: "close 3 tickets").
_CLOSING = CLOSING_VERBS


def _place_verb(verb: str) -> str | None:
    """The place noun a verb is made of ("shelve": shelf, "rack", "dock"), where a directive puts things there with
    it: a noun of :data:`lexicon.PLACES`. None otherwise."""
    forms = [verb, verb.removesuffix("e"), noun_lemma(verb)] + ([verb[:-2] + "f"] if verb.endswith("ve") else [])
    return next((f for f in forms if f in PLACES or f in _PLACE_NOUNS), None)


_PLACE_NOUNS = frozenset({"rack", "shelf", "pallet", "crate", "box", "bag", "pocket", "garage", "berth"})


#: What a verb of solving takes as its object when it asks for the domain's task itself ("solve the puzzle").
_TASK_NOUNS = frozenset({"puzzle", "problem", "task", "level", "game", "challenge", "instance", "board", "maze",
                         "scenario", "episode", "goal", "objective", "job"})
_DETERMINERS = frozenset({"the", "a", "an", "this", "that", "these", "those", "each", "every", "all", "any", "my",
                          "our", "your", "their", "its", "whole", "entire", "given"})


def _counts_goals(text: str, start: int, end: int, knobs: Knobs) -> bool:
    """Whether a filler word is an accomplishing verb (:data:`ACCOMPLISH_VERBS`) with a count after it, or, standing
    where a verb stands, with the domain's task as its object (round 6): "handle the whole thing" is filler, "solve 2
    tickets" asks for two tasks done, and so do "solve tower of hanoi", "solve the blocks puzzle" (the domain's name
    or keyword, or a noun of a task: :data:`_TASK_NOUNS`), like the accomplishing verbs that are no filler."""
    if verb_of(text[start:end]) not in ACCOMPLISH_VERBS:
        return False
    after = re.findall(r"[a-z0-9']+|[,;:.]", text[end:end + 60])  # "solving, 2 meetings": the count is not its object
    while after and after[0] in HESITATIONS:
        after = after[1:]
    if after and (after[0].isdigit() or after[0] in NUMBER_WORDS):
        return True
    before = words_before(text, start)
    if text[start:end].endswith("ing") or (before and before[-1] not in ",;:." and before[-1] not in VERB_AFTER):
        return False
    rest = after
    while rest and rest[0] in _DETERMINERS:
        rest = rest[1:]
    if not rest:
        return False
    said = " ".join(rest[:4])
    registry = load_registry()
    return noun_lemma(rest[0]) in _TASK_NOUNS or any(
        re.match(rf"(?:{keyword_pattern(w)})\b", said) for d in knobs.domains for w in (d, *registry[d].keywords)) \
        or any(counted_type(w, knobs.domains) is not None for w in _noun_phrase(rest))


def _noun_phrase(words: list[str]) -> list[str]:
    """The words of a noun phrase at the start of ``words`` (at most four, up to a word that ends one): its head
    may follow modifiers ("handle a damaged-goods complaint": round 16)."""
    out: list[str] = []
    for w in words[:4]:
        if w in PHRASE_END or w in ",;:.":
            break
        out.append(w)
    return out


def _more_count_clause(said: str, asked: int, kind: str, knobs: Knobs) -> Clause:
    """The clause of a goal count besides the first (``Knobs.more_counts``): honored, or approximated where a task
    holds fewer goals about objects of ``kind`` (``Knobs.counted``) and why."""
    aim = next((n for n, k in knobs.counted[1:] if k == kind), 0)
    if aim >= asked:
        return Clause(said, "goal_count", {"goal_count": asked, "type": kind})
    return Clause(said, "goal_count", {"goal_count": asked, "type": kind}, "approximated",
                  capped_note(knobs.domains, kind, aim))


def _unmet_counts(spec: Any, knobs: Knobs) -> list[str]:
    """Where a task of several goal counts (``Knobs.more_counts``) has goals about fewer distinct objects of a
    counted type than its count aims at (``Knobs.counted``), what is missing; nothing for one count."""
    if not knobs.more_counts:
        return []
    out = []
    for aim, kind in knobs.counted:
        given = objects_named(spec.task.goal, spec.task.objects, str(kind))
        if given < aim:
            out.append(f"goal count: asked for {aim} goal conditions about distinct objects of type {kind}, the "
                       f"spec's goals name {given}")
    return out


def _unmet_asked_counts(spec: Any, knobs: Knobs) -> list[str]:
    """Where a count is of the goals an asked tool adds (``counts.asked_count_goals``: "cancel 2 meetings" is two
    ``called_off`` goals), how far the spec's goals of those predicates fall short of it; nothing elsewhere."""
    registry = load_registry()
    asked = asked_count_goals([d for d in knobs.domains if d in registry], knobs.required_tools)
    out = []
    for aim, kind in knobs.counted:
        preds = asked.get(str(kind))
        if preds:
            goals = [g for g in spec.task.goal if g.split("(")[0].strip() in preds]
            given = objects_named(goals, spec.task.objects, str(kind))
            if given < aim:
                out.append(f"goal count: asked for {aim} {' or '.join(sorted(preds))} goals about distinct objects "
                           f"of type {kind}, the spec's goals name {given}")
    return out


def _count_miss(unmet: list[str], clause: Clause, knobs: Knobs) -> str | None:
    """Of ``unmet`` (:func:`check_fidelity`), what a goal count's ``clause`` misses where a task has several counts:
    the miss naming its type (:func:`_unmet_counts`); where no type misses any, the first count takes a miss of the
    total number."""
    kind = clause.requirement.get("type")
    counts = [u for u in unmet if u.startswith("goal count")]
    mine = next((u for u in counts if u.endswith(f"type {kind}") or f"type {kind}," in u), None)
    if mine is None and kind == knobs.goal_type and not any("of type" in u for u in counts):
        mine = next(iter(counts), None)  # too few goals, though each type's objects are named: the first says so
    return mine


def _capped_note(said: str, most: int, knobs: Knobs) -> str:
    """The note of a goal count past what the world holds (round 21): the cap, the world's reason for it, and,
    where the counted noun is not the type's own name ("3 crates" in sokoban, whose type is box), that the noun
    was read as that type, so a user sees both what was understood and why fewer are aimed at."""
    kind = knobs.goal_type
    noun = re.findall(r"[a-z-]+", said)[-1:] or [""]
    read_as = f"; '{noun[0]}' are read as its objects of type {kind}" \
        if kind and noun[0] and noun_lemma(noun[0]) != kind else ""
    return (f"a task holds at most {most} goal condition{'' if most == 1 else 's'}"
            f" ({capacity_reason(knobs.domains, kind)}{read_as}): the nearest count, {most}, is aimed at")


def _in_place_name(text: str, start: int, end: int, domains) -> bool:
    """Whether the word at ``start:end`` stands inside a phrase naming one of the chosen worlds' places or trades
    (``field_vocabulary.FIELD_NAMES``, round 21): "drive" in "onto the network drive" or "the hard drive" is the
    place files are copied to, no act of driving. Only the phrase's last word, its head noun, and not as a verb's
    "-ing" form: "box pushing" and "order picking" name the act itself."""
    if text[start:end].endswith("ing"):
        return False
    return any(m.start() < start and end == m.end() for d in domains for w in field_names(d) if " " in w
               for m in whole_words(keyword_pattern(w)).finditer(text))


def _own_operation_before(text: str, start: int, counted: list, knobs: Knobs) -> str | None:
    """The tool the golden plan calls for a second goal count with an operation of its own ("rename 1 file and
    delete 2 files": delete_file), said between the count before it and it; None where no such verb stands there.
    A task carries one goal count, so the second is given only as its operation (round 32): approximated, not
    dropped."""
    before = [c[1] for c in counted if c[1] <= start]
    if not before:
        return None
    between = text[max(before):start]
    tools = {v: t for d in knobs.domains for v, t in operations(d).items() if t in knobs.required_tools}
    return next((tools[verb] for _, _, verb in _verb_spans(between, list(tools))), None)


def _verb_spans(text: str, verbs: list[str]) -> list[tuple[int, int, str]]:
    """``(start, end, verb)`` for each verb of ``verbs`` in any of its forms (:func:`verb_pattern`); a span
    two verbs both match ("copies": copy, copies) goes to the first."""
    out: dict[tuple[int, int], str] = {}
    for verb in verbs:
        for m in re.finditer(verb_pattern(verb), text):
            out.setdefault((m.start(), m.end()), verb)
    # a span inside a longer verb's ("clean" in "clean up") is that verb's
    return [(start, end, verb) for (start, end), verb in out.items()
            if not any(a <= start and end <= b and (a, b) != (start, end) for a, b in out)]


def _capable(clause: Clause, knobs: Knobs) -> Clause:
    """``clause``, unsupported where no chosen domain can give it: hidden facts need a toolset that declares
    some (the PDDL corpus declares none). The note says what the world offers instead, and which worlds hide facts
    (round 55: "the agent cannot observe what is inside the trucks" in the depot)."""
    registry = load_registry()
    if clause.kind == "observability" and clause.requirement.get("partial") and clause.status == "honored" \
            and not any(registry[d].hidden for d in knobs.domains):
        hiding = ", ".join(sorted(d for d in registry if registry[d].hidden))
        return Clause(clause.text, clause.kind, clause.requirement, "unsupported",
                      f"{'+'.join(knobs.domains)} declares no facts that can be hidden: its agent observes the whole "
                      f"state (worlds that hide facts: {hiding})")
    return clause


def _knob_clause(text: str, kind: str, value: object, knobs: Knobs) -> Clause:
    """The clause of a ``modifiers.KNOB_PHRASES`` match: honored where the knobs took its value (the first
    phrase of a kind wins; a contradicting later one is unsupported)."""
    if kind == "time_pressure":
        status = "honored" if knobs.horizon_slack == value else "unsupported"
        return Clause(text, kind, {"horizon_slack": value}, status,
                      "horizon = golden plan + 1" if value == "tight" else "horizon = 2 x golden plan + 2")
    if kind == "noise":
        return Clause(text, kind, {"noise": value}, "honored" if knobs.noise == value else "unsupported")
    if kind == "partial":
        return _capable(Clause(text, "observability", {"partial": value},
                               "honored" if knobs.partial == value else "unsupported"), knobs)
    if kind == "tool_choice":
        return Clause(text, kind, {"more_tools": knobs.more_tools}, "honored" if knobs.more_tools == value
                      else "unsupported")
    if kind == "reward_mode":
        return Clause(text, kind, {"reward_mode": value}, "honored" if knobs.reward_mode == value else "unsupported")
    if kind == "tool_bound":
        return _bound_clause(text, knobs)
    if kind == "plan_length":
        return Clause(text, kind, {"length_bonus": knobs.length_bonus})
    return Clause(text, kind, {"difficulty": knobs.difficulty})


def fewest_tools(knobs: Knobs) -> tuple[int, list[str]]:
    """``(count, names)`` of the tools a task of ``knobs`` cannot do without, as far as the reading knows: the tools
    the directive's operations ask for ("apply a coupon": ``apply_coupon``), with hidden facts asked for the tools
    that reveal them, and in each domain where none of these reaches a goal, a tool that does (counted, not named).
    A count under the domains' core tools leaves out the core tools the task's golden plan does not call (session
    32: "calendar plus support, 6 tools", where the two declare 8; ``OfflineGenerator._fitted``), and the spec says
    approximated where its plan calls more; a count under this is met as nearly as possible."""
    registry = load_registry()
    names: list[str] = []
    reaching = 0  # the worlds none of whose named tools reaches a goal: a tool that does is needed as well
    for d in knobs.domains:
        ts = registry[d].seen(knobs.partial is True)  # a world's own reveal tools are there when hiding is asked
        own = [t for t in ts.tools + ts.extra_tools + ts.asked_tools
               if any(calls(t.name, r) for r in knobs.required_tools)
               or (knobs.partial and ts.hidden and t.name in ts.needs_tools)]
        names += [t.name for t in own]
        reaching += not any(e.split("(")[0] in ts.goal_predicates for t in own for e in t.effects)
    names = list(dict.fromkeys(names))
    return len(names) + reaching, names


def tools_in_all(knobs: Knobs) -> int:
    """The tools a task of ``knobs`` can have in all: its domains' tools, and those a domain adds where the directive
    asks for them (``Toolset.asked_tools``: the calendar's ``cancel_meeting``)."""
    registry = load_registry()
    return sum(len(registry[d].all_tools) + sum(any(calls(t.name, r) for r in knobs.required_tools)
                                                for t in registry[d].asked_tools)
               for d in knobs.domains if d in registry)


def most_tools(knobs: Knobs) -> int:
    """The most tools a task of ``knobs`` can have: :func:`tools_in_all` and the decoys its domains can have
    (``decoys.decoy_count``), which make up a tool count past the declared ones."""
    registry = load_registry()
    return tools_in_all(knobs) + decoy_count([registry[d] for d in knobs.domains if d in registry])


def _decoys_note(knobs: Knobs, own: int) -> str:
    """The note of an honored tool count past the ``own`` tools of the world: how many of them are decoys."""
    if knobs.tool_count is None or knobs.tool_count <= own:
        return ""
    return (f"{'+'.join(knobs.domains)} declares {own} tools: {knobs.tool_count - own} decoys made on its own types "
            f"(inspect_<type>, tag_<type>, ...) make up the count, and no task needs them")


def _under_needed_note(knobs: Knobs) -> str:
    """The note of a tool count under what every task of ``knobs`` needs (:func:`fewest_tools`)."""
    least, names = fewest_tools(knobs)
    reaching = least - len(names)
    if reaching:
        names = [*names, "a tool that reaches a goal" + (f" in each of {reaching} worlds" if reaching > 1 else "")]
    return f"every task of this directive needs {', '.join(names)}: the nearest count is given"


def _fewer_note(knobs: Knobs) -> str:
    """The note of an honored tool count below the domains' core tools: the core tools the golden plan does not call
    are left out (``OfflineGenerator`` prunes them once the plan is known; the spec says approximated where its plan
    calls more tools than the count)."""
    core = sum(len(load_registry()[d].tools) for d in knobs.domains if d in load_registry())
    if knobs.tool_count is None or knobs.tool_count >= core:
        return ""
    return (f"{'+'.join(knobs.domains)} has {core} core tools: those the task's golden plan does not call are left "
            f"out")


def _bound_clause(text: str, knobs: Knobs) -> Clause:
    """The clause of an upper bound on the tool count ("at most 6 tools"): honored where a task can meet it (the
    tools it cannot do without fit under it, :func:`fewest_tools`), approximated to them where they do not."""
    bound = tool_bound(text)
    least = fewest_tools(knobs)[0]
    most = tools_in_all(knobs)
    requirement = {"tool_count": bound, "bound": "at most"}
    if bound < least:
        return Clause(text, "tool_count", requirement, "approximated",
                      _under_needed_note(knobs))
    fewer = _fewer_note(knobs)
    return Clause(text, "tool_count", requirement, note=f"{'+'.join(knobs.domains)} has {most} tools in all"
                  if bound >= most else f"exactly {bound} tools are given" + (f"; {fewer}" if fewer else ""))


def _KNOB_WORDS(knobs: Knobs) -> list[tuple[list[str], str, dict[str, Any]]]:  # noqa: N802 - a table
    intensity = [f"{w} {x}" for w, _ in INTENSITY for x in ("easy", "easier", "hard", "harder", "ez")]
    return [
        ([*EASIEST, *HARDEST, *intensity, *EASY_WORDS, *HARD_WORDS, *MIDDLE], "difficulty",
         {"difficulty": knobs.difficulty}),
        (["sparse reward", "sparse rewards", "dense reward", "dense rewards", "shaped reward", "sparse", "sparser",
          "sparsely", "dense", "denser", "shaped", "reward", "rewards"], "reward_mode",
         {"reward_mode": knobs.reward_mode}),
        (["noisy", "noise", "unreliable", "flaky", "stochastic", *NOISELESS], "noise", {"noise": knobs.noise}),
        (["fully observable", "full observability", "partially observable", "partial observability", "hidden",
          "partial", "partially",
          "unobserved", "fog"], "observability", {"partial": knobs.partial}),
        (["add more tools", "more tools", "add tools", "extra tools", "larger toolset", "distractors", "distractor",
          "fewer tools", "remove tools", "only needed tools"], "tool_choice", {"more_tools": knobs.more_tools}),
        ([*LONGER, *SHORTER], "plan_length", {"length_bonus": knobs.length_bonus}),
    ]


# -- fidelity -------------------------------------------------------------------------------------------
def check_fidelity(spec: Any, reading: Reading) -> list[str]:
    """The honored requirements of ``reading`` that ``spec`` does not meet, in words (empty: all met)."""
    unmet: list[str] = []
    knobs = reading.knobs
    domains = [d for d in str(spec.meta.get("domain", "")).split("+") if d] or list(spec.tools.toolsets or ())
    named = any(c.kind == "domain" for c in reading.clauses)  # not when the domain was a fallback
    if named and domains and set(domains) != set(knobs.domains):
        unmet.append(f"domain: asked for {'+'.join(knobs.domains)}, the spec is {'+'.join(domains)}")
    if spec.reward.mode != knobs.reward_mode:
        unmet.append(f"reward mode: asked for {knobs.reward_mode}, the spec's is {spec.reward.mode}")
    noisy = bool(spec.task.fail_prob) or any(t.fail_prob for t in spec.tools.tools)
    if knobs.noise and not noisy:
        unmet.append("noise: asked for noisy tools, no tool can fail")
    hideable = any(load_registry()[d].hidden for d in knobs.domains if d in load_registry())
    if knobs.partial and not spec.task.hidden and hideable:  # else the reading already says unsupported
        unmet.append("partial observability: asked for hidden facts, none are hidden")
    reveal = {t for d in knobs.domains if d in load_registry() for t in load_registry()[d].needs_tools}
    if knobs.partial and spec.task.hidden and reveal and spec.golden_plan \
            and not reveal.intersection(label.split("(")[0] for label in spec.golden_plan):
        unmet.append(f"partial observability: facts are hidden, but the golden plan needs none of them revealed "
                     f"(it calls none of {sorted(reveal)})")
    if knobs.goal_target and len(spec.task.goal) != knobs.total_target:  # over capacity: approximated at reading
        unmet.append(f"goal count: asked for {knobs.total_target}, the spec has {len(spec.task.goal)}")
    unmet += _unmet_counts(spec, knobs) + _unmet_asked_counts(spec, knobs) + _unmet_calls(spec, knobs)
    plan_tools = {label.split("(")[0] for label in spec.golden_plan}
    implied = [c.requirement["tool"] for c in reading.clauses  # the world's own task (_world_task): no knob
               if c.kind == "operation" and c.requirement.get("implied") and c.status == "honored"]
    for tool in dict.fromkeys((*knobs.required_tools, *implied)):
        if not any(calls(called, tool) for called in plan_tools):
            unmet.append(f"operation: asked for {tool}, the golden plan does not call it")
    given = {c.name for c in spec.task.constraints}
    for name in knobs.constraints:
        if name not in given:
            unmet.append(f"constraint: asked for {name}, the spec does not enforce it")
    plan_floor = knobs.min_plan_length
    if knobs.length_bonus > 0 and spec.golden_plan and len(spec.golden_plan) < plan_floor:
        unmet.append(f"plan length: asked for longer tasks (>= {plan_floor} steps), the golden plan has "
                     f"{len(spec.golden_plan)}")
    if knobs.tool_count is not None:
        # past what the domains and their decoys have ("20 tools" where blocks has 14), or under what every task
        # needs, the nearest count (approximated at reading); a count the task's golden plan calls more tools than
        # is unmet here, so approximated in the spec
        registry = load_registry()
        least = fewest_tools(knobs)[0] if all(d in registry for d in knobs.domains) else 0
        most = most_tools(knobs)
        target = min(max(knobs.tool_count, least), most) if most else knobs.tool_count
        if len(spec.tools.tools) != target:
            unmet.append(f"tool count: asked for {target}, the spec has {len(spec.tools.tools)}")
    return unmet + _over_bound(spec, reading)


def _unmet_calls(spec: Any, knobs: Knobs) -> list[str]:
    """A count of calls ("change 2 flat tires": ``Knobs.call_count``) the spec's golden plan does not make: it calls
    the tool another number of times than the count aims at (``Knobs.call_target``)."""
    if knobs.call_count is None or not spec.golden_plan:
        return []
    tool, aim = knobs.call_count[1], knobs.call_target
    made = plan_calls(spec.golden_plan, tool)
    if made == aim:
        return []
    return [f"goal count: asked for {aim} calls of {tool} ({knobs.call_count[0]} counted), the golden plan calls it "
            f"{made} time{'' if made == 1 else 's'}"]


def _over_bound(spec: Any, reading: Reading) -> list[str]:
    """An honored upper bound on tools ("at most 6 tools") the spec breaks: any task with no more tools meets it."""
    bounds = [c.requirement["tool_count"] for c in reading.clauses
              if c.status == "honored" and c.requirement.get("bound") == "at most"]
    return [f"tool count: asked for at most {b}, the spec has {len(spec.tools.tools)}" for b in bounds
            if len(spec.tools.tools) > b]


def clauses_for(spec: Any, reading: Reading) -> list[dict[str, Any]]:
    """The reading's clauses as stored in a spec's meta: an honored clause the spec does not meet is
    ``approximated``, with what the spec gives as the note."""
    unmet = check_fidelity(spec, reading)
    out = []
    for clause in reading.clauses:
        d = clause.to_dict()
        prefix = {"goal_count": "goal count", "tool_count": "tool count", "reward_mode": "reward mode",
                  "domain": "domain", "noise": "noise", "observability": "partial observability",
                  "constraint": "constraint", "plan_length": "plan length",
                  "operation": f"operation: asked for {clause.requirement.get('tool')},"}.get(clause.kind)
        miss = next((u for u in unmet if prefix and u.startswith(prefix)), None)
        undo = clause.requirement.get("undo") if clause.kind == "operation" else None
        if miss is None and undo:  # "reschedule": its undo tool is asked for too (unschedule, then schedule)
            miss = next((u for u in unmet if u.startswith(f"operation: asked for {undo},")), None)
        if clause.kind == "goal_count" and reading.knobs.more_counts:  # several counts: what this one's type misses
            miss = _count_miss(unmet, clause, reading.knobs)
        if miss and clause.status == "honored":
            d["status"], d["note"] = "approximated", miss
        elif miss and clause.status == "approximated":  # known at reading: say what this spec gives too
            d["note"] = f"{clause.note}; {miss}"
        out.append(d)
    return out


_WARNED: set[str] = set()


def enforce(reading: Reading, *, strict: bool) -> None:
    """``strict``: an unsupported clause is a :class:`DirectiveError`; otherwise warn once per directive."""
    bad = reading.unsupported
    if not bad:
        return
    listed = "; ".join(f"'{c.text}' ({c.kind}: {c.note})" for c in bad)
    if strict:
        raise DirectiveError(f"strict=True: the offline generator cannot honor every clause of "
                             f"{reading.directive!r}: {listed}")
    if reading.directive not in _WARNED:
        _WARNED.add(reading.directive)
        warnings.warn(f"directive {reading.directive!r}: not honored: {listed} (recorded in "
                      f"spec.meta['interpretation']['clauses']; strict=True makes this an error)", stacklevel=3)
