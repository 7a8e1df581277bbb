"""Property tests: malformed and adversarial specs get ``SpecError``, never a crash, never code execution.

Spec text is untrusted (it may come from an LLM), so whatever a spec document
contains, validation must end in either a :class:`SimSpec` or a
:class:`SpecError`. While hypothesis feeds documents, Python's code-running
builtins are replaced by tripwires: any call to them is recorded as a
side effect and fails the test.
"""

from __future__ import annotations

import builtins
import copy
import json
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import gensim_gym
from gensim_gym.envs.gensim_env import GenSimEnv
from gensim_gym.errors import SpecError
from gensim_gym.spec.model import SimSpec
from tests.conftest import TINY_SPEC

# Warm up lazy imports (jsonschema, typing) outside the tripwire.
gensim_gym.validate_spec(copy.deepcopy(TINY_SPEC))

SETTINGS = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])

# Expressions that try to escape into Python: builtins, attributes, lambdas, comprehensions, format strings.
ATTACKS = [
    "__import__('os').system('touch /tmp/pwned')", "__import__(os)", "().__class__", "x.__dict__",
    "().__class__.__bases__[0].__subclasses__()", "open('/etc/passwd')", "eval('1')", "exec('x=1')",
    "lambda: 0", "(lambda x: x)(1)", "[x for x in ()]", "getattr(at, '__globals__')", "globals()",
    "sentinel()", "__builtins__", "f'{1}'", "a() if b() else c()", "a()[0]", "a();b()", "a()\nimport os",
    "at(?i, ?l).__class__", "not __import__", "1 ** 999999", "os.system", "#", "`id`", "${PATH}",
]

json_leaves = st.one_of(st.none(), st.booleans(), st.integers(-2**70, 2**70), st.floats(allow_nan=True),
                        st.text(max_size=40))
json_values = st.recursive(json_leaves, lambda inner: st.one_of(st.lists(inner, max_size=4),
                                                               st.dictionaries(st.text(max_size=8), inner, max_size=4)),
                           max_leaves=20)
expressions = st.one_of(st.sampled_from(ATTACKS), st.text(max_size=60),
                        st.text(alphabet="()?_,.:[]'\"abc not and or reveal 0123456789=<>+-*/", max_size=80))


class Tripwire:
    """Replaces code-running builtins during a check and records any call that runs text taken from the spec.

    Libraries legitimately ``compile`` their own text (typing forward references,
    lazy imports), so only calls whose source overlaps a string of the document
    under test count. ``sentinel`` is a builtin that nothing may ever call: an
    expression ``sentinel()`` reaching Python would call it.
    """

    NAMES = ("eval", "exec", "compile")

    def __init__(self) -> None:
        self.calls: list[str] = []
        self.taint: set[str] = set()

    def watch(self, obj: Any) -> None:
        """Taint every string (and every key) inside ``obj``."""
        stack = [obj]
        while stack:
            item = stack.pop()
            if isinstance(item, (str, bytes)):
                text = item.decode("utf-8", "replace") if isinstance(item, bytes) else item
                if len(text.strip()) >= 3:
                    self.taint.add(text.strip())
            elif isinstance(item, dict):
                stack.extend(item.keys())
                stack.extend(item.values())
            elif isinstance(item, list):
                stack.extend(item)

    def _tainted(self, source: Any) -> bool:
        if isinstance(source, bytes):
            source = source.decode("utf-8", "replace")
        return isinstance(source, str) and any(t in source or source.strip() in t for t in self.taint)

    def _trap(self, name: str) -> Callable[..., Any]:
        original = getattr(builtins, name)

        def trap(*args: Any, **kwargs: Any) -> Any:
            if args and self._tainted(args[0]):
                self.calls.append(f"{name}({args[0]!r:.80})")
                raise AssertionError(f"builtins.{name} was called on spec text: {args[0]!r:.80}")
            return original(*args, **kwargs)
        return trap

    def _sentinel(self, *args: Any) -> None:
        self.calls.append("sentinel()")

    def __enter__(self) -> Tripwire:
        self._saved = {n: getattr(builtins, n) for n in self.NAMES}
        for name in self.NAMES:
            setattr(builtins, name, self._trap(name))
        builtins.sentinel = self._sentinel  # type: ignore[attr-defined]
        return self

    def __exit__(self, *exc: object) -> None:
        for name, fn in self._saved.items():
            setattr(builtins, name, fn)
        del builtins.sentinel  # type: ignore[attr-defined]


@pytest.fixture
def tripwire() -> Iterator[Tripwire]:
    with Tripwire() as wire:
        yield wire


def check_or_spec_error(obj: Any, wire: Tripwire) -> SimSpec | None:
    """Validate ``obj``: a SimSpec or SpecError are fine; any other exception or a tripwire call fails."""
    wire.watch(obj)
    try:
        spec = gensim_gym.validate_spec(obj)
    except SpecError as exc:
        assert exc.problems and all(p.path.startswith("$") for p in exc.problems)
        spec = None
    assert not wire.calls, wire.calls
    return spec


def _paths(obj: Any, prefix: tuple = ()) -> list[tuple]:
    out = [prefix]
    if isinstance(obj, dict):
        for k, v in obj.items():
            out += _paths(v, (*prefix, k))
    elif isinstance(obj, list):
        for i, v in enumerate(obj):
            out += _paths(v, (*prefix, i))
    return out


TINY_PATHS = [p for p in _paths(TINY_SPEC) if p]
EXPRESSION_SLOTS = [("task", "goal", 0), ("task", "init", 0), ("tools", "tools", 0, "pre"),
                    ("tools", "tools", 1, "effects", 0), ("reward", "terms", 0, "when")]


