"""The frame of an email to a colleague (round 62): a researcher asking a colleague or the tools team for an
environment writes a subject line ("Subject: Re: env for Thursday's run"), a greeting ("Hi Sam,"), politeness ("if it's
not too much trouble"), a deadline for the colleague ("If you could get it to me by Thursday morning that would be
great.", "No rush, end of next week is fine."), a sign-off with a name ("Thanks, and enjoy the weekend,\\nSara") and a
"P.S." label. None of it is a request of the environment: read as written, "no rush" was a loose time limit, "if
it's not too much trouble" a rule, "hope" and "enjoy" operations no tool does.

:func:`email_spans` finds them in the text (lower case, its line breaks kept); ``exercise_sheet`` blanks them with
the rest of a directive's frame, so they are listed as filler. What the subject line says after its label stays
("Subject: warehouse setup" names the world), and so does what a P.S. asks.
"""

from __future__ import annotations

import re

#: A line's start (the directive's start, or after a line break).
_LINE = r"(?:^|(?<=\n))[ \t]*"
#: The subject's label and the reply or forward marks after it ("subject: re: re:").
_SUBJECT = re.compile(rf"{_LINE}subject\s*:(?:\s*(?:re|fwd?|aw)\s*:)*")
#: A greeting opening a line, with up to three words of the name ("hi sam,", "hi tools team,", "dear rosa,").
_GREETING = re.compile(
    rf"{_LINE}(?:hi|hello|hey|hiya|dear|good\s+(?:morning|afternoon))(?:\s+[a-z'-]+){{0,3}}?\s*[,!:]")
#: A closing and the name under it, ending the email or before its P.S. ("thanks,\npriya", "cheers,\nlea", "thanks
#: a lot,\ndev", "thanks, and see you at the retreat,\nzoe", "thanks! - ken").
_SIGN_OFF = re.compile(
    r"(?:^|(?<=[\n.!?]))\s*(?:thanks|thank\s+you|many\s+thanks|cheers|best(?:\s+wishes)?|(?:kind\s+|best\s+|warm\s+)?"
    r"regards|much\s+appreciated|all\s+the\s+best)(?:\s+(?:a\s+lot|so\s+much|a\s+million|in\s+advance|again))?"
    r"(?:\s*,\s*and\s+[^,\n]{1,40})?\s*[,!.]?\s*(?:-\s*)?[a-z'-]+(?:[ \t]+[a-z'-]+)?\s*(?=$|\n\s*p\.?\s*s\b)")
#: The label of a postscript ("p.s.", "ps:").
_POSTSCRIPT = re.compile(rf"{_LINE}p\.?\s*s\b\.?\s*:?")
#: Politeness around an ask: no condition on the environment ("if it's not too much trouble", "when you get a
#: chance", "if you have time this week").
_POLITENESS = re.compile(
    r"\b(?:if\s+it'?s\s+not\s+too\s+much\s+trouble|if\s+it\s+is\s+not\s+too\s+much\s+trouble|when\s+you\s+get\s+a\s+"
    r"chance|if\s+you\s+have\s+(?:the\s+)?time(?:\s+this\s+week)?|if\s+you\s+can)\b")
#: A date the colleague is asked to deliver by ("by thursday morning", "by the 14th", "end of next week", "by end of
#: month", "on friday", "tomorrow").
_DATE = (r"(?:(?:by|before|until|on)\s+(?:the\s+)?(?:(?:next|this)\s+)?(?:monday|tuesday|wednesday|thursday|friday"
         r"|saturday|sunday|weekend|\d{1,2}(?:st|nd|rd|th))\b|(?:by\s+)?(?:the\s+)?end\s+of\s+(?:the\s+)?(?:next\s+|this\s+)?"
         r"(?:day|week|month)\b|\btomorrow\b|\bnext\s+week\b)")
#: Who the delivery is between, or the colleague's ease about it: a deadline sentence is addressed to the colleague.
_ADDRESSED = r"\b(?:you|me|i|i'd|i'll|we|it|this|no\s+rush|no\s+hurry|no\s+pressure)\b"
#: A sentence (between line breaks and stops) that gives the colleague a date; one with a count or the agent in it
#: asks something of the environment ("the agent books 2 meetings by friday").
_SENTENCE = re.compile(r"[^.!?\n]+[.!?]?")
_ASKS = re.compile(
    r"\b\d+(?!\d|st|nd|rd|th)\b|\b(?:one|two|three|four|five|six|seven|eight|nine|ten|agent|robot|bot|player|hero)\b")


def _deadline_spans(text: str) -> list[tuple[int, int]]:
    """The sentences of ``text`` that give the colleague a date to deliver by (module docstring)."""
    return [m.span() for m in _SENTENCE.finditer(text)
            if re.search(_DATE, m.group(0)) and re.search(_ADDRESSED, m.group(0)) and not _ASKS.search(m.group(0))]


def email_spans(text: str) -> list[tuple[int, int]]:
    """The spans of ``text`` (lower case) that are an email's frame (module docstring), unordered, perhaps
    overlapping. Only text written as an email has them: a greeting or a subject line opens it."""
    if _SUBJECT.search(text) is None and _GREETING.search(text) is None:
        return []
    spans = [m.span() for p in (_SUBJECT, _GREETING, _SIGN_OFF, _POSTSCRIPT, _POLITENESS) for m in p.finditer(text)]
    return spans + _deadline_spans(text)
