"""The frame of a course's exercise sheet (round 55) or of acceptance criteria (round 57): a directive written as
homework numbers and labels its parts and gives their marks ("Exercise 3. Build ...", "Task 2 (warm-up): ...",
"Homework 3, question 1: ...", "Part (b) of exercise 10: ...", "Bonus: ...", "Hint: ...", "(5 points)", "Repeat part
(a) for ..."). None of it is a request: read as written, "Exercise 8" was a goal count of 8 and an operation no tool
does, "(5 points)" a goal count of points, "Bonus" a reward. Acceptance criteria written as a QA engineer's
Given/When/Then scenarios ("Feature: ...", "Scenario: ...", "Background:", "Scenario Outline: ...", "Examples:", and
the steps "Given ...", "When ...", "Then ...", "And ...", "But ...") frame their requests the same way: read as
written, "Given" was an operation no tool does. A feature request's verb on the package itself (round 58: "Proposal:
support an e-commerce scenario ...", "Please add a warehouse task where ...", "could you provide a ferry variant") is
frame too: read as written, "support" chose the help desk, "add" was an operation no tool does.
A social-media post frames its request as well (round 61, a researcher posting on a microblog or a lab channel): its
thread numbering ("1/", "2/3"), its @-mentions ("@lena wanna try it?"), emoji written as codes (":ship:"), the
asides of chat ("tbh", "imo", "lol", "quick q", "hot take") and the poster's own act on the environment ("shipped a
webshop env", "hacked together a calendar env", "elevator env dropped"). Read as written, "2/3" was a goal count of
2, "tbh" and "shipped" operations no tool does, "quick q" a time pressure and "hot take" an act of taking.

:func:`unframed` drops the frame before any recognizer reads the text (``spelling.spelled`` applies it, so the knobs
and the clauses read the same words), and :func:`frame_words` lists what it dropped, for the reading's filler and the
knobs' notes. A scenario's title stays ("Scenario: refund under policy"): it names what the scenario is about. What a
label's brackets say beyond the frame stays: "Exercise 15 (Sokoban)" names the world, "Task 23 (transport, 5 points)"
keeps "(transport)".
"""

from __future__ import annotations

import re

from gensim_gym.generation.email_frame import email_spans
from gensim_gym.generation.issue_report import issue_spans
from gensim_gym.generation.minutes_frame import minutes_spans
from gensim_gym.generation.paper_frame import paper_spans
from gensim_gym.generation.prompt_frame import prompt_spans
from gensim_gym.generation.wording import masked

#: Nouns that number a part of a sheet ("exercise 3", "question 1", "part (b)").
_PART_NOUN = r"exercises?|tasks?|problems?|questions?|parts?|homework|assignments?|hw|labs?|sheets?"
#: What numbers one: a number, perhaps with a letter or a decimal ("3", "2b", "4.1"), or a letter or roman numeral
#: in brackets ("(b)", "(iii)").
_PART_ID = r"\d+(?:\.\d+)?[a-z]?\b|\([a-z]\)|\((?:i{1,3}|iv|v|vi{0,3})\)"
_PART = rf"(?:{_PART_NOUN})\s+(?:{_PART_ID})"
#: Words that open a sheet's part without numbering it ("Bonus:", "Hint:", "Bonus exercise:"): only before a colon.
_UNNUMBERED = (r"(?:bonus|extra[- ]credit|optional)(?:\s+(?:exercise|task|problem|question|part))?|hints?|notes?|tips?"
               r"|warm[- ]?up")
#: A label opening the directive or one of its sentences: numbered parts, chained ("homework 3, question 1", "part
#: (b) of exercise 10"), before a colon, stop, bracket or dash; or an unnumbered opener before its colon.
_LABEL = re.compile(
    rf"(?:^|(?<=[.;:!?(\n]))\s*(?:(?:{_PART})(?:\s*(?:,|of|-)\s*(?:{_PART}))*(?=\s*[:.(\-)])"
    rf"|(?:{_UNNUMBERED})\s*:)")
