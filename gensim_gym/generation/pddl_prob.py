"""PPDDL's probabilistic effects compiled into a tool's ``fail_prob`` and ``fail_effects``, where that is exact.

A spec's tool is a two-outcome action: with probability ``fail_prob`` a call fails and applies the tool's
``fail_effects`` (default none: the state is unchanged), otherwise its ``effects``. So a PPDDL action whose
only stochastic part is one block with two outcomes — ``(probabilistic p E)``, the rest of the mass being
"no change", or ``(probabilistic p E1 q E2)`` with ``p + q = 1`` — beside deterministic effects ``D`` is
exactly a tool: ``effects`` = ``D`` + the more likely outcome (the first listed on a tie), ``fail_effects``
= ``D`` + the other one, ``fail_prob`` = the other one's probability. Taking the more likely outcome as the
success keeps ``fail_prob <= 0.5`` (the schema's bound) for every such block, and makes the noise-free core
that golden plans and verification use the most likely outcome (exploding blocks: no explosion; tireworld:
a flat tyre). When the other outcome is "no change" and ``D`` only restates literals the precondition
requires, a failure changes nothing, so the tool gets no ``fail_effects`` (the form before they existed).
Everything else — three or more outcomes, a block inside ``when``, two blocks in one action — has no exact
form and raises :class:`SpecError` naming the line and the shape, unless the caller opts in to
``probabilistic="most_likely"``: each such block is then replaced by its most likely outcome (a lossy
determinization), and what was dropped is recorded.

The ``pddl`` parser does not read PPDDL, so this works on the domain text before it is parsed: it only
finds ``(probabilistic ...)`` blocks and their neighbours as balanced parentheses, and rewrites each into
plain PDDL (the outcome it keeps), padded to the same number of lines so later errors name the right line.
Failure effects come from a second rewrite of the text that keeps the other outcome of each such block:
compiled like the first, its tools (same names) carry the effects a failed call applies.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from fractions import Fraction
from typing import cast

from gensim_gym.errors import SpecError
from gensim_gym.spec.validate import schema

#: The largest ``fail_prob`` a spec's tool may have (the schema's bound, read from it).
MAX_FAIL: float = schema()["$defs"]["tool"]["properties"]["fail_prob"]["maximum"]
#: What ``probabilistic=`` accepts: exact compilation only (default), or the lossy opt-in.
MODES = ("exact", "most_likely")
_EMPTY = {"", "( and )"}  # as _norm writes them
_TWO = ("one outcome against no change", "one outcome beside deterministic effects that change the state",
        "2 outcomes with different effects")


@dataclass(frozen=True)
class Outcome:
    """One outcome of a block: its probability and effect text (``""``: no change)."""

    prob: float
    effect: str


@dataclass(frozen=True)
class Branching:
    """One ``(probabilistic ...)`` block of an action, with what decides whether it compiles exactly."""

    action: str
    line: int
    span: tuple[int, int]  # the block's characters in the domain text
    outcomes: tuple[Outcome, ...]  # every outcome, "no change" (the rest of the mass) included
    beside: tuple[str, ...]  # deterministic effects beside the block
    redundant: bool  # every one of them is a literal the precondition requires (so it changes nothing)
    nested: bool  # inside another effect (when, forall), not at the top of the action's effect
    blocks: int  # probabilistic blocks in the same action
    in_and: bool = False  # an item of the effect's top-level (and ...): what replaces it is spliced in

    @property
    def changing(self) -> tuple[Outcome, ...]:
        return tuple(o for o in self.outcomes if o.effect)

    @property
    def shape(self) -> str:
        """The block's shape in words (the report's and the error's vocabulary)."""
        if self.nested:
            return "inside a conditional or quantified effect"
        if self.blocks > 1:
            return f"one of {self.blocks} independent probabilistic blocks in the action"
        if len(self.outcomes) > 2:
            return f"{len(self.outcomes)} outcomes with different effects"
        if len(self.changing) > 1:
            return "2 outcomes with different effects"
        if self.beside and not self.redundant:
            return "one outcome beside deterministic effects that change the state"
        return "one outcome against no change"

    @property
    def likely(self) -> Outcome:
        """The more likely outcome (the first listed on a tie: deterministic): a call's success."""
        return max(self.outcomes, key=lambda o: o.prob)

    @property
    def other(self) -> Outcome | None:
        """The other outcome of a two-outcome block (a call's failure); None for a single outcome."""
        rest = [o for o in self.outcomes if o is not self.likely]
        return rest[0] if len(rest) == 1 else None

    @property
    def fail_prob(self) -> float:
        """The other outcome's probability (0 for a single outcome)."""
        return 0.0 if self.other is None else self.other.prob

    @property
    def fail_effects(self) -> bool:
        """Whether a failure changes the state: the other outcome does something, or the effects beside
        the block do (else the tool needs no ``fail_effects``)."""
        return self.other is not None and bool(self.other.effect or (self.beside and not self.redundant))

    @property
    def exact(self) -> bool:
        return (not self.nested and self.blocks == 1 and len(self.outcomes) <= 2
                and self.fail_prob <= MAX_FAIL + 1e-12)


