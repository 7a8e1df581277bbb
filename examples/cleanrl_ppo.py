"""A single-file PPO in CleanRL's style (vector envs made from an id, one script, torch only), with action masks.

The env is made exactly as CleanRL scripts make theirs: a thunk calling ``gym.make(env_id)`` with no
other argument, wrapped in ``RecordEpisodeStatistics``, vectorised by ``SyncVectorEnv``. The only
addition is :class:`gensim_gym.wrappers.ActionMaskInfo`, which puts each state's action mask in the
step's info; the policy gives unavailable calls a logit of -1e8. (Without a mask the policy still
sees which calls are available: they are part of the observation.)

Hyperparameters are the defaults of CleanRL's ``cleanrl/ppo.py`` (4 envs x 128 steps, 4 epochs of 4 minibatches,
Adam 2.5e-4 annealed, clipped value loss, ent_coef 0.01, two 64-unit tanh layers per network). Without masks on
easy warehouse tasks they read 0.98 / 1.00 / 0.99 held-out success over seeds 0-2 at 200k steps on the default face,
whose row ``k`` describes the call action ``k`` makes; on the earlier face (``repeat_rows=False``, rows past the listed
calls read 0) they learned the training tasks and transferred little (0.26 / 0.57 / 0.25), and on filesystem the
default face costs them 8-12 points (0.86 / 0.82 against 0.94 / 0.94: benchmarks/results/cleanrl_transfer.md).

    PYTHONPATH=. python examples/cleanrl_ppo.py --env-id GenSim-Warehouse-Easy-v0 --total-timesteps 50000
"""

from __future__ import annotations

import argparse
import time
from collections import deque

import gymnasium as gym
import numpy as np
import torch
from torch import nn

import gensim_gym  # noqa: F401 - registers the ids
from gensim_gym.wrappers import ActionMaskInfo


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--env-id", default="GenSim-Warehouse-Easy-v0")
    p.add_argument("--total-timesteps", type=int, default=50_000)
    p.add_argument("--num-envs", type=int, default=4)
    p.add_argument("--num-steps", type=int, default=128, help="steps per env per rollout")
    p.add_argument("--learning-rate", type=float, default=2.5e-4)
    p.add_argument("--anneal-lr", action=argparse.BooleanOptionalAction, default=True)
    p.add_argument("--gamma", type=float, default=0.99)
    p.add_argument("--gae-lambda", type=float, default=0.95)
    p.add_argument("--num-minibatches", type=int, default=4)
    p.add_argument("--update-epochs", type=int, default=4)
    p.add_argument("--norm-adv", action=argparse.BooleanOptionalAction, default=True)
    p.add_argument("--clip-coef", type=float, default=0.2)
    p.add_argument("--clip-vloss", action=argparse.BooleanOptionalAction, default=True)
    p.add_argument("--ent-coef", type=float, default=0.01)
    p.add_argument("--vf-coef", type=float, default=0.5)
    p.add_argument("--max-grad-norm", type=float, default=0.5)
    p.add_argument("--target-kl", type=float, default=None)
    p.add_argument("--hidden", type=int, default=64, help="units of each of the two hidden layers")
    p.add_argument("--no-mask", action="store_true", help="ignore the action mask (plain PPO)")
    p.add_argument("--seed", type=int, default=1)
    return p.parse_args(argv)


def make_thunk(env_id: str):
    def thunk() -> gym.Env:
        return gym.wrappers.RecordEpisodeStatistics(ActionMaskInfo(gym.make(env_id)))

    return thunk


def layer(n_in: int, n_out: int, std: float = 2 ** 0.5) -> nn.Linear:
    lin = nn.Linear(n_in, n_out)
    nn.init.orthogonal_(lin.weight, std)
    nn.init.zeros_(lin.bias)
    return lin


