"""Init rules' statements are expanded through format strings; they must read exactly as the
``?var`` substitution they replace."""

from __future__ import annotations

import re

import pytest

from gensim_gym.generation.offline import _template

_REF = re.compile(r"\?([A-Za-z_][A-Za-z0-9_]*)")
BINDING = {"p": "alice", "s": "mon_9", "m": "odd{name}"}


@pytest.mark.parametrize("stmt", ["free(?p, ?s)", "capacity(?p) = $n", "with{braces}(?m)", "?p?s", "budget() = $n"])
def test_template_substitutes_like_the_rule_pattern(stmt: str) -> None:
    assert _template(stmt).format_map(BINDING) == _REF.sub(lambda m: BINDING[m.group(1)], stmt)
