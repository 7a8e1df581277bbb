"""Curriculum settings: one frozen dataclass per curriculum, from which its checks, saved config and docs derive.

Every setting is declared once, as a field made by :func:`setting` with its default, what values are
allowed (a :class:`Rule`) and a line of documentation. From that one declaration:

* the curriculum's constructor accepts it as a keyword argument (an unknown keyword is a ``TypeError``),
* :meth:`CurriculumConfig.problems` checks it (every bad value is reported at once),
* ``state_dict()["config"]`` saves it (so a new setting cannot silently drop out of checkpoints),
* :meth:`CurriculumConfig.markdown` documents it (``docs/curricula.md`` holds these tables).

Callables a curriculum takes (``generator``, ``predict``) are not settings: they cannot be saved as JSON,
so they stay plain constructor arguments and are bound again after a load.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from dataclasses import MISSING, Field, dataclass, field, fields
from typing import Any, ClassVar

from gensim_gym._checks import Checks
from gensim_gym.errors import UnexpectedArgumentError, did_you_mean


@dataclass(frozen=True)
class Rule:
    """What values a setting allows: a check that adds problems to :class:`Checks`, and its words for the docs."""

    check: Callable[[Checks, str, Any], object]
    allowed: str


def integer(low: int, *, optional: bool = False) -> Rule:
    return Rule(lambda c, name, v: c.integer(name, v, low, optional=optional),
                f"integer ≥ {low}" + (" or None" if optional else ""))


def number(low: float = -math.inf, high: float = math.inf, *, open_low: bool = False,
           open_high: bool = False) -> Rule:
    if high == math.inf:
        words = f"number {'>' if open_low else '≥'} {low:g}"
    else:
        words = f"number in {'(' if open_low else '['}{low:g}, {high:g}{')' if open_high else ']'}"
    return Rule(lambda c, name, v: c.number(name, v, low, high, open_low=open_low, open_high=open_high), words)


def interval(*, optional: bool = False) -> Rule:
    def check(c: Checks, name: str, value: Any) -> None:
        if not (optional and value is None):
            c.interval(name, value)
    return Rule(check, "pair (lo, hi), 0 ≤ lo < hi ≤ 1" + (" or None" if optional else ""))


def boolean() -> Rule:
    def check(c: Checks, name: str, value: Any) -> None:
        if not isinstance(value, bool):
            c.fail(name, value, "must be True or False")
    return Rule(check, "True or False")


DIRECTIVE = Rule(lambda c, name, v: c.directive(v), "directive string or None")


def setting(default: Any, rule: Rule, doc: str) -> Any:
    """Declare one setting: its default, the values it allows and what it does (one line)."""
    return field(default=default, metadata={"rule": rule, "doc": doc})


@dataclass(frozen=True)
class CurriculumConfig:
    """Settings every pool curriculum has (see :class:`~gensim_gym.curriculum.pool.PoolCurriculum`).

    Constructing one checks it: an invalid config cannot exist.
    """

    #: Keys older saved configs may hold that are no longer (or not for this curriculum) settings; ignored.
    legacy: ClassVar[frozenset[str]] = frozenset({"theta_range"})

    directive: str | None = setting(None, DIRECTIVE, "build the offline generator for this directive (or bind "
                                                     "one later); overridden by `generator=`")
    seed: int = setting(0, integer(0), "seeds every random choice (θ, spec seeds, which task to play)")
    pool_size: int = setting(32, integer(1), "active tasks kept in the pool")
    refill_batch: int = setting(4, integer(1), "specs generated at a time when the pool thins")
    fold_every: int = setting(1, integer(1), "results buffered before they are learnt (1: learn each at once)")

    def __post_init__(self) -> None:
        checks = Checks(type(self).__name__)
        self.problems(checks, {f.name: getattr(self, f.name) for f in fields(self)})
        checks.done()

    # -- derived from the fields -------------------------------------------------------
    @classmethod
    def names(cls) -> list[str]:
        return [f.name for f in fields(cls)]

    @classmethod
    def problems(cls, checks: Checks, values: Mapping[str, Any]) -> None:
        """Add the problems with the settings in ``values`` to ``checks`` (names absent are not checked)."""
        for f in fields(cls):
            if f.name in values:
                f.metadata["rule"].check(checks, f.name, values[f.name])
        cls._relations(checks, values)

    @classmethod
    def _relations(cls, checks: Checks, values: Mapping[str, Any]) -> None:
        """Checks that involve several settings (subclasses add theirs)."""

    @classmethod
    def unexpected(cls, owner: str, options: Mapping[str, Any]) -> None:
        """Raise :class:`~gensim_gym.errors.UnexpectedArgumentError` for keywords that are not settings."""
        unknown = sorted(set(options) - set(cls.names()))
        if unknown:
            name = unknown[0]
            raise UnexpectedArgumentError(
                f"{owner}() got an unexpected keyword argument {name!r}{did_you_mean(name, cls.names())}; "
                f"its settings are {', '.join(cls.names())} (see {cls.__name__})")

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready: every field, tuples as lists."""
        return {f.name: list(v) if isinstance(v := getattr(self, f.name), tuple) else v for f in fields(self)}

    @classmethod
    def from_saved(cls, saved: Mapping[str, Any]) -> dict[str, Any]:
        """The settings in a saved config (lists back to tuples, legacy keys dropped), not yet checked."""
        return {k: tuple(v) if isinstance(v, list) else v for k, v in saved.items()
                if not (k in cls.legacy and k not in cls.names())}

    @classmethod
    def markdown(cls) -> str:
        """A Markdown table of the settings: name, default, allowed values, what it does."""
        rows = ["| setting | default | allowed | what |", "|---|---|---|---|"]
        for f in fields(cls):
            rows.append(f"| `{f.name}` | `{_default(f)!r}` | {f.metadata['rule'].allowed} | {f.metadata['doc']} |")
        return "\n".join(rows)


