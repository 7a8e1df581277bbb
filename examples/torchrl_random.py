"""TorchRL on a preset id, unchanged: ``GymEnv("GenSim-Warehouse-Easy-v0")``, then masked random rollouts.

``GymEnv`` passes ``frameskip`` and drops it when ``gym.make`` raises Python's ``TypeError`` ("got an
unexpected keyword argument"), which gensim_gym raises. For masking, TorchRL reads the mask from the
step's info: :class:`gensim_gym.wrappers.ActionMaskInfo` puts it in ``info["action_mask"]``, an info
reader copies it into the tensordict, and TorchRL's ``ActionMask`` transform makes random actions
(and any policy sampling from the action spec) pick only available calls.

    PYTHONPATH=. python examples/torchrl_random.py --steps 2000
"""

from __future__ import annotations

import argparse

import gymnasium as gym
import torch

import gensim_gym  # noqa: F401 - registers the ids
from gensim_gym.wrappers import ActionMaskInfo


def plain_env(env_id: str):
    """The env exactly as a TorchRL user makes it from an id."""
    from torchrl.envs import GymEnv

    return GymEnv(env_id)


def masked_env(env_id: str):
    """The same env with the action mask in the tensordict and random actions restricted to it."""
    from torchrl.envs import GymWrapper, TransformedEnv
    from torchrl.envs.libs.gym import default_info_dict_reader
    from torchrl.envs.transforms import ActionMask

    base = GymWrapper(ActionMaskInfo(gym.make(env_id)), categorical_action_encoding=True)
    base.set_info_dict_reader(default_info_dict_reader(["action_mask"]))
    return TransformedEnv(base, ActionMask())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--env-id", default="GenSim-Warehouse-Easy-v0")
    parser.add_argument("--steps", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    torch.manual_seed(args.seed)

    plain = plain_env(args.env_id)
    plain.set_seed(args.seed)
    rollout = plain.rollout(50)
    print(f"GymEnv({args.env_id!r}): {rollout.batch_size[0]} unmasked random steps, ok")

    env = masked_env(args.env_id)
    env.set_seed(args.seed)
    rollout = env.rollout(args.steps, break_when_any_done=False)
    chosen = rollout["action"]
    mask = rollout["action_mask"]
    valid = mask.gather(-1, chosen.long().unsqueeze(-1)).all().item()
    done = rollout["next", "done"].squeeze(-1)
    success = rollout["next", "terminated"].squeeze(-1) & (rollout["next", "reward"].squeeze(-1) > 0.5)
    episodes = int(done.sum())
    print(f"masked random policy: {args.steps} steps, {episodes} episodes, "
          f"success rate {float(success.sum()) / max(episodes, 1):.2f}, every action available: {valid}")


if __name__ == "__main__":
    main()
