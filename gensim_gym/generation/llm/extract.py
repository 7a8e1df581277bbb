"""Getting one JSON object out of a model's answer, which is untrusted text.

Candidates, in order: the whole text as JSON; the contents of each fenced
code block; every top-level balanced ``{...}`` in the text (prose around and
between them). The first candidate that is a JSON object is taken, or, given
a ``problems`` function (the stage schema's), the first with no problems:
a model that restates the prompt's reference material before its answer
still has its answer found. Trailing commas are removed (outside strings)
before parsing. Sizes, nesting and the number of candidates are bounded
before any parsing, and nothing is ever evaluated.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from typing import Any

from gensim_gym._json import loads
from gensim_gym.errors import SpecError
from gensim_gym.spec.validate import MAX_JSON_DEPTH, json_chars, json_depth

MAX_ANSWER_CHARS = 200_000
MAX_CANDIDATES = 64  # JSON objects tried per answer (the model controls how many it writes)
_FENCE = re.compile(r"```[A-Za-z0-9_-]*[ \t]*\n(.*?)```", re.DOTALL)


def _strip_trailing_commas(text: str) -> str:
    """Remove commas that directly precede ``}`` or ``]`` (ignoring whitespace), outside strings."""
    out: list[str] = []
    pending: list[str] = []  # a comma and the whitespace after it, held until we know what follows
    for _, ch, in_string in json_chars(text):
        if pending:
            if not in_string and ch.isspace():
                pending.append(ch)
                continue
            out.extend(pending[1:] if not in_string and ch in "}]" else pending)
            pending = []
        if not in_string and ch == ",":
            pending = [ch]
            continue
        out.append(ch)
    out.extend(pending)
    return "".join(out)


def _top_level_objects(text: str) -> Iterator[str]:
    """Every top-level ``{...}`` span whose braces balance, in order (strings respected inside, through
    :func:`~gensim_gym.spec.validate.json_chars`).

    Outside an object, quotes are prose and do not open strings. An object
    still open at the end (an answer cut off) yields nothing.
    """
    start = text.find("{")
    while start >= 0:
        depth = 0
        for i, ch, in_string in json_chars(text, start):
            if in_string or ch not in "{}":
                continue
            depth += 1 if ch == "{" else -1
            if depth == 0:
                yield text[start:i + 1]
                start = text.find("{", i + 1)
                break
        else:
            return


def _candidates(text: str) -> Iterator[str]:
    yield text.strip()
    for match in _FENCE.finditer(text):
        yield match.group(1).strip()
    yield from _top_level_objects(text)


def _loads(text: str) -> Any:
    """The bounded loader (gensim_gym._json: depth, size, digits) on exactly the candidate parsed."""
    try:
        return loads(text, "the answer", max_bytes=MAX_ANSWER_CHARS)
    except SpecError:
        return loads(_strip_trailing_commas(text), "the answer", max_bytes=MAX_ANSWER_CHARS)


def extract_json(text: str, stage: str = "", problems: Callable[[dict[str, Any]], int] | None = None) -> dict[str, Any]:
    """The JSON object in a model answer; raises :class:`SpecError` (path ``$.<stage>``) when there is none.

    An answer that wraps the section in its stage name (``{"task": {...}}``
    when the task was asked for) is unwrapped. ``problems`` counts an
    object's schema problems: then the first object with none is taken, or,
    when none is clean, the one with the fewest (so the repair turn speaks
    about the model's attempt, not about text it restated).

    >>> extract_json('Sure! ```json\\n{"mode": "sparse",}\\n``` Done.')
    {'mode': 'sparse'}
    >>> extract_json('Context: {"seed": 0} Answer: {"mode": "sparse"}', problems=lambda o: int("mode" not in o))
    {'mode': 'sparse'}
    """
    path = f"$.{stage}" if stage else "$"
    if not isinstance(text, str) or not text.strip():
        raise SpecError("the answer is empty; reply with one JSON object", path=path)
    if len(text) > MAX_ANSWER_CHARS:
        raise SpecError(f"the answer is {len(text)} characters long; at most {MAX_ANSWER_CHARS} are allowed. "
                        f"Reply with a smaller JSON object and nothing else", path=path)
    if json_depth(text) > MAX_JSON_DEPTH:
        raise SpecError(f"the answer nests deeper than {MAX_JSON_DEPTH} levels", path=path)
    last = "no JSON object found"
    best: tuple[int, dict[str, Any]] | None = None
    seen: set[str] = set()
    for candidate in _candidates(text):
        if candidate in seen:
            continue
        seen.add(candidate)
        if len(seen) > MAX_CANDIDATES:
            break
        try:
            obj = _loads(candidate)
        except SpecError as exc:
            last = exc.problems[0].message.removesuffix(" (the answer)")
            continue
        if not isinstance(obj, dict):
            last = f"expected a JSON object, got a JSON {type(obj).__name__}"
            continue
        if stage and set(obj) == {stage} and isinstance(obj[stage], dict):
            obj = obj[stage]
        if problems is None:
            return obj
        count = problems(obj)
        if count == 0:
            return obj
        if best is None or count < best[0]:
            best = (count, obj)
    if best is not None:
        return best[1]
    raise SpecError(f"could not read a JSON object from the answer ({last})", path=path)
