"""Reading a natural-language directive into generator knobs.

The offline generator understands a small, documented vocabulary (see the
README): domain words, "easy"/"hard", "N tools", "more/fewer tools",
"longer/shorter tasks", "sparse"/"dense reward", "noisy", "hidden"/"partial".
Every interpretation it makes is written down in ``Knobs.notes`` and stored in
the spec's metadata, so a user can see how their words were read.
"""

from __future__ import annotations

import re
import warnings
from dataclasses import dataclass, field, fields

from gensim_gym.errors import DirectiveError, did_you_mean
from gensim_gym.generation.toolsets import corpus_note, get_toolset, load_registry

DEFAULT_DOMAIN = "warehouse"
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

    @property
    def min_plan_length(self) -> int:
        """Shortest plan a task may have: 2 at difficulty 0, 6 at 1, plus the directive's length bonus."""
        return max(2, round(1 + 5 * self.difficulty) + self.length_bonus)

    def to_dict(self) -> dict:
        """The knobs as a JSON-ready dict, in field order (what ``asdict`` gives; every field is a scalar or
        a tuple of strings, so no deep copy is needed, and generation records this in every spec's meta)."""
        out = {f.name: getattr(self, f.name) for f in fields(self)}
        return {k: list(v) if isinstance(v, tuple) else v for k, v in out.items()}


_NUMBER_WORDS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9,
                 "ten": 10, "eleven": 11, "twelve": 12}


def _count(text: str, noun: str) -> int | None:
    match = re.search(rf"\b(\d+|{'|'.join(_NUMBER_WORDS)})\s+{noun}s?\b", text)
    if not match:
        return None
    word = match.group(1)
    return int(word) if word.isdigit() else _NUMBER_WORDS[word]


def _has(text: str, *patterns: str) -> bool:
    return any(re.search(rf"\b{p}\b", text) for p in patterns)


#: Operation words that are nouns as often as verbs: matched as written ("backups" is no request to back up).
_UNINFLECTED = frozenset({"backup", "coupon", "cart", "copies"})


def verb_pattern(verb: str) -> str:
    """A regex for ``verb`` and its regular inflections, so operations are read in the forms people write:
    "escalate" also matches escalates / escalated / escalating, "copy" copies / copied, "drop" drops /
    dropped, "back up" backs up / backed up. A multi-word verb inflects its first word."""
    head, _, tail = verb.partition(" ")
    rest = rf"\s+{re.escape(tail)}" if tail else ""
    if verb in _UNINFLECTED:
        forms = re.escape(head)
    elif head.endswith("e"):
        forms = rf"{head[:-1]}(?:e|es|ed|ing)"
    elif head.endswith("y") and head[-2:-1] not in ("a", "e", "i", "o", "u"):
        forms = rf"{head[:-1]}(?:y|ies|ied|ying)"
    elif re.fullmatch(r".*[^aeiou][aeiou][bdglmnprt]", head):  # drop -> dropped, cancel -> cancelled
        forms = rf"{head}(?:s|ed|ing|{head[-1]}ed|{head[-1]}ing)?"
    else:
        forms = rf"{head}(?:s|es|ed|ing)?"
    return rf"\b{forms}{rest}\b"


