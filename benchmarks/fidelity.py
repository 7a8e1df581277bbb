"""Directive fidelity: what becomes of each requirement a careful reader sees in a directive.

Each ``benchmarks/directives*.jsonl`` line holds a directive written as users write it and the requirements a careful
reader extracts from it (``expect``: a kind and, where it matters, a value), written before the reader was run on it.
:data:`SETS` lists the sets in the order they joined. How a set is used is fixed before it is written:

- a *held-out* set is written by the lead before a session's reader rounds start, named in
  ``tests/generation/test_lexicon.py``'s ``HELD_OUT`` (no test opens it), and run once after the rounds, untouched:
  ``results/fidelity_<set>_unseen.txt`` is that first contact; then it joins :data:`SETS`;
- a *tuning* set is a helper's own, in a style no earlier set used: its untuned run is committed with it
  (``results/fidelity_<set>_<branch>_first.txt``) before any reader change, and the run after the round beside it.

docs/directives.md ("Fidelity on unseen directives") tabulates every first contact with the reader it met; the
current numbers over all sets are ``results/fidelity_all_sets_session<N>.txt``.

For every expected requirement this finds the clause of ``read_directive`` that carries it (of several, the
best-kept: a directive's every verb is an operation clause, and an unsupported "tidy" beside an honored "delete" is
not the one asked for) and counts its status:

- ``honored`` / ``approximated`` / ``unsupported``: the clause's own status;
- ``wrong``: a clause of that kind with another value (e.g. the wrong domain);
- ``ignored``: no clause of that kind at all (silently dropped: the number that must be 0).

An expected ``unknown_domain`` is honored when reading raises ``DirectiveError`` (the offline generator says it
cannot, instead of playing some other domain); the directive's other expected requirements are then scored on the
clauses the error says were read apart from the domain (``DirectiveError.clauses``: "hard"), and are wrong where it has
none of their kind.

``--generate`` scores the requirements twice: as read, and as *delivered* (on the seed-0 spec's own clauses, where
the generator marks approximated what its spec does not meet: what a user gets), and counts the specs
``check_fidelity`` finds nothing unmet in; ``--seeds N`` does so for seeds 0 .. N-1 and scores every one of those
specs (reading does not depend on the seed; generation does). ``--misses`` lists each requirement not honored.

    PYTHONPATH=. python benchmarks/fidelity.py [--generate [--seeds N]] [--misses] [SET.jsonl ...]
"""

from __future__ import annotations

import argparse
import json
import warnings
from collections import Counter, defaultdict
from pathlib import Path
from typing import Any

import gensim_gym
from gensim_gym import DirectiveError, GenerationError, check_fidelity, read_directive
from gensim_gym.generation.reading import Clause

HERE = Path(__file__).resolve().parent
COLUMNS = ("honored", "approximated", "unsupported", "wrong", "ignored")
SETS = ("directives.jsonl", "directives_heldout.jsonl", "directives_fresh.jsonl", "directives_fresh2.jsonl",
        "directives_fresh3.jsonl", "directives_fresh4.jsonl", "directives_fresh5.jsonl", "directives_fresh6.jsonl",
        "directives_fresh7.jsonl", "directives_fresh8.jsonl", "directives_fresh10.jsonl",
        "directives_fresh11.jsonl", "directives_fresh12.jsonl", "directives_fresh13.jsonl",
        "directives_fresh14.jsonl", "directives_fresh15.jsonl", "directives_fresh17_fid12.jsonl",
        "directives_fresh16.jsonl", "directives_fresh18.jsonl", "directives_fresh20_fid14.jsonl",
        "directives_fresh19.jsonl", "directives_fresh21.jsonl", "directives_fresh22.jsonl", "directives_fresh23.jsonl",
        "directives_fresh25_fid18.jsonl", "directives_fresh24.jsonl",
        "directives_fresh26.jsonl", "directives_fresh29_fid20.jsonl",
        "directives_fresh27.jsonl", "directives_fresh30_fid21.jsonl", "directives_fresh28.jsonl",
        "directives_fresh33_fid22.jsonl", "directives_fresh31.jsonl", "directives_fresh32.jsonl",
        "directives_fresh34.jsonl", "directives_fresh35.jsonl", "directives_fresh36.jsonl",
        "directives_fresh37.jsonl", "directives_fresh38.jsonl", "directives_fresh39.jsonl",
        "directives_fresh40.jsonl", "directives_fresh41.jsonl",
        "directives_fresh42.jsonl", "directives_fresh43.jsonl",
        "directives_fresh44.jsonl", "directives_fresh45.jsonl", "directives_fresh46.jsonl",
        "directives_fresh47.jsonl", "directives_fresh48.jsonl",
        "directives_fresh49.jsonl", "directives_fresh50.jsonl",
        "directives_fresh51.jsonl", "directives_fresh52.jsonl", "directives_fresh53.jsonl",
        "directives_fresh54.jsonl", "directives_fresh55.jsonl", "directives_fresh56.jsonl",
        "directives_fresh57.jsonl", "directives_fresh58.jsonl", "directives_fresh60.jsonl",
        "directives_fresh59.jsonl", "directives_fresh61.jsonl", "directives_fresh62.jsonl",
        "directives_fresh63.jsonl", "directives_fresh65.jsonl",
        "directives_fresh64.jsonl", "directives_fresh67.jsonl", "directives_fresh66.jsonl",
        "directives_fresh68.jsonl", "directives_fresh69.jsonl", "directives_fresh71.jsonl",
        "directives_fresh70.jsonl", "directives_fresh72.jsonl", "directives_fresh73.jsonl",
        "directives_fresh74.jsonl", "directives_fresh75.jsonl", "directives_fresh76.jsonl",
        "directives_fresh77.jsonl", "directives_fresh78.jsonl", "directives_fresh80.jsonl",
        "directives_fresh79.jsonl", "directives_fresh82.jsonl", "directives_fresh83.jsonl",
        "directives_fresh81.jsonl", "directives_fresh87.jsonl", "directives_fresh85.jsonl",
        "directives_fresh86.jsonl", "directives_fresh84.jsonl", "directives_fresh89.jsonl",
        "directives_fresh90.jsonl", "directives_fresh88.jsonl")