#: A reference to another part inside a sentence ("repeat part (a) for ...", "as in exercise 3"): a part in brackets
#: or an exercise by its number, with the verb of doing it again.
_REFERENCE = re.compile(
    r"\b(?:(?:repeat|redo)\s+)?(?:parts?\s+\([a-z]\)|(?:exercises?|homework|assignments?)\s+\d+[a-z]?\b)")
#: Marks given for a part: alone in brackets ("(5 points)"), or beside other words there ("(transport, 5 points)").
_MARKS = r"\d+(?:\.\d+)?\s*(?:points?|pts?\.?|marks?|credits?)"
_MARKS_ALONE = re.compile(rf"\(\s*{_MARKS}\s*\)")
_MARKS_BESIDE = re.compile(rf"(?<=\()\s*{_MARKS}\s*[,;]\s*|\s*[,;]\s*{_MARKS}\s*(?=\))")
#: A note on a part's kind in brackets ("(warm-up)", "(open-ended)", "(optional)").
_KIND_NOTE = re.compile(r"\(\s*(?:warm[- ]?up|open[- ]ended|optional|bonus|extra[- ]credit)\s*\)")
#: Where a scenario's step may open: the directive's start, after a sentence's stop, a colon, a comma or a table's bar.
_STEP_START = r"(?:^|(?<=[.;:!?,|\n]))\s*"
#: A scenario's labels ("Feature:", "Scenario Outline:", "Examples:"): Gherkin's keywords before their colon.
_CRITERIA_LABEL = re.compile(
    rf"{_STEP_START}(?:feature|background|scenario(?:\s+(?:outline|template))?|examples|scenarios)\s*:")
#: A scenario's step words, at a step's opening: what Gherkin's "Given", "When", "Then", "And" and "But" say is the
#: step, not the word.
_STEP = re.compile(rf"{_STEP_START}(?:given|when|then|and|but)\b")

#: What a feature request asks the package for: an environment or a kind of task ("an e-commerce scenario", "a
#: warehouse task", "multi-domain settings").
_OFFERING = (r"scenarios?|env(?:ironment)?s?|tasks?|task\s+famil(?:y|ies)|famil(?:y|ies)|settings?|variants?"
             r"|use\s+cases?|modes?|domains?|worlds?|benchmarks?|levels?|suites?|simulations?|simulators?")
#: A request verb on the package where one opens a request (a part's start, after "please", "could you" or "to"),
#: with an offering after it, its determiner said, no count and no place it is added to: "please add a task to the
#: calendar" adds a calendar entry, "support tasks where ..." are the help desk's, "add 2 tasks" counts them.
_REQUEST_VERB = re.compile(
    r"(?:^|(?<=[.;:!?(\n])|\b(?:please|pls|kindly|could\s+you|can\s+you|would\s+you|to)\b)\s*"
    r"((?:add|support|implement|provide|offer|include|enable|ship|introduce|expose)(?:\s+support\s+for)?)"
    rf"(?=\s+(?:an?|the|some|more|multiple|new|another|other|extra)\s+(?:(?!\d)[\w-]+\s+){{0,4}}?(?:{_OFFERING})\b"
    r"(?!\s+(?:to|into|onto)\b))")

#: A post's number in a thread ("1/", "2/3"): at the text's start, after a sentence's end or after an emoji, before a
#: space; "2/3 of the tools fail" is a fraction, and a number is no post's above its thread's length ("24/7").
_THREAD_NUMBER = re.compile(r"(?:^|(?<=[.!?])|(?<=[^\x00-\x7f]))\s*((\d{1,2})/(\d{1,2})?)(?=\s)(?!\s+of\b)")
#: An @-mention: whom the post addresses, not what it asks for ("user@example.com" is an address, kept).
_MENTION = re.compile(r"(?<![\w.@])@[a-z0-9_]+")
#: An emoji written out as its code (":fire:", ":ship:"): how the post looks, not what it asks ("ship" is no act).
_EMOJI_CODE = re.compile(r"(?<![\w:]):[a-z0-9_+-]{2,}:(?![\w:])")
#: The asides of chat: how the poster feels or what they ask of a reader, no request of the environment.
_CHAT_ASIDE = re.compile(r"\b(?:tbh|imo|imho|lol|lmao|lmk|ngl|fwiw|afaik|btw|idk|iirc|psa|af|hot take|quick q"
                         r"|quick question|go brr+)\b")
