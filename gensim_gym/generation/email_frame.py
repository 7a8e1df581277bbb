"""The frame of an email to a colleague (round 62): a researcher asking a colleague or the tools team for an
environment writes a subject line ("Subject: Re: env for Thursday's run"), a greeting ("Hi Sam,"), politeness ("if it's
not too much trouble"), a deadline for the colleague ("If you could get it to me by Thursday morning that would be
great.", "No rush, end of next week is fine."), a sign-off with a name ("Thanks, and enjoy the weekend,\\nSara") and a
"P.S." label. None of it is a request of the environment: read as written, "no rush" was a loose time limit, "if
it's not too much trouble" a rule, "hope" and "enjoy" operations no tool does.

A formal letter (round 66), as written by a non-native speaker or a translation engine, has the same frame in its
own set phrases: a salutation to no name ("Dear Sir/Madam,", "Respected team,", "To whom it may concern,", "Good
day."), an opening courtesy ("With due respect"), a formal closing with or without a name ("Thanking you in
anticipation, Rajesh", "Yours faithfully", "Thanks and regards") and the stock requests of such letters ("kindly do
the needful", "kindly consider my request", "waiting for your positive reply") with the writer's own "I kindly
request to you". Read as written, "respected" was a
rule of respecting something, and "with due respect" swallowed the sentence after it as one.

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
#: A formal letter's salutation opening a line (module docstring): to no name, so it is known by its own words.
_LETTER_GREETING = re.compile(
    rf"{_LINE}(?:(?:(?:dear|respected|hello|hi)\s+)?(?:sir|madam|ma'am)(?:\s*(?:/|or)\s*(?:madam|sir))?"
    r"|respected\s+(?:team|colleagues?|all|members)|to\s+whom\s+it\s+may\s+concern"
    r"|to\s+the\s+concerned\s+(?:person|team|authority|department)|greetings|good\s+day)\s*[,.:!]")
#: A formal letter's opening courtesy ("with due respect", "i hope this mail finds you well").
_LETTER_OPENING = re.compile(
    r"\bwith\s+(?:all\s+)?due\s+respect\b|\bi\s+hope\s+this\s+(?:e-?mail|mail|letter)\s+finds\s+you\s+well\b")
#: A formal letter's stock requests of its reader, no condition on the environment, and the writer's own verb of
#: asking ("i kindly request to you", "i am requesting"): what is requested stays read.
_LETTER_POLITENESS = re.compile(
    r"\bi\s+(?:(?:kindly|humbly)\s+)?(?:request|am\s+requesting|want\s+to\s+request|would\s+like\s+to\s+request)"
    r"(?:\s+to)?(?:\s+you)?\b|\bkindly\s+do\s+the\s+needful\b|\bkindly\s+consider\s+(?:my|our|this)\s+request\b"
    r"|\b(?:i\s+am\s+|we\s+are\s+)?(?:waiting|looking\s+forward)\s+(?:for|to)\s+(?:your|a)\s+"
    r"(?:positive\s+|kind\s+|early\s+|favourable\s+|favorable\s+)?(?:reply|response|answer)\b")
#: A formal letter's closing, ending the text after a sentence's end, with the name under it if any ("thanking you
#: in anticipation, rajesh kumar", "yours faithfully, m. tanaka", "thanks and regards", "thank you for your kind
#: cooperation.").
_LETTER_CLOSING = re.compile(
    r"(?:^|(?<=[\n.!?]))\s*(?:thanking\s+you(?:\s+in\s+(?:anticipation|advance))?|thank\s+you(?:\s+in\s+advance|"
    r"\s+for\s+your\s+(?:kind\s+)?(?:cooperation|co-operation|help|time|consideration|support))?|yours\s+"
    r"(?:faithfully|sincerely|truly)|(?:with|warm|best|kind)\s+regards|thanks\s+(?:and|&)\s+regards|best\s+wishes"
    r"|regards)(?:(?:\s*[,.!])?\s*[a-z][a-z'-]*\.?(?:[ \t]+[a-z][a-z'-]*\.?){0,2})?(?:\s*[,.!])?\s*$")
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
    overlapping. Only text written as an email or a letter has them: a greeting, a salutation or a subject line
    opens it."""
    if all(p.search(text) is None for p in (_SUBJECT, _GREETING, _LETTER_GREETING)):
        return []
    spans = [m.span() for p in (_SUBJECT, _GREETING, _LETTER_GREETING, _SIGN_OFF, _LETTER_CLOSING, _POSTSCRIPT,
                                _POLITENESS, _LETTER_OPENING, _LETTER_POLITENESS) for m in p.finditer(text)]
    return spans + _deadline_spans(text)
