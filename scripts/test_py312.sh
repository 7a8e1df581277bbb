#!/usr/bin/env bash
# The package's core (dsl, spec, world: no optional extras) on Python 3.12, in its own venv (.venv312).
# CI runs it after scripts/test.sh; a machine without a Python 3.12 (on PATH or under pyenv) skips it.
set -euo pipefail
cd "$(dirname "$0")/.."
# A candidate counts only if it runs as 3.12: pyenv's shim `python3.12` is on PATH even where 3.12 is not
# selected, and then fails with "command not found" (exit 127).
PY312=""
for cand in "$(command -v python3.12 || true)" "${PYENV_ROOT:-$HOME/.pyenv}"/versions/3.12*/bin/python3.12; do
  if [ -n "$cand" ] && [ -x "$cand" ] && "$cand" -c "import sys; sys.exit(sys.version_info[:2] != (3, 12))" \
      2>/dev/null; then
    PY312="$cand"
  fi
done
if [ -z "$PY312" ]; then
  echo "Python 3.12 not found: the 3.12 job is skipped"
  exit 0
fi
GENSIM_VENV=.venv312 PYTHON="$PY312" source scripts/_venv.sh "dev"
exec .venv312/bin/python -m pytest -q tests/dsl tests/spec tests/world "$@"