ON_UNKNOWN = ("error", "fallback")
NOISELESS = ("deterministic", "noiseless", "no noise", "reliable")
#: Time-pressure words by the horizon slack they ask for (the reader's clauses use the same table).
TIME_WORDS = {"tight": ("tight deadline", "quick deadline", "short deadline", "strict deadline", "tight time",
                        "little time", "in a hurry", "hurry", "quickly", "urgent", "urgently"),
              "loose": ("plenty of time", "no rush", "lots of time", "take your time", "take their time")}


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
    text = directive.lower()
    notes: list[str] = []
    domains = _domains(text, notes, on_unknown)
    d = _shift_difficulty(text, float(difficulty), notes)
    mode = _pick(text, notes, "dense", [
        (("sparse", "sparser", "sparsely"), "sparse", "sparse reward: success only, no progress shaping or step cost"),
        (("dense", "denser", "shaped"), "dense", "dense reward: potential-based progress shaping and step cost")])
    noise = _pick(text, notes, False, [(("noisy", "noise", "unreliable", "flaky", "stochastic"), True,
                                        "noisy: tool calls fail with a probability that grows with difficulty"),
                                       (NOISELESS, False, "deterministic: tool calls never fail")])
    partial: bool | None = _pick(text, notes, None, [
        (("hidden", "partial", "partially", "unobserved", "fog"), True,
         "partial observability: some facts are hidden until a tool reveals them"),
        (("fully observable", "full observability"), False, "")])
    more = _pick(text, notes, 0, [
        (("more tools", "add tools", "add more tools", "extra tools", "larger toolset", "distractor", "distractors"), 2,
         "more tools: two extra distractor tools per domain"),
        (("fewer tools", "remove tools", "only needed tools"), -99, "fewer tools: no distractor tools")])
    tool_count = _count(text, "tool")
    if tool_count is not None:
        notes.append(f"{tool_count} tools requested (core tools are always kept)")
    goal_count, goal_type = _goal_count(text, domains, notes)
    constraints = _constraints(text, domains, notes)
    # a verb inside a constraint ("never delete the backups") forbids the operation; it does not ask for it
    required = _required_tools(CONSTRAINT_PHRASE.sub(" ", text), domains, notes)
    slack = _pick(text, notes, None, [
        (TIME_WORDS["tight"], "tight", "time pressure: the horizon is the shortest plan + 1 step"),
        (TIME_WORDS["loose"], "loose", "plenty of time: the horizon is twice the shortest plan + 2 steps")])
    bonus = _pick(text, notes, 0, [
        (("longer", "long", "complex", "complexity", "more steps", "multi-step"), 2,
         "longer tasks: the minimum plan length grows by 2"),
        (("shorter", "short", "fewer steps"), -1, "shorter tasks: the minimum plan length shrinks by 1")])
    return Knobs(tuple(domains), round(d, 4), mode, noise, partial, more, tool_count, bonus, tuple(notes),
                 goal_count, goal_type, slack, required, constraints)


#: Nouns a user counts goals in, per object type of the registry (plural forms add "s"/"es"); "goals" and
#: "tasks"-like words count goal conditions of any kind.
_COUNTED = {"item": ("crate", "box", "item", "package", "parcel", "pallet"), "product": ("product", "item", "purchase"),
            "meeting": ("meeting", "appointment", "event"), "file": ("file", "document", "report", "log", "draft"),
            "order": ("order", "refund", "ticket", "case", "request")}
_ANY_GOAL = ("goal", "objective", "condition")
MAX_GOAL_COUNT = 8  # a layout's goal-status slots (Layout.max_goals)


def _goal_count(text: str, domains: list[str], notes: list[str]) -> tuple[int | None, str | None]:
    """``(count, object type)`` from "three meetings", "5 crates", "2 goals" (the type of the chosen domains
    whose noun is counted; None for goal words), or ``(None, None)``."""
    types = {t.name for name in domains for t in get_toolset(name).types}
    for match in re.finditer(rf"\b(\d+|{'|'.join(_NUMBER_WORDS)})\s+([a-z]+)\b", text):
        count = int(match.group(1)) if match.group(1).isdigit() else _NUMBER_WORDS[match.group(1)]
        word = match.group(2)
        nouns = {word, word.removesuffix("s"), word.removesuffix("es")}  # "crates", "boxes", "meeting"
        kind = next((t for t, counted in _COUNTED.items() if t in types and nouns & set(counted)), None)
        if kind is None and not nouns & set(_ANY_GOAL):
            continue
        if not 1 <= count <= MAX_GOAL_COUNT:
            raise DirectiveError(f"'{match.group(0)}': at most {MAX_GOAL_COUNT} goal conditions per task "
                                 f"(and at least 1)")
        notes.append(f"'{match.group(0)}': exactly {count} goal conditions"
                     + (f", each about another {kind}" if kind else ""))
        return count, kind
    return None, None


#: Verbs that ask for an operation, per domain: the tool a golden plan must then call. A domain's own
#: activity ("schedule", "buy", "refund") is listed too: "refund 2 orders" asks for refunds, not for any
#: two support goals.
OPERATIONS = {
    "filesystem": {"copy": "copy_file", "copies": "copy_file", "back up": "copy_file", "backup": "copy_file",
                   "remove": "delete_file", "delete": "delete_file", "move": "move_file", "chmod": "chmod_writable",
                   "organise": "move_file", "organize": "move_file"},
    "warehouse": {"pick": "pick", "drop": "drop", "move": "drop", "store": "drop", "deliver": "drop"},
    "webshop": {"inspect": "inspect", "coupon": "apply_coupon", "buy": "checkout", "purchase": "checkout",
                "cart": "add_to_cart"},
    "calendar": {"book": "book_room", "invite": "invite", "confirm": "confirm_attendance", "schedule": "schedule"},
    "support": {"cancel": "cancel_order", "escalate": "escalate", "verify": "verify_identity",
                "update": "update_address", "refund": "refund_order"},
}


