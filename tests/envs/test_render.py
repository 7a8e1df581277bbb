"""Render modes: ``rgb_array`` draws the state (so ``RecordVideo`` records episodes), ``ansi`` says it in
words, and ``render()`` without a mode warns as Gymnasium's own environments do."""

from __future__ import annotations

import warnings

import gymnasium as gym
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

import gensim_gym
from gensim_gym.envs import picture
from gensim_gym.errors import RenderModeError

pytest.importorskip("PIL")


def make(directive: str = "warehouse tasks, easy", **kwargs) -> gym.Env:
    return gym.make("GenSim-v0", directive=directive, seed=0, **kwargs)


def play_oracle(env: gym.Env) -> list[np.ndarray]:
    """Play the shortest plan, rendering after the reset and after every step."""
    env.reset(seed=0)
    frames = [env.render()]
    for action in env.get_wrapper_attr("oracle_actions")():
        *_, info = env.step(action)
        frames.append(env.render())
    assert info["is_success"]
    return frames


def pixels_of(frame: np.ndarray, colour: tuple[int, int, int]) -> int:
    return int(np.all(frame == np.array(colour, dtype=np.uint8), axis=-1).sum())


def test_rgb_array_frames_have_one_size_and_show_the_goal_being_met():
    frames = play_oracle(make(render_mode="rgb_array"))
    assert all(f.shape == (picture.HEIGHT, picture.WIDTH, 3) and f.dtype == np.uint8 for f in frames)
    # the goal square is grey before and green once the goal holds; the last-call bar is green after an ok call
    goal_box = (slice(60, 200), slice(0, picture.WIDTH // 2))
    assert pixels_of(frames[0][goal_box], picture.MET) == 0
    assert pixels_of(frames[-1][goal_box], picture.MET) > 0
    assert pixels_of(frames[0], picture.RESULT_COLOURS["ok"]) == 0
    assert pixels_of(frames[-1][-20:], picture.RESULT_COLOURS["ok"]) > 0
    assert not np.array_equal(frames[0], frames[1])  # a call changes the picture


def test_an_invalid_call_shows_a_red_bar():
    env = make(render_mode="rgb_array", action_space="ground")
    env.reset(seed=0)
    invalid = int(np.flatnonzero(~env.get_wrapper_attr("action_masks")())[0])
    env.step(invalid)
    assert pixels_of(env.render()[-20:], picture.RESULT_COLOURS["error"]) > 1000


def test_a_frame_shows_what_the_text_face_shows_and_no_hidden_fact():
    env = make("warehouse tasks, hidden", render_mode="rgb_array")
    env.reset(seed=0)
    base = env.unwrapped
    frame = picture.frame_of(base.world, base._facts, base._nums, base._visible, step=0, last="")
    text = base.render_text()
    known = text.split("Known facts:\n")[1].split("\nTools:")[0].split("\n")
    assert frame.facts == [line.strip() for line in known]
    hidden_true = [label for label, i in base.world.fact_items() if base._facts[i] and not base._visible[i]]
    assert hidden_true and not set(hidden_true) & set(frame.facts)


def test_ansi_returns_the_text_observation():
    env = make(render_mode="ansi")
    env.reset(seed=0)
    assert env.render() == env.unwrapped.render_text()
    assert "Goal:" in env.render()


def test_render_without_a_render_mode_warns_like_gymnasium_envs():
    env = make()
    env.reset(seed=0)
    with pytest.warns(UserWarning, match="without specifying any render mode"):
        assert env.render() is None


def test_an_unknown_render_mode_is_refused_naming_the_modes():
    with pytest.raises(RenderModeError, match="rgb_array"):
        gensim_gym.GenSimEnv(gensim_gym.generate("warehouse tasks, easy", seed=0), render_mode="rgb")


def test_check_env_passes_with_rgb_array():
    env = make(render_mode="rgb_array", action_space="ground")
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        check_env(env.unwrapped, skip_render_check=False)
    assert not [w for w in caught if "render" in str(w.message).lower()]


def test_record_video_records_an_episode(tmp_path):
    pytest.importorskip("moviepy")
    from gymnasium.wrappers import RecordVideo

    env = RecordVideo(make(render_mode="rgb_array"), str(tmp_path / "videos"), episode_trigger=lambda episode: True,
                      disable_logger=True)
    play_oracle(env)
    env.close()
    videos = list((tmp_path / "videos").glob("*.mp4"))
    assert len(videos) == 1 and videos[0].stat().st_size > 1000
