"""RLlib PPO with the alpha-curriculum shared by every env runner (one CurriculumActor).

``gensim_gym.integrations.rllib.register()`` makes ``"GenSim-v0"`` and the preset ids RLlib env
strings in every worker; the curriculum lives in one Ray actor, each env runner's envs fetch tasks from
it and report every finished episode once (``RLlibCurriculumCallback`` sends the last batch of each
``sample()``). Needs ``pip install 'gensim_gym[ray,rllib]'`` (ray[rllib] pins its own Gymnasium:
install it in its own environment, e.g. the ``.venv-ray`` that ``scripts/test_ray.sh`` makes).

    PYTHONPATH=. python examples/rllib_ppo.py --iterations 5
    PYTHONPATH=. python examples/rllib_ppo.py --no-curriculum --env-id GenSim-Warehouse-Easy-v0
"""

from __future__ import annotations

import argparse
import os


def build(args: argparse.Namespace):
    """``(algo, actor)``: the PPO algorithm and the curriculum actor's handle (None without a curriculum); call
    after ``ray.init``. Keep the handle: Ray ends an actor, named or not, once no handle to it is left."""
    from ray.rllib.algorithms.ppo import PPOConfig

    from gensim_gym.integrations.ray import start_curriculum_actor
    from gensim_gym.integrations.rllib import RLlibCurriculumCallback, register

    register()
    env_config: dict = {}
    actor = None
    if args.curriculum:
        actor = start_curriculum_actor("alpha", directive=args.directive, seed=args.seed, state_path=args.state_path,
                               name=args.actor_name)
        env_config = {"directive": args.directive, "curriculum_actor": args.actor_name,
                      "curriculum_options": {"batch": 16}}
    config = (PPOConfig()
              .environment(args.env_id, env_config=env_config)
              .env_runners(num_env_runners=args.env_runners, num_envs_per_env_runner=1,
                           num_cpus_per_env_runner=1, rollout_fragment_length="auto")
              .resources(num_cpus_for_main_process=0)  # the learner shares the cores the runners leave idle
              .training(train_batch_size_per_learner=args.batch, minibatch_size=min(250, args.batch),
                        num_epochs=args.epochs, lr=3e-4)
              .callbacks(RLlibCurriculumCallback)
              .debugging(seed=args.seed))
    return config.build_algo(), actor


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--env-id", default="GenSim-v0")
    p.add_argument("--directive", default="domain: warehouse")
    p.add_argument("--no-curriculum", dest="curriculum", action="store_false")
    p.add_argument("--iterations", type=int, default=5)
    p.add_argument("--batch", type=int, default=2000, help="env steps per training iteration")
    p.add_argument("--epochs", type=int, default=4)
    p.add_argument("--env-runners", type=int, default=2)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--state-path", default=None, help="save the curriculum actor's state here (atomic)")
    p.add_argument("--actor-name", default="gensim_curriculum")
    return p


def main() -> None:
    args = parser().parse_args()
    import ray

    # the env runners must import this checkout's gensim_gym too (an installed package needs nothing)
    here = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    path = os.pathsep.join(p for p in (here, os.environ.get("PYTHONPATH", "")) if p)
    ray.init(num_cpus=args.env_runners, include_dashboard=False, log_to_driver=False,
             _node_ip_address="127.0.0.1",  # a one-machine run: Ray's servers listen on loopback only
             runtime_env={"env_vars": {"PYTHONPATH": path}})
    algo, _actor = build(args)
    result: dict = {}
    for i in range(args.iterations):
        result = algo.train()
        runners = result.get("env_runners", {})
        cur = result.get("curriculum", {})
        print(f"iteration {i + 1}: mean episode return {runners.get('episode_return_mean', float('nan')):.3f}, "
              f"episodes {runners.get('num_episodes', 0)}, curriculum results {cur.get('actor_results', 0):.0f}, "
              f"recent success {cur.get('recent_success', float('nan')):.2f}", flush=True)
    algo.stop()
    ray.shutdown()
    print(f"final mean episode return {result.get('env_runners', {}).get('episode_return_mean', float('nan')):.3f}")


if __name__ == "__main__":
    main()
