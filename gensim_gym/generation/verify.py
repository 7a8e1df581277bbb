"""Verification of specs: solvable, non-trivial, and a reward the golden plan earns.

Every spec a backend returns passes through :func:`verify`. It is the same
check for the offline generator and for LLM output, so an LLM-written task is
trusted exactly as far as a procedural one.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import cast

import numpy as np

from gensim_gym.errors import SearchSpaceError
from gensim_gym.spec.model import SimSpec
from gensim_gym.world.budget import SearchLimits, bounded, current
from gensim_gym.world.compiled import CompiledWorld, GroundAction, changes
from gensim_gym.world.layout import Layout
from gensim_gym.world.planner import plan
from gensim_gym.world.progress import PlanProgress


@dataclass(frozen=True)
class VerifyReport:
    ok: bool
    reason: str = ""
    plan: tuple[str, ...] = ()
    random_success: float = 0.0  # share of the random-policy episodes played that were solved
    golden_return: float = 0.0
    random_episodes: int = 0  # episodes played (play stops once the verdict is decided)


def _without_noise(spec: SimSpec) -> SimSpec:
    if not spec.task.fail_prob and not any(t.fail_prob for t in spec.tools.tools):
        return spec  # already noise-free: keep the object (and its cached id)
    tools = replace(spec.tools, tools=tuple(replace(t, fail_prob=0.0) for t in spec.tools.tools))
    return replace(spec, task=replace(spec.task, fail_prob=0.0), tools=tools)


def _replay_env(spec: SimSpec, layout: Layout | None):
    """An environment to replay ``spec`` in: one per layout, kept in the layout's compile cache.

    Building a ``GenSimEnv`` (spaces, buffers) costs more than a short replay, and a generator
    verifies many specs of one layout; the env's reset/step (the reward code under test) is the
    same whichever spec it plays, because ``reset(options={"spec": ...})`` switches the task.
    """
    from gensim_gym.envs.gensim_env import GenSimEnv
    from gensim_gym.envs.sources import FixedSpec

    env = layout.compile_cache.get(_REPLAY_ENV) if layout is not None else None
    if env is None:
        env = GenSimEnv(FixedSpec(spec, layout))
        env.prepare_calls = False  # a replay uses a few calls of each task: build their plans on demand
        if layout is not None:
            layout.compile_cache[_REPLAY_ENV] = env
    return env


_REPLAY_ENV = ("verify.replay", "env")  # compile-cache key (tuples of other shapes key closures)


def replay(spec: SimSpec, labels: list[str] | tuple[str, ...], layout: Layout | None = None,
           world: CompiledWorld | None = None) -> tuple[bool, float, str]:
    """Play tool-call labels through a noise-free environment; return (success, return, problem).

    ``world`` (optional) is ``spec`` already compiled in ``layout``; it is retargeted to the
    noise-free spec instead of compiling again.
    """
    quiet = _without_noise(spec)
    env = _replay_env(quiet, layout)
    if world is not None and world.layout is env.layout:
        quiet_world = world if world.spec is quiet else world.retarget(quiet)
    else:
        quiet_world = CompiledWorld(quiet, env.layout)
    actions = quiet_world.action_by_label()
    steps = [actions[label] for label in labels if label in actions]
    if len(steps) == len(labels):
        # The golden plan is a shortest plan, so the exact distances along it are known: the
        # dense reward's potential needs no state-space sweep here (gensim_gym.world.progress).
        quiet_world.__dict__["_progress"] = PlanProgress(quiet_world, steps)  # where progress() looks first
    # the env would compile exactly this world itself; a generator never replays a task twice
    env.adopt_world(quiet_world, forget_others=True)
    # Seeded once, when the env is made: a noise-free replay of a given spec never draws from
    # np_random (no failure rolls, no sampling), so re-seeding on every spec (a new numpy Generator
    # each time) could not change a step.
    env.reset(seed=None if env.world is not None else 0, options={"spec": quiet})
    by_label = env.world.action_by_label()
    total, success = 0.0, False
    for i, label in enumerate(labels):
        action = by_label.get(label)
        if action is None:
            return False, total, f"golden plan step {i} calls {label!r}, which is not a tool call of this task"
        _, reward, terminated, truncated, info = env.step(action.id)
        total += reward
        if info.get("invalid"):
            return False, total, f"golden plan step {i} ({label}) is not possible in the state it reaches"
        if info.get("violation"):
            return False, total, f"golden plan step {i} ({label}) violates the constraint {info['violation']}"
        if terminated or truncated:
            success = bool(info.get("is_success"))
            if i != len(labels) - 1:
                return success, total, f"the episode ended after step {i} of {len(labels)}"
            break
    return success, total, ""


_GOAL: list[int] = []  # marks goal states in random_success_rate's state memo
_BROKEN: list[int] = []  # marks states that violate a constraint whose violation ends the episode


def random_success_rate(world: CompiledWorld, episodes: int, rng: np.random.Generator,
                        stop_above: float | None = None) -> float:
    """Share of episodes a uniformly random *valid* caller solves within the horizon (noise ignored).

    Applicability is tracked incrementally (only preconditions reading what a call changed are
    re-checked); the valid calls are kept sorted by action id so the walk is deterministic.
    With ``stop_above``, stops as soon as whether the share of all ``episodes`` exceeds it is known
    (see :func:`random_rollouts`); the share is then that of the episodes played.
    """
    wins, played = random_rollouts(world, episodes, rng.integers, stop_above)
    return wins / max(played, 1)


def random_rollouts(world: CompiledWorld, episodes: int, integers: Callable[[int], int],  # noqa: C901, PLR0915
                    stop_above: float | None = None) -> tuple[int, int]:  # (generation's inner loop, inlined)
    """Random valid-call episodes as in :func:`random_success_rate`, each call's index drawn with
    ``integers(n)`` (uniform in [0, n)); returns (episodes solved, episodes played).

    With ``stop_above`` the verdict "more than ``stop_above`` of all ``episodes`` are solved" is
    all that is needed, so play stops as soon as it is decided: once the wins so far already
    exceed that share, or once the wins so far plus every remaining episode could not. The
    verdict is exactly the one playing every episode gives (the test is monotone in the wins).
    """
    wins = played = 0
    budget = current()
    actions = cast("list[GroundAction]", world.actions)  # the walk draws valid actions only
    changed_by = changes(world)  # shared by worlds of one grounding
    at_start = world.start_applicable()
    start = [a.id for a in world.valid_actions if a.id in at_start]  # valid_actions order, as drawn from
    seen: dict[tuple[bytes, tuple[float, ...]], list[int]] = {}
    apply, horizon, guard = world.apply, world.horizon, world.guard
    goals = tuple(g.fn for g in world.goals)  # world.is_goal, inlined below
    while played < episodes:
        budget.check_time("random-policy verification")
        played += 1
        facts, nums = bytearray(world.init_facts), list(world.init_nums)
        options = start
        for _ in range(horizon):
            if not options:
                break
            action_id = options[integers(len(options))]
            apply(facts, nums, actions[action_id].effects)
            key = (bytes(facts), tuple(nums))
            known = seen.get(key)
            if known is not None:  # random episodes revisit states: reuse their verdict and valid calls
                if known is _GOAL:
                    wins += 1
                    break
                if known is _BROKEN:
                    break
                options = known
                continue
            if guard is not None and guard.violates(actions[action_id], facts, nums, fatal_only=True):
                seen[key] = _BROKEN  # the episode ends there, as a failure
                break
            for goal in goals:
                if not goal(facts, nums):
                    break
            else:
                seen[key] = _GOAL
                wins += 1
                break
            changed, _, checks = changed_by[action_id]  # changed: a mask over action ids (b"" if none)
            if changed:
                # ``options`` is sorted and ``checks`` lists ids in order: two sorted runs, which
                # list.sort merges in one pass (cheaper than a set round trip); ``checks`` ⊆ ``changed``
                kept = [b for b in options if not changed[b]]
                kept += [b for b, pre in checks if pre(facts, nums)]
                kept.sort()
                options = kept
            seen[key] = options
        if stop_above is not None and (wins / episodes > stop_above
                                       or not (wins + episodes - played) / episodes > stop_above):
            break
    return wins, played


def random_check(world: CompiledWorld, episodes: int, max_random_success: float,
                 rng: np.random.Generator | None = None) -> tuple[int, int, str]:
    """:func:`verify`'s random-policy check alone: ``(wins, played, reason)``, ``reason`` empty unless a random
    caller solves more than ``max_random_success`` of ``episodes`` episodes (the task is then too easy).

    ``rng`` None: a fresh ``np.random.default_rng(0)``, so anyone re-verifying a spec gets the same verdict.
    """
    integers = (np.random.default_rng(0) if rng is None else rng).integers
    wins, played = random_rollouts(world, episodes, integers, stop_above=max_random_success)
    if episodes and wins / episodes > max_random_success:  # as if all episodes were played (see random_rollouts)
        return wins, played, (f"a random policy solves {wins} of the first {played} of {episodes} episodes "
                              f"(max {max_random_success:.0%} of them): too easy")
    return wins, played, ""


def verify(spec: SimSpec, *, max_random_success: float = 0.2, episodes: int = 16,
           rng: np.random.Generator | None = None, golden: list[str] | tuple[str, ...] | None = None,
           max_expansions: int = 20_000, layout: Layout | None = None,
           world: CompiledWorld | None = None, limits: SearchLimits | None = None) -> VerifyReport:
    """Check that ``spec`` is solvable within its horizon, not trivial, and that its reward is consistent.

    The whole check runs under one search budget (``limits``; see :mod:`gensim_gym.world.budget`); a
    spec that exceeds it fails with a reason starting "search space too large", which a generator's
    repair loop passes on (shrink the task) like any other verdict.

    Args:
        rng: the random policy's generator; default ``np.random.default_rng(0)`` (so anyone re-verifying
            a spec gets the same verdict).
        golden: a known plan (tool-call labels); when absent the planner finds a shortest one.
        layout: the layout to compile in (reuses its compile cache); default: the spec's own.
        world: a compiled world of a spec sharing ``spec``'s objects, start and tools (e.g. a
            generator's draft); it is retargeted to ``spec`` rather than compiled again.
    """
    try:
        with bounded(limits):
            return _verify(spec, max_random_success=max_random_success, episodes=episodes, rng=rng, golden=golden,
                           max_expansions=max_expansions, layout=layout, world=world)
    except SearchSpaceError as exc:
        return VerifyReport(False, "; ".join(p.message for p in exc.problems), tuple(golden or ()))


def _verify(spec: SimSpec, *, max_random_success: float, episodes: int, rng: np.random.Generator | None,
            golden: list[str] | tuple[str, ...] | None, max_expansions: int, layout: Layout | None,
            world: CompiledWorld | None) -> VerifyReport:
    """:func:`verify` inside its budget scope."""
    if world is not None:
        layout = world.layout
        world = world if world.spec is spec else world.retarget(spec)
    else:
        layout = layout or Layout.from_spec(spec)
        world = CompiledWorld(spec, layout)
    if world.is_goal(world.init_facts, world.init_nums):
        return VerifyReport(False, "the goal already holds at reset (trivial task)")
    broken = world.guard.broken(world.init_facts, world.init_nums) if world.guard is not None else []
    if broken:
        return VerifyReport(False, f"the start state violates the constraint {broken[0].label}")
    if golden is None:
        result = plan(world, max_expansions=max_expansions)
        if result.plan is None:
            why = ("is unsolvable" if result.solvable is False
                   else f"has no plan found within {result.expansions} expansions")
            return VerifyReport(False, f"the task {why} within its horizon of {spec.task.horizon} steps")
        golden = [a.label for a in result.plan]
    if len(golden) > spec.task.horizon:
        return VerifyReport(False, f"the golden plan has {len(golden)} steps but the horizon is {spec.task.horizon}")
    success, total, problem = replay(spec, golden, layout, world)
    if problem or not success:
        return VerifyReport(False, problem or "the reward does not report success at the end of the golden plan",
                            tuple(golden))
    if total <= 0:
        return VerifyReport(False, f"the golden plan earns a non-positive return ({total:.3f}); "
                                   f"success must outweigh costs", tuple(golden))
    wins = played = 0
    reason = ""
    if episodes:
        wins, played, reason = random_check(world, episodes, max_random_success, rng)
    share = wins / played if played else 0.0
    if reason:
        return VerifyReport(False, reason, tuple(golden), share, random_episodes=played)
    return VerifyReport(True, "", tuple(golden), share, total, played)


def measure(spec: SimSpec, plan_length: int, random_success: float, random_episodes: int | None = None) -> dict:
    """Measured difficulty features and a score in [0, 1] (documented in the README).

    ``random_success`` is the share of the ``random_episodes`` random-policy episodes played that
    were solved (verification stops playing once its verdict is decided); ``random_episodes`` is
    stored when given.
    """
    world_objects = sum(len(v) for v in spec.task.objects.values())
    tools = len(spec.tools.tools)
    distractors = sum(1 for t in spec.tools.tools if t.distractor)
    hidden = len(spec.task.hidden)
    fail = max([spec.task.fail_prob] + [t.fail_prob for t in spec.tools.tools])
    score = (0.55 * min(1.0, max(0, plan_length - 2) / 10) + 0.15 * min(1.0, world_objects / 12)
             + 0.1 * min(1.0, distractors / 4) + 0.1 * (1.0 if hidden else 0.0) + 0.1 * min(1.0, fail / 0.2))
    return {"plan_length": plan_length, "objects": world_objects, "tools": tools, "distractors": distractors,
            "hidden_predicates": hidden, "fail_prob": fail, "horizon": spec.task.horizon,
            "random_success": round(random_success, 4),
            **({} if random_episodes is None else {"random_episodes": random_episodes}), "score": round(score, 4)}