#: The poster's own act on an environment, before it ("shipped a webshop env", "hacked together a calendar env",
#: "building a drone racing env") or after it ("elevator env dropped"): the verb only, as a request's.
_RELEASE_VERBS = (r"ship(?:ped|ping)?|launch(?:ed|ing)?|releas(?:e|ed|ing)|buil(?:t|d|ding)|hack(?:ed|ing)? together"
                  r"|put(?:ting)? together|cook(?:ed|ing)? up|spun up|spin(?:ning)? up|publish(?:ed|ing)?"
                  r"|open[- ]sourc(?:e|ed|ing)|dropp(?:ed|ing)|finish(?:ed|ing)|wr(?:ote|iting)")
_RELEASE = re.compile(
    rf"\b({_RELEASE_VERBS})(?=\s+(?:an?|the|my|our|this|that|some|another)\s+(?:(?!\d)[\w-]+\s+){{0,4}}?"
    rf"(?:{_OFFERING})\b(?!\s+(?:to|into|onto)\b))"
    rf"|\b(?:env|envs|environments?|benchmark|sim|simulator)\s+(?:just\s+|is\s+|got\s+)?"
    r"(dropped|shipped|launched|released|landed|live)\b")


def _post_spans(text: str) -> list[tuple[int, int]]:
    """The spans of ``text`` (lower case) that frame a social-media post (module docstring): its thread numbers, its
    @-mentions, the asides of chat and the poster's own act on the environment."""
    spans = [m.span(1) for m in _THREAD_NUMBER.finditer(text) if not m.group(3) or int(m.group(2)) <= int(m.group(3))]
    spans += [m.span() for pattern in (_MENTION, _EMOJI_CODE, _CHAT_ASIDE) for m in pattern.finditer(text)]
    return spans + [m.span(1) if m.group(1) else m.span(2) for m in _RELEASE.finditer(text)]


#: The same verbs with the request itself as their object, a pronoun (round 62, emails: "could you check whether we
#: can support this by end of month?", "can you add that before Friday", "we don't support it yet"): a subject or
#: modal before, and after the pronoun the clause's end or what the delivery is bound by; read as written, "support"
#: chose the help desk for a poker table. "add it to the cart" puts something somewhere and stays read, and "support
#: them" may be the help desk's customers.
_REQUEST_OF_IT = re.compile(
    r"\b(?:we|you|they|i|to|can|could|would|will|cannot|can't|won't|don't|doesn't)\s+(?:also\s+|actually\s+)?"
    r"((?:add|support|implement|provide|offer|include|enable|ship|introduce|expose)(?:\s+support\s+for)?)"
    r"(?=\s+(?:this|that|it)\s*(?:[.,;:!?)\n]|$|(?:by|before|until|for|in|within|yet|soon|too|as\s+well|at\s+all)\b))")


def _request_spans(text: str) -> list[tuple[int, int]]:
    """The spans of ``text`` (lower case) that are a feature request's verb on the package (:data:`_REQUEST_VERB`,
    :data:`_REQUEST_OF_IT`)."""
    return [m.span(1) for pattern in (_REQUEST_VERB, _REQUEST_OF_IT) for m in pattern.finditer(text)]


