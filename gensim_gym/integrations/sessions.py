"""Isolated text-mode episodes for many remote agents: the state behind ``gensim-gym serve``.

One :class:`SessionPool` holds every session of a server. Each session owns its own
:class:`~gensim_gym.envs.gensim_env.GenSimEnv` (its own state, random stream and episode), and
a session is reached only by its id, an unguessable token: no session can read or change
another's state. What sessions share is read-only or meant to be shared: the task source
(the directive's generated tasks), the compiled worlds and their step tables (compiling a task
costs ~60 ms and preparing its runtime ~0.2 ms; sharing keeps a new session's first reset under a
millisecond, see ``benchmarks/serve_load.py``), each task's exported tools, and one curriculum
fed by every session's finished episodes. The pool has a cap and expires
sessions idle for longer than ``idle_timeout``. No web framework here: ``integrations.serve``
puts HTTP and WebSocket in front of it, and tests drive it directly.

Payloads follow OpenEnv's shape: ``{"observation": {...}, "reward": float | None, "done": bool}``.
"""

from __future__ import annotations

import secrets
import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, cast

import gymnasium as gym

from gensim_gym.envs.gensim_env import GenSimEnv
from gensim_gym.errors import ArgumentError, Error, ResetNeeded
from gensim_gym.generation.family import DirectiveFamily

MAX_WORLDS = 64  # tasks compiled at start-up (the sessions' shared cache is an LRU of 64 worlds too)
MAX_TOOL_LISTS = 256  # tasks whose exported tools are kept (a stream of fresh tasks would grow it forever)


class SessionError(Error, ValueError):
    """A request a session cannot serve; ``status`` is the HTTP status and ``code`` an OpenEnv error code."""

    def __init__(self, message: str, status: int = 400, code: str = "VALIDATION_ERROR") -> None:
        super().__init__(message)
        self.status, self.code = status, code


@dataclass
class Session:
    """One agent's episode: its env, and what ``state`` reports."""

    id: str
    env: gym.Env
    last_used: float
    episode_id: str | None = None
    step_count: int = 0
    episode_return: float = 0.0
    done: bool = True  # no episode yet: step needs a reset first
    info: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class PoolConfig:
    """How a :class:`SessionPool` makes and keeps sessions."""

    directive: str = "warehouse tasks"
    difficulty: float = 0.5
    num_tasks: int = 32  # a finite pool of generated tasks: resets never generate (0 = a fresh task each reset)
    seed: int = 0
    curriculum: str | None = None  # a curriculum name (see make_curriculum), shared by every session
    max_sessions: int = 256
    idle_timeout: float = 300.0  # seconds without a request before a session is closed

    def __post_init__(self) -> None:
        problems = []
        if not isinstance(self.max_sessions, int) or self.max_sessions < 1:
            problems.append(f"max_sessions must be an integer >= 1, got {self.max_sessions!r}")
        if not isinstance(self.idle_timeout, (int, float)) or not self.idle_timeout > 0:
            problems.append(f"idle_timeout must be a number of seconds > 0, got {self.idle_timeout!r}")
        if problems:
            raise ArgumentError("PoolConfig: " + "; ".join(problems))


