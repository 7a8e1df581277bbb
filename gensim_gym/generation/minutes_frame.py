"""The frame of a meeting's minutes (round 74): a team decides what environment to build and someone writes it down.
Minutes open with a title ("Env sync 3/14.", "Minutes, planning call (Mon 09:30)"), list who came ("Attendees: Priya,
Tom, Lena", "Present: ..."), the agenda and when the team meets next ("Next meeting: Tue 10:00, room B"), head their
parts ("Discussion:", "Decision:", "Action items:", "Parking lot:") and give owners and due dates ("@Tom ... (due
Fri)"). What was decided and what the action items build is the request; the rest is frame, and read as written it
asked for things nobody asked for: "(Mon 09:30)" and "Next meeting: Wed 14:00 in room 4" were goal counts of 9 and
14, "Wed" an operation, "minutes" a time limit, "planning call" and "Agenda" a calendar's evidence, "1) ... 2) ..."
counts, a parked item ("Parking lot: partial observability maybe later") a partial observability.

Minutes also record what was proposed and not taken: "Noor suggested starting with 7 blocks; overruled, we start
with 3 blocks", "Jo floated the gripper, nobody picked it up", "Raj wanted a webshop env but the group preferred the
calendar". A careful reader takes the decision, not the proposal; read as written the proposal's count was the goal
and its world a second world. And where the decisions name a world, the worlds the discussion weighed ("whether to do
a warehouse or a gripper task", "tyre world vs. hanoi") are no evidence: the decision says which was chosen.

:func:`minutes_spans` finds all of it in the text (lower case, its line breaks kept); ``exercise_sheet`` blanks it with
the rest of a directive's frame, so it is listed as filler. A "Rejected:" heading's items are negated by
``prd_frame`` as its won't-have items are ("Rejected: sensor noise" reads "no sensor noise"). Only text written as
minutes has a frame: one of its labels (:data:`_ATTENDANCE`, :data:`_DECIDED`) heads a line or a sentence.
"""

from __future__ import annotations

import re

from gensim_gym.generation.issue_report import world_words

#: Where a minutes label opens: the text's start, a line's start or after a sentence's stop, perhaps after a
#: bullet or an item's number ("- Decisions:", "3) Rejected: ...").
_OPENS = r"(?:^|(?<=[\n.;!?]))[ \t]*(?:[-*\u2022][ \t]*)?(?:\d{1,2}[.)][ \t]*)?"
#: Labels of who met, about what and when next: their items are frame.
_ATTENDANCE = (r"attendees|attendance|present|participants|absent|apologies|regrets|chair|facilitator|scribe"
               r"|note[- ]?taker|agenda|next\s+(?:meeting|sync|call|standup|check-?in|session)|next")
#: Labels of what was set aside for later: their items are not asked for.
_SET_ASIDE = r"parking\s+lot|parked|deferred|tabled|backlog|open\s+(?:questions?|issues|points)|to\s+revisit"
#: Labels of what was decided or is to be built: their items are the request.
_DECIDED = (r"decisions?|decided|agreed|resolutions?|what\s+we\s+decided|decision\s+log|action\s+items?|actions?"
            r"|to-?dos?|next\s+steps|outcomes?")
#: Labels of what was talked over: their items are context.
_DELIBERATED = r"discussion|discussed|notes|background|context|comments"
#: When the team meets next, a label without its colon too ("Next meeting Wed.").
_NEXT_MEETING = r"next\s+(?:meeting|sync|call|standup|check-?in|session)"
#: A label: one of them before its colon or a dash (with a bracket of its own between: "Decision (team sync, 2 May):",
#: "Action item - @Hana: ..."), or alone on its line ("Decisions\n"); the next meeting's before what it says.
_LABEL = re.compile(
    rf"{_OPENS}(?:(?:(?P<attendance>{_ATTENDANCE})|(?P<aside>{_SET_ASIDE})|(?P<decided>{_DECIDED})|{_DELIBERATED})"
    r"(?:[ \t]*\([^()\n]{0,40}\))?(?:[ \t]*(?::|[-\u2013\u2014](?=[ \t]))|[ \t]*(?=\n|$))"
    rf"|(?P<next>{_NEXT_MEETING})(?=[ \t]))")
