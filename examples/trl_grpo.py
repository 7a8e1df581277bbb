"""GRPO on generated tasks with TRL's ``GRPOTrainer`` environment interface (``environment_factory``).

The environment class comes from :func:`gensim_gym.integrations.trl.environment_class`: its methods are
the directive's tools, ``reset(task_seed=...)`` appends the task's first observation to the prompt, and
``get_reward()`` is the verified success (1/0), which TRL adds as a reward source. Each dataset row names
a task seed; TRL makes one environment per rollout, so rollouts never share state.

    pip install 'gensim_gym[trl]'
    PYTHONPATH=. python examples/trl_grpo.py --model Qwen/Qwen3-0.6B --directive "warehouse tasks, easy" \\
        --max-steps 50

(``--model`` is any chat model whose template TRL can parse tool calls from: Qwen3, Llama 3.1+, ...).
"""

from __future__ import annotations

import argparse
from typing import Any

from gensim_gym.integrations.trl import environment_class, task_dataset


def build_trainer(model: Any, tokenizer: Any, env_class: type, rows: list[dict[str, Any]], *, output_dir: str,
                  max_steps: int = 50, batch_size: int = 4, num_generations: int = 4,
                  max_completion_length: int = 512, learning_rate: float = 1e-6, use_cpu: bool = False):
    """A ``GRPOTrainer`` whose only reward is the environment's (``get_reward``)."""
    from datasets import Dataset
    from trl import GRPOConfig, GRPOTrainer

    config = GRPOConfig(output_dir=output_dir, max_steps=max_steps, per_device_train_batch_size=batch_size,
                        num_generations=num_generations, max_completion_length=max_completion_length,
                        learning_rate=learning_rate, logging_steps=1, report_to=[], save_strategy="no",
                        use_cpu=use_cpu, bf16=False, seed=0)
    return GRPOTrainer(model=model, processing_class=tokenizer, args=config, train_dataset=Dataset.from_list(rows),
                       environment_factory=env_class)


def main(argv: list[str] | None = None) -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--model", default="Qwen/Qwen3-0.6B")
    p.add_argument("--directive", default="warehouse tasks, easy")
    p.add_argument("--difficulty", type=float, default=0.3)
    p.add_argument("--num-tasks", type=int, default=64)
    p.add_argument("--max-steps", type=int, default=50)
    p.add_argument("--batch-size", type=int, default=4)
    p.add_argument("--num-generations", type=int, default=4)
    p.add_argument("--output-dir", default="runs/trl_grpo")
    p.add_argument("--cpu", action="store_true")
    args = p.parse_args(argv)

    from transformers import AutoModelForCausalLM, AutoTokenizer

    env_class = environment_class(args.directive, difficulty=args.difficulty, num_tasks=args.num_tasks)
    rows = task_dataset(args.num_tasks)
    tokenizer = AutoTokenizer.from_pretrained(args.model)
    model = AutoModelForCausalLM.from_pretrained(args.model)
    trainer = build_trainer(model, tokenizer, env_class, rows, output_dir=args.output_dir, max_steps=args.max_steps,
                            batch_size=args.batch_size, num_generations=args.num_generations, use_cpu=args.cpu)
    trainer.train()


if __name__ == "__main__":
    main()
