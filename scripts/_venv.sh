# Shared by setup scripts: create (or reuse) .venv and install the package with the given extras.
#
# With a "train", "torchrl" or "rllib" extra, torch is installed first, so the package's torch range (>=2.1,<3) is already
# met when the package is installed:
#   1. PyTorch's CPU wheel index (https://download.pytorch.org/whl/cpu), if it answers within a few
#      seconds: the CPU build of torch (~190 MB) and its few pure-Python dependencies, no CUDA.
#   2. otherwise the default index (pip's configuration: PyPI, or a mirror / local wheel folder): on
#      Linux x86_64 PyPI's torch==2.13.0 is the CUDA build, which pulls ~19 nvidia-* packages (several GB).
# The script says which one it used. GENSIM_TORCH_INDEX overrides the CPU index URL ("" skips step 1).
set -euo pipefail
EXTRAS="$1"
VENV="${GENSIM_VENV:-.venv}"
PY="${PYTHON:-python3}"
TORCH="torch==2.13.0"
TORCH_INDEX="${GENSIM_TORCH_INDEX-https://download.pytorch.org/whl/cpu}"
if [ ! -x "$VENV/bin/python" ]; then
  "$PY" -m venv "$VENV"
fi
"$VENV/bin/python" -m pip install --quiet --upgrade pip setuptools wheel

_torch_installed() {  # the pinned torch is already in the venv (metadata only: importing torch takes seconds)
  "$VENV/bin/python" -c "import importlib.metadata as m, sys; sys.exit(m.version('torch').split('+')[0] != '2.13.0')" \
    2>/dev/null
}

_index_answers() {  # the CPU index answers within 5 s (DNS, proxy and TLS included)
  [ -n "$TORCH_INDEX" ] && "$VENV/bin/python" - "$TORCH_INDEX" <<'EOF' 2>/dev/null
import sys, urllib.request
urllib.request.urlopen(sys.argv[1].rstrip("/") + "/torch/", timeout=5).close()
EOF
}

if [[ "$EXTRAS" == *train* || "$EXTRAS" == *torchrl* || "$EXTRAS" == *rllib* ]] && ! _torch_installed; then
  if _index_answers && "$VENV/bin/python" -m pip install --quiet --timeout 30 --index-url "$TORCH_INDEX" "$TORCH"; then
    echo "torch: installed $TORCH (CPU build) from PyTorch's CPU index $TORCH_INDEX" >&2
  else
    echo "torch: PyTorch's CPU index ${TORCH_INDEX:-(skipped)} is not reachable; installing $TORCH from the" \
         "default index (a local wheel if pip's configuration has one; from PyPI on Linux x86_64 this is the" \
         "CUDA build plus nvidia-* packages, several GB)" >&2
    "$VENV/bin/python" -m pip install --quiet "$TORCH"
  fi
  "$VENV/bin/python" -c "import importlib.metadata as m; print('torch: using', m.version('torch'))" >&2
fi
"$VENV/bin/python" -m pip install --quiet -e ".[${EXTRAS}]"
