"""Getting one JSON object out of a model's answer, which is untrusted text.

In order: the whole text as JSON; the contents of a fenced code block; the
first balanced ``{...}`` in the text (prose around it). Trailing commas are
removed (outside strings) before parsing. Sizes and nesting are bounded
before any parsing, and nothing is ever evaluated.
"""

from __future__ import annotations

import re
from typing import Any

from gensim_gym._json import loads
from gensim_gym.errors import SpecError
from gensim_gym.spec.validate import MAX_JSON_DEPTH, _depth, json_chars

MAX_ANSWER_CHARS = 200_000
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


def _balanced_object(text: str) -> str | None:
    """The first ``{...}`` span whose braces balance (strings respected), or None."""
    start = text.find("{")
    while start != -1:
        depth = 0
        for i, ch, in_string in json_chars(text, start):
            if in_string:
                continue
            if ch == "{":
                depth += 1
            elif ch == "}":
                depth -= 1
                if depth == 0:
                    return text[start:i + 1]
        start = text.find("{", start + 1)
    return None


def _loads(text: str) -> Any:
    """The bounded loader (gensim_gym._json: depth, size, digits) on exactly the candidate parsed."""
    try:
        return loads(text, "the answer", max_bytes=MAX_ANSWER_CHARS)
    except SpecError:
        return loads(_strip_trailing_commas(text), "the answer", max_bytes=MAX_ANSWER_CHARS)


def extract_json(text: str, stage: str = "") -> dict[str, Any]:
    """The JSON object in a model answer; raises :class:`SpecError` (path ``$.<stage>``) when there is none.

    An answer that wraps the section in its stage name (``{"task": {...}}``
    when the task was asked for) is unwrapped.

    >>> extract_json('Sure! ```json\\n{"mode": "sparse",}\\n``` Done.')
    {'mode': 'sparse'}
    """
    path = f"$.{stage}" if stage else "$"
    if not isinstance(text, str) or not text.strip():
        raise SpecError("the answer is empty; reply with one JSON object", path=path)
    if len(text) > MAX_ANSWER_CHARS:
        raise SpecError(f"the answer is {len(text)} characters long; at most {MAX_ANSWER_CHARS} are allowed. "
                        f"Reply with a smaller JSON object and nothing else", path=path)
    if _depth(text) > MAX_JSON_DEPTH:
        raise SpecError(f"the answer nests deeper than {MAX_JSON_DEPTH} levels", path=path)
    candidates = [text.strip()] + [m.group(1).strip() for m in _FENCE.finditer(text)]
    span = _balanced_object(text)
    if span is not None:
        candidates.append(span)
    last = "no JSON object found"
    for candidate in candidates:
        try:
            obj = _loads(candidate)
        except SpecError as exc:
            last = exc.problems[0].message.removesuffix(" (the answer)")
            continue
        if isinstance(obj, dict):
            if stage and set(obj) == {stage} and isinstance(obj[stage], dict):
                return obj[stage]
            return obj
        last = f"expected a JSON object, got a JSON {type(obj).__name__}"
    raise SpecError(f"could not read a JSON object from the answer ({last})", path=path)
