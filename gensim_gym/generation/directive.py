"""Reading a natural-language directive into generator knobs.

The offline generator understands a small, documented vocabulary (see the
README): domain words, "easy"/"hard", "N tools", "more/fewer tools",
"longer/shorter tasks", "sparse"/"dense reward", "noisy", "hidden"/"partial".
Every interpretation it makes is written down in ``Knobs.notes`` and stored in
the spec's metadata, so a user can see how their words were read.

This module holds the knobs and the one function that fills them; each kind of
reading lives in a module of its own, named by what it reads, and its public
names are re-exported here so callers keep importing them from one place:

- :mod:`~gensim_gym.generation.domain_choice`: which world(s) a directive asks for,
  from the evidence :mod:`~gensim_gym.generation.evidence` finds for each;
- :mod:`~gensim_gym.generation.modifiers`: knob phrases (reward, noise, observability,
  time pressure, tool counts);
- :mod:`~gensim_gym.generation.difficulty`: difficulty and plan-length words;
- :mod:`~gensim_gym.generation.counts`: how many goal conditions, about what;
- :mod:`~gensim_gym.generation.operations`: the tools a directive's verbs ask for;
- :mod:`~gensim_gym.generation.rules`: rule phrases and the constraints they turn on;
- :mod:`~gensim_gym.generation.wording`: matching helpers all of them share.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields

from gensim_gym.errors import DirectiveError, did_you_mean
from gensim_gym.generation.counts import (
    COUNT_UNITS,
    MAX_GOAL_COUNT,
    call_count_most,
    count_targets,
    counted_phrases,
    goal_capacity,
    goal_counted,
    operation_counts,
    read_call_count,
    read_goal_count,
    read_more_counts,
    unnumbered_names,
)
from gensim_gym.generation.difficulty import (
    EASIEST,
    EASY_WORDS,
    HARD_WORDS,
    HARDEST,
    INTENSITY,
    LONGER,
    MIDDLE,
    SHORTER,
    pick_knob,
    said_knob,
    shift_difficulty,
)
from gensim_gym.generation.domain_choice import COMPOSED, DEFAULT_DOMAIN, JOINING, choose_domains
from gensim_gym.generation.evidence import domain_evidence, keyword_pattern
from gensim_gym.generation.exercise_sheet import frame_words, setup_spans
from gensim_gym.generation.modifiers import (
    KNOB_PHRASES,
    NEGATOR,
    NOISELESS,
    SET_DIFFICULTY,
    TIME_WORDS,
    TOOL_COUNT,
    acting_phrases,
    bounded_tools,
    difficulty_value,
    knob_phrases,
    tool_bound,
    tool_count_of,
)
from gensim_gym.generation.operations import (
    LOOSE_OPERATIONS,
    OPERATIONS,
    loose_elsewhere,
    name_verbs,
    required_tools,
    undo_tool,
)
from gensim_gym.generation.rules import (
    CONSTRAINT_PHRASE,
    built_in_order,
    built_in_qualifiers,
    forbidding_rules,
    read_constraints,
    rule_phrases,
    rule_templates_at,
)
from gensim_gym.generation.spelling import mendings, spelled, taken_back
from gensim_gym.generation.wording import masked, verb_pattern

__all__ = [
    "COMPOSED", "CONSTRAINT_PHRASE", "COUNT_UNITS", "DEFAULT_DOMAIN", "EASIEST", "EASY_WORDS", "HARDEST", "HARD_WORDS",
    "INTENSITY", "JOINING", "KNOB_PHRASES", "LONGER", "LOOSE_OPERATIONS", "MAX_DIRECTIVE_CHARS", "MAX_GOAL_COUNT",
    "MIDDLE", "NEGATOR", "NOISELESS", "ON_UNKNOWN", "OPERATIONS", "SHORTER", "TIME_WORDS", "TOOL_COUNT", "Knobs",
    "built_in_order", "built_in_qualifiers", "counted_phrases", "domain_evidence", "forbidding_rules",
    "goal_capacity", "goal_counted", "keyword_pattern", "knob_phrases", "loose_elsewhere", "masked", "name_verbs",
    "parse_directive", "rule_phrases", "rule_templates_at", "tool_bound", "tool_count_of", "undo_tool",
    "unnumbered_names", "verb_pattern",
]

MAX_DIRECTIVE_CHARS = 2000


@dataclass(frozen=True)
class Knobs:
    """What the generator was asked for."""

    domains: tuple[str, ...]
    difficulty: float
    reward_mode: str = "dense"
    noise: bool = False
    partial: bool | None = None
    more_tools: int = 0
    tool_count: int | None = None
    length_bonus: int = 0
    notes: tuple[str, ...] = field(default_factory=tuple)
    goal_count: int | None = None  # "three meetings": exactly this many goal conditions ...
    goal_type: str | None = None  # ... each about another object of this type (None: any goal conditions)
    horizon_slack: str | None = None  # "tight" (plan + 1) or "loose" (2 x plan + 2); None: the usual slack
    required_tools: tuple[str, ...] = ()  # "back up ..., then remove ...": the golden plan calls each of these
    constraints: tuple[str, ...] = ()  # "without double-booking anyone": the toolsets' constraint templates to turn on
    # "refund 1 order and then delete 1 old file": (count, object type) of each goal count besides the first, each
    # of another type (counts.more_goal_counts); the goal then has that many more conditions, about distinct objects
    more_counts: tuple[tuple[int, str], ...] = ()
    # "change 2 flat tires": (count, tool) of a count of a thing a fact without arguments is about that counts calls
    # of a tool (counts.read_call_count, Toolset.call_counts): the golden plan calls the tool exactly that many times
    call_count: tuple[int, str] | None = None

    @property
    def goal_target(self) -> int | None:
        """The goal count a task is generated with: ``goal_count``, or the nearest a task of these domains
        holds ("eight meetings" where a task has 3: 3; the reading marks that clause approximated)."""
        if self.goal_count is None:
            return None
        return min(self.goal_count, goal_capacity(self.domains, self.goal_type))

    @property
    def counted(self) -> tuple[tuple[int, str | None], ...]:
        """``(conditions aimed at, object type)`` of every goal count, the first (``goal_target``, ``goal_type``)
        first: each capped to what a task holds of its type and to the goal slots left (``counts.count_targets``);
        empty without a count."""
        if self.goal_count is None:
            return ()
        asked = [(self.goal_count, self.goal_type), *self.more_counts]
        return tuple((aim, kind) for aim, (_, kind) in zip(count_targets(self.domains, asked), asked, strict=True))

    @property
    def total_target(self) -> int:
        """The goal conditions all the counts aim at together (``goal_target`` for one count; 0 for none)."""
        return sum(aim for aim, _ in self.counted)

    @property
    def call_target(self) -> int | None:
        """The calls of ``call_count``'s tool a task's golden plan makes: the count, or the most a task of these
        domains needs (:attr:`Toolset.call_counts`' ``most``; the reading marks the clause approximated)."""
        if self.call_count is None:
            return None
        count, tool = self.call_count
        return min(count, call_count_most(self.domains, tool) or count)

    @property
    def min_plan_length(self) -> int:
        """Shortest plan a task may have: 2 at difficulty 0, 6 at 1, plus the directive's length bonus."""
        return max(2, round(1 + 5 * self.difficulty) + self.length_bonus)

    def to_dict(self) -> dict:
        """The knobs as a JSON-ready dict, in field order (what ``asdict`` gives; every field is a scalar, a tuple
        of strings or, ``more_counts``, of ``(count, type)`` pairs, so no deep copy is needed, and generation records
        this in every spec's meta). ``more_counts`` only where set: a one-count spec's meta is as it always was."""
        out = {f.name: getattr(self, f.name) for f in fields(self)}
        if not self.more_counts:  # so a task of one count is recorded (and its spec id made) as it always was
            del out["more_counts"]
        if self.call_count is None:  # likewise a task counting no calls
            del out["call_count"]
        return {k: [list(x) if isinstance(x, tuple) else x for x in v] if isinstance(v, tuple) else v
                for k, v in out.items()}



ON_UNKNOWN = ("error", "fallback")


def parse_directive(directive: str, difficulty: float = 0.5, *, on_unknown: str = "error") -> Knobs:
    """Interpret ``directive`` (with the requested ``difficulty`` in [0, 1]) as generator knobs.

    A directive that names no known domain raises :class:`DirectiveError` (``on_unknown="error"``, the
    default: the offline generator cannot make up a domain, and silently playing warehouse tasks for
    "navigate a maze" hid that); ``on_unknown="fallback"`` plays :data:`DEFAULT_DOMAIN` with a warning.
    """
    _check_inputs(directive, difficulty)
    if on_unknown not in ON_UNKNOWN:
        raise DirectiveError(f"on_unknown must be one of {', '.join(map(repr, ON_UNKNOWN))}, got {on_unknown!r}"
                             f"{did_you_mean(str(on_unknown), ON_UNKNOWN)}")
    full = spelled(directive.lower())  # misspelt keywords mended (round 43: "calender", "dont")
    notes: list[str] = [f"read '{typed}' as '{read}' (spelling)" for typed, read in mendings(directive.lower())]
    if dropped := taken_back(directive.lower()):  # round 49: "2, no wait, 4 meetings", "not the warehouse, the shop"
        notes.append(f"taken back or ruled out, so not read: {' '.join(dropped)!r}")
    if frame := frame_words(directive.lower()):  # round 55: "Exercise 3.", "Part (b):", "(5 points)"
        notes.append(f"an exercise sheet's or a scenario's labels and marks, so not read: {' '.join(frame)!r}")
    domains = choose_domains(full, notes, on_unknown)
    phrases = knob_phrases(full)
    said = {kind: (value, full[a:b]) for a, b, kind, value in reversed(phrases)}  # the first phrase of a kind
    text = masked(full, phrases)  # the other recognizers read what the knob phrases left
    d = shift_difficulty(text, float(difficulty), notes)
    if "difficulty" in said:
        shift, words = said["difficulty"]
        if shift == SET_DIFFICULTY:  # "difficulty: 0.8" (round 53): the difficulty itself
            d = difficulty_value(str(words))
            notes.append(f"'{words}' sets difficulty to {d:.2f}")
        else:
            d = min(1.0, max(0.0, d + float(shift)))  # type: ignore[arg-type]
            notes.append(f"'{words}' shifts difficulty by {float(shift):+.2f} to {d:.2f}")  # type: ignore[arg-type]
    mode = said_knob(said, "reward_mode", notes) if "reward_mode" in said else pick_knob(text, notes, "dense", [
        (("sparse", "sparser", "sparsely"), "sparse", "sparse reward: success only, no progress shaping or step cost"),
        (("dense", "denser", "shaped"), "dense", "dense reward: potential-based progress shaping and step cost")])
    noise = said_knob(said, "noise", notes) if "noise" in said else pick_knob(text, notes, False, [
        (("noisy", "noise", "unreliable", "flaky", "stochastic"), True,
         "noisy: tool calls fail with a probability that grows with difficulty"),
        (NOISELESS, False, "deterministic: tool calls never fail")])
    partial: bool | None = said_knob(said, "partial", notes) if "partial" in said else pick_knob(text, notes, None, [
        (("hidden", "partial", "partially", "unobserved", "fog"), True,
         "partial observability: some facts are hidden until a tool reveals them"),
        (("fully observable", "full observability"), False, "")])
    more = said_knob(said, "tool_choice", notes) if "tool_choice" in said else pick_knob(text, notes, 0, [
        (("more tools", "add tools", "add more tools", "extra tools", "larger toolset", "distractor", "distractors"), 2,
         "more tools: two extra distractor tools per domain"),
        (("fewer tools", "remove tools", "only needed tools"), -99, "fewer tools: no distractor tools")])
    counted_tools = tool_count_of(text)
    tool_count = counted_tools[2] if counted_tools else None
    if tool_count is not None:
        notes.append(f"{tool_count} tools requested (core tools are always kept)")
    elif "tool_bound" in said:
        tool_count = bounded_tools(tool_bound(str(said["tool_bound"][1])), domains, notes)
    # a count inside a rule ("don't let anyone attend two meetings at once") counts no goals
    counting = masked(text, forbidding_rules(text))
    # read once for both; a count in a scenario's "Given" steps is what the world starts with (round 57)
    counts = goal_counted(counted_phrases(counting, domains, text), domains, setup_spans(directive.lower()))
    goal_count, goal_type = read_goal_count(counting, domains, notes, text, counts)
    more_counts = read_more_counts(counting, domains, notes, text, counts)
    constraints = read_constraints(text, domains, notes)
    # a verb inside a constraint ("never delete the backups") forbids the operation; it does not ask for it
    # ... and one inside what a sparse reward waits for asks for it ("paid only once every square is visited")
    acts = masked(full, acting_phrases(full, phrases))
    required = required_tools(masked(acts, forbidding_rules(acts)), domains, notes)
    more_counts += operation_counts(required, goal_type, more_counts, domains, notes)
    call_count = read_call_count(counting, domains, notes, counts)  # "change 2 flat tires": 2 calls of change_tire
    slack = None
    if "time_pressure" in said:
        slack = str(said["time_pressure"][0])
        notes.append(f"'{said['time_pressure'][1]}': " + ("time pressure: the horizon is the shortest plan + 1 step"
                     if slack == "tight" else "plenty of time: the horizon is twice the shortest plan + 2 steps"))
    bonus = 2 if "plan_length" in said else pick_knob(text, notes, 0, [
        (LONGER, 2, "longer tasks: the minimum plan length grows by 2"),
        (SHORTER, -1, "shorter tasks: the minimum plan length shrinks by 1")])
    if "plan_length" in said:
        notes.append(f"'{said['plan_length'][1]}': longer tasks: the minimum plan length grows by 2")
    return Knobs(tuple(domains), round(d, 4), mode, noise, partial, more, tool_count, bonus, tuple(notes),
                 goal_count, goal_type, slack, required, constraints, more_counts, call_count)



def _check_inputs(directive: object, difficulty: object) -> None:
    if not isinstance(directive, str) or not directive.strip():
        raise DirectiveError("directive must be a non-empty string, e.g. 'warehouse tasks, easy'")
    if len(directive) > MAX_DIRECTIVE_CHARS:
        raise DirectiveError(f"directive is {len(directive)} characters; at most {MAX_DIRECTIVE_CHARS} are allowed")
    if not isinstance(difficulty, int | float) or not 0.0 <= float(difficulty) <= 1.0:
        raise DirectiveError(f"difficulty must be a number in [0, 1], got {difficulty!r}")