class Agent(nn.Module):
    def __init__(self, obs_dim: int, n_actions: int, hidden: int = 64) -> None:
        super().__init__()
        h = hidden
        self.critic = nn.Sequential(layer(obs_dim, h), nn.Tanh(), layer(h, h), nn.Tanh(), layer(h, 1, 1.0))
        self.actor = nn.Sequential(layer(obs_dim, h), nn.Tanh(), layer(h, h), nn.Tanh(), layer(h, n_actions, 0.01))

    def value(self, obs: torch.Tensor) -> torch.Tensor:
        return self.critic(obs).squeeze(-1)

    def act(self, obs: torch.Tensor, mask: torch.Tensor, action: torch.Tensor | None = None):
        logits = self.actor(obs).masked_fill(~mask, -1e8)
        dist = torch.distributions.Categorical(logits=logits)
        if action is None:
            action = dist.sample()
        return action, dist.log_prob(action), dist.entropy(), self.value(obs)


def advantages(rew, val, done, *, next_done, next_value, args) -> torch.Tensor:
    """Generalised advantage estimation over a rollout of shape (steps, envs)."""
    n = rew.shape[0]
    adv = torch.zeros_like(rew)
    last = torch.zeros(rew.shape[1])
    for t in reversed(range(n)):
        not_done = 1.0 - (next_done if t == n - 1 else done[t + 1])
        nxt = next_value if t == n - 1 else val[t + 1]
        delta = rew[t] + args.gamma * nxt * not_done - val[t]
        last = delta + args.gamma * args.gae_lambda * not_done * last
        adv[t] = last
    return adv