def _default(f: Field) -> Any:
    if f.default is not MISSING:
        return f.default
    assert f.default_factory is not MISSING, f"setting {f.name} has no default"  # setting() always gives one
    return f.default_factory()


@dataclass(frozen=True)
class RangeConfig(CurriculumConfig):
    """Settings of a pool curriculum that draws θ uniformly from an interval."""

    theta_range: tuple[float, float] = setting((0.0, 1.0), interval(), "the difficulty interval θ is drawn from")

    def __post_init__(self) -> None:
        super().__post_init__()
        object.__setattr__(self, "theta_range", (float(self.theta_range[0]), float(self.theta_range[1])))


@dataclass(frozen=True)
class UniformConfig(RangeConfig):
    """Settings of :class:`~gensim_gym.curriculum.UniformCurriculum` (GenEnv-Random)."""

    max_plays: int = setting(8, integer(1), "plays after which a spec is replaced by a fresh one")


@dataclass(frozen=True)
class LearnabilityConfig(RangeConfig):
    """Settings of :class:`~gensim_gym.curriculum.LearnabilityCurriculum`."""

    eps: float = setting(0.02, number(0.0, open_low=True), "added to every spec's p̂(1 − p̂) weight")
    max_plays: int = setting(32, integer(1), "plays after which a spec retires")


@dataclass(frozen=True)
class ThresholdConfig(CurriculumConfig):
    """Settings of :class:`~gensim_gym.curriculum.ThresholdCurriculum` (a difficulty ladder)."""

    pool_size: int = setting(16, integer(1), "active tasks kept in the pool")
    start: float = setting(0.1, number(0.0, 1.0), "the ladder's first difficulty level")
    step_size: float = setting(0.1, number(0.0, 1.0), "how far one move of the ladder goes")
    width: float = setting(0.1, number(0.0, 1.0), "width of the θ interval around the level")
    raise_at: float = setting(0.7, number(0.0, 1.0), "windowed success rate above which the level rises")
    lower_at: float = setting(0.3, number(0.0, 1.0), "windowed success rate below which it falls")
    window: int = setting(32, integer(1), "results the success rate is taken over")
    max_plays: int = setting(8, integer(1), "plays after which a spec retires")

    @classmethod
    def _relations(cls, checks: Checks, values: Mapping[str, Any]) -> None:
        low, high = values.get("lower_at"), values.get("raise_at")
        if isinstance(low, float | int) and isinstance(high, float | int) and not low < high:
            checks.fail("lower_at", low, f"must be below raise_at={high!r}")


