#!/usr/bin/env bash
# The verifiers extra's tests (issue 21), in their own virtual environment: verifiers 0.3.x pulls openai-agents, which
# pins websockets < 17 (the main .venv has 17 for the server), so it gets .venv-verifiers (or $GENSIM_VERIFIERS_VENV).
# Only tests/integrations/test_verifiers.py runs here; in the main venv it skips. scripts/test.sh calls this after
# the main suite. No model and no network: the client is scripted in process.
set -euo pipefail
cd "$(dirname "$0")/.."
GENSIM_VENV="${GENSIM_VERIFIERS_VENV:-.venv-verifiers}" source scripts/_venv.sh "verifiers,dev"
VENV="${GENSIM_VERIFIERS_VENV:-.venv-verifiers}"
# bounded: the tests take about 10 s once the venv exists
exec timeout 300 "$VENV/bin/python" -m pytest -q tests/integrations/test_verifiers.py "$@"
