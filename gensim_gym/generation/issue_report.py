"""The frame of an issue filed on a tracker against the generator (round 68): a bug or feature report in the shape
of a GitHub issue template. Its title line summarises the report; its sections are headed ("### Expected behavior",
"## Actual behaviour", "**Steps to reproduce**", or a label opening a line: "Expected: ...", "Actual behavior: ...");
its boilerplate gives the reporter's machine ("### Environment", "OS: Ubuntu 22.04 | Python 3.11.6 | gensim_gym
0.14.2"); and the thread around it files and votes on it ("Labels: bug, enhancement", "+1, same here", a
maintainer's question "**maintainer:** which version?").

What the reporter says the environment should do is the requirement: the Expected section, or an unsectioned wish.
The rest is no request of the environment, and read as written it reversed the request: the Actual section's "the
agent only had to book 1 meeting" was a second goal count, "full map in every observation" a full observability,
"reward is only given at the very end" a sparse reward where a shaped one was asked for; the version boilerplate's
"Python 3.11.6" and "Ubuntu 22.04" were goal counts and an operation no tool does; the reproduction command's
``--seed 7`` a count; "Labels: bug" and "maintainer" operations. :func:`issue_spans` finds all of it:

- the section headers themselves, and the sections that are no request: what the environment did (actual,
  current, observed), the reporter's machine (environment, versions, system info: where it gives a version) and the
  steps to reproduce, whose command and flags are the reporter's run; a directive quoted in it (between double
  quotes) is what was asked for and stays. A section headed on its own line runs to the next header, a rule
  ("---"), a comment's author, a labels line or the end; one labelled inline ("Actual: ...") to its line's end or
  the next label on its line ("Current behaviour: ... Desired: ...");
- where the report has an Expected section, the title except the names and keywords of worlds in it: a title
  summarises the fault ("Warehouse robot sees the whole floor") or the wish, and the Expected section says the
  wish in full; the world the title names ("Hanoi difficulty slider does nothing") stays evidence;
- a tracker's tag opening the title ("[enhancement]", "[bug]", "bug:"), the labels line, the votes ("+1" lines), a
  maintainer's line (a question to the reporter) and the reporter's label before an answer (the answer stays:
  it may correct the report);
- in a report, the version boilerplate outside its section (an OS, a Python or package version, "from PyPI").

Only text written as a report has them: a section header of the template (expected, actual, steps to reproduce)
opens a line. ``exercise_sheet`` blanks them with the rest of a directive's frame, so they are listed as filler.
"""

from __future__ import annotations

import re
from functools import cache

from gensim_gym.generation.toolsets import load_registry

#: A line's start (the directive's start, or after a line break), and a header's markdown around its name: "### ",
#: "**" (bold, with its colon inside or outside).
_LINE = r"(?:^|(?<=\n))[ \t]*"
_OPEN = r"(?:#{1,6}[ \t]*|\*\*[ \t]*)?"
_CLOSE = r"[ \t]*(?::[ \t]*\*\*|\*\*[ \t]*:?|:)?"
#: The names of a template's sections, by what they hold.
_EXPECTED = r"(?:expected|desired)(?:[ \t]+(?:behaviou?r|results?|outcome))?"
_ACTUAL = r"(?:actual|current|observed)(?:[ \t]+(?:behaviou?r|results?|outcome))?|what[ \t]+happen(?:s|ed)"
_REPRODUCE = r"steps[ \t]+to[ \t]+reproduce|to[ \t]+reproduce|reproduction(?:[ \t]+steps)?|how[ \t]+to[ \t]+reproduce"
_MACHINE = r"environment|versions?|system[ \t]+info(?:rmation)?"
_OTHER = r"additional[ \t]+(?:context|information|info)|describe[ \t]+the[ \t]+(?:bug|feature|solution)"
#: A section's header: on a line of its own (markdown or a bare name), or a label with its colon before text.
_HEADER = re.compile(
    rf"{_LINE}(?P<open>{_OPEN})(?P<name>{_EXPECTED}|{_ACTUAL}|{_REPRODUCE}|{_MACHINE}|{_OTHER})"
    rf"(?P<close>{_CLOSE})[ \t]*(?P<inline>[^\s\n])?")
#: What ends a section besides the next header: a rule, a comment's author, a labels line.
_RULE = re.compile(rf"{_LINE}(?:-{{3,}}|\*{{3,}}|_{{3,}})[ \t]*(?=\n|$)")
_AUTHOR = (r"\*{0,2}@?(?:maintainer|owner|member|collaborator|contributor|reporter|author|op)\*{0,2}[ \t]*:"
           r"(?:[ \t]*\*\*)?")
_COMMENT = re.compile(rf"{_LINE}{_AUTHOR}")
_LABELS = re.compile(rf"{_LINE}labels?[ \t]*:[^\n]*")
#: A maintainer's line: a question or note to the reporter, no request of the environment.
_MAINTAINER = re.compile(
    rf"{_LINE}\*{{0,2}}@?(?:maintainer|owner|member|collaborator)\*{{0,2}}[ \t]*:(?:[ \t]*\*\*)?[^\n]*")
#: The reporter's label before an answer (the answer stays).
_REPORTER = re.compile(rf"{_LINE}\*{{0,2}}@?(?:reporter|author|op)\*{{0,2}}[ \t]*:(?:[ \t]*\*\*)?")
#: A vote on the issue: a line opening with "+1" or a thumbs-up.
_VOTE = re.compile(rf"{_LINE}(?:\+1|\U0001f44d)[^\n]*")
#: A tracker's tag opening the title.
_TAG = re.compile(r"^\s*(?:\[(?:bug|enhancement|feature(?:[ \t]+request)?|feat|question|rfc)\]"
                  r"|(?:bug|enhancement)[ \t]*[:?])")
