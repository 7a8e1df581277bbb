"""A product requirements document pasted as a directive (round 70): a product manager lists what a release must,
should and could have, MoSCoW style ("Must have: ...", "Should: ...", "Could have: ...", "P0: ...", "P2 (nice to
have): ..."), and what it will not have ("Won't have (this release): noise, partial observability", "Non-goals: a
dense reward", "Out of scope for now: noisy sensors"), often as a requirements table ("| ID | Requirement | Priority
|", "| R1 | agent schedules 3 meetings | P0 |"), with its owners and dates beside ("Owner: Dana", "(stakeholders:
Ana, Bo)", "Target date: Q3"). Read as written, a won't-have item was a request ("Won't have: noise" read as noise
on), the heading a rule no template matches, a row's number a goal count and the owners words no recognizer knew.

:func:`prd_read` rewrites such a text before any recognizer reads it (``spelling.spelled`` applies it, as it does
``corrections.corrected``): each item a won't-have, non-goal or out-of-scope heading lists (up to the sentence's
end) is said negated ("Won't have: noise, partial observability" reads "no noise, no partial observability"), so
the knob a negator already turns off is read off ("Won't have: more than 7 tools" is "no more than 7 tools": at
most 7); the priority headings, a table's header and rule rows, a row's number and priority cells and the owners'
and dates' lines are dropped, so the words they were are reported as filler (``spelling.taken_back``). A row whose
priority is a won't-have is negated as such a heading's items are. Text with none of this comes back unchanged.
"""

from __future__ import annotations

import re

#: Headings of what a release will not have: MoSCoW's "won't (have)", a PRD's non-goals and what is out of scope;
#: and what a meeting turned down (round 74, minutes: "Rejected: dense reward", "Ruled out: hidden state").
_NEGATIVE = (r"won't(?:[- ]have)?|wont(?:[- ]have)?|will\s+not\s+have|non[- ]?goals?|out[- ]of[- ]scope"
             r"|not\s+in\s+scope|not\s+planned|excluded|rejected|ruled\s+out|decided\s+against|vetoed")
#: Headings of what a release asks for: MoSCoW's must, should and could, a priority ("P0") and an acceptance
#: criterion's label ("AC1").
_POSITIVE = (r"must(?:[- ]have)?|should(?:[- ]have)?|could(?:[- ]have)?|nice[- ]to[- ]have|p[0-4]|ac[- ]?\d{1,2}"
             r"|acceptance\s+criteri(?:a|on)")
#: What may qualify a heading before its colon: a bracket ("(this release)", "(nice to have)") or up to three words
#: ("in v1", "for now", "this release").
_QUALIFIER = r"(?:\s*\([^():\n]{0,40}\)|(?:\s+[\w.]+){0,3}?)"
#: Where a heading opens: the text's start, after a sentence's stop, a semicolon, a bracket or a line's start.
_OPENS = r"(?:^|(?<=[.;!?(\n]))(?P<lead>[ \t]*)"
_HEADING = re.compile(rf"{_OPENS}(?:(?P<negative>{_NEGATIVE})|{_POSITIVE}){_QUALIFIER}\s*(?::|\s[-\u2013\u2014]\s)\s*")
#: An acceptance criterion's label with no colon, opening a part ("...: AC1 the agent pushes 2 crates; AC2 ...").
_LABEL_ALONE = re.compile(r"(?:^|(?<=[.;:!?(\n]))(?P<lead>[ \t]*)ac[- ]?\d{1,2}\s+(?=[a-z])")
#: Where a heading's items end: a sentence's stop (not a decimal point), a semicolon, a line's end or a table's bar.
_ITEMS_END = re.compile(r"[.;!?\n|](?!\d)|$")
#: What joins a heading's items ("noise, partial observability", "noisy sensors and hidden passengers").
_JOINER = re.compile(r"(\s*,\s*(?:and\s+|or\s+)?|\s+(?:and|or|nor)\s+|\s*&\s*)")
#: An item's article, which its negation replaces ("a dense reward" is "no dense reward").
_ARTICLE = re.compile(r"^(?:an?|the|any)\s+")
#: An item already negated ("no logging") or said as a bound ("no more than 7 tools" is said by the heading).
_NEGATED = re.compile(r"^(?:no|not|never|without|zero)\b")

