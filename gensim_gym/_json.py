"""The one bounded JSON loader for untrusted text: specs, LLM answers, text-mode tool calls, cache
entries, saved curriculum and run state.

Python's ``json`` recurses once per nesting level (``"[" * 1500`` raises ``RecursionError``), converts
integers of any length (past 4,300 digits it raises its own ``ValueError``), reads ``1e400`` as
infinity and accepts ``NaN``. :func:`loads` bounds the size, the nesting depth (counted on exactly the
text it parses, outside string literals), and the digits of an integer, refuses non-finite numbers,
and turns every failure into a :class:`~gensim_gym.errors.SpecError`. :func:`read_bounded` reads a
file without reading more than a limit (``/dev/zero`` and symlinks to it included).
"""

from __future__ import annotations

import json
import math
import os
import re
from pathlib import Path
from typing import Any

from gensim_gym.errors import SpecError

MAX_BYTES = 1_000_000
MAX_DEPTH = 64
#: Digits an integer literal may have (a JSON number larger than a float's range is no use here).
MAX_INT_DIGITS = 100

_STRING = re.compile(r'"(?:[^"\\]|\\.)*"', re.DOTALL)
_BRACKET = re.compile(r"[\[\]{}]")


def depth(text: str) -> int:
    """The deepest bracket nesting of ``text``, not counting brackets inside string literals.

    Strings are matched as the JSON scanner matches them, from the left, so on the text that is
    parsed the count is the parser's recursion depth (an unterminated string leaves the rest counted,
    which can only over-estimate).
    """
    level = best = 0
    for m in _BRACKET.finditer(_STRING.sub('""', text)):
        if m.group() in "[{":
            level += 1
            best = max(best, level)
        else:
            level -= 1
    return best


def _int(text: str) -> int:
    digits = len(text.lstrip("-"))
    if digits > MAX_INT_DIGITS:
        raise SpecError(f"not valid JSON: an integer with {digits} digits (at most {MAX_INT_DIGITS} are allowed)")
    return int(text)


def _float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise SpecError(f"not valid JSON: {text[:40]} is outside the range of a float")
    return value


def _constant(name: str) -> Any:
    raise SpecError(f"not valid JSON: {name} is not a JSON number")


def decode(data: bytes | bytearray, what: str = "JSON") -> str:
    """UTF-8 text of ``data``; invalid bytes raise :class:`SpecError` naming the offset."""
    try:
        return bytes(data).decode("utf-8")
    except UnicodeDecodeError as exc:
        raise SpecError(f"{what} is not UTF-8 text (byte {exc.start} is {data[exc.start]:#04x})") from None


def loads(text: str | bytes | bytearray, what: str = "JSON", *, max_bytes: int = MAX_BYTES,
          max_depth: int = MAX_DEPTH) -> Any:
    """Parse ``text`` under the size, depth and digit bounds; every failure is a :class:`SpecError`.

    >>> loads('{"a": [1, 2.5]}')
    {'a': [1, 2.5]}
    """
    if isinstance(text, (bytes, bytearray)):
        if len(text) > max_bytes:
            raise SpecError(f"{what} is {len(text)} bytes; at most {max_bytes} are allowed")
        text = decode(text, what)
    if not isinstance(text, str):
        raise SpecError(f"{what}: expected JSON text, got {type(text).__name__}")
    if len(text) > max_bytes:
        raise SpecError(f"{what} is {len(text)} characters; at most {max_bytes} are allowed")
    if text.count("[") + text.count("{") > max_depth and depth(text) > max_depth:  # few brackets: no scan
        raise SpecError(f"{what} nests deeper than {max_depth} levels")
    try:
        return json.loads(text, parse_int=_int, parse_float=_float, parse_constant=_constant)
    except json.JSONDecodeError as exc:
        raise SpecError(f"not valid JSON: {exc.msg} at line {exc.lineno} column {exc.colno} ({what})") from None
    except RecursionError:  # pragma: no cover - the depth bound comes first; kept as a last line
        raise SpecError(f"{what} nests too deeply") from None


def read_bounded(path: str | os.PathLike, max_bytes: int = MAX_BYTES, what: str = "file") -> bytes:
    """At most ``max_bytes`` of the file at ``path``; a longer one (or a device that never ends) raises
    :class:`SpecError`, as does an unreadable one. Never reads more than ``max_bytes + 1`` bytes."""
    path = Path(path)
    try:
        with path.open("rb") as fh:
            data = fh.read(max_bytes + 1)
    except OSError as exc:
        raise SpecError(f"cannot read {what} {str(path)!r}: {exc.strerror or exc}") from None
    if len(data) > max_bytes:
        raise SpecError(f"{what} {str(path)!r} is larger than {max_bytes} bytes")
    return data


def load_file(path: str | os.PathLike, what: str = "JSON file", *, max_bytes: int = MAX_BYTES) -> Any:
    """:func:`loads` of the file at ``path``, read with :func:`read_bounded`; errors name the file."""
    return loads(read_bounded(path, max_bytes, what), f"{what} {str(path)!r}", max_bytes=max_bytes)