#: A phrase that states a rule rather than a task: "without double-booking anyone", "never delete the
#: backups", "must not escalate", "stay within budget", "only for verified customers" (up to the next comma or
#: stop).
CONSTRAINT_PHRASE = re.compile(
    r"\b(without|never|no more than|don't|do not|not allowed to|(?:must|should|may|shall|can|will|does) not|mustn't"
    r"|shouldn't|can't|cannot|won't|doesn't|forbid\w*|prohibit\w*|no \w+ (?:allowed|permitted)"
    r"|(?:stay |keep |remain )?within (?:the |a |our )?budget"
    r"|(?:stay |keep |remain )?under budget"
    r"|(?:on a|tight|limited|fixed) budget|double[- ]?book\w*|only (?:if|when|for|to|under)|respect\w*|avoid\w*)\b"
    r"[^,;.]*")


def _constraints(text: str, domains: list[str], notes: list[str]) -> tuple[str, ...]:
    """The constraint templates (see ``toolsets.ConstraintTemplate``) the directive's rule phrases name."""
    names: list[str] = []
    for match in CONSTRAINT_PHRASE.finditer(text):
        for domain in domains:
            for template in get_toolset(domain).constraints:
                if template.name not in names and template.named_in(match.group(0)):
                    names.append(template.name)
                    notes.append(f"'{match.group(0).strip()}': constraint {template.name} "
                                 f"({template.constraint.describe()})")
    return tuple(names)


def _required_tools(text: str, domains: list[str], notes: list[str]) -> tuple[str, ...]:
    """The tools the directive's operation verbs ask the golden plan to call (see :data:`OPERATIONS`)."""
    tools: list[str] = []
    for name in domains:
        for verb, tool in OPERATIONS.get(name, {}).items():
            if re.search(verb_pattern(verb), text) and tool not in tools:
                tools.append(tool)
                notes.append(f"'{verb}': the golden plan calls {tool}")
    return tuple(tools)


def _check_inputs(directive: object, difficulty: object) -> None:
    if not isinstance(directive, str) or not directive.strip():
        raise DirectiveError("directive must be a non-empty string, e.g. 'warehouse tasks, easy'")
    if len(directive) > MAX_DIRECTIVE_CHARS:
        raise DirectiveError(f"directive is {len(directive)} characters; at most {MAX_DIRECTIVE_CHARS} are allowed")
    if not isinstance(difficulty, int | float) or not 0.0 <= float(difficulty) <= 1.0:
        raise DirectiveError(f"difficulty must be a number in [0, 1], got {difficulty!r}")


#: Words before "easy"/"hard" that scale its ±0.3 shift ("very hard" is harder than "hard").
_INTENSITY = (("extremely", 2.0), ("super", 2.0), ("very", 1.5), ("really", 1.5), ("slightly", 0.5),
              ("somewhat", 0.5), ("moderately", 0.5), ("a bit", 0.5), ("a little", 0.5))
#: Words that name the middle of the range outright ("moderate difficulty"): difficulty 0.5.
MIDDLE = ("moderate", "medium", "intermediate")


def _shift_difficulty(text: str, d: float, notes: list[str]) -> float:
    """"easy" words lower the requested difficulty by 0.3, "hard" words raise it (clipped to [0, 1]); an
    intensity word right before one scales the shift (:data:`_INTENSITY`); a :data:`MIDDLE` word sets 0.5 first."""
    if _has(text, *MIDDLE):
        d = 0.5
        notes.append(f"'{next(w for w in MIDDLE if _has(text, w))}' sets difficulty to 0.50")
    for words, shift in ((("easy", "easier", "simple", "simpler", "beginner"), -0.3),
                         (("hard", "harder", "difficult", "challenging", "expert"), +0.3)):
        if _has(text, *words):
            word = next(w for w in words if _has(text, w))
            scale, said = 1.0, word
            for modifier, factor in _INTENSITY:
                if re.search(rf"\b{modifier}\s+{word}\b", text):
                    scale, said = factor, f"{modifier} {word}"
                    break
            d = min(1.0, max(0.0, d + shift * scale))
            amount = f"{shift:+.1f}" if scale == 1.0 else f"{shift * scale:+.2f}"  # unscaled: as before
            notes.append(f"'{said}' shifts difficulty by {amount} to {d:.2f}")
    return d


def _pick(text: str, notes: list[str], default, choices):
    """The value of the first ``(words, value, note)`` choice with a word in ``text`` (noting it), else ``default``."""
    for words, value, note in choices:
        if _has(text, *words):
            if note:
                notes.append(note)
            return value
    return default


