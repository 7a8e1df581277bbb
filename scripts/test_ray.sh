#!/usr/bin/env bash
# The Ray extra's tests (issue 23), in their own virtual environment: ray[rllib] pins an older Gymnasium
# (1.2.2) than the main .venv, so it gets .venv-ray (or $GENSIM_RAY_VENV). Only tests marked `ray` run here;
# in the main venv they skip. scripts/test.sh calls this after the main suite. Local Ray, 2 CPUs, loopback.
set -euo pipefail
cd "$(dirname "$0")/.."
GENSIM_VENV="${GENSIM_RAY_VENV:-.venv-ray}" source scripts/_venv.sh "ray,rllib,dev"
VENV="${GENSIM_RAY_VENV:-.venv-ray}"
# bounded: the whole step (Ray start, generation, curriculum actor, 2 PPO iterations) takes about 2 minutes
exec timeout 900 "$VENV/bin/python" -m pytest -q -m ray tests/integrations/test_ray.py tests/integrations/test_rllib.py "$@"
