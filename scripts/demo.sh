#!/usr/bin/env bash
# The main job: set up a virtual environment and run the offline demo
# (generate environments from a directive, train PPO with the alpha-curriculum, write a report).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/_venv.sh "train"
exec .venv/bin/gensim-gym demo "$@"
