"""report.html: one self-contained page, every chart labelled with n, a per-epoch table, a generated account."""

from __future__ import annotations

import copy
import json
import re
import shutil
import subprocess
from html.parser import HTMLParser

import pytest

from gensim_gym.simulator.narrative import explain, rule_evidence, wilson
from gensim_gym.simulator.report import build_report
from gensim_gym.simulator.report_html import render_html

DENSE, SPARSE = "warehouse tasks", "warehouse tasks, sparse reward"
AXIS = re.compile(r"\((?:index|share of episodes|score 0-1|score bin|count|0-1)\)")


def epoch(i: int, directive: str, k: int, n: int, *, median: float, kind: str, why: str, sparse: float = 0.0) -> dict:
    return {"epoch": i, "directive": directive, "episodes": n, "success": round(k / n, 4), "mean_reward": k / n - 0.1,
            "mean_difficulty": median, "sparse_share": sparse, "accepted": 4, "rejected": 0, "tools_per_task": 4.0,
            "plan_length": 4.0, "by_difficulty": {"0.0-0.2": {"success": round(k / n, 4), "n": n - 1},
                                                  "0.4-0.6": {"success": 0.0, "n": 1}},
            "sampled": {"n": n, "measured": {"min": median - 0.1, "p10": median - 0.05, "median": median,
                                             "p90": median + 0.05, "max": median + 0.1},
                        "requested": {"min": 0.1, "p10": 0.1, "median": 0.2, "p90": 0.3, "max": 0.3},
                        "current_directive_share": 1.0},
            "curriculum": {"p_hat": k / n, "r_env": 0.9, "difficulty": 0.3, "pool": 8},
            "bottleneck": {"kind": kind, "evidence": {"failures": n - k, "why": why, "timeouts_with_progress": n - k}},
            "decision": {"action": "increase", "new_directive": directive, "reason": "mean reward >= eta",
                         "source": "rules", "analysis": why}}


REPORT = {
    "config": {"directive": DENSE, "trainer": "maskable-ppo", "curriculum": "alpha", "oversight": "RuleOversight",
               "backend": "offline", "epochs": 3, "episodes_per_epoch": 16, "steps_per_epoch": 100, "eta": 0.5},
    "epochs": [epoch(0, DENSE, 4, 16, median=0.2, kind="task", why="12/12 failures got a reward signal"),
               epoch(1, DENSE, 12, 16, median=0.22, kind="task", why="4/4 failures got a reward signal"),
               epoch(2, SPARSE, 3, 16, median=0.23, kind="reward", why="13/13 failures got no positive reward",
                     sparse=1.0)],
    "evaluation": {"before": {"episodes": 8, "success": 0.125, "mean_reward": 0.0},
                   "after": {"episodes": 8, "success": 0.5, "mean_reward": 0.4}},
    "final_directive": SPARSE, "llm_tokens": {"prompt_tokens": 0, "completion_tokens": 0},
}


class Page(HTMLParser):
    """What the tests read from the page: tags, table cells, svg comments (matplotlib's text), references."""

    def __init__(self) -> None:
        super().__init__()
        self.tags: list[str] = []
        self.refs: list[str] = []
        self.svgs: list[list[str]] = []
        self.rows: list[list[str]] = []
        self.narrative = ""
        self._svg = 0
        self._cell: list[str] | None = None
        self._in = ""

    def handle_starttag(self, tag, attrs):
        self.tags.append(tag)
        a = dict(attrs)
        self.refs += [v for k, v in attrs if k in ("src", "href") and v]
        if tag == "svg":
            if not self._svg:
                self.svgs.append([])
            self._svg += 1
        if tag == "table" and a.get("id") == "epochs":
            self._in = "epochs"
        if self._in == "epochs" and tag == "tr":
            self.rows.append([])
        if self._in == "epochs" and tag == "td":
            self._cell = []
        if tag == "p" and a.get("id") == "narrative":
            self._in = "narrative"

    def handle_endtag(self, tag):
        if tag == "svg":
            self._svg -= 1
        if tag == "table" and self._in == "epochs":
            self._in = ""
        if tag == "td" and self._cell is not None:
            self.rows[-1].append(" ".join(self._cell))
            self._cell = None
        if tag == "p" and self._in == "narrative":
            self._in = ""

    def handle_data(self, data):
        if self._cell is not None:
            self._cell.append(data.strip())
        if self._in == "narrative":
            self.narrative += data

    def handle_comment(self, data):
        if self._svg:
            self.svgs[-1].append(data.strip())


def parse(text: str) -> Page:
    page = Page()
    page.feed(text)
    return page


@pytest.fixture(scope="module")
def run_dir(tmp_path_factory):
    """REPORT built once (the charts take a few seconds under load); the tests only read it."""
    path = tmp_path_factory.mktemp("run")
    (path / "report.json").write_text(json.dumps(REPORT))
    build_report(path)
    return path


@pytest.fixture(scope="module")
def built(run_dir) -> tuple[Page, str]:
    text = (run_dir / "report.html").read_text()
    return parse(text), text