#: What makes a text minutes: who attended, or what was decided or is an action item, heading a line or a sentence;
#: or a title saying it is minutes or a decision log.
_MINUTES = re.compile(
    rf"{_OPENS}(?:attendees|present|participants|agenda|decisions?|decided|action\s+items?)"
    r"(?:[ \t]*\([^()\n]{0,40}\))?[ \t]*(?::|[-\u2013\u2014][ \t]|(?=\n))"
    r"|^[ \t]*(?:meeting\s+)?minutes\b|^[^\n.]{0,60}\bdecision\s+log\b")
#: Where an attended-to or set-aside label's items end when given inline: the line's end or a sentence's stop (not
#: an item's number's: "Agenda: 1. env 2. capacity 3. reward").
_ITEMS_END = re.compile(r"\n|(?<!\d)[.!?](?=\s|$)")
#: The nouns a minutes' title is made of: its words are frame, not a calendar's meeting.
_MEETING_NOUN = (r"minutes|notes|meetings?|sync|stand-?up|call|kick-?off|review|brainstorm|retro(?:spective)?"
                 r"|planning|session|huddle|check-?in|decision\s+log")
#: A title: the text's first line or sentence, with a meeting noun and no label's colon (a time's colon is no label's).
_TITLE = re.compile(rf"^[^\n.:]{{0,80}}?\b(?:{_MEETING_NOUN})\b(?:[^\n.:]|:(?=\d)){{0,80}}(?:\.(?=\s)|(?=\n)|$)")
_MEETING_WORD = re.compile(rf"\b(?:{_MEETING_NOUN})\b")
#: An item's number in a numbered list ("1) ...", "2. ..."), after a line's start or a sentence's stop.
_ENUMERATOR = re.compile(r"(?:^|(?<=[\n.;:!?]))[ \t]*\d{1,2}[.)](?=[ \t])")
#: When: a clock time ("09:30", "10:00-10:45", "2pm"), a weekday (abbreviated only before a date, a time, a bracket's
#: or sentence's end: "sun asked for" is a name), a date ("9 oct", "3/14"), a due date ("(due fri)", "due 4/29").
_MONTH = r"jan|feb|mar|apr|jun|jul|aug|sept?|oct|nov|dec|january|february|march|april|june|july|august|september" \
         r"|october|november|december"
_WHEN = re.compile(
    r"\b\d{1,2}:\d{2}(?:[ \t]*[-\u2013][ \t]*\d{1,2}:\d{2})?(?:[ \t]*[ap]m)?\b|\b\d{1,2}[ \t]*[ap]m\b"
    r"|\b(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)(?:'s)?\b"
    r"|\b(?:mon|tues?|wed|thu(?:rs?)?|fri|sat|sun)\b(?=[ \t]*(?:\d|\)|[.,;]|$))(?:[ \t]+\d{1,2}(?:st|nd|rd|th)\b)?"
    rf"|\b\d{{1,2}}(?:st|nd|rd|th)?[ \t]+(?:{_MONTH})\b|\b(?:{_MONTH})[ \t]+\d{{1,2}}(?:st|nd|rd|th)?\b"
    r"|(?<![\w/])\d{1,2}/\d{1,2}(?:/\d{2,4})?(?![\w/])"
    r"|\(\s*due\b[^()\n]{0,30}\)|\bdue\b(?![ \t]+to\b)[ \t]*:?(?:[ \t]+[\w/]+){1,3}?(?=[ \t]*(?:[).,;\n]|$))")
#: A participant's remark in brackets beside an item ("(Sven: too easy to game)"): who said it and why, no request.
_REMARK = re.compile(r"\(\s*[a-z][a-z'-]{1,20}\s*:[^()\n]{0,80}\)")
#: What the minutes say was proposed: someone's verb of proposing ("noor suggested", "julia opened with").
_PROPOSED = (r"wanted|proposed|suggested|floated|pitched|pushed\s+for|argued\s+for|asked\s+for|opened\s+with"
             r"|brought\s+up|raised")
#: What says a proposal was not taken: overruled, dropped, parked, not picked up; or the team choosing another (the
#: other is kept: "... but the group preferred the calendar").
_DISMISSED = (r"(?:was\s+)?(?:overruled|dropped|rejected|vetoed|parked|shelved|tabled|shot\s+down|voted\s+down|not\s+"
              r"adopted)(?:[ \t]+(?:by|after|until|for)[^.,;()!?\n]{0,40})?|(?:nobody|no\s+one)\s+picked\s+it\s+up")