_RANK = {"honored": 0, "approximated": 1, "unsupported": 2}
_VALUE_OF = {"domain": "domains", "goal_count": "goal_count", "reward_mode": "reward_mode", "noise": "noise",
             "observability": "partial", "time_pressure": "horizon_slack", "tool_count": "tool_count"}


def matches(clause: Clause, expect: dict[str, Any]) -> bool:
    key, value = _VALUE_OF.get(expect["kind"]), expect.get("value")
    if key is None or value is None:
        return True
    got = clause.requirement.get(key)
    return sorted(got) == sorted(value) if isinstance(value, list) else got == value


def score(directive: str, expects: list[dict[str, Any]]) -> list[tuple[str, str]]:
    """``(kind, outcome)`` for each expected requirement of ``directive``."""
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            reading = read_directive(directive)
    except DirectiveError as error:
        # a directive of an unknown domain: its other requirements are scored on what the error says was read
        # apart from the domain (``DirectiveError.clauses``: "hard"); anything else is wrong
        return [("unknown_domain", "honored") if e["kind"] == "unknown_domain" else _scored(e, list(error.clauses),
                                                                                             missing="wrong")
                for e in expects]
    pool = list(reading.clauses)
    out = []
    for expect in expects:
        if expect["kind"] == "unknown_domain":
            out.append(("unknown_domain", "ignored"))  # read as some known domain: exactly what must not happen
            continue
        out.append(_scored(expect, pool))
    return out


def _scored(expect: dict[str, Any], pool: list[Clause], missing: str = "ignored") -> tuple[str, str]:
    """``(kind, outcome)`` of one expected requirement against the clauses in ``pool`` (the one it uses is taken
    out of it); ``missing``: the outcome where no clause has its kind."""
    same = [c for c in pool if c.kind == expect["kind"]]
    # of the clauses that carry it, the best: a directive's extra clause of the kind (an unsupported
    # "tidy" beside the honored "delete") is not what the expected requirement is about
    hit = min((c for c in same if matches(c, expect)), key=lambda c: _RANK[c.status], default=None)
    if hit is None:
        return expect["kind"], "wrong" if same else missing
    if expect["kind"] != "domain":  # one domain clause per keyword: they all carry the same requirement
        pool.remove(hit)
    return expect["kind"], hit.status


def generated(directive: str, seed: int = 0) -> tuple[str, list[Clause] | None]:
    """The spec generated for ``directive`` with ``seed``: ``("met", clauses)`` when it meets every honored
    requirement, else ``("unmet", clauses)``, with the clauses its ``meta["interpretation"]`` records (a
    requirement the generator could not meet is marked approximated there); or ``("unknown domain", None)``,
    ``("generation failed", None)``, ``("crash <class>", None)`` (any other exception: a bug)."""
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            reading = read_directive(directive)
            spec = gensim_gym.generate(directive, seed=seed)
    except DirectiveError:
        return "unknown domain", None
    except GenerationError:
        return "generation failed", None
    except Exception as exc:  # noqa: BLE001 - anything else escaping generate() is a bug: counted by its class
        return f"crash {type(exc).__name__}", None
    clauses = [Clause(**c) for c in spec.meta["interpretation"]["clauses"]]
    return ("unmet" if check_fidelity(spec, reading) else "met"), clauses