class SessionPool:
    """Every session of one server, made from one directive (see the module docstring)."""

    def __init__(self, config: PoolConfig | None = None, *, clock: Callable[[], float] = time.monotonic) -> None:
        self.config = config = config or PoolConfig()
        self.clock = clock
        self.sessions: dict[str, Session] = {}
        self.curriculum = None
        if config.curriculum is not None:
            from gensim_gym.curriculum.wrapper import make_curriculum

            self.curriculum = make_curriculum(config.curriculum, config.directive, config.seed)
        # the prototype generates the task pool once; sessions share its source and compiled worlds
        self._proto = gym.make("GenSim-v0", directive=config.directive, difficulty=config.difficulty,
                               num_tasks=config.num_tasks, seed=config.seed, obs_mode="text",
                               curriculum=self.curriculum, action_space="ground", prefetch=0)
        self._source = cast(GenSimEnv, self._proto.unwrapped).source
        # each task's openai_tools(), built once: every reset payload carries them (benchmarks/serve_load.py)
        self._tools: OrderedDict[str, list[dict[str, Any]]] = OrderedDict()
        self.expired = 0
        self._warm()

    def _warm(self) -> None:
        """Compile every task of a finite pool now, at start-up: a compile in a request would stall every
        session's next step for ~60 ms (the event loop runs one request at a time)."""
        proto = cast(GenSimEnv, self._proto.unwrapped)
        source = self._source
        if not isinstance(source, DirectiveFamily):  # only a directive's family has a finite pool to warm
            return
        for task_seed in list(source.pool_seeds)[:MAX_WORLDS]:
            proto.reset(seed=0, options={"spec": source.spec_for_seed(int(task_seed))})

    def _openai_tools(self, env: GenSimEnv) -> list[dict[str, Any]]:
        """The current task's tools (one list per task, shared read-only by the payloads that carry it)."""
        assert env.world is not None  # called right after a reset
        key = env.world.spec_id
        tools = self._tools.get(key)
        if tools is None:
            tools = self._tools[key] = env.openai_tools()
            if len(self._tools) > MAX_TOOL_LISTS:
                self._tools.popitem(last=False)
        return tools

    # -- sessions -------------------------------------------------------------------------
    def open(self) -> Session:
        """A new session (after closing idle ones); :class:`SessionError` 429 when the pool is full."""
        self.expire()
        if len(self.sessions) >= self.config.max_sessions:
            raise SessionError(f"the server holds {len(self.sessions)} sessions, its cap (--max-sessions); "
                               "close one or retry later", 429, "CAPACITY_REACHED")
        inner = GenSimEnv(self._source, obs_mode="text")
        inner.share_task_cache(cast(GenSimEnv, self._proto.unwrapped))  # compiled once, by _warm or a first reset
        env: gym.Env = inner
        if self.curriculum is not None:
            from gensim_gym.curriculum.wrapper import attach_curriculum

            env = attach_curriculum(env, self.curriculum, directive=self.config.directive)
        session = Session(secrets.token_urlsafe(18), env, self.clock())
        self.sessions[session.id] = session
        return session

    def get(self, session_id: Any) -> Session:
        """The session with this id; :class:`SessionError` 404 when there is none (or it expired)."""
        session = self.sessions.get(session_id) if isinstance(session_id, str) else None
        if session is None:
            raise SessionError("no such session (unknown id, closed, or expired after "
                               f"{self.config.idle_timeout:g} s idle); reset without a session_id to open one",
                               404, "SESSION_ERROR")
        session.last_used = self.clock()
        return session

    def close(self, session_id: str) -> bool:
        session = self.sessions.pop(session_id, None)
        if session is not None:
            session.env.close()
        return session is not None

    def expire(self) -> int:
        """Close every session idle for longer than ``idle_timeout``; returns how many."""
        limit = self.clock() - self.config.idle_timeout
        stale = [sid for sid, s in self.sessions.items() if s.last_used < limit]
        for sid in stale:
            self.close(sid)
        self.expired += len(stale)
        return len(stale)

    def shutdown(self) -> None:
        for sid in list(self.sessions):
            self.close(sid)
        self._proto.close()

    # -- the OpenEnv verbs ------------------------------------------------------------------
    def reset(self, session: Session, seed: Any = None, episode_id: Any = None) -> dict[str, Any]:
        if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 2**63):
            raise SessionError(f"seed must be an integer in [0, 2**63) or null, got {seed!r:.40}")
        if episode_id is not None and (not isinstance(episode_id, str) or len(episode_id) > 255):
            raise SessionError("episode_id must be a string of at most 255 characters")
        unwrapped = cast(GenSimEnv, session.env.unwrapped)
        obs, info = session.env.reset(seed=seed)
        session.episode_id = episode_id or secrets.token_hex(8)
        session.step_count, session.episode_return, session.done = 0, 0.0, False
        session.info = {k: info[k] for k in ("task_id", "difficulty", "domain") if k in info}
        observation = {"text": obs, "tools": self._openai_tools(unwrapped), "tool_messages": [], **session.info}
        return {"observation": observation, "reward": None, "done": False}

    def step(self, session: Session, action: Any) -> dict[str, Any]:
        """Apply a tool call (any shape text mode reads; ``{"tool_call": ...}`` is unwrapped)."""
        if session.done:
            raise SessionError("the episode has ended (or none was started): reset first", 409, "SESSION_ERROR")
        if isinstance(action, dict) and "tool_call" in action and len(action) == 1:
            action = action["tool_call"]
        try:
            obs, reward, terminated, truncated, info = session.env.step(action)
        except ResetNeeded as exc:  # cannot happen while done is tracked; kept as a 409, never a 500
            raise SessionError(str(exc), 409, "SESSION_ERROR") from None
        session.step_count += 1
        session.episode_return += float(reward)
        session.done = terminated or truncated
        observation = {"text": obs, "tool_messages": info.get("tool_messages", []),
                       "invalid": bool(info.get("invalid")), "terminated": terminated, "truncated": truncated}
        if session.done:
            observation["is_success"] = bool(info.get("is_success"))
        return {"observation": observation, "reward": reward, "done": session.done}

    def state(self, session: Session) -> dict[str, Any]:
        return {"session_id": session.id, "episode_id": session.episode_id, "step_count": session.step_count,
                "episode_return": session.episode_return, "done": session.done, **session.info}

    def stats(self) -> dict[str, Any]:
        out: dict[str, Any] = {"sessions": len(self.sessions), "max_sessions": self.config.max_sessions,
                               "expired": self.expired}
        if self.curriculum is not None:
            out["curriculum"] = self.curriculum.stats()
        return out
