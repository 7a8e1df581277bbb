"""LLM backend costs: requests per accepted spec on the recorded fixtures, and the package's wall-time overhead.

1. Requests per accepted spec: every recorded scenario in tests/fixtures/llm/
   is played through a local fake OpenAI server; HTTP requests (retries and
   repairs included) are divided by accepted specs. The minimum is 3 (one
   per stage), so the ratio to that minimum is reported too.
2. Overhead: a fake server answers every stage after sleeping ``--latency``
   seconds (answers precomputed, so the server itself costs ~nothing);
   overhead = wall time - requests x latency, per spec, as a share of a
   realistic 3 x 2 s model time per spec.

    PYTHONPATH=. python benchmarks/llm_overhead.py --latency 0.25 --specs 6
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import tempfile
import time
import warnings
from pathlib import Path

import gensim_gym
from gensim_gym.generation.llm import LLMGenerator, OpenAIBackend
from gensim_gym.generation.llm.fake_server import FakeOpenAI, FakeResponse, completion

FIXTURES = Path(__file__).resolve().parent.parent / "tests" / "fixtures" / "llm"


def requests_per_spec() -> dict:
    rows, accepted, requests = [], 0, 0
    for path in sorted(FIXTURES.glob("*.json")):
        record = json.loads(path.read_text())
        with FakeOpenAI(record["responses"]) as server, warnings.catch_warnings():
            warnings.simplefilter("ignore")
            backend = OpenAIBackend(model="m", base_url=server.base_url, api_key="k", timeout=1.0, max_retries=2,
                                    fold_system=False, **record.get("backend_options", {}))
            try:
                LLMGenerator(backend, cache=False).generate(record["directive"], record["difficulty"], record["seed"])
                ok = True
            except gensim_gym.Error:
                ok = False
        accepted += ok
        requests += len(server.requests)
        rows.append((path.stem, ok, len(server.requests)))
    return {"scenarios": rows, "accepted": accepted, "requests": requests,
            "requests_per_accepted_spec": requests / accepted, "ratio_to_minimum": requests / (3 * accepted)}


def overhead(latency: float, n_specs: int, difficulty: float = 0.3, first_seed: int = 20) -> dict:
    answers = {}
    for seed in range(first_seed, first_seed + n_specs):
        spec = gensim_gym.generate("warehouse tasks", difficulty=difficulty, seed=seed)
        for stage in ("task", "tools", "reward"):
            answers[(seed, stage)] = json.dumps(getattr(spec, stage).to_dict())

    def handler(body: dict) -> FakeResponse:
        seed = int(re.search(r"variation #(\d+) ", body["messages"][1]["content"]).group(1))
        text = answers[(seed, body["response_format"]["json_schema"]["name"])]
        return FakeResponse(body=completion(text, prompt_tokens=1500, completion_tokens=len(text) // 4), delay=latency)

    with FakeOpenAI(handler=handler) as server, tempfile.TemporaryDirectory() as cache:
        backend = OpenAIBackend(model="m", base_url=server.base_url, api_key="k", timeout=30.0, fold_system=False)
        generator = LLMGenerator(backend, cache_dir=cache, audit_log=Path(cache) / "audit.jsonl")
        start = time.perf_counter()
        for seed in range(first_seed, first_seed + n_specs):
            generator.generate("warehouse tasks", difficulty, seed)
        wall = time.perf_counter() - start
        n_requests = len(server.requests)
    per_spec = (wall - n_requests * latency) / n_specs
    return {"latency_s": latency, "specs": n_specs, "requests": n_requests, "wall_s": round(wall, 3),
            "overhead_per_spec_s": round(per_spec, 4),
            "overhead_pct_at_this_latency": round(100 * per_spec / (3 * latency), 2) if latency else None,
            "overhead_pct_at_2s": round(100 * per_spec / (3 * 2.0), 2)}


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--latency", type=float, default=0.25)
    parser.add_argument("--specs", type=int, default=6)
    args = parser.parse_args(argv)
    r = requests_per_spec()
    for name, ok, n in r["scenarios"]:
        print(f"  {name:28s} {'accepted' if ok else 'rejected':8s} {n} requests")
    print(f"requests per accepted spec: {r['requests_per_accepted_spec']:.3f} "
          f"({r['requests']} requests / {r['accepted']} accepted); ratio to the 3-request minimum: "
          f"{r['ratio_to_minimum']:.3f}")
    print(json.dumps(overhead(args.latency, args.specs)))


if __name__ == "__main__":
    sys.exit(main())
