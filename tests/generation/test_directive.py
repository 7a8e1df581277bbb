"""Reading explicit domain lists in directives."""

from __future__ import annotations

import pytest

from gensim_gym.errors import DirectiveError
from gensim_gym.generation.directive import parse_directive


@pytest.mark.parametrize(("directive", "domains", "partial"), [
    ("domain: webshop, hidden", ("webshop",), True),
    ("hidden; domain: webshop", ("webshop",), True),
    ("domain: webshop hidden", ("webshop",), True),
    ("domains: warehouse, calendar and support, noisy", ("warehouse", "calendar", "support"), None),
    ("domain: warehouse tasks, hard", ("warehouse",), None),
    ("domain: calendar; two tools", ("calendar",), None),
])
def test_explicit_domain_list_stops_at_other_vocabulary(directive, domains, partial):
    knobs = parse_directive(directive, 0.5)
    assert knobs.domains == domains
    assert knobs.partial is partial


def test_hidden_after_explicit_domain_is_read_as_partial_observability():
    knobs = parse_directive("domain: webshop, hidden", 0.5)
    assert any("partial observability" in note for note in knobs.notes)


@pytest.mark.parametrize("directive", ["domain: webshopp", "domain: webshop, calender", "domain: hidden"])
def test_unknown_explicit_domain_is_an_error(directive):
    with pytest.raises(DirectiveError, match="unknown domain"):
        parse_directive(directive, 0.5)