#: The version boilerplate: an OS with its version, a Python or package version, where it was installed from.
_VERSION = re.compile(
    r"\b(?:os|platform)[ \t]*:"
    r"|\b(?:python|py|gensim[_-]gym|gymnasium|numpy|torch|pip)[ \t]*[:=]?[ \t]*v?\d+(?:\.\d+){0,3}"
    r"|\b(?:ubuntu|debian|fedora|centos|macos|mac[ \t]+os|windows|wsl2?|arch[ \t]+linux|linux)"
    r"(?:[ \t]+\d+(?:\.\d+){0,2})?\b|\bv?\d+\.\d+\.\d+\b|\bfrom[ \t]+(?:pypi|source|conda(?:-forge)?)\b")
#: A directive quoted in a reproduction step: between double quotes, on one line.
_QUOTED = re.compile(r'"([^"\n]{1,300})"')
#: A blank line: what follows a title.
_BLANK_LINE = re.compile(r"\n[ \t]*\n")
#: The end of an inline-labelled section: its line's end, or another label after a sentence's stop on the line
#: ("Current behaviour: ... the same tools. Desired: exactly 6 tools").
_INLINE_END = re.compile(rf"\n|(?<=[.!?])[ \t]+(?={_EXPECTED}|{_ACTUAL}|{_REPRODUCE}|{_MACHINE})[a-z \t]{{1,30}}:")


def _headers(text: str) -> list[re.Match[str]]:
    """The section headers of ``text``: a bare name on a line of its own, or a name with markdown or a colon."""
    return [m for m in _HEADER.finditer(text) if m.group("open") or m.group("close") or m.group("inline") is None]


def is_report(text: str) -> bool:
    """Whether ``text`` (lower case) is written as an issue report: a header of the template's own sections (expected,
    actual, steps to reproduce) opens one of its lines."""
    own = re.compile(rf"{_EXPECTED}|{_ACTUAL}|{_REPRODUCE}")
    return any(own.fullmatch(re.sub(r"\s+", " ", m.group("name"))) for m in _headers(text))


def _section_end(text: str, header: re.Match[str], starts: list[int]) -> int:
    """Where the section under ``header`` ends: the next header, rule, comment or labels line, the text's end; for an
    inline label, also its line's end or the next label on its line (:data:`_INLINE_END`)."""
    ends = [s for s in starts if s > header.start()]
    ends += [m.start() for p in (_RULE, _COMMENT, _LABELS) for m in p.finditer(text, header.end())]
    if header.group("inline"):
        inline_end = _INLINE_END.search(text, header.end())
        ends += [inline_end.start()] if inline_end else []
    return min(ends, default=len(text))


def _section_spans(text: str) -> list[tuple[int, int]]:
    """The headers of ``text`` and the sections that are no request (module docstring)."""
    headers = _headers(text)
    starts = [m.start() for m in headers]
    spans = []
    for m in headers:
        name = re.sub(r"\s+", " ", m.group("name"))
        body = m.end() - (1 if m.group("inline") else 0)
        spans.append((m.start(), body))
        end = _section_end(text, m, starts)
        if re.fullmatch(_ACTUAL, name):
            spans.append((body, end))
        elif re.fullmatch(_REPRODUCE, name):
            quoted = [q.span(1) for q in _QUOTED.finditer(text, body, end)]
            cuts = [body, *[x for q in quoted for x in q], end]
            spans += [(cuts[i], cuts[i + 1]) for i in range(0, len(cuts), 2)]
        elif re.fullmatch(_MACHINE, name) and _VERSION.search(text, body, end):
            spans.append((body, end))
    return spans


@cache
def world_words() -> re.Pattern[str]:
    """The names and keywords of the registry's worlds, longest first: what a title keeps as evidence."""
    words = {name for name in load_registry()} | {k for ts in load_registry().values() for k in ts.keywords}
    return re.compile(r"\b(?:" + "|".join(re.escape(w) for w in sorted(words, key=len, reverse=True)) + r")\b")


def _title_spans(text: str) -> list[tuple[int, int]]:
    """The title of a report with an Expected section, except the world words in it (module docstring); the title is
    the first line, followed by a blank line, and no header."""
    expected = re.compile(_EXPECTED)
    headers = _headers(text)
    if not any(expected.fullmatch(re.sub(r"\s+", " ", m.group("name"))) for m in headers):
        return []
    blank = _BLANK_LINE.search(text)
    if blank is None or "\n" in text[:blank.start()] or any(m.start() < blank.start() for m in headers):
        return []
    cuts = [0, *[x for m in world_words().finditer(text, 0, blank.start()) for x in m.span()], blank.start()]
    return [(cuts[i], cuts[i + 1]) for i in range(0, len(cuts), 2)]


def issue_spans(text: str) -> list[tuple[int, int]]:
    """The spans of ``text`` (lower case) that are an issue report's frame (module docstring), unordered, perhaps
    overlapping; text not written as a report has none but a tracker's tag opening it."""
    spans = [m.span() for m in _TAG.finditer(text)]
    if not is_report(text):
        return spans
    spans += _section_spans(text) + _title_spans(text)
    return spans + [m.span() for p in (_LABELS, _MAINTAINER, _REPORTER, _VOTE, _VERSION) for m in p.finditer(text)]
