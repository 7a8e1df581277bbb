"""Public entry points: ``generate`` a spec and ``make_env`` (what ``gym.make("GenSim-v0")`` calls)."""

from __future__ import annotations

import difflib
from dataclasses import replace
from inspect import signature
from pathlib import Path
from typing import Any, cast

import gymnasium as gym

from gensim_gym._checks import Checks
from gensim_gym.envs.available import AvailableCalls
from gensim_gym.envs.gensim_env import GenSimEnv
from gensim_gym.envs.sources import FixedSpec, TaskSource
from gensim_gym.errors import ArgumentError, ArgumentTypeError, UnexpectedArgumentError, did_you_mean
from gensim_gym.generation.directive import parse_directive
from gensim_gym.generation.family import DirectiveFamily
from gensim_gym.generation.offline import OfflineGenerator
from gensim_gym.generation.reading import enforce, reading_of
from gensim_gym.spec.model import SimSpec
from gensim_gym.spec.validate import load_spec, validate_spec

BACKENDS = ("offline", "openai")

#: What ``gym.make("GenSim-v0")`` plays when given neither ``directive`` nor ``spec`` (as CleanRL-style
#: scripts call it, with the id alone): warehouse tasks at the default difficulty. Every generated spec
#: says so in ``meta["interpretation"]["notes"]``.
DEFAULT_DIRECTIVE = "domain: warehouse"
DEFAULT_NOTE = f"no directive given: gym.make used the default directive {DEFAULT_DIRECTIVE!r}"


def _check_backend(backend: Any, options: dict[str, Any], entry: Any = None) -> None:
    """An unknown backend name, or options the offline backend would have to ignore, are errors (naming the
    named parameters of ``entry``, the function they were passed to)."""
    if isinstance(backend, str) and backend not in BACKENDS:
        raise ArgumentError(f"unknown backend {backend!r}; choose one of {', '.join(BACKENDS)} "
                            f"or pass a Backend object")
    if backend == "offline" and options:
        accepted = [p.name for p in signature(entry).parameters.values() if p.kind is not p.VAR_KEYWORD] \
            if entry is not None else []
        known = f"; the arguments are {', '.join(accepted)}" if accepted else ""
        raise UnexpectedArgumentError(f"{_unexpected(options, accepted)}: the offline backend takes no options "
                                      f"(model, base_url, ... go with backend='openai'){known}")


def _unexpected(options: dict[str, Any], accepted: list[str] | tuple[str, ...] = ()) -> str:
    """Python's own wording, "got an unexpected keyword argument 'x'" (TorchRL's GymEnv matches that text
    to retry without ``frameskip``), then the nearest accepted name for each typo ("did you mean")."""
    names = sorted(options)
    more = f" (and {', '.join(repr(n) for n in names[1:])})" if len(names) > 1 else ""
    # cutoff 0.75, not difflib's 0.6: at 0.6 'model' (an LLM option) would be "did you mean 'obs_mode'"
    near = {n: difflib.get_close_matches(n, list(accepted), n=1, cutoff=0.75) for n in names}
    pairs = [(n, m[0]) for n, m in near.items() if m]
    if len(names) == 1 and pairs:
        hint = f" (did you mean {pairs[0][1]!r}?)"
    else:
        hint = f" (did you mean {', '.join(f'{m!r} for {n!r}' for n, m in pairs)}?)" if pairs else ""
    return f"got an unexpected keyword argument {names[0]!r}{more}{hint}"


def _check_seed(seed: Any, owner: str, *, optional: bool = True) -> int | None:
    """An integer >= 0, as a Python int (Gymnasium's seeding takes only those, not numpy integers), or
    ``None`` when ``optional``."""
    checks = Checks(owner)
    checks.integer("seed", seed, 0, optional=optional)
    checks.done()
    return None if seed is None else int(seed)


ACTION_SPACES = ("available", "ground")


def _action_face(env: gym.Env, action_space: str, max_calls: int | None, *, repeat_rows: bool | None = None,
                 lookahead: bool | None = None, goal_first: bool | None = None) -> gym.Env:
    """The vector env's action face: ``"available"`` (the k-th call available now, with per-call features:
    :class:`~gensim_gym.envs.available.AvailableCalls`; ``repeat_rows`` None takes its default) or ``"ground"``
    (every ground call, masked)."""
    if action_space not in ACTION_SPACES:
        raise ArgumentError(f"action_space must be one of {', '.join(map(repr, ACTION_SPACES))}, "
                            f"got {action_space!r}{did_you_mean(str(action_space), ACTION_SPACES)}")
    if cast(GenSimEnv, env.unwrapped).obs_mode != "vector" or action_space == "ground":
        for name, given in (("max_calls", max_calls is not None), ("repeat_rows", repeat_rows is not None),
                            ("lookahead", lookahead is not None), ("goal_first", goal_first is not None)):
            if given:
                raise ArgumentError(f"{name} goes with action_space='available' in obs_mode='vector'")
        return env
    face: dict[str, Any] = {k: v for k, v in (("repeat_rows", repeat_rows), ("lookahead", lookahead),
                                              ("goal_first", goal_first)) if v is not None}
    return AvailableCalls(env, max_calls, **face)


