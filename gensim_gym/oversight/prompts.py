"""The oversight prompts (analyse failures, classify bottleneck, update directive).

The shared templates live in ``prompts/*.j2`` and are rendered by the LLM
backend's ``render_prompt(name, **vars)``. Until that backend is present,
these built-in Jinja2 templates (same names, same variables) are used, so LLM
oversight works against any OpenAI-compatible chat model either way.
"""

from __future__ import annotations

from typing import Any

import jinja2

BUILTIN: dict[str, str] = {
    "analyse_failures": """You oversee the training of an agent on generated tool-use tasks.
Current directive for the task generator: "{{ directive }}"
Mean reward this epoch: {{ "%.3f"|format(mean_reward) }} (threshold eta = {{ eta }}).
Failed episodes (reward below eta), one per line:
{% for f in failures %}- task {{ f.task_id }} difficulty {{ "%.2f"|format(f.difficulty) }}: \
reward {{ "%.2f"|format(f.reward) }}, {{ f.steps }}/{{ f.horizon }} steps, {{ f.invalid_calls }} invalid calls, \
progress {{ "%.0f"|format(100 * f.progress) }}%, {{ f.reward_events }} reward events, \
reward mode {{ f.reward_mode }}, {{ f.n_tools }} tools{% if f.truncated %}, timed out{% endif %}
{% endfor %}
Summarise the systematic failure patterns in a few sentences.""",
    "classify_bottleneck": """Failure analysis:
{{ analysis }}
Rule-based evidence: {{ evidence }}
Classify the main bottleneck as exactly one of: task (plans too long or complex), tools (invalid or wrong tool \
calls), reward (no learning signal, reward too sparse).
Answer with JSON only: {"bottleneck": "task|tools|reward", "evidence": "<one sentence>"}""",
    "update_directive": """Current directive: "{{ directive }}"
Bottleneck: {{ bottleneck }}. Mean reward {{ "%.3f"|format(mean_reward) }}, threshold eta = {{ eta }}.
Rule: {% if mean_reward >= eta %}performance is high: increase difficulty along the bottleneck{% else %}\
performance is insufficient: maintain or simplify along the bottleneck{% endif %}.
The generator understands: easy / hard, "longer tasks" / "shorter tasks", "more tools" / "fewer tools", \
"sparse reward" / "dense reward". Keep the domain words unchanged.
Answer with JSON only: {"directive": "<new directive>", "reason": "<one sentence>"}""",
}

_ENV = jinja2.Environment(undefined=jinja2.StrictUndefined, autoescape=False, keep_trailing_newline=False)


def render_prompt(name: str, **variables: Any) -> str:
    """Render an oversight prompt: the shared ``prompts/`` template when available, else the built-in one."""
    try:
        from gensim_gym.generation import llm as llm_backend  # optional: owned by the LLM-backend issue

        shared = getattr(llm_backend, "render_prompt", None)
    except ImportError:
        shared = None
    if shared is not None:
        try:
            return shared(name, **variables)
        except Exception:  # noqa: BLE001 - a missing or incompatible shared template falls back to ours
            pass
    return _ENV.from_string(BUILTIN[name]).render(**variables)
