#!/usr/bin/env bash
# Set up a virtual environment with every extra and run the test suite (offline, no API key).
# Extra pytest arguments are passed through, e.g. `bash scripts/test.sh -m slow`.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/_venv.sh "train,llm,dev,torchrl,video,serve,openenv,trl,pddl"
.venv/bin/python -m ruff check gensim_gym tests benchmarks examples
.venv/bin/python -m mypy  # the package, at the level pyproject.toml's [tool.mypy] sets
# one worker per core (pytest-xdist): 13 min instead of 25 on 2 cores; `-n 0` as an argument runs it serially
.venv/bin/python -m pytest -q -n auto "$@"
# The Ray extra's tests need their own venv (ray[rllib] pins an older Gymnasium); GENSIM_SKIP_RAY=1 skips them.
if [ "${GENSIM_SKIP_RAY:-0}" != "1" ]; then
  bash scripts/test_ray.sh
fi
# The verifiers extra's tests need their own venv too (verifiers 0.3.x pins websockets < 17); GENSIM_SKIP_VERIFIERS=1 skips them.
if [ "${GENSIM_SKIP_VERIFIERS:-0}" != "1" ]; then
  bash scripts/test_verifiers.sh
fi