def _domains(text: str, notes: list[str], on_unknown: str) -> list[str]:
    registry = load_registry()
    explicit = re.search(r"\bdomains?\s*[:=]\s*([a-z_, ]+)", text)
    if explicit:
        names = _explicit_domains(explicit.group(1), registry)
        notes.append(f"domains named explicitly: {', '.join(names)}")
        return names
    found = _scored_domains(text, registry, notes)
    if not found:
        if on_unknown == "error":
            raise DirectiveError(
                f"the directive names no domain the offline generator knows; known domains: {', '.join(registry)} "
                f"(name one, or write 'domain: NAME'). Other ways forward: backend='openai' (an LLM writes any "
                f"domain), a toolset of your own in the registry, or on_unknown='fallback' to play "
                f"{DEFAULT_DOMAIN} tasks with a warning{corpus_note()}")
        warnings.warn(f"directive names no known domain; using {DEFAULT_DOMAIN!r}. "
                      f"Domains: {', '.join(registry)} (or write 'domain: NAME')", stacklevel=3)
        notes.append(f"no domain word found: fell back to {DEFAULT_DOMAIN}")
        return [DEFAULT_DOMAIN]
    return found


#: Keywords too common to choose a domain on their own ("look things up with a search tool" is not a
#: shopping task, "under the store's policy" alone is no support ticket): they add to a domain's score
#: but a domain needs one other keyword to be chosen.
_WEAK_KEYWORDS = frozenset({"search", "policy", "policies", "store", "customer", "customers"})


def _scored_domains(text: str, registry: dict, notes: list[str]) -> list[str]:
    """The domains whose keywords the directive uses most (ties: all of them, a multi-domain task); one
    incidental keyword of another domain does not add it. A domain's operation verbs (:data:`OPERATIONS`:
    "escalates", "cancel") are weak evidence too: a domain is chosen on one strong keyword or two weak hits
    ("help customers cancel orders" is support). The scores and the runner-up go to ``notes``."""
    scores: dict[str, list[str]] = {}
    for name, ts in registry.items():
        hits = [w for w in dict.fromkeys((name, *ts.keywords)) if _has(text, re.escape(w))]
        verbs = [v for v in OPERATIONS.get(name, {}) if v not in hits and re.search(verb_pattern(v), text)]
        strong = any(w not in _WEAK_KEYWORDS for w in hits)
        if strong or len(hits) + len(verbs) >= 2:
            scores[name] = hits + verbs
    if not scores:
        return []
    best = max(len(hits) for hits in scores.values())
    found = [name for name, hits in scores.items() if len(hits) == best]
    notes.append(f"domains from keywords: {', '.join(found)} ("
                 + "; ".join(f"{n}: {', '.join(scores[n])}" for n in found) + ")")
    others = sorted((n for n in scores if n not in found), key=lambda n: -len(scores[n]))
    if others:
        notes.append(f"runner-up domain {others[0]} ({', '.join(scores[others[0]])}) not used: fewer keywords")
    return found


# Words of the directive vocabulary (and filler) that end an explicit "domain: a, b" list, so that
# "domain: webshop, hidden" names one domain and asks for hidden facts.
_VOCABULARY = frozenset([
    "easy", "easier", "simple", "simpler", "beginner", "hard", "harder", "difficult", "challenging", "expert",
    "sparse", "sparser", "sparsely", "dense", "denser", "shaped", "reward", "rewards", "noisy", "noise", "unreliable",
    "flaky", "stochastic", "hidden", "partial", "partially", "unobserved", "fog", "fully", "full", "observable",
    "observability", "more", "fewer", "add", "remove", "only", "needed", "extra", "larger", "toolset", "distractor",
    "distractors", "tool", "tools", "longer", "long", "complex", "complexity", "steps", "multi", "shorter", "short",
    "task", "tasks", "with", "please", *_NUMBER_WORDS])


def _explicit_domains(listed: str, registry) -> list[str]:
    """Domain names of an explicit list: up to the first vocabulary word (punctuation already ends it).

    An unknown word that is not vocabulary is an error (most likely a misspelt domain).
    """
    names: list[str] = []
    for word in re.split(r"[, ]+", listed):
        if not word or word == "and":
            continue
        if names and word not in registry and (word in _VOCABULARY or not did_you_mean(word, registry)):
            break  # the list ended: "domain: calendar, tight deadline" (a near miss of a name is still an error)
        if word not in registry:
            raise DirectiveError(f"unknown domain {word!r}{did_you_mean(word, registry)}; "
                                 f"domains: {', '.join(registry)}{corpus_note()}")
        names.append(word)
    return names
