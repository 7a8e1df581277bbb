"""Directive rewriting (Algorithm 2, lines 7-12) in words the offline parser understands.

A directive is kept as a *base* (the user's words, with any modifier words
this module manages stripped out) plus one level per axis:

* ``level``:  easy / (none) / hard          — overall difficulty
* ``task``:   shorter tasks / (none) / longer tasks
* ``tools``:  fewer tools / (none) / more tools
* ``reward``: (none: dense, the default) / sparse reward

The η rule: when the mean reward is at least η, step the bottleneck's axis
one level harder ("increase difficulty along the bottleneck"); otherwise step
it one level easier ("simplify"). An axis already at its end passes the step
to the overall level; when that is at its end too the directive is kept
("maintain"). Domains are never changed, so the
environment's spaces (and a trained policy) stay valid across epochs.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

AXES: dict[str, tuple[str, ...]] = {
    # easiest → hardest; "" is the neutral level
    "level": ("easy", "", "hard"),
    "task": ("shorter tasks", "", "longer tasks"),
    "tools": ("fewer tools", "", "more tools"),
    # dense is the generator's default, so the reward axis has two levels: "" (dense) and sparse
    "reward": ("", "sparse reward"),
}
BOTTLENECK_AXIS = {"task": "task", "tools": "tools", "reward": "reward", "none": "level"}

# Words the parser reads for each axis, as (easier words, harder words); stripped from the base so the
# managed phrase is the only say.
_LEVEL_WORDS = {
    "level": (r"easy|easier|simple|simpler|beginner", r"hard|harder|difficult|challenging|expert"),
    "task": (r"shorter|short|fewer steps", r"longer|long|complex|complexity|more steps|multi-step"),
    "tools": (r"fewer tools|remove tools|only needed tools", r"(?:more|extra|add(?: more)?) tools|larger toolset"
              r"|distractors?"),
    "reward": (r"dense|denser|shaped", r"sparse|sparser|sparsely"),
}
_AXIS_WORDS = {
    "level": r"easy|easier|simple|simpler|beginner|hard|harder|difficult|challenging|expert",
    "task": r"(?:longer|long|shorter|short)(?:\s+tasks?)?|complex(?:ity)?|more steps|fewer steps|multi-step",
    "tools": r"(?:more|fewer|extra|add(?: more)?|remove)\s+tools|larger toolset|only needed tools|distractors?",
    "reward": r"(?:sparse|sparser|sparsely|dense|denser|shaped)(?:\s+rewards?)?",
}


@dataclass(frozen=True)
class DirectiveState:
    """A directive as base text + one level index per axis (0 easiest)."""

    base: str
    levels: tuple[tuple[str, int], ...]

    @classmethod
    def parse(cls, directive: str) -> DirectiveState:
        text = directive
        levels = {}
        lowered = directive.lower()
        for axis, phrases in AXES.items():
            easier, harder = _LEVEL_WORDS[axis]
            level = phrases.index("")  # the neutral level
            if re.search(rf"\b(?:{harder})\b", lowered):
                level = len(phrases) - 1
            elif re.search(rf"\b(?:{easier})\b", lowered):
                level = 0
            levels[axis] = level
            text = re.sub(rf"\b(?:{_AXIS_WORDS[axis]})\b", "", text, flags=re.IGNORECASE)
        base = re.sub(r"\s*[,;]\s*(?=[,;]|$)", "", text)
        base = re.sub(r"\s{2,}", " ", base).strip(" ,;")
        return cls(base or "tasks", tuple(levels.items()))

    def level(self, axis: str) -> int:
        return dict(self.levels)[axis]

    def with_level(self, axis: str, level: int) -> DirectiveState:
        levels = dict(self.levels)
        levels[axis] = max(0, min(len(AXES[axis]) - 1, level))
        return DirectiveState(self.base, tuple(levels.items()))

    def render(self) -> str:
        phrases = [AXES[a][i] for a, i in self.levels if AXES[a][i]]
        return ", ".join([self.base, *phrases])


@dataclass(frozen=True)
class DirectiveUpdate:
    """One rewrite: old → new, what was done (increase / simplify / maintain) and why."""

    old: str
    new: str
    action: str
    axis: str
    reason: str


def update_directive(directive: str, bottleneck: str, mean_reward: float, eta: float) -> DirectiveUpdate:
    """Apply the η rule along ``bottleneck`` (task / tools / reward / none) and return the update."""
    state = DirectiveState.parse(directive)
    axis = BOTTLENECK_AXIS.get(bottleneck, "level")
    current = state.level(axis)
    if mean_reward >= eta:
        new = state.with_level(axis, current + 1)
        if new == state and axis != "level":  # this axis is maxed out: raise overall difficulty instead
            axis, new = "level", state.with_level("level", state.level("level") + 1)
        action = "increase" if new != state else "maintain"
        reason = f"mean reward {mean_reward:.3f} >= eta {eta:.3f}: increase difficulty along {axis}"
    else:
        new = state.with_level(axis, current - 1)
        if new == state and axis != "level":  # this axis is at its easiest: lower overall difficulty instead
            axis, new = "level", state.with_level("level", state.level("level") - 1)
        action = "simplify" if new != state else "maintain"
        how = f"simplify along {axis}" if action == "simplify" else f"maintain ({axis} is already at its easiest)"
        reason = f"mean reward {mean_reward:.3f} < eta {eta:.3f}: {how}"
    rendered = new.render() if new != state else directive
    return DirectiveUpdate(directive, rendered, action, axis, reason)


def hardness(directive: str) -> dict[str, int]:
    """Level per axis of a directive (0 easiest), used to check LLM rewrites against the η rule."""
    return dict(DirectiveState.parse(directive).levels)