@dataclass(frozen=True)
class Rewritten:
    """A domain text with every probabilistic block compiled away.

    Attributes:
        text: plain PDDL (``:probabilistic-effects`` removed from its requirements).
        fail: PDDL action name (as written, lower case) → the ``fail_prob`` its tools get.
        dropped: one line per determinized block (``most_likely`` only): what was kept, what dropped.
        fail_text: ``text`` with the other outcome of each block in ``fail_actions`` kept instead (None
            without any): compiled, its tools' effects are the ``fail_effects`` of the same-named tools.
        fail_actions: PDDL action names (lower case) whose tools get ``fail_effects``.
    """

    text: str
    fail: dict[str, float]
    dropped: tuple[str, ...]
    fail_text: str | None = None
    fail_actions: frozenset[str] = frozenset()


def _skip(text: str, i: int, end: int) -> int:
    """The first position at or after ``i`` that is neither blank nor inside a comment."""
    while i < end:
        if text[i] == ";":
            nl = text.find("\n", i)
            i = end if nl < 0 else nl + 1
        elif text[i].isspace():
            i += 1
        else:
            break
    return i


def _close(text: str, i: int) -> int:
    """End (exclusive) of the parenthesised block opening at ``i`` (comments skipped)."""
    depth = 0
    while i < len(text):
        c = text[i]
        if c == ";":
            nl = text.find("\n", i)
            i = len(text) if nl < 0 else nl
            continue
        depth += (c == "(") - (c == ")")
        if depth == 0:
            return i + 1
        i += 1
    raise SpecError("unbalanced parentheses in the PDDL text")


def items(text: str, start: int, end: int) -> list[tuple[int, int]]:
    """Spans of the top-level items (atoms and parenthesised blocks) of ``text[start:end]``."""
    out: list[tuple[int, int]] = []
    i = _skip(text, start, end)
    while i < end:
        if text[i] == "(":
            j = _close(text, i)
        else:
            m = re.compile(r"[^\s();]+").match(text, i)
            if m is None:  # a stray ')': the caller's span ends at it
                break
            j = m.end()
        out.append((i, j))
        i = _skip(text, j, end)
    return out


def _norm(s: str) -> str:
    return " ".join(re.sub(r"([()])", r" \1 ", re.sub(r";[^\n]*", "", s.lower())).split())


def _compact(effect: str) -> str:
    """An outcome for a message: one line, no comments; ``nothing`` for no change."""
    return re.sub(r"\(\s+", "(", re.sub(r"\s+\)", ")", _norm(effect))) or "nothing"


def _inner(text: str, span: tuple[int, int]) -> list[tuple[int, int]]:
    """Items inside a parenthesised block (its head word included)."""
    return items(text, span[0] + 1, span[1] - 1)


def _head(text: str, span: tuple[int, int]) -> str:
    inner = _inner(text, span) if text[span[0]] == "(" else []
    return text[inner[0][0]:inner[0][1]].lower() if inner else ""


