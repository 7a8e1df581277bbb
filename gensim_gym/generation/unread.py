"""The reader's safety net: a part of a directive no recognizer read is given the clause kind it most likely meant.

A word no recognizer claims and that is no filler becomes an ``unrecognized`` clause (``reading.read_directive``).
That says something was not read, but not what it was about, and a requirement the user wrote in words the reader
does not know ("the tools misbehave sporadically", "give it a generous clock") then has no clause of its kind at all.
Here each such span is classified by cheap cues into the kind it most likely asks for, in this order (round 6):

- a frequency or a failure ("sporadically", "misbehaves") → ``noise`` (``noise=True``, or ``False`` after a
  negator);
- a word of time or haste ("clock", "minutes", "pace") → ``time_pressure``;
- a word of reward ("points", "bonus", "payoff") → ``reward_mode``;
- a word of seeing or hiding ("visible", "peek", "blind") → ``observability``;
- a count ("3", "five") → ``goal_count`` (that number);
- a negation, "never", "only", "must" → ``constraint``;
- a word of difficulty ("tricky", "brutal", "trivial") → ``difficulty``.

The clause is *unsupported* with the note "not understood", so nothing is claimed and nothing is dropped; a span
with no cue stays ``unrecognized``. Verbs need no cue here: every verb is already an operation clause.
"""

from __future__ import annotations

import re
from typing import Any

from gensim_gym.generation.cues import (
    FAILURE,
    FAULTY,
    FREQUENCY,
    HASTE,
    HIDE_VERB,
    REWARD_WORD,
    SEEING,
    TIME_PRESSURE,
    TIME_RESOURCE,
)
from gensim_gym.generation.directive import COUNT_UNITS, NEGATOR
from gensim_gym.generation.lexicon import NUMBER, noun_lemma, number_value

NOT_UNDERSTOOD = "not understood by the offline reader"

_NOISE = rf"{FREQUENCY}|{FAILURE}|{FAULTY}|random\w*|chances?|probabilit\w+|luck\w*|unpredictabl\w+|misbehav\w*"
_TIME = (rf"{TIME_RESOURCE}|{TIME_PRESSURE}|{HASTE}|pace|paced|slow\w*|seconds?|minutes?|hours?|patien\w+|waits?"
         r"|waiting|late|later|early|soon|asap|immediately|instantly|timer|timed|deadline\w*|hurr\w+|rush\w*")
_REWARD = rf"{REWARD_WORD}|points?|scores?|scoring|bonus\w*|penalt\w+|penali[sz]\w+|feedback|payments?|prizes?"
#: (not the adjectives of hiding alone: "private meetings", "unknown customers" say nothing of what the agent sees)
_SEEN = (rf"{SEEING}|{HIDE_VERB}|see|sees|seen|seeing|visible|invisible|hidden|peek\w*|blind\w*|reveal\w*"
         r"|observ\w+|glimpse\w*|fog\w*")
_RULE = rf"{NEGATOR}|only|must|always|forbid\w*|allow\w*|permit\w*|rules?|mustn't|shouldn't|can't|cannot|may not"
_DIFFICULTY = (r"tricky|trickier|brutal|trivial|basic|advanced|novice|beginners?|demanding|punishing|gentle|mild"
               r"|intense|hardcore|casual|moderately|difficulty|complicated|straightforward|elementary|nightmare")
#: The cues, in the order they are tried: the first kind with a cue in the span wins.
CUES: tuple[tuple[str, re.Pattern[str]], ...] = tuple((kind, re.compile(rf"\b(?:{words})\b")) for kind, words in (
    ("noise", _NOISE), ("time_pressure", _TIME), ("reward_mode", _REWARD), ("observability", _SEEN),
    ("goal_count", NUMBER), ("constraint", _RULE), ("difficulty", _DIFFICULTY)))
#: Nouns that name a rank or stage by a number after them ("tier 2", "priority 1", "phase 3"): round 7.
RANK_NOUNS = r"tier|stage|phase|priority|grade|rank|band"
_NEGATED = re.compile(rf"\b(?:{NEGATOR}|never|rarely|seldom)\b")
#: A failure's participle used as an adjective before a noun ("a broken-down car", "a jammed door", "a crashed
#: van"), group 1 the noun: the state a thing of the world is in, not a tool failing now and then (round 33).
_STATE_BEFORE_NOUN = re.compile(r"(?:[a-z]+(?:en|ed)|lost|broke)(?:-(?:down|up|in|out|off))?\s+([a-z]{3,})\b")
#: Nouns of what acts for the agent, whose failure is noise however it is said ("a broken gripper").
_ACTING_NOUNS = frozenset({"tool", "tools", "gripper", "grippers", "arm", "arms", "hand", "hands", "api", "apis",
                           "sensor", "sensors", "scanner", "scanners", "machine", "machines", "device", "devices",
                           "system", "systems", "service", "services", "server", "servers", "network", "connection",
                           "connections", "robot", "robots", "bot", "bots", "actuator", "actuators", "motor", "motors",
                           "hardware", "software", "equipment", "interface", "interfaces", "calls", "actions",
                           "moves", "steps", "requests", "responses"})


def likely_kind(text: str) -> tuple[str, dict[str, Any], str] | None:
    """``(kind, requirement, cue)`` for a span no recognizer read, by the first cue found in it (see the module
    docstring), or None where it has none. The requirement carries a value only where the cue decides it: the
    number of a count, noise on or off."""
    for kind, pattern in CUES:
        m = pattern.search(text)
        if m is None:
            continue
        requirement: dict[str, Any] = {}
        if kind == "noise" and all(_names_state(text, n) for n in pattern.finditer(text)):
            continue
        if kind == "goal_count":
            if re.match(r"-|x\d", text[m.end():]):  # "two-handed", "3x3": an adjective, no count
                continue
            if re.search(rf"\b(?:{RANK_NOUNS})\s+$", text[:m.start()]):  # "tier 2": a rank's name, no count
                continue
            unit = re.match(r"\s*(%|[a-z]+)", text[m.end():])
            if unit and noun_lemma(unit.group(1)) in COUNT_UNITS | {"trie", "%", "percent"}:  # "3 tries": no goal items
                continue
            requirement = {"goal_count": number_value(m.group(0)), "type": None}
        elif kind == "noise":
            requirement = {"noise": _NEGATED.search(text) is None}
        return kind, requirement, m.group(0)
    return None


def _names_state(text: str, cue: re.Match[str]) -> bool:
    """Whether a noise ``cue`` in ``text`` is a failure's participle before a noun it describes ("broken-down car":
    :data:`_STATE_BEFORE_NOUN`): the state of a thing of the world, no chance of failing; a noun of what acts for the
    agent (:data:`_ACTING_NOUNS`: "a broken gripper") still fails as noise. Round 33."""
    m = _STATE_BEFORE_NOUN.match(text, cue.start())
    return m is not None and m.start() == cue.start() and not m.group(1).endswith("ly") \
        and m.group(1) not in _ACTING_NOUNS
