"""Difficulty and plan-length words: "easy", "very hard", "the hardest", "moderate", "longer tasks".

Kept apart from :mod:`~gensim_gym.generation.modifiers` because they shift numbers (the difficulty in [0, 1], the
minimum plan length) by word lists rather than set a knob by pattern; :func:`pick_knob` is the fallback that
reads a knob's bare word ("noisy", "sparse") where no knob phrase said it.
"""

from __future__ import annotations

import re

from gensim_gym.generation.wording import has_word

#: Words before "easy"/"hard" that scale its ±0.3 shift ("very hard" is harder than "hard").
INTENSITY = (("extremely", 2.0), ("super", 2.0), ("very", 1.5), ("really", 1.5), ("slightly", 0.5),
              ("somewhat", 0.5), ("moderately", 0.5), ("a bit", 0.5), ("a little", 0.5))
#: Words that name the middle of the range outright ("moderate difficulty"): difficulty 0.5.
MIDDLE = ("moderate", "medium", "intermediate", "normal mode", "normal difficulty", "normal setting")
#: Words that lower (raise) the difficulty by 0.3.
_EASY = ("easy", "easier", "simple", "simpler", "beginner",
         # round 6: the words of the easy end a user reaches for
         "trivial", "basic", "elementary", "straightforward", "gentle", "novice", "introductory")
_HARD = ("hard", "harder", "tough", "tougher", "difficult", "challenging", "expert",
         "tricky", "trickier", "demanding", "brutal", "punishing", "advanced", "gruelling", "grueling", "intricate")


def _game_modes(*names: str) -> tuple[str, ...]:
    """A game's difficulty settings said by name with the word for a setting (session 28, a level designer's brief:
    "in casual mode", "on nightmare difficulty"). The name alone is no setting: "a casual user", "a nightmare to
    debug", "a hardcore fan"."""
    return tuple(f"{name} {setting}" for name in names for setting in ("mode", "difficulty", "setting"))


#: "Easy" as it is typed in a post or a chat (round 75, a tweet's "ez mode for now"): "ez", "ezpz", "easy peasy";
#: the longer forms come first, so the clause's span is the whole phrase.
_EASY_TYPED = ("easy peasy", "easy-peasy", "ezpz", "ez")
#: ... with the settings games name for the two ends (a game's "normal" setting is the middle: :data:`MIDDLE`;
#: "expert mode" and "beginner's mode" need no entry: "expert" and "beginner" are read on their own). The easy end's
#: names of a player new to the game are settings too (round 75: "baby mode", "noob mode", "newbie mode").
EASY_WORDS = (*_EASY_TYPED, *_EASY, *_game_modes("casual", "story", "rookie", "relaxed", "peaceful", "baby", "noob",
                                                 "n00b", "newbie", "kiddie", "chill"))
HARD_WORDS = (*_HARD, *_game_modes("nightmare", "hardcore", "insane", "veteran", "legendary", "heroic", "ironman",
                                   "hell"))


def _superlatives(words: tuple[str, ...]) -> tuple[str, ...]:
    """The superlatives of difficulty words ("hardest", "easiest", "most difficult", "least challenging"
    read as the other end): the extremes of the range, whatever difficulty was asked for."""
    plain = [w for w in words if not w.endswith("er") and w not in ("beginner", "expert") and " " not in w]
    one_word = [w[:-1] + "iest" if w.endswith("y") else w + "st" if w.endswith("e") else w + "est"
                for w in plain if len(w) <= 6]
    as_can_be = [f"as {w} as {end}" for w in plain for end in ("possible", "it gets", "you can")]
    return (*one_word, *(f"most {w}" for w in plain if len(w) > 6), *as_can_be)


#: Superlatives of the easy (hard) words, "least" of the long hard ones and the lowest (highest) difficulty
#: named outright: difficulty 0 (1).
EASIEST = (*_superlatives(_EASY), *(f"least {w}" for w in _HARD if len(w) > 6 and w != "tougher"),
           *(f"{w} difficulty" for w in ("minimum", "minimal", "min", "lowest")))
HARDEST = (*_superlatives(_HARD), *(f"{w} difficulty" for w in ("maximum", "maximal", "max", "highest", "top")))


def shift_difficulty(text: str, d: float, notes: list[str]) -> float:
    """"easy" words lower the requested difficulty by 0.3, "hard" words raise it (clipped to [0, 1]); an
    intensity word right before one scales the shift (:data:`INTENSITY`); a :data:`MIDDLE` word sets 0.5 first."""
    if has_word(text, *MIDDLE):
        d = 0.5
        notes.append(f"'{next(w for w in MIDDLE if has_word(text, w))}' sets difficulty to 0.50")
    for words, extreme in ((EASIEST, 0.0), (HARDEST, 1.0)):
        if has_word(text, *words):
            notes.append(f"'{next(w for w in words if has_word(text, w))}' sets difficulty to {extreme:.2f}")
            return extreme
    for words, shift in ((EASY_WORDS, -0.3), (HARD_WORDS, +0.3)):
        if has_word(text, *words):
            word = next(w for w in words if has_word(text, w))
            scale, said = 1.0, word
            for modifier, factor in INTENSITY:
                if re.search(rf"\b{modifier}\s+{word}\b", text):
                    scale, said = factor, f"{modifier} {word}"
                    break
            d = min(1.0, max(0.0, d + shift * scale))
            amount = f"{shift:+.1f}" if scale == 1.0 else f"{shift * scale:+.2f}"  # unscaled: as before
            notes.append(f"'{said}' shifts difficulty by {amount} to {d:.2f}")
    return d


#: Plan-length words (a :data:`KNOB_PHRASES` "long-horizon" also asks for longer tasks).
LONGER = ("longer", "long", "lengthy", "complex", "complexity", "more steps", "multi-step", "multi step", "bigger",
          "big")
SHORTER = ("shorter", "short", "brief", "briefer", "fewer steps", "small", "smaller", "tiny")


def said_knob(said: dict, kind: str, notes: list[str]):
    """The value a knob phrase set for ``kind`` (noting the words that set it)."""
    value, words = said[kind]
    notes.append(f"'{words}': {kind} = {value}")
    return value


def pick_knob(text: str, notes: list[str], default, choices):
    """The value of the first ``(words, value, note)`` choice with a word in ``text`` (noting it), else ``default``."""
    for words, value, note in choices:
        if has_word(text, *words):
            if note:
                notes.append(note)
            return value
    return default