#: Lines of who and when, frame only: owners, stakeholders, reviewers, a timeline or target date, open questions; up
#: to the sentence's end or the bracket they stand in.
_META_KEY = (r"owners?|stakeholders?|reviewers?|timeline|target\s+date|due(?:\s+date)?|eta|open\s+questions?"
             r"|status|author|pm|eng(?:ineering)?\s+lead")
_META = re.compile(rf"{_OPENS}(?:{_META_KEY})\s*:(?:[^.;()\n]|\([^()\n]{{0,40}}\)){{0,120}}")
#: A bracket the owners' lines left empty ("Depot (owner: Raj)" is "Depot ()").
_EMPTY_BRACKET = re.compile(r"\s*\(\s*[;,]?\s*\)")

#: A table's row: bars at both ends of a line.
_ROW = re.compile(r"^[ \t]*\|(.*)\|[ \t]*$", re.MULTILINE)
#: A rule row's cell ("---", ":--:") and a header's cell ("ID", "Requirement", "Priority", "MoSCoW").
_RULE_CELL = re.compile(r":?-{2,}:?")
_HEADER_CELL = re.compile(r"id|#|no\.?|req|requirements?|items?|priority|moscow|description|owner|status|notes?"
                          r"|user\s+story|story|rationale|acceptance\s+criteria|feature")
#: A row's number cell ("1", "R1", "D-2", "FR3.1") and its priority cell ("P0", "Must", "Won't have").
_ID_CELL = re.compile(r"#?\d{1,3}|[a-z]{1,4}[- ]?\d{1,3}(?:\.\d{1,2})?[a-z]?")
_PRIORITY_CELL = re.compile(rf"(?P<negative>{_NEGATIVE})|{_POSITIVE}")


def prd_read(text: str) -> str:
    """``text`` (lower case) with a requirements document's frame dropped and its won't-have items negated (module
    docstring); text without such a frame comes back unchanged."""
    if "|" in text:
        text = _ROW.sub(_row_read, text)
    if _META.search(text):
        text = _EMPTY_BRACKET.sub("", _META.sub(r"\g<lead>", text))
    text = _LABEL_ALONE.sub(r"\g<lead>", text)
    return _HEADING.sub(r"\g<lead>", _negated_sections(text)) if _HEADING.search(text) else text


def _negated_sections(text: str) -> str:
    """``text`` with the items of each won't-have heading negated, up to where the heading's items end."""
    out, at = [], 0
    for m in _HEADING.finditer(text):
        if m.group("negative") is None or m.start() < at:
            continue
        end = _ITEMS_END.search(text, m.end())
        stop = end.start() if end is not None else len(text)
        out += [text[at:m.end()], negated_items(text[m.end():stop])]
        at = stop
    return "".join(out) + text[at:]


def negated_items(items: str) -> str:
    """``items`` (a heading's list: "noise, partial observability", "a dense reward") each said after "no", its
    article replaced, what joins them kept: what the reader already reads as the knob turned off."""
    parts = _JOINER.split(items)
    return "".join(part if i % 2 or not part.strip() or _NEGATED.match(part.strip())
                   else "no " + _ARTICLE.sub("", part.strip()) for i, part in enumerate(parts))


def _row_read(row: re.Match[str]) -> str:
    """One table row as the sentence it states: a rule or header row is dropped, a data row keeps its requirement
    cells (its number and priority cells dropped), negated where its priority is a won't-have, ended by a stop."""
    cells = [c.strip() for c in row.group(1).split("|")]
    if all(_RULE_CELL.fullmatch(c) or _HEADER_CELL.fullmatch(c) or not c for c in cells):
        return ""
    priorities = [p for c in cells if (p := _PRIORITY_CELL.fullmatch(c))]
    said = [c for c in cells if c and not _ID_CELL.fullmatch(c) and not _PRIORITY_CELL.fullmatch(c)]
    if any(p.group("negative") for p in priorities):
        said = [negated_items(c) for c in said]
    return ", ".join(said) + "."
