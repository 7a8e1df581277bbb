"""Picture face of an environment: the state as an RGB frame (``render_mode="rgb_array"``).

A frame shows what :func:`gensim_gym.envs.text.render` says in words, laid out for a video: the task,
the goal checklist (green when a condition holds), the known facts and numeric fluents, and the last
call's result (green ok, orange failed, red invalid). Every frame has the same size, so Gymnasium's
``RecordVideo`` (and any encoder) takes a sequence of them. Drawn with Pillow, imported here only,
when a frame is asked for: an env without a render mode never pays for it.
"""

from __future__ import annotations

import functools
import textwrap
from typing import TYPE_CHECKING, NamedTuple

import numpy as np

from gensim_gym.errors import require

if TYPE_CHECKING:
    from gensim_gym.world.compiled import CompiledWorld

#: Frame size in pixels (width, height): both even, as video encoders (yuv420p) require.
WIDTH, HEIGHT = 640, 480
MARGIN, LINE = 12, 17
BACKGROUND, INK, MUTED = (250, 250, 247), (30, 30, 30), (120, 120, 120)
MET, UNMET = (46, 139, 87), (200, 200, 200)
RESULT_COLOURS = {"ok": (46, 139, 87), "failed": (230, 140, 20), "error": (200, 40, 40)}


class Frame(NamedTuple):
    """What one frame shows, read from the env's state (so drawing needs no access to the env)."""

    description: str
    goal: list[tuple[str, bool]]
    facts: list[str]
    step: int
    horizon: int
    last: str


def frame_of(world: CompiledWorld, facts: bytearray, nums: list[float], visible: bytearray | None, *,
             step: int, last: str) -> Frame:
    """The content of a frame: the same state the text face describes (hidden facts stay hidden)."""
    spec = world.spec
    goal = list(zip(spec.task.goal, world.goal_status(facts, nums), strict=True))
    known = [label for label, i in world.fact_items() if facts[i] and (visible is None or visible[i])]
    known += [f"{label} = {nums[j]:g}" for label, j in world.num_items()]
    return Frame(spec.task.description, goal, known, step, world.horizon, last)


def draw(frame: Frame) -> np.ndarray:
    """Draw ``frame`` as a ``(HEIGHT, WIDTH, 3)`` uint8 array.

    >>> f = Frame("move the crate", [("at(crate_a, dock)", False)], ["robot_at(dock)"], 0, 8, "")
    >>> draw(f).shape
    (480, 640, 3)
    """
    image_mod = require("PIL.Image", "render")
    draw_mod = require("PIL.ImageDraw", "render")
    image = image_mod.new("RGB", (WIDTH, HEIGHT), BACKGROUND)
    pen = draw_mod.Draw(image)
    font = _font()
    y = MARGIN
    for line in textwrap.wrap(frame.description, 80)[:3]:
        pen.text((MARGIN, y), line, fill=INK, font=font)
        y += LINE
    met = sum(ok for _, ok in frame.goal)
    status = "goal reached" if frame.goal and met == len(frame.goal) else f"{met}/{len(frame.goal)} goal conditions"
    pen.text((MARGIN, y + 2), f"step {frame.step} of {frame.horizon}  |  {status}", fill=MUTED, font=font)
    top = y + 2 * LINE + 4
    bottom = HEIGHT - 2 * LINE - MARGIN  # the last-result bar sits below the two columns
    _column(pen, font, "Goal", [(text, MET if ok else UNMET) for text, ok in frame.goal], x=MARGIN, top=top,
            bottom=bottom)
    _column(pen, font, "Known facts", [(text, None) for text in frame.facts], x=WIDTH // 2, top=top,
            bottom=bottom)
    if frame.last:
        kind = frame.last.split(":", 1)[0]
        colour = RESULT_COLOURS.get(kind, MUTED)
        pen.rectangle((0, HEIGHT - 2 * LINE - 6, WIDTH, HEIGHT), fill=colour)
        pen.text((MARGIN, HEIGHT - 2 * LINE), f"last call: {frame.last}"[:85], fill=(255, 255, 255), font=font)
    return np.asarray(image, dtype=np.uint8)


@functools.lru_cache(maxsize=1)
def _font():
    """Pillow's bundled font at a readable size (loading it costs ~0.1 s, so once per process)."""
    font_mod = require("PIL.ImageFont", "render")
    try:
        return font_mod.load_default(size=13)
    except TypeError:  # Pillow < 10.1 has only the fixed bitmap font
        return font_mod.load_default()


def _column(pen, font, title: str, rows: list[tuple[str, tuple[int, int, int] | None]], *, x: int, top: int,
            bottom: int) -> None:
    """A titled list; a row with a colour gets a square of that colour; rows that do not fit are counted."""
    pen.text((x, top), title, fill=INK, font=font)
    y, room = top + LINE + 4, (bottom - top - LINE - 4) // LINE
    shown = rows if len(rows) <= room else rows[: room - 1]
    for text, colour in shown:
        if colour is not None:
            pen.rectangle((x, y + 2, x + 9, y + 11), fill=colour)
        pen.text((x + (14 if colour is not None else 0), y), text[:40], fill=INK, font=font)
        y += LINE
    if len(shown) < len(rows):
        pen.text((x, y), f"... and {len(rows) - len(shown)} more", fill=MUTED, font=font)
