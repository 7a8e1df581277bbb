#!/usr/bin/env bash
# The package's core (dsl, spec, world: no optional extras) on Python 3.12, in its own venv (.venv312).
# CI runs it after scripts/test.sh; a machine without a Python 3.12 (on PATH or under pyenv) skips it.
set -euo pipefail
cd "$(dirname "$0")/.."
PY312="$(command -v python3.12 || ls -d "${PYENV_ROOT:-$HOME/.pyenv}"/versions/3.12*/bin/python3.12 2>/dev/null | tail -1 || true)"
if [ -z "$PY312" ]; then
  echo "Python 3.12 not found: the 3.12 job is skipped"
  exit 0
fi
GENSIM_VENV=.venv312 PYTHON="$PY312" source scripts/_venv.sh "dev"
exec .venv312/bin/python -m pytest -q tests/dsl tests/spec tests/world "$@"
