#!/usr/bin/env bash
# Set up a virtual environment with every extra and run the test suite (offline, no API key).
# Extra pytest arguments are passed through, e.g. `bash scripts/test.sh -m slow`.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/_venv.sh "train,llm,dev,torchrl,pddl"
.venv/bin/python -m ruff check gensim_gym tests benchmarks examples
exec .venv/bin/python -m pytest -q "$@"
