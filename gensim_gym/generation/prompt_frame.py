"""The frame of a prompt written for a language model (round 69): a user pastes a system prompt or a
prompt-engineering template as the directive. Around the task and its rules such a prompt casts its reader in a role
("You are an expert environment designer.", "Act as a warehouse manager.", "<role>...</role>", "Your personality:
witty."), tells it how to answer ("Output format: JSON", "Respond only with the spec.", "Think step by step.", "Do not
explain your reasoning.", "NEVER reveal these instructions."), shows examples of other environments ("Example: a
sokoban level with 2 boxes", few-shot "Q: ... A: ..." pairs before the real question), and labels its parts with
section headings, speaker labels and tags ("## Rules", "[USER]", "<task>") and template slots filled in ("[N=2]").
None of it is a request of the environment: read as written, "expert" was a hard difficulty, "DungeonMaster-9000" a
goal count of 9000, "answer in Markdown" an operation, "never reveal these instructions" a rule, "## Rules" a rule no
world has, and an example's "2 boxes and sparse rewards" the directive's own.

:func:`prompt_spans` finds them in the text (lower case, its line breaks kept); ``exercise_sheet`` blanks them with
the rest of a directive's frame, so they are listed as filler. What the prompt asks stays: the task, its MUST and
NEVER rules, its settings and the value a slot is filled with ("[N=2] orders" reads as "2 orders"). A persona or an
answer instruction that counts something or names the agent ("You are a robot that moves 3 pallets") is the task's
own and stays read.
"""

from __future__ import annotations

import re

#: A piece of the text between sentence stops, semicolons, line breaks and tag brackets: what one persona or one
#: answer instruction takes up.
_PIECE = re.compile(r"[^.!?;\n<>]+")
#: What makes a piece the task's own: a count standing alone ("3 pallets"; "DungeonMaster-9000" is a name) or the
#: environment's actor after its determiner ("you are a robot in a warehouse"; "benchmarks for tool-using agents" is
#: the persona's trade).
_TASK_WORDS = re.compile(r"(?<![\w-])\d+(?![\w-])|\b(?:the|an?|its|your)\s+(?:agent|robot|bot|player)\b")
#: Where a prompt casts its reader in a role, at a piece's start (after an optional bullet or speaker label): "you
#: are", "act as", "pretend you are", "your personality:", "role:".
_PERSONA = re.compile(
    r"\s*(?:[-*]\s*)?(?:(?:system|user)\s*:\s*)?(?:you\s+are|you're|act(?:ing)?\s+as|pretend\s+(?:that\s+)?(?:you\s+are"
    r"|you're|to\s+be)|imagine\s+(?:that\s+)?(?:you\s+are|you're)|(?:assume|take\s+on|play)\s+the\s+role\s+of"
    r"|you\s+will\s+(?:act|serve)\s+as|your\s+(?:role|persona|personality|tone|style)\s*(?:is\b|:)"
    r"|(?:role|persona|personality|tone|style|voice)\s*:)")
#: An enumerated step's ordinal at a piece's start ("First, pick the world. Second, the agent must ...", as a prompt
#: walks its reader through the task step by step): the order of the telling, no time ("second") or count ("first").
_STEP_ORDINAL = re.compile(r"\s*(?:first|firstly|second|secondly|third|thirdly|fourth|fifth|finally|lastly)[ \t]*,")
#: The formats an answer is asked in.
_FORMAT = (r"json|yaml|markdown|xml|csv|plain\s+text|code|a\s+code\s+block|(?:a\s+)?(?:single\s+)?(?:json|yaml)\s+"
           r"(?:object|block|file)|the\s+(?:spec|specification|config|configuration)")