def _criteria_spans(text: str) -> list[tuple[int, int]]:
    """The spans of ``text`` (lower case) that frame acceptance criteria (module docstring): their labels, and their
    step words where the text is written as criteria (it has a label, or a "given" step and a "when" or "then" step;
    elsewhere "when" and "and" after a comma are the directive's own words: "schedule 2 meetings, when possible")."""
    labels = [m.span() for m in _CRITERIA_LABEL.finditer(text)]
    steps = list(_STEP.finditer(text))
    said = {m.group(0).strip() for m in steps}
    if not labels and not ("given" in said and said & {"when", "then"}):
        return labels
    return labels + [m.span() for m in steps]


def setup_spans(text: str) -> list[tuple[int, int]]:
    """The spans of ``text`` (lower case) that are a scenario's setup: each "Given" step with the "And" and "But"
    steps after it, up to the next "When" or "Then" step (or the end), where the text is written as criteria. A count
    there says what the world starts with ("Given 4 meetings already on the calendar, when the agent cancels 2 of
    them"): the count a goal is made of is the one said in the steps that act (``counts.goal_counted``)."""
    if not _criteria_spans(text):
        return []
    steps = list(_STEP.finditer(text))
    spans = []
    for i, m in enumerate(steps):
        if m.group(0).strip() != "given":
            continue
        end = next((n.start() for n in steps[i + 1:] if n.group(0).strip() in ("when", "then")), len(text))
        spans.append((m.start(), end))
    return spans


def _frame_spans(text: str) -> list[tuple[int, int]]:
    """The spans of ``text`` (lower case) that the frame of another kind of document holds: an email's, an issue
    report's, a prompt's, a paper's and a meeting's minutes' (each module finds its own)."""
    return email_spans(text) + issue_spans(text) + prompt_spans(text) + paper_spans(text) + minutes_spans(text)


def _dropped_spans(text: str, frames: list[tuple[int, int]] | None = None) -> list[tuple[int, int]]:
    """The spans of ``text`` (lower case) that are a sheet's frame (module docstring), in order, merged where they
    overlap; ``frames``: the other documents' frames (:func:`_frame_spans`) where the caller found them already."""
    spans = [m.span() for pattern in (_LABEL, _REFERENCE, _MARKS_ALONE, _MARKS_BESIDE) for m in pattern.finditer(text)]
    spans += _criteria_spans(text) + _request_spans(text) + _post_spans(text)
    spans += _frame_spans(text) if frames is None else frames
    # "(open-ended, 10 points)": a note of the part's kind, once its marks are blanked
    spans += [m.span() for m in _KIND_NOTE.finditer(masked(text, spans))]
    merged: list[tuple[int, int]] = []
    for start, end in sorted(spans):  # a label is also a reference ("exercise 3"): one span each
        if merged and start <= merged[-1][1]:
            merged[-1] = (merged[-1][0], max(end, merged[-1][1]))
        else:
            merged.append((start, end))
    return merged


def unframed(text: str) -> str:
    """``text`` (lower case) with a course sheet's labels, references to its other parts and marks, acceptance
    criteria's labels and step words, a feature request's verb on the package, a post's frame, a prompt's frame
    (``prompt_frame``, round 69), a paper's (``paper_frame``, round 73) and a meeting's minutes' frame
    (``minutes_frame``, round 74) blanked, its
    positions kept (module docstring); text without them comes back unchanged."""
    frames = _frame_spans(text)  # found once: the check below and the spans it blanks
    if not any(p.search(text) for p in (_LABEL, _REFERENCE, _MARKS_ALONE, _MARKS_BESIDE, _KIND_NOTE, _CRITERIA_LABEL,
                                        _STEP, _REQUEST_VERB, _REQUEST_OF_IT, _THREAD_NUMBER, _MENTION,
                                        _EMOJI_CODE, _CHAT_ASIDE, _RELEASE)) and not frames:
        return text
    return masked(text, _dropped_spans(text, frames))


def frame_words(text: str) -> list[str]:
    """The words of ``text`` (lower case) that :func:`unframed` drops, in order: the reading lists them as filler
    and the knobs note them, so every word of a directive stays reported."""
    return [w for start, end in _dropped_spans(text) for w in re.findall(r"[a-z0-9_'-]+", text[start:end])]