def _probability(token: str, where: str) -> float:
    try:
        value = float(Fraction(token))  # PPDDL writes decimals or fractions (1/3)
    except (ValueError, ZeroDivisionError):
        raise SpecError(f"{where}: {token!r} is not a probability") from None
    if not 0.0 <= value <= 1.0:
        raise SpecError(f"{where}: probability {token} is outside [0, 1]")
    return value


def _conjuncts(text: str, span: tuple[int, int] | None) -> set[str]:
    """The top-level conjuncts of a precondition, normalised (whitespace, case, comments)."""
    if span is None:
        return set()
    if _head(text, span) == "and":
        return {_norm(text[a:b]) for a, b in _inner(text, span)[1:]}
    return {_norm(text[span[0]:span[1]])}


def _is_literal(text: str, span: tuple[int, int]) -> bool:
    head = _head(text, span)
    if head == "not":
        arg = _inner(text, span)[1:]
        return len(arg) == 1 and text[arg[0][0]] == "(" and _head(text, arg[0]) not in (
            "and", "or", "when", "forall", "exists", "probabilistic", "not")
    return text[span[0]] == "(" and head not in ("and", "or", "when", "forall", "exists", "probabilistic",
                                                 "increase", "decrease", "assign", "scale-up", "scale-down")


def _blocks_in(text: str, span: tuple[int, int]) -> list[tuple[int, int]]:
    """Every ``(probabilistic ...)`` block at any depth inside ``span``."""
    out = []
    for m in re.finditer(r"\(\s*probabilistic\b", text[span[0]:span[1]], re.I):
        start = span[0] + m.start()
        if ";" not in text[text.rfind("\n", 0, start) + 1:start]:  # not commented out
            out.append((start, _close(text, start)))
    return out


def _fields(text: str, span: tuple[int, int]) -> dict[str, tuple[int, int]]:
    """An action's ``:keyword value`` fields (``:precondition``, ``:effect``) and its name."""
    parts = _inner(text, span)
    out = {":action": parts[1]} if len(parts) > 1 else {}
    for (a, b), value in zip(parts, parts[1:], strict=False):
        if text[a] == ":":
            out[text[a:b].lower()] = value
    return out


def _outcomes(text: str, block: tuple[int, int], where: str) -> tuple[Outcome, ...]:
    parts = _inner(text, block)[1:]
    if len(parts) % 2:
        raise SpecError(f"{where}: a probabilistic effect is pairs of a probability and an effect")
    out = [Outcome(_probability(text[a:b], where), "" if _norm(text[c:d]) in _EMPTY else text[c:d])
           for (a, b), (c, d) in zip(parts[::2], parts[1::2], strict=True)]
    total = sum(o.prob for o in out)
    if total > 1.0 + 1e-9:
        raise SpecError(f"{where}: the probabilities of a probabilistic effect add up to {total:g} > 1")
    out = [o for o in out if o.prob > 0.0]
    if total < 1.0 - 1e-12:
        out.append(Outcome(1.0 - total, ""))  # the rest of the mass: nothing happens
    return tuple(out)


def branchings(text: str) -> list[Branching]:
    """Every probabilistic block of the domain ``text``, classified (see :class:`Branching`)."""
    found: list[Branching] = []
    for m in re.finditer(r"\(\s*:action\b", text, re.I):
        if ";" in text[text.rfind("\n", 0, m.start()) + 1:m.start()]:
            continue
        span = (m.start(), _close(text, m.start()))
        fields = _fields(text, span)
        effect = fields.get(":effect")
        if effect is None or text[effect[0]] != "(":
            continue
        blocks = _blocks_in(text, effect)
        if not blocks:
            continue
        name = text[slice(*fields[":action"])].lower()
        top = [effect] if _head(text, effect) == "probabilistic" else (
            _inner(text, effect)[1:] if _head(text, effect) == "and" else [])
        beside = [s for s in top if s not in blocks]
        required = _conjuncts(text, fields.get(":precondition"))
        redundant = all(_is_literal(text, s) and _norm(text[slice(*s)]) in required for s in beside)
        for block in blocks:
            line = text.count("\n", 0, block[0]) + 1
            found.append(Branching(name, line, block, _outcomes(text, block, f"line {line}"),
                                   tuple(text[slice(*s)] for s in beside), redundant, block not in top,
                                   len(blocks), block in top and block != effect))
    return found


