# Shared by setup scripts: create (or reuse) .venv and install the package with the given extras.
# torch is pinned to the CPU build first, so the package's torch range (>=2.1,<3) is already met
# and pip never pulls the multi-GB CUDA wheels.
set -euo pipefail
EXTRAS="$1"
VENV="${GENSIM_VENV:-.venv}"
PY="${PYTHON:-python3}"
if [ ! -x "$VENV/bin/python" ]; then
  "$PY" -m venv "$VENV"
fi
"$VENV/bin/python" -m pip install --quiet --upgrade pip setuptools wheel
if [[ "$EXTRAS" == *train* || "$EXTRAS" == *rllib* ]]; then  # rllib needs torch too
  "$VENV/bin/python" -m pip install --quiet "torch==2.13.0"
fi
"$VENV/bin/python" -m pip install --quiet -e ".[${EXTRAS}]"