def test_the_page_stands_alone_and_every_chart_has_labelled_axes_and_n(run_dir, built):
    page, _ = built
    assert "script" not in page.tags and "link" not in page.tags and "img" not in page.tags
    assert [r for r in page.refs if not r.startswith("#") and r != "report.html"] == []
    assert len(page.svgs) == 5
    for comments in page.svgs:
        labels = [c for c in comments if AXIS.search(c)]
        assert len(labels) >= 2, comments  # an x and a y label, each with its unit
        assert any(re.fullmatch(r"(?:.*n=\d+.*|\d+/\d+)", c) for c in comments), comments  # n per point or bar
    # the chart of success by difficulty says 0/3 over the empty bar instead of leaving it unexplained
    assert "0/3" in page.svgs[2]
    for name in ("success.png", "difficulty.png", "success_by_difficulty.png", "bottlenecks.png", "curriculum.png"):
        assert (run_dir / name).read_bytes().startswith(b"\x89PNG")
    md = (run_dir / "report.md").read_text()
    assert "[report.html](report.html)" in md and "The same 8 held-out tasks" in md


def test_the_epoch_table_has_the_band_the_interval_and_the_evidence(built):
    page, _ = built
    assert len(page.rows) == 3 + 1 and page.rows[0] == []  # the header row has th cells only
    first = page.rows[1]
    assert first[0] == "0" and first[1] == DENSE
    assert "0.15-0.25" in first[2] and "median 0.20" in first[2]
    lo, hi = wilson(4, 16)
    assert first[3] == f"4/16 = 0.25 (90 % CI {lo:.2f}-{hi:.2f})"
    assert page.rows[3][5].startswith("reward") and "no positive reward" in page.rows[3][5]


def test_the_account_is_derived_from_the_numbers(built):
    page, _ = built
    text = " ".join(page.narrative.split())
    assert "Success fell from 0.75 in epoch 1 to 0.19 in epoch 2 after the directive changed from " \
           f"'{DENSE}' to '{SPARSE}' (reward harder)" in text
    assert "the share of sparse-reward tasks went from 0% to 100%" in text
    assert "8 held-out tasks" in text and "1/8" in text and "4/8" in text and "not conclusive" in text
    # other numbers, other account: no fall, so no sentence about one
    calm = copy.deepcopy(REPORT)
    calm["epochs"][2]["success"] = 0.8125
    sentences = explain(calm)
    assert not any("fell" in s for s in sentences)
    assert any("rose from 0.25 in epoch 0 to 0.75 in epoch 1" in s for s in sentences)


def test_text_from_the_run_is_escaped():
    report = copy.deepcopy(REPORT)
    report["epochs"][0]["bottleneck"]["evidence"]["why"] = "<script>alert(1)</script>"
    report["config"]["directive"] = "warehouse <b>tasks</b>"
    text = render_html(report, "run <1>", [])
    page = parse(text)
    assert "<b>tasks</b>" not in text and "run &lt;1&gt;" in text
    assert "<script>" not in text and "&lt;script&gt;" in text and "script" not in page.tags


def test_a_directive_that_went_hard_without_the_sampled_difficulty_says_why(tmp_path):
    report = copy.deepcopy(REPORT)
    report["epochs"][2]["directive"] = "warehouse tasks, hard"
    report["epochs"][2]["sampled"]["current_directive_share"] = 0.25
    sentences = explain(report)
    assert any("is not the move the directive asked for: only 25% of the last epoch's tasks" in s for s in sentences)
    report["epochs"][2]["sampled"]["measured"]["median"] = 0.5
    assert any("went from 0.20 to 0.50." in s for s in explain(report))


@pytest.mark.skipif(shutil.which("chromium") is None, reason="Debian's chromium is not installed")
def test_chromium_renders_the_page_to_a_picture_that_is_not_blank(run_dir, tmp_path):
    np = pytest.importorskip("numpy")
    image = pytest.importorskip("PIL.Image")
    png = tmp_path / "page.png"
    subprocess.run(["chromium", "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
                    "--window-size=1000,2400", f"--screenshot={png}", (run_dir / "report.html").as_uri()],
                   check=True, capture_output=True, timeout=60)
    pixels = np.asarray(image.open(png).convert("L"), dtype=float)
    assert pixels.shape == (2400, 1000)
    dark = pixels < 128
    assert dark.mean() > 0.01  # text and chart lines, not an empty white page
    # the charts were drawn: dark pixels reach far down the page, past the tables
    assert dark[1600:].mean() > 0.002


def test_a_fall_on_a_fresh_pool_says_so():
    report = copy.deepcopy(REPORT)
    report["epochs"][2]["accepted"] = 16
    fall = next(s for s in explain(report) if "fell" in s)
    assert "16 newly generated specs joined the pool" in fall


def test_an_llm_verdict_shows_the_models_reason_and_the_rules_counts():
    report = copy.deepcopy(REPORT)
    rules = report["epochs"][2]["bottleneck"]
    report["epochs"][2]["bottleneck"] = {"kind": "reward", "evidence": {"llm": "no reward before the goal",
                                                                        "rules": rules}, "source": "llm"}
    page = parse(render_html(report, "run", []))
    assert page.rows[3][5] == "reward no reward before the goal (LLM)"
    assert rule_evidence(report["epochs"][2]["bottleneck"])["failures"] == 13