def delivered(expects: list[dict[str, Any]], clauses: list[Clause] | None,
              read: list[tuple[str, str]]) -> list[tuple[str, str]]:
    """``(kind, outcome)`` of each expected requirement in what the user gets: the generated spec's own clauses
    (``clauses``, from :func:`generated`); where there is no spec, the reading's outcomes ``read`` (:func:`score`:
    an unknown domain is honored by the error; a failed generation keeps what was read)."""
    if clauses is None:
        return read
    pool = list(clauses)
    return [("unknown_domain", "ignored") if e["kind"] == "unknown_domain" else _scored(e, pool) for e in expects]


def report(path: Path, generate: bool, misses: bool = False, totals: Counter | None = None, seeds: int = 1) -> str:
    """The set's table (and, with ``generate``, its delivered line over the specs of seeds ``0 .. seeds-1``);
    ``totals`` gathers its read outcomes."""
    rows = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
    table: dict[str, Counter] = defaultdict(Counter)
    missed: list[str] = []
    scores = [score(row["directive"], row["expect"]) for row in rows]
    for row, scored in zip(rows, scores, strict=True):
        for kind, outcome in scored:
            table[kind][outcome] += 1
            if outcome != "honored":
                missed.append(f"- {row['directive']!r}: {kind} {outcome}")
    total = Counter()
    lines = [f"{path.name}: {len(rows)} directives", "| kind | n | " + " | ".join(COLUMNS) + " |",
             "|---" * (2 + len(COLUMNS)) + "|"]
    for kind in sorted(table):
        counts = table[kind]
        total.update(counts)
        lines.append(f"| {kind} | {sum(counts.values())} | " + " | ".join(str(counts[c]) for c in COLUMNS) + " |")
    if totals is not None:
        totals.update(total)
    n = sum(total.values())
    lines.append(f"| **all** | {n} | " + " | ".join(f"{total[c]} ({total[c] / n:.0%})" for c in COLUMNS) + " |")
    if generate:
        label = "seed 0" if seeds == 1 else f"seeds 0-{seeds - 1}"
        specs = "the seed-0 spec" if seeds == 1 else f"the specs of seeds 0-{seeds - 1}"
        outcomes: Counter = Counter()
        given: Counter = Counter()
        short: list[str] = []
        for row, scored in zip(rows, scores, strict=True):
            for seed in range(seeds):
                outcome, clauses = generated(row["directive"], seed)
                outcomes[outcome] += 1
                for kind, got in delivered(row["expect"], clauses, scored):
                    given[got] += 1
                    if got != "honored":
                        short.append(f"- {row['directive']!r}: {kind} {got}" + (f" (seed {seed})" if seeds > 1 else ""))
        lines.append(f"generated ({label}): " + ", ".join(f"{n} {what}" for what, n in sorted(outcomes.items())))
        m = sum(given.values())
        own = f"{specs}' own clauses" if seeds > 1 else f"{specs}'s own clauses"
        lines.append(f"delivered ({own}): "
                     + ", ".join(f"{c} {given[c]} ({given[c] / m:.0%})" for c in COLUMNS))
    if misses and missed:
        lines += ["requirements not honored:", *missed]
    if generate and misses and short:
        lines += [f"requirements not honored in {specs}:", *short]
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--generate", action="store_true", help="also generate a spec per directive and check it")
    parser.add_argument("sets", nargs="*", help=f"directive sets to read (default: {', '.join(SETS)})")
    parser.add_argument("--misses", action="store_true", help="also list each requirement not honored")
    parser.add_argument("--seeds", type=int, default=1, help="with --generate: check the specs of seeds 0 .. N-1")
    args = parser.parse_args()
    names = args.sets or SETS
    totals: Counter = Counter()
    for name in names:
        print(report(HERE / name if not Path(name).is_file() else Path(name), args.generate, args.misses, totals,
                     args.seeds))
        print()
    if len(names) > 1:  # the read outcomes over every set, each clause once
        n = sum(totals.values())
        print(f"all {len(names)} sets, {n} clauses read: " + ", ".join(f"{c} {totals[c]} ({totals[c] / n:.1%})"
                                                                         for c in COLUMNS))


if __name__ == "__main__":
    main()