def _replacement(effect: str, spliced: bool) -> str:
    """What takes a block's place: its kept outcome, as the ``pddl`` grammar wants it where it stands (an item
    of an ``(and ...)`` cannot be an ``and`` itself, an empty effect elsewhere is ``(and )``)."""
    if not effect:
        return "" if spliced else "(and )"
    whole = (0, len(effect))
    if spliced and _head(effect, whole) == "and":
        return " ".join(effect[a:b] for a, b in _inner(effect, whole)[1:])
    return effect


def rewrite(text: str, source: str, mode: str = "exact") -> Rewritten:
    """The domain ``text`` with its probabilistic blocks compiled (see the module docstring).

    Raises:
        SpecError: a block has no exact form and ``mode`` is ``"exact"``; or ``mode`` is unknown.
    """
    if mode not in MODES:
        raise SpecError(f"probabilistic={mode!r}; allowed: {', '.join(map(repr, MODES))}")
    found = branchings(text)
    if not found:
        return Rewritten(text, {}, ())
    for b in found:
        if any(o is not b and o.span[0] < b.span[0] < o.span[1] for o in found):
            raise SpecError(f"{source}: line {b.line} (action {b.action}): a probabilistic effect inside another "
                            f"one (:probabilistic-effects) has no form in the spec")
    fail: dict[str, float] = {}
    dropped: list[str] = []
    cuts: list[tuple[tuple[int, int], str]] = []  # each block → the outcome kept (a call's success)
    fail_cuts: dict[tuple[int, int], str] = {}  # blocks whose failure changes the state → the other outcome
    for b in found:
        keep = b.likely.effect
        if b.exact:
            if b.fail_prob > 1e-12:
                fail[b.action] = round(b.fail_prob, 12)
            if b.fail_effects:
                fail_cuts[b.span] = cast(Outcome, b.other).effect  # a block with failure effects has two outcomes
        elif mode == "exact":
            why = f"its other outcome's probability {b.fail_prob:.3g} is above a tool's largest fail_prob " \
                  f"{MAX_FAIL}" if b.shape in _TWO else b.shape
            raise SpecError(
                f"{source}: line {b.line} (action {b.action}) uses :probabilistic-effects in a shape the spec "
                f"cannot express: {why}. Exact only: one block with at most two outcomes (\"no change\" "
                f"counts as one), beside deterministic effects or not: a tool whose calls fail with the less "
                f"likely outcome's probability (<= {MAX_FAIL}) and then apply it; probabilistic='most_likely' "
                f"keeps the most likely outcome instead (lossy)")
        else:  # the lossy opt-in: the most likely outcome (first listed on a tie: deterministic)
            lost = "; ".join(f"{_compact(o.effect)} (p={o.prob:.3g})" for o in b.outcomes if o is not b.likely)
            dropped.append(f"action {b.action} (line {b.line}): a probabilistic effect became its most likely "
                           f"outcome {_compact(keep)} (p={b.likely.prob:.3g}); dropped {lost}")
        cuts.append((b.span, keep))
    fail_text = None
    actions = frozenset(b.action for b in found if b.span in fail_cuts)
    if actions:
        fail_text = _cut(text, [(span, fail_cuts.get(span, effect)) for span, effect in cuts], found)
    return Rewritten(_cut(text, cuts, found), fail, tuple(dropped), fail_text, actions)


def _cut(text: str, cuts: list[tuple[tuple[int, int], str]], found: list[Branching]) -> str:
    """``text`` with each block's span replaced by the outcome ``cuts`` gives it, as plain PDDL: written as the
    grammar wants it where the block stands, padded to the block's number of lines (later errors name the
    line of the original text)."""
    spliced = {b.span: b.in_and for b in found}
    for (a, z), effect in sorted(cuts, reverse=True):
        new = _replacement(effect, spliced[(a, z)])
        new += "\n" * max(0, text.count("\n", a, z) - new.count("\n"))
        text = text[:a] + new + text[z:]
    return re.sub(r":probabilistic-effects\b", "", text, flags=re.I)
