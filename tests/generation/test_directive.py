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


def test_an_unknown_domain_is_an_error_that_names_the_ways_forward() -> None:
    import gymnasium as gym

    import gensim_gym

    for call in (lambda: parse_directive("navigate a maze"),
                 lambda: gensim_gym.generate("navigate a maze"),
                 lambda: gym.make("GenSim-v0", directive="navigate a maze")):
        with pytest.raises(DirectiveError, match="known domains: calendar, filesystem, support, warehouse, "
                                                 "webshop") as caught:
            call()
        assert "backend='openai'" in str(caught.value) and "on_unknown='fallback'" in str(caught.value)


def test_on_unknown_fallback_keeps_the_old_behaviour_with_a_warning() -> None:
    import gensim_gym

    with pytest.warns(UserWarning, match="names no known domain"):
        knobs = parse_directive("navigate a maze", on_unknown="fallback")
    assert knobs.domains == ("warehouse",)
    with pytest.warns(UserWarning):
        assert gensim_gym.generate("navigate a maze", on_unknown="fallback").meta["domain"] == "warehouse"
    with pytest.raises(DirectiveError, match="did you mean 'fallback'"):
        parse_directive("warehouse", on_unknown="fallbak")


@pytest.mark.parametrize(("directive", "difficulty"), [
    ("warehouse tasks, hard", 0.8), ("warehouse tasks, very hard", 0.95), ("warehouse, extremely hard", 1.0),
    ("warehouse, slightly harder", 0.65), ("warehouse, easy", 0.2), ("warehouse, a bit easier", 0.35),
    ("warehouse, very easy", 0.05)])
def test_intensity_words_scale_the_easy_hard_shift(directive: str, difficulty: float) -> None:
    knobs = parse_directive(directive, 0.5)
    assert knobs.difficulty == pytest.approx(difficulty)


def test_very_hard_and_hard_give_different_tasks() -> None:
    import gensim_gym

    assert gensim_gym.generate("calendar, very hard", seed=3).id != gensim_gym.generate("calendar, hard", seed=3).id
