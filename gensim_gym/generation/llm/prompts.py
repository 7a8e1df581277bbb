"""Jinja2 prompt templates: rendering, user-overridable folders and a content hash for cache keys.

Templates live in the top-level ``prompts/`` folder (``gensim_gym.prompts``
when installed). A user folder given as ``template_dir`` (or the
``GENSIM_PROMPTS`` environment variable) is searched first, so a user
overrides one template by writing a file of the same name. Undefined
variables are errors (StrictUndefined), and templates render in Jinja's
immutable sandbox: variables carry untrusted text (directives, model
answers) and are only ever inserted as text.
"""

from __future__ import annotations

import hashlib
import os
from functools import lru_cache
from pathlib import Path

from gensim_gym._resources import data_dir
from gensim_gym.errors import ArgumentError, Error, did_you_mean

#: Templates the package ships; curriculum and oversight use the last four.
TEMPLATES = ("system", "task", "tools", "reward", "repair", "filter", "analyse_failures", "classify_bottleneck",
             "update_directive")


def _folders(template_dir: str | os.PathLike | None) -> tuple[str, ...]:
    user = template_dir if template_dir is not None else os.environ.get("GENSIM_PROMPTS")
    shipped = str(data_dir("prompts"))
    return (str(Path(user)), shipped) if user else (shipped,)


@lru_cache(maxsize=16)
def _environment(folders: tuple[str, ...]):
    from jinja2 import FileSystemLoader, StrictUndefined
    from jinja2.sandbox import ImmutableSandboxedEnvironment

    env = ImmutableSandboxedEnvironment(loader=FileSystemLoader(list(folders)), undefined=StrictUndefined,
                                        autoescape=False, keep_trailing_newline=False, trim_blocks=True,
                                        lstrip_blocks=True)
    env.filters["tojson_compact"] = _tojson_compact
    return env


def _tojson_compact(value: object) -> str:
    import json

    from jinja2 import Undefined

    if isinstance(value, Undefined):
        value._fail_with_undefined_error()  # raises UndefinedError naming the variable
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False, default=str)


def _template(name: str, template_dir: str | os.PathLike | None):
    from jinja2 import TemplateNotFound

    folders = _folders(template_dir)
    try:
        return _environment(folders).get_template(f"{name}.j2")
    except TemplateNotFound:
        known = sorted({p.stem for f in folders for p in Path(f).glob("*.j2")})
        raise ArgumentError(f"no prompt template {name + '.j2'!r} in {', '.join(folders)}{did_you_mean(name, known)}; "
                    f"templates: {', '.join(known)}") from None


def render_prompt(name: str, template_dir: str | os.PathLike | None = None, **variables: object) -> str:
    """Render the prompt template ``name`` (without ``.j2``) with ``variables``.

    Raises :class:`gensim_gym.errors.Error` naming the missing variable or template.

    >>> "Return the corrected" in render_prompt("repair", stage="reward", problems=["$.reward.mode: bad"],
    ...                                       answer="{}", attempt=2, max_attempts=3)
    True
    """
    from jinja2 import TemplateError, UndefinedError

    template = _template(name, template_dir)
    try:
        return template.render(**variables).strip()
    except UndefinedError as exc:
        raise Error(f"prompt template {name}.j2 needs a variable that was not given: {exc.message}") from None
    except TemplateError as exc:
        raise Error(f"prompt template {name}.j2 failed to render: {exc}") from None


def template_hash(names: tuple[str, ...] = TEMPLATES[:5], template_dir: str | os.PathLike | None = None) -> str:
    """A hash of the source of the named templates as they would be loaded (part of every cache key)."""
    digest = hashlib.sha256()
    for name in names:
        template = _template(name, template_dir)
        digest.update(name.encode())
        digest.update(Path(template.filename).read_bytes() if template.filename else b"")
    return digest.hexdigest()[:16]
