"""A hand-written PPO (CleanRL style, torch only) on ``gym.make("GenSim-v0", ...)`` with a curriculum wrapper.

Shows that a trainer which is not ours plugs in: it only sees a Gymnasium env.
``gensim_gym.curriculum.CurriculumWrapper`` picks each episode's task from an
``AlphaCurriculum`` (reset ``options={"spec": ...}``) and reports every
finished episode back to it (single env: the wrapper updates the curriculum
itself). The env is made with ``max_difficulty=1.0`` so its fixed spaces fit
every difficulty the curriculum may move to (``gym.make(..., curriculum=cur)``
does the same in one call).

    PYTHONPATH=. python examples/cleanrl_style_ppo.py --steps 20000
"""

from __future__ import annotations

import argparse

import gymnasium as gym
import numpy as np
import torch
from torch import nn

import gensim_gym  # noqa: F401 - registers GenSim-v0
from gensim_gym.curriculum import AlphaCurriculum, CurriculumWrapper

DIRECTIVE = "warehouse tasks, easy"


def make_env(seed: int) -> tuple[gym.Env, AlphaCurriculum]:
    env = gym.make("GenSim-v0", directive=DIRECTIVE, seed=seed, max_difficulty=1.0)
    cur = AlphaCurriculum(alpha=0.5, directive=DIRECTIVE, seed=seed)
    return gym.wrappers.RecordEpisodeStatistics(CurriculumWrapper(env, cur)), cur


class Agent(nn.Module):
    def __init__(self, obs_dim: int, n_actions: int) -> None:
        super().__init__()
        self.critic = nn.Sequential(nn.Linear(obs_dim, 64), nn.Tanh(), nn.Linear(64, 1))
        self.actor = nn.Sequential(nn.Linear(obs_dim, 64), nn.Tanh(), nn.Linear(64, n_actions))

    def dist(self, obs: torch.Tensor, mask: torch.Tensor) -> torch.distributions.Categorical:
        return torch.distributions.Categorical(logits=self.actor(obs).masked_fill(~mask, -1e8))


def main() -> None:
    p = argparse.ArgumentParser()
    p.add_argument("--steps", type=int, default=20_000)
    p.add_argument("--n-steps", type=int, default=256)
    args = p.parse_args()
    torch.manual_seed(0)
    env, cur = make_env(0)
    agent = Agent(env.observation_space.shape[0], env.action_space.n)
    opt = torch.optim.Adam(agent.parameters(), lr=1e-3)
    obs, _ = env.reset(seed=0)
    successes: list[bool] = []
    for update in range(args.steps // args.n_steps):
        buf = {k: [] for k in ("obs", "mask", "act", "logp", "rew", "done", "val")}
        for _ in range(args.n_steps):
            o = torch.as_tensor(obs)
            m = torch.as_tensor(env.get_wrapper_attr("action_masks")())
            with torch.no_grad():
                d = agent.dist(o, m)
                a = d.sample()
                buf["logp"].append(d.log_prob(a))
                buf["val"].append(agent.critic(o).squeeze())
            obs, r, term, trunc, info = env.step(int(a))
            for k, v in (("obs", o), ("mask", m), ("act", a), ("rew", r), ("done", term or trunc)):
                buf[k].append(v)
            if term or trunc:
                successes.append(bool(info["is_success"]))
                obs, _ = env.reset()
        # GAE(λ=0.95, γ=0.97); truncation treated as termination for brevity
        rew, done = np.array(buf["rew"], dtype=np.float32), np.array(buf["done"], dtype=np.float32)
        val = torch.stack(buf["val"]).numpy()
        with torch.no_grad():
            last = agent.critic(torch.as_tensor(obs)).item()
        adv, gae = np.zeros_like(rew), 0.0
        for t in reversed(range(len(rew))):
            nxt = last if t == len(rew) - 1 else val[t + 1]
            delta = rew[t] + 0.97 * nxt * (1 - done[t]) - val[t]
            gae = delta + 0.97 * 0.95 * (1 - done[t]) * gae
            adv[t] = gae
        ret = torch.as_tensor(adv + val)
        adv_t = torch.as_tensor((adv - adv.mean()) / (adv.std() + 1e-8))
        o, m, a, logp_old = (torch.stack(buf[k]) for k in ("obs", "mask", "act", "logp"))
        for _ in range(4):
            for idx in torch.randperm(len(rew)).split(64):
                d = agent.dist(o[idx], m[idx])
                ratio = (d.log_prob(a[idx]) - logp_old[idx]).exp()
                pg = -torch.min(ratio * adv_t[idx], ratio.clamp(0.8, 1.2) * adv_t[idx]).mean()
                v_loss = 0.5 * (agent.critic(o[idx]).squeeze(-1) - ret[idx]).pow(2).mean()
                loss = pg + 0.5 * v_loss - 0.01 * d.entropy().mean()
                opt.zero_grad()
                loss.backward()
                nn.utils.clip_grad_norm_(agent.parameters(), 0.5)
                opt.step()
        recent = successes[-50:]
        rate = float(np.mean(recent)) if recent else 0.0
        stats = cur.stats()
        print(f"update {update + 1}: episodes {len(successes)}, success (last 50) {rate:.2f}, "
              f"E_pi[theta] {stats['difficulty']:.2f}, pool {stats['pool_size']:.0f}, "
              f"RWR updates {stats['rwr_updates']:.0f}")


if __name__ == "__main__":
    main()