_CHOSE_OTHER = (r"(?:but|and)\s+(?:then\s+)?(?:the\s+(?:team|group|rest|others)|we|everyone|everybody)\s+"
                r"(?:went\s+with|preferred|chose|picked|settled\s+on|agreed\s+on|decided\s+on)")
#: A dismissed proposal: a proposer's word and verb, what was proposed (within the sentence), and its dismissal
#: after a comma or semicolon, or the team's other choice.
_PROPOSAL = re.compile(
    rf"\b[a-z][a-z'-]*\s+(?:{_PROPOSED})\b[^.!?\n]{{0,160}}?"
    rf"(?:[;,][ \t]*(?:{_DISMISSED})[ \t]*,?|\s+(?:{_CHOSE_OTHER})\b)")


#: A list of proposals the minutes say were mostly or all dropped ("Lots of ideas floated: a boss fight, traps, a
#: shop. Most dropped."): what was floated, up to the sentence saying so.
_FLOATED = re.compile(
    r"\b(?:ideas?|proposals?|options?|suggestions?)\s+(?:were\s+)?(?:floated|proposed|suggested|raised|pitched)"
    r"\s*:[^.\n]{0,120}\.\s*(?:most|all|both|the\s+rest|everything)\s+(?:of\s+them\s+)?(?:were\s+)?"
    r"(?:dropped|rejected|parked|shelved)\b")


def is_minutes(text: str) -> bool:
    """Whether ``text`` (lower case) is written as minutes: who attended, what was decided or an action item heads
    one of its lines or sentences."""
    return _MINUTES.search(text) is not None


def minutes_spans(text: str) -> list[tuple[int, int]]:
    """The spans of ``text`` (lower case) that are a meeting's frame (module docstring), unordered, perhaps
    overlapping; text not written as minutes has none."""
    if not is_minutes(text):
        return []
    spans = _label_spans(text) + _title_spans(text)
    spans += [m.span() for p in (_ENUMERATOR, _WHEN, _REMARK, _PROPOSAL, _FLOATED) for m in p.finditer(text)]
    return spans + _weighed_world_spans(text)


def _sections(text: str) -> list[tuple[re.Match[str], int]]:
    """Each label of ``text`` with where its items end: an attendance or set-aside label given inline at its line's
    end or sentence's stop, any label at the next label (or the text's end)."""
    labels = list(_LABEL.finditer(text))
    out = []
    for i, m in enumerate(labels):
        end = labels[i + 1].start() if i + 1 < len(labels) else len(text)
        if _framed(m) and not text[m.end():m.end() + 1].startswith("\n"):
            stop = _ITEMS_END.search(text, m.end())
            end = min(end, stop.start() if stop is not None else end)
        out.append((m, end))
    return out


def _label_spans(text: str) -> list[tuple[int, int]]:
    """Each label of ``text``, with the items of who attended, the agenda, the next meeting and what was set aside."""
    return [(m.start(), end if _framed(m) else m.end()) for m, end in _sections(text)]


def _framed(label: re.Match[str]) -> bool:
    """Whether the items of ``label`` are frame too: who attended, the agenda, the next meeting, what was set aside."""
    return bool(label.group("attendance") or label.group("aside") or label.group("next"))


def _title_spans(text: str) -> list[tuple[int, int]]:
    """The minutes' title except the worlds it names ("Warehouse env kickoff" keeps "warehouse"); a meeting noun is
    the title's own word, no calendar's."""
    title = _TITLE.match(text)
    if title is None:
        return []
    kept = [m.span() for m in world_words().finditer(text, 0, title.end()) if not _MEETING_WORD.fullmatch(m.group(0))]
    cuts = [0, *[x for span in kept for x in span], title.end()]
    return [(cuts[i], cuts[i + 1]) for i in range(0, len(cuts), 2)]


def _weighed_world_spans(text: str) -> list[tuple[int, int]]:
    """Where the decisions or action items name a world, the world words of the rest (the discussion, the text
    before any label): the worlds the team weighed, of which the decision says which was chosen."""
    sections = _sections(text)
    decided = [(m.end(), end) for m, end in sections if m.group("decided")]
    if not any(world_words().search(text, start, end) for start, end in decided):
        return []
    framed = decided + [(m.start(), end) for m, end in sections if _framed(m)]
    return [w.span() for w in world_words().finditer(text)
            if not any(start <= w.start() < end for start, end in framed)]
