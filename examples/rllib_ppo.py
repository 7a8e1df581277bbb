"""RLlib PPO on a preset id: pass ``"gensim_gym:GenSim-Warehouse-Easy-v0"``.

RLlib's env runners are separate processes that never import gensim_gym, so a bare
``"GenSim-Warehouse-Easy-v0"`` fails there with ``NameNotFound``; the ``module:`` prefix makes
Gymnasium import the package first (``tune.register_env`` with a creator works too). Needs
``pip install 'gensim_gym[rllib]'`` (ray[rllib]; note that it pins its own Gymnasium version).

    PYTHONPATH=. python examples/rllib_ppo.py --iterations 5
"""

from __future__ import annotations

import argparse
import os


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--env-id", default="gensim_gym:GenSim-Warehouse-Easy-v0")
    parser.add_argument("--iterations", type=int, default=5)
    parser.add_argument("--batch", type=int, default=2000, help="env steps per training iteration")
    parser.add_argument("--env-runners", type=int, default=1)
    args = parser.parse_args()

    import ray
    from ray.rllib.algorithms.ppo import PPOConfig

    # the env runners must import this checkout's gensim_gym too (an installed package needs nothing)
    here = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    path = os.pathsep.join(p for p in (here, os.environ.get("PYTHONPATH", "")) if p)
    ray.init(num_cpus=args.env_runners + 1, include_dashboard=False, log_to_driver=False,
             runtime_env={"env_vars": {"PYTHONPATH": path}})
    config = (PPOConfig()
              .environment(args.env_id)
              .env_runners(num_env_runners=args.env_runners, num_envs_per_env_runner=1)
              .training(train_batch_size_per_learner=args.batch, minibatch_size=250, num_epochs=4, lr=3e-4)
              .debugging(seed=0))
    algo = config.build_algo()
    result: dict = {}
    for i in range(args.iterations):
        result = algo.train()
        runners = result.get("env_runners", {})
        print(f"iteration {i + 1}: mean episode return {runners.get('episode_return_mean', float('nan')):.3f}, "
              f"mean episode length {runners.get('episode_len_mean', float('nan')):.1f}", flush=True)
    algo.stop()
    ray.shutdown()
    print(f"final mean episode return {result.get('env_runners', {}).get('episode_return_mean', float('nan')):.3f}")


if __name__ == "__main__":
    main()
