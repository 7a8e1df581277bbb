"""Draw one episode with ``render_mode="rgb_array"``: the README's picture (docs/episode.png).

The oracle (a shortest plan) plays one easy warehouse task; the first, a middle and the last frame are
put side by side at 0.6 scale. Run from the repository root::

    python examples/render_episode.py            # writes docs/episode.png
    python examples/render_episode.py out.png

Needs Pillow (``pip install 'gensim_gym[render]'``).
"""

from __future__ import annotations

import sys
from pathlib import Path

import gymnasium as gym
import numpy as np

import gensim_gym  # noqa: F401 - registers GenSim-v0


def episode_frames(directive: str = "warehouse tasks, easy", seed: int = 3) -> list[np.ndarray]:
    """Frames after the reset and after every call of the oracle's plan."""
    env = gym.make("GenSim-v0", directive=directive, seed=seed, render_mode="rgb_array")
    env.reset(seed=seed)
    frames = [env.render()]
    for action in env.get_wrapper_attr("oracle_actions")():
        env.step(action)
        frames.append(env.render())
    env.close()
    return frames


def strip(frames: list[np.ndarray], scale: float = 0.6) -> np.ndarray:
    """The first, middle and last frame side by side, scaled, with a thin grey gap between them."""
    from PIL import Image

    picked = [frames[0], frames[len(frames) // 2], frames[-1]]
    small = [np.asarray(Image.fromarray(f).resize((int(f.shape[1] * scale), int(f.shape[0] * scale)),
                                                  Image.Resampling.LANCZOS)) for f in picked]
    gap = np.full((small[0].shape[0], 4, 3), 160, dtype=np.uint8)
    return np.concatenate([small[0], gap, small[1], gap, small[2]], axis=1)


def main(out: str = "docs/episode.png") -> Path:
    from PIL import Image

    path = Path(out)
    path.parent.mkdir(parents=True, exist_ok=True)
    Image.fromarray(strip(episode_frames())).save(path, optimize=True)
    return path


if __name__ == "__main__":
    print(main(*sys.argv[1:]))