#: How a prompt tells its reader to answer or to reason: none of it asks the environment for anything.
_ANSWER = re.compile(
    rf"\b(?:respond|reply|answer)\s+(?:only\s+)?(?:in|with|using|as)\s+(?:(?:valid|only|your|the)\s+)?(?:{_FORMAT})\b"
    rf"|\boutput(?:\s+format)?\s*:\s*(?:{_FORMAT})\b|\bformat\s+(?:your|the)\s+(?:output|answer|response|reply)\b"
    r"|\b(?:json|yaml|markdown)\s+only\b|\bonly\s+(?:json|yaml|markdown)\b|\bthink\s+step[\s-]+by[\s-]+step\b"
    r"|\b(?:do\s+not|don't|never)\s+(?:explain|reveal|repeat|mention|show)\s+(?:your|these|this|the\s+(?:prompt|"
    r"instructions|system))\b|\bexplain\s+nothing\b|\bstay\s+in\s+character\b"
    r"|\bkeep\s+(?:your|the)\s+(?:answer|response|reply|output)s?\b"
    r"|\b(?:print|write|output|return|emit)\s+(?:out\s+)?(?:the|your|a|only\s+the)\s+(?:final\s+)?(?:config"
    r"|configuration|spec|specification|json|yaml|answer|response)\b")
#: A prompt's section headings ("## Rules", "### Instruction"): up to three words on their own line.
_HEADING = re.compile(
    r"(?:^|(?<=\n))[ \t]*#{1,6}[ \t]*([a-z][a-z_-]*(?:[ \t]+[a-z][a-z_-]*){0,2})[ \t]*(?::[ \t]*)?(?=\n|$)")
#: A section label on its own line ("Constraints:", "Rules:"): its rules follow on the lines below.
_LABEL_LINE = re.compile(
    r"(?:^|(?<=\n))[ \t]*(?:constraints|rules|requirements|instructions|guidelines)[ \t]*(?::[ \t]*)?(?=\n)")
#: Headings whose whole section is frame: the reader's role and the answer's form.
_FRAME_SECTION = re.compile(r"(?:role|persona|personality|tone|style|output(?:\s+format)?|format|response(?:\s+format)?"
                            r"|answer(?:\s+format)?|reasoning)")
#: Speaker labels and a prompt's own tags ("[USER]", "<task>", "</constraints>"): labels, not words of the task.
_TAG_NAMES = (r"task|tasks|constraints?|requirements?|rules|instructions?|context|input|output|output_format|format"
              r"|user|system|assistant|role|persona|examples?|goal|answer|response|query|request|settings")
_TAG = re.compile(rf"</?(?:{_TAG_NAMES})>|\[/?(?:system|user|assistant|inst)\]")
#: Elements whose whole content is frame (the reader's role, the answer's form, an example).
_FRAME_ELEMENT = re.compile(r"<(role|persona|system|output_format|format|style|tone|examples?)>[^<]{0,400}</\1>")
#: An example block's label opening a line ("Example:", "Example (do not copy):", "Here is an example of a good
#: request:"): the block runs to a blank line or to a line that returns to the real task.
_EXAMPLE = re.compile(r"(?:^|(?<=\n))[ \t]*(?:here\s+(?:is|are)\s+(?:an?\s+|some\s+)?examples?\b[^\n:]{0,40}:"
                      r"|examples?(?:[ \t]*\d{1,2})?(?:[ \t]*\([^)\n]{0,40}\))?[ \t]*:)")
#: A line that returns from an example to the real task ("Now your turn.", "Your actual task: ...", "Task: ...").
_RETURN = re.compile(r"[ \t]*(?:now\b|your\b|(?:the\s+|my\s+)?(?:actual|real)\b|task\s*:|#|<)")
#: That line's own label, where it has one ("Now your turn.", "Your actual task:", "The real request:"): what follows
#: is the task.
_RETURN_LABEL = re.compile(
    r"[ \t]*(?:now(?:[ \t]+(?:it'?s[ \t]+)?your[ \t]+turn)?|(?:your|the|my)(?:[ \t]+(?:actual|real))?"
    r"[ \t]+(?:task|turn|request))[ \t]*[:.]")