def _alpha_rule() -> Rule:
    def check(c: Checks, name: str, value: Any) -> None:
        hint = " (the directive is a keyword argument: AlphaCurriculum(directive=...))" \
            if isinstance(value, str) else ""
        c.number(name, value, 0.0, 1.0, open_low=True, open_high=True, hint=hint)
    return Rule(check, "number in (0, 1)")


@dataclass(frozen=True)
class AlphaConfig(CurriculumConfig):
    """Settings of :class:`~gensim_gym.curriculum.AlphaCurriculum` (GenEnv's α-curriculum).

    ``band=None`` becomes α ± 0.3 clipped to (0.05, 0.95), and ``fold_every=None`` becomes ``batch_size``:
    the config holds the resolved values (what is saved).
    """

    alpha: float = setting(0.5, _alpha_rule(), "the target success rate α")
    band: tuple[float, float] | None = setting(None, interval(optional=True),
                                               "success rates that count as learnable (None: α ± 0.3, "
                                               "clipped to (0.05, 0.95))")
    bins: int = setting(10, integer(1), "difficulty bins of π_env over θ in [0, 1]")
    lam: float = setting(5.0, number(0.0), "λ, the RWR temperature: weights ∝ exp(λ·R_env)")
    step: float = setting(0.5, number(0.0, 1.0, open_low=True), "the RWR step towards the weighted target "
                                                                 "(before the KL guard)")
    kl_max: float = setting(0.5, number(0.0, open_low=True), "largest KL(π_new ‖ π_old) one update may take")
    explore: float = setting(0.1, number(0.0, 1.0), "share of uniform mixed into π_env after every update")
    batch_size: int = setting(32, integer(1), "results per π_env update")
    bin_decay: float = setting(0.97, number(0.0, 1.0, open_low=True), "forgetting of the θ cells' posteriors "
                                                                       "per result (the agent keeps learning)")
    confidence: float = setting(0.9, number(0.5, 1.0, open_low=True), "posterior probability needed to retire "
                                                                       "a spec as mastered or hopeless")
    min_trials: int = setting(6, integer(0), "results a spec needs before it can be retired")
    max_plays: int = setting(24, integer(1), "plays after which a spec retires anyway (fresh specs keep the "
                                             "agent from memorising its pool)")
    filter_margin: float = setting(0.15, number(0.0, 1.0), "how far outside the band the filter's predicted "
                                                           "success may lie for a new spec to be admitted")
    min_cell_trials: int = setting(3, integer(0), "results a θ cell needs before its p̂ can steer π_env")
    use_filter: bool = setting(True, boolean(), "False admits every generated spec")
    # None is accepted at construction only: __post_init__ resolves it to batch_size, so it reads as int
    fold_every: int | None = setting(64, integer(1, optional=True),  # type: ignore[assignment]
                                     "results buffered before they are learnt (None: batch_size; 1: each at once)")
    thompson_rows: int | None = setting(4, integer(1, optional=True), "Thompson draws of every spec shared by "
                                                                      "the picks of one fold (None: one per pick)")

    def __post_init__(self) -> None:
        super().__post_init__()
        if self.band is None:
            object.__setattr__(self, "band", (max(0.05, self.alpha - 0.3), min(0.95, self.alpha + 0.3)))
        else:
            object.__setattr__(self, "band", tuple(self.band))
        if self.fold_every is None:
            object.__setattr__(self, "fold_every", self.batch_size)