def update_policy(agent, optimizer, args, batch_data: tuple) -> dict[str, float]:
    """The clipped PPO update: ``update_epochs`` passes over shuffled minibatches of
    ``(obs, mask, action, logp, advantage, return, value)``; returns the last minibatch's entropy and KL estimate."""
    b_obs, b_mask, b_act, b_logp, b_adv, b_ret, b_val = batch_data
    batch = b_obs.shape[0]
    minibatch = max(1, batch // args.num_minibatches)
    stats = {"entropy": float("nan"), "approx_kl": float("nan")}
    for _ in range(args.update_epochs):
        order = torch.randperm(batch)
        for i in range(0, batch - minibatch + 1, minibatch):  # whole minibatches (a short last one is left out)
            idx = order[i:i + minibatch]
            _, logp, entropy, value = agent.act(b_obs[idx], b_mask[idx], b_act[idx].long())
            logratio = logp - b_logp[idx]
            ratio = logratio.exp()
            with torch.no_grad():
                approx_kl = ((ratio - 1) - logratio).mean()
            a = b_adv[idx]
            if args.norm_adv:
                a = (a - a.mean()) / (a.std() + 1e-8)
            pg_loss = torch.max(-a * ratio, -a * ratio.clamp(1 - args.clip_coef, 1 + args.clip_coef)).mean()
            v_loss = (value - b_ret[idx]) ** 2
            if args.clip_vloss:  # the value may move at most clip_coef from its rollout estimate, as in the paper
                clipped = b_val[idx] + (value - b_val[idx]).clamp(-args.clip_coef, args.clip_coef)
                v_loss = torch.max(v_loss, (clipped - b_ret[idx]) ** 2)
            v_loss = 0.5 * v_loss.mean()
            loss = pg_loss - args.ent_coef * entropy.mean() + args.vf_coef * v_loss
            optimizer.zero_grad()
            loss.backward()
            nn.utils.clip_grad_norm_(agent.parameters(), args.max_grad_norm)
            optimizer.step()
            stats = {"entropy": entropy.mean().item(), "approx_kl": approx_kl.item()}
        if args.target_kl is not None and stats["approx_kl"] > args.target_kl:
            break
    return stats


def main() -> None:
    args = parse_args()
    train([make_thunk(args.env_id) for _ in range(args.num_envs)], args)


def train(thunks: list, args: argparse.Namespace) -> Agent:
    """Train on ``SyncVectorEnv(thunks)`` (each env must put its mask in ``info["action_mask"]``, e.g. through
    :class:`ActionMaskInfo`); returns the agent (``greedy`` picks its actions for evaluation)."""
    torch.manual_seed(args.seed)
    np.random.seed(args.seed)
    envs = gym.vector.SyncVectorEnv(thunks)
    n_actions = envs.single_action_space.n
    agent = Agent(int(np.prod(envs.single_observation_space.shape)), n_actions, args.hidden)
    optimizer = torch.optim.Adam(agent.parameters(), lr=args.learning_rate, eps=1e-5)

    n, e = args.num_steps, args.num_envs
    obs_buf = torch.zeros((n, e, *envs.single_observation_space.shape))
    mask_buf = torch.zeros((n, e, n_actions), dtype=torch.bool)
    act_buf, logp_buf, rew_buf, done_buf, val_buf = (torch.zeros((n, e)) for _ in range(5))

    next_obs, info = envs.reset(seed=args.seed)  # sub-env i plays the task stream of seed + i
    next_obs = torch.as_tensor(next_obs)
    next_mask = torch.as_tensor(info["action_mask"])
    next_done = torch.zeros(e)
    returns: deque[float] = deque(maxlen=100)
    successes: deque[float] = deque(maxlen=100)
    batch = n * e
    updates = max(1, args.total_timesteps // batch)
    start, step = time.time(), 0
    for update in range(1, updates + 1):
        if args.anneal_lr:  # linear learning-rate annealing
            for group in optimizer.param_groups:
                group["lr"] = (1.0 - (update - 1.0) / updates) * args.learning_rate
        for t in range(n):
            step += e
            obs_buf[t], done_buf[t] = next_obs, next_done
            mask = torch.ones_like(next_mask) if args.no_mask else next_mask
            mask[~mask.any(-1)] = True  # a sub-env that has just ended: its next action is ignored
            mask_buf[t] = mask
            with torch.no_grad():
                action, logp, _, value = agent.act(next_obs, mask)
            act_buf[t], logp_buf[t], val_buf[t] = action, logp, value
            obs, reward, terminated, truncated, info = envs.step(action.numpy())
            rew_buf[t] = torch.as_tensor(reward, dtype=torch.float32)
            next_obs, next_done = torch.as_tensor(obs), torch.as_tensor(terminated | truncated, dtype=torch.float32)
            next_mask = torch.as_tensor(info["action_mask"])
            if "episode" in info:
                for k in np.flatnonzero(info["_episode"]):
                    returns.append(float(info["episode"]["r"][k]))
                    successes.append(float(info["is_success"][k]))

        with torch.no_grad():
            adv = advantages(rew_buf, val_buf, done_buf, next_done=next_done, next_value=agent.value(next_obs),
                             args=args)
        ret = adv + val_buf
        # Gymnasium 1.x vector envs reset a finished sub-env on its next step (autoreset "next step"): that step
        # ignores its action and returns the new episode's first observation, so it is no sample of the policy
        real = done_buf.reshape(-1) == 0
        stats = update_policy(agent, optimizer, args, tuple(x[real] for x in (
            obs_buf.reshape(batch, -1), mask_buf.reshape(batch, n_actions),
            *(x.reshape(-1) for x in (act_buf, logp_buf, adv, ret, val_buf)))))
        if returns:
            print(f"step {step}: mean return {np.mean(returns):.2f}, success rate {np.mean(successes):.2f} "
                  f"(last {len(returns)} episodes), entropy {stats['entropy']:.2f}, "
                  f"approx_kl {stats['approx_kl']:.4f}, {step / (time.time() - start):.0f} steps/s", flush=True)
    envs.close()
    print(f"final success rate {np.mean(successes) if successes else 0.0:.2f} over the last {len(successes)} "
          f"episodes, {step} steps")
    return agent


def greedy(agent: Agent, obs: np.ndarray) -> int:
    """The agent's most likely action for one observation (no mask: what a plain policy would do)."""
    with torch.no_grad():
        return int(agent.actor(torch.as_tensor(obs, dtype=torch.float32)).argmax())


if __name__ == "__main__":
    main()