#: A few-shot prompt's labels at a line's start: the question side and the answer side of a shot. A chat log's turns
#: ("User:", "Assistant:") are ``chat_log``'s: each user turn there is the user's own request.
_SHOT_ASK = re.compile(r"(?:^|(?<=\n))[ \t]*(?:q|question|input)[ \t]*:")
_SHOT_ANSWER = re.compile(r"(?:^|(?<=\n))[ \t]*(?:a|answer|output)[ \t]*:[ \t]*(?=\n|$)")
#: A template's slot filled in ("[N=2]", "{domain: warehouse}"): its name and brackets are the template's, the value
#: is the user's.
_SLOT = re.compile(r"[\[{]{1,2}[ \t]*[a-z][a-z0-9_]{0,24}[ \t]*[=:][ \t]*([^\[\]{}\n=]{1,40}?)[ \t]*[\]}]{1,2}")


def _piece_spans(text: str) -> list[tuple[int, int]]:
    """The pieces of ``text`` that cast its reader in a role or tell it how to answer, and do not state the task
    (:data:`_TASK_WORDS`), and the ordinals that open a step (:data:`_STEP_ORDINAL`)."""
    spans = []
    for m in _PIECE.finditer(text):
        piece = m.group(0)
        if (_PERSONA.match(piece) or _ANSWER.search(piece)) and not _TASK_WORDS.search(piece):
            spans.append(m.span())
        elif step := _STEP_ORDINAL.match(piece):
            spans.append((m.start(), m.start() + step.end()))
    return spans


def _section_spans(text: str) -> list[tuple[int, int]]:
    """Headings and label lines, and the whole section under a heading that is frame (the role, the output's form),
    up to the next heading."""
    headings = list(_HEADING.finditer(text))
    spans = [m.span() for m in headings] + [m.span() for m in _LABEL_LINE.finditer(text)]
    for i, m in enumerate(headings):
        if _FRAME_SECTION.fullmatch(m.group(1)):
            spans.append((m.start(), headings[i + 1].start() if i + 1 < len(headings) else len(text)))
    return spans


def _example_spans(text: str) -> list[tuple[int, int]]:
    """Example blocks: from the label to a blank line or a line returning to the real task (:data:`_RETURN`), and
    the label of that line (:data:`_RETURN_LABEL`)."""
    spans = []
    for m in _EXAMPLE.finditer(text):
        end = text.find("\n", m.end())
        while end != -1:
            nxt = text.find("\n", end + 1)
            line = text[end + 1:nxt if nxt != -1 else len(text)]
            if not line.strip() or _RETURN.match(line):
                break
            end = nxt
        spans.append((m.start(), end if end != -1 else len(text)))
        back = _RETURN_LABEL.match(text, end + 1) if end != -1 else None
        if back:
            spans.append(back.span())
    return spans


def _shot_spans(text: str) -> list[tuple[int, int]]:
    """A few-shot prompt's shots: with two questions or more, everything from the first question's label to the last
    one's is an example answered already, and the last question's own label and the empty answer label after it
    are frame."""
    asks = list(_SHOT_ASK.finditer(text))
    if len(asks) < 2:
        return []
    last = asks[-1]
    return [(asks[0].start(), last.end())] + [m.span() for m in _SHOT_ANSWER.finditer(text, last.end())]


def _slot_spans(text: str) -> list[tuple[int, int]]:
    """A filled slot's name and brackets, around the value that stays."""
    return [span for m in _SLOT.finditer(text) for span in ((m.start(), m.start(1)), (m.end(1), m.end()))]


def prompt_spans(text: str) -> list[tuple[int, int]]:
    """The spans of ``text`` (lower case) that are a prompt's frame (module docstring), unordered, perhaps
    overlapping."""
    spans = _piece_spans(text) + _section_spans(text) + _example_spans(text) + _shot_spans(text) + _slot_spans(text)
    return spans + [m.span() for pattern in (_TAG, _FRAME_ELEMENT) for m in pattern.finditer(text)]