def generate(directive: str, *, difficulty: float = 0.5, seed: int = 0, backend: Any = "offline",
             on_unknown: str = "error", strict: bool = False, **backend_kwargs: Any) -> SimSpec:
    """Generate one validated and verified :class:`SimSpec` from a directive.

    >>> spec = generate("warehouse tasks, easy", seed=1)
    >>> spec.golden_plan != []
    True
    """
    _check_backend(backend, backend_kwargs)
    seed = cast(int, _check_seed(seed, "generate", optional=False))  # not optional: an int
    if backend == "offline":
        knobs = parse_directive(directive, difficulty, on_unknown=on_unknown)
        enforce(reading_of(directive, knobs), strict=strict)
        generator = OfflineGenerator(knobs, directive)
        spec = generator.generate(seed)
        validate_spec(spec)
        return spec
    from gensim_gym.generation.llm import generate_llm  # noqa: PLC0415 - optional dependency

    return generate_llm(directive, difficulty=difficulty, seed=seed, backend=backend, **backend_kwargs)


def make_env(directive: str | None = None, *, spec: SimSpec | str | Path | None = None, difficulty: float = 0.5,
             seed: int | None = None, num_tasks: int = 0, backend: Any = "offline", obs_mode: str = "vector",
             render_mode: str | None = None, curriculum: Any = None, max_difficulty: float | None = None,
             shuffle_slots: bool = False, action_space: str = "available", max_calls: int | None = None,
             repeat_rows: bool | None = None, lookahead: bool | None = None, goal_first: bool | None = None,
             prefetch: int | None = None,
             on_unknown: str = "error",
             strict: bool = False, **backend_kwargs: Any) -> gym.Env:
    """Build a :class:`GenSimEnv` from a directive (a task family) or from one fixed spec.

    This is the entry point of ``gym.make("GenSim-v0", ...)`` and of the preset ids
    (:mod:`gensim_gym.integrations.presets`); see the README for every argument. With neither
    ``directive`` nor ``spec`` it plays :data:`DEFAULT_DIRECTIVE`. A keyword it does not take raises
    :class:`~gensim_gym.errors.UnexpectedArgumentError`, a ``TypeError``. ``prefetch`` is the number of
    worker processes generating an unlimited stream's next tasks ahead (0 = generate at reset; None =
    one where a core is likely free: see :mod:`gensim_gym.generation.prefetch`).
    """
    _check_backend(backend, backend_kwargs, make_env)
    if directive is not None and spec is not None:
        raise ArgumentTypeError("pass one of directive=... (a task family) or spec=... (one fixed task), not both")
    defaulted = directive is None and spec is None
    if defaulted:
        directive = DEFAULT_DIRECTIVE
    seed = _check_seed(seed, "gym.make('GenSim-v0')")
    checks = Checks("gym.make('GenSim-v0')")
    checks.integer("prefetch", prefetch, 0, optional=True)
    checks.done()
    if spec is not None:
        if backend_kwargs:
            accepted = [p.name for p in signature(make_env).parameters.values() if p.kind is not p.VAR_KEYWORD]
            raise UnexpectedArgumentError(f"{_unexpected(backend_kwargs, accepted)}: spec=... plays one fixed task "
                                          "and generates nothing")
        spec = spec if isinstance(spec, SimSpec) else load_spec(spec)
        env: gym.Env = GenSimEnv(FixedSpec(spec), obs_mode=obs_mode, render_mode=render_mode, seed=seed)
    elif backend == "offline":
        assert directive is not None  # given, or defaulted when no spec is
        if max_difficulty is None and curriculum is not None:
            # a curriculum moves across difficulties, so its spaces must fit all of them; a plain
            # env only plays its own difficulty and gets the smallest spaces (fewer action slots)
            max_difficulty = 1.0
        knobs = parse_directive(directive, difficulty, on_unknown=on_unknown)
        enforce(reading_of(directive, knobs), strict=strict)
        if defaulted:  # the specs record that nobody asked for this directive
            knobs = replace(knobs, notes=(DEFAULT_NOTE, *knobs.notes))
        source: TaskSource = DirectiveFamily(directive, difficulty, seed, num_tasks, knobs=knobs,
                                             max_difficulty=max_difficulty, shuffle_slots=shuffle_slots,
                                             prefetch=prefetch)
        env = GenSimEnv(source, obs_mode=obs_mode, render_mode=render_mode, seed=seed)
    else:
        from gensim_gym.generation.llm import llm_family  # noqa: PLC0415 - optional dependency

        assert directive is not None  # given, or defaulted when no spec is

        source = llm_family(directive, difficulty=difficulty, seed=seed, num_tasks=num_tasks, backend=backend,
                            shuffle_slots=shuffle_slots, **backend_kwargs)
        env = GenSimEnv(source, obs_mode=obs_mode, render_mode=render_mode, seed=seed)
    if curriculum is not None:
        from gensim_gym.curriculum.wrapper import attach_curriculum  # noqa: PLC0415 - higher layer

        # under the action face: over the bare env the curriculum reports through the env's episode-end hook
        env = attach_curriculum(env, curriculum, directive=directive, seed=seed)
    return _action_face(env, action_space, max_calls, repeat_rows=repeat_rows, lookahead=lookahead,
                        goal_first=goal_first)