def _set(doc: dict, path: tuple, value: Any) -> None:
    target = doc
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value


@SETTINGS
@given(value=json_values)
def test_arbitrary_json_documents(value: Any) -> None:
    with Tripwire() as wire:
        assert check_or_spec_error(value, wire) is None or isinstance(value, dict)


@SETTINGS
@given(path=st.sampled_from(TINY_PATHS), value=json_values)
def test_one_field_replaced_by_anything(path: tuple, value: Any) -> None:
    doc = copy.deepcopy(TINY_SPEC)
    _set(doc, path, value)
    with Tripwire() as wire:
        spec = check_or_spec_error(doc, wire)
        if spec is not None:  # still valid: it must also round-trip and run
            assert SimSpec.from_json(spec.to_json()) == spec
            env = GenSimEnv(spec)
            env.reset(seed=0)
            env.step(env.action_space.sample())


@SETTINGS
@given(slot=st.sampled_from(EXPRESSION_SLOTS), text=expressions)
def test_adversarial_expressions(slot: tuple, text: str) -> None:
    doc = copy.deepcopy(TINY_SPEC)
    _set(doc, slot, text)
    with Tripwire() as wire:
        check_or_spec_error(doc, wire)
        check_or_spec_error(json.dumps(doc), wire)


@pytest.mark.parametrize("attack", ATTACKS)
@pytest.mark.parametrize("slot", EXPRESSION_SLOTS)
def test_every_attack_is_a_spec_error(attack: str, slot: tuple, tripwire: Tripwire, tmp_path) -> None:
    doc = copy.deepcopy(TINY_SPEC)
    _set(doc, slot, attack.replace("/tmp/pwned", str(tmp_path / "pwned")))
    tripwire.watch(doc)
    with pytest.raises(SpecError):
        gensim_gym.validate_spec(doc)
    assert not tripwire.calls
    assert not (tmp_path / "pwned").exists()


@SETTINGS
@given(text=st.text(max_size=300))
def test_arbitrary_text_is_json_error_or_spec_error(text: str) -> None:
    with Tripwire() as wire:
        check_or_spec_error(text, wire)


@SETTINGS
@given(data=st.binary(max_size=200))
def test_arbitrary_bytes(data: bytes) -> None:
    with Tripwire() as wire:
        check_or_spec_error(data, wire)


@pytest.mark.parametrize("depth", [65, 1000, 100_000])
def test_deep_nesting_as_text_and_as_objects(depth: int, tripwire: Tripwire) -> None:
    with pytest.raises(SpecError, match="nests deeper"):
        gensim_gym.validate_spec("[" * depth + "]" * depth)
    nested: list = []
    for _ in range(depth):
        nested = [nested]
    for where in (("meta",), ("task", "goal")):
        doc = copy.deepcopy(TINY_SPEC)
        _set(doc, where, {"x": nested} if where == ("meta",) else nested)
        with pytest.raises(SpecError, match="nests deeper"):
            gensim_gym.validate_spec(doc)


@pytest.mark.parametrize(("path", "value"), [
    (("task", "objects", "thing"), [f"thing_{i}" for i in range(5000)]),
    (("task", "objects", "room"), [f"room_{i}" for i in range(150)]),
    (("task", "horizon"), 10**9),
    (("task", "types"), [f"t{i}" for i in range(10_000)]),
    (("task", "description"), "x" * 2_000_000),
    (("task", "goal", 0), "open() and " * 5000 + "open()"),
    (("reward", "success"), 1e308),
    (("meta",), {f"k{i}": i for i in range(10_000)}),
])
def test_huge_sizes_are_refused(path: tuple, value: Any, tripwire: Tripwire) -> None:
    doc = copy.deepcopy(TINY_SPEC)
    _set(doc, path, value)
    with pytest.raises(SpecError):
        gensim_gym.validate_spec(doc)


def test_huge_text_is_refused_before_parsing() -> None:
    with pytest.raises(SpecError, match="characters; at most"):
        gensim_gym.validate_spec(json.dumps({"pad": "x" * 2_000_000}))


@pytest.mark.parametrize("bad", [float("nan"), float("inf"), object(), {1: 2}, {"a": {1, 2}}, b"bytes"])
def test_non_json_values_are_refused(bad: Any) -> None:
    doc = copy.deepcopy(TINY_SPEC)
    doc["meta"] = {"x": bad}
    with pytest.raises(SpecError, match=r"\$\.meta"):
        gensim_gym.validate_spec(doc)


@pytest.mark.parametrize("literal", ["NaN", "Infinity", "-Infinity"])
def test_non_standard_json_numbers_are_refused(literal: str) -> None:
    text = json.dumps(TINY_SPEC).replace('"success": 1.0', f'"success": {literal}')
    with pytest.raises(SpecError, match="not a JSON number"):
        gensim_gym.validate_spec(text)


def test_self_referencing_document_is_refused() -> None:
    doc = copy.deepcopy(TINY_SPEC)
    doc["meta"] = {"loop": doc}
    with pytest.raises(SpecError, match="nests deeper"):
        gensim_gym.validate_spec(doc)


def test_the_tripwire_itself_fires() -> None:
    """Guard against a vacuous tripwire: evaluating spec text, or calling ``sentinel``, is recorded."""
    with Tripwire() as wire:
        wire.watch({"goal": "sentinel()"})
        with pytest.raises(AssertionError):
            eval("sentinel()")  # noqa: S307 - the point of the test
        builtins.sentinel()  # type: ignore[attr-defined]
    assert wire.calls == ["eval('sentinel()')", "sentinel()"]
