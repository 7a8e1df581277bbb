"""A chat with an assistant, pasted as a log (round 65): a researcher gets an environment set up by chatting with a
chatbot or the CLI assistant and pastes the turns ("User: ...", "Assistant: ...", "me:" / "bot:", or the user's turns
quoted with "> "). The user states what they want over several turns; the assistant asks ("How many crates?",
"Should the reward be sparse?"), and the user answers briefly ("3", "yes, sparse", "no, keep it dense"); the
assistant also suggests things the user declines ("I could add noise too?" / "nah"); and both make small talk
("thanks!", "cool"). Read as written, the assistant's suggestions were requirements ("sparse?" beside the user's
"no, dense" read sparse), a bare "6" was a count of nothing, and "tight" answering "tight or generous?" no setting.

:func:`dialogue_read` rewrites such a log into what the user asked for or agreed to, before any recognizer reads it
(``spelling.spelled`` applies it): each user turn stays; an assistant turn stays only as the question a user's
brief answer takes its kind from (:func:`_answered`): a yes keeps the assistant's proposal, a no drops it and keeps
what the user said instead, and a bare value is read against the question ("How many crates should the robot move?"
/ "6" reads "6 crates should the robot move", "How strict should the step budget be?" / "tight" reads "the step
budget: tight"). A user turn of small talk only ("ok thanks, that helps a lot") is dropped. What is dropped is
reported as filler (``spelling.taken_back``). Text that is no log (no turn of each side) comes back unchanged.
"""

from __future__ import annotations

import re

from gensim_gym.generation.lexicon import NUMBER
from gensim_gym.generation.word_roles import HESITATIONS

#: Who speaks a turn: the user's names and the assistant's, before a colon at a line's start or after a sentence's
#: end; a line quoted with ">" is the user's.
_USER = r"user|me|human|researcher|you"
_ASSISTANT = r"assistant|bot|chatbot|ai|chatgpt|gpt|claude|model|copilot|cli"
_TURN = re.compile(rf"(?:^|\n|(?<=[.!?]))[ \t]*(?:(?P<user>{_USER})|(?P<assistant>{_ASSISTANT}))[ \t]*:"
                   r"|(?:^|\n)[ \t]*(?P<quote>>)")

#: Words a brief answer agrees with, declines with, or hesitates before either with.
_YES = frozenset({"yes", "yeah", "yep", "yup", "sure", "ok", "okay", "exactly", "absolutely", "definitely", "please",
                  "correct", "right", "y", "ya", "yea"})
_NO = frozenset({"no", "nah", "nope", "naw", "skip", "n"})
_HESITATION = (HESITATIONS - {"like"}) | {"hm", "oh", "well", "ah"}  # ("like" opens no answer: "like 3")
#: Phrases that decline as a whole ("not now", "no thanks"): the phrase is no request of its own.
_DECLINE = re.compile(r"^(?:not\s+(?:now|yet|needed|this\s+time)|no\s+need|don'?t\s+bother|skip\s+(?:that|it|this))\b")

#: The words of small talk: a user turn of these only, with at least one of :data:`_THANKS`, asks for nothing.
_THANKS = frozenset({"thanks", "thank", "thx", "ty", "cheers", "np", "hey", "hi", "hello", "cool", "great", "perfect",
                     "awesome", "nice", "bye"})
_SMALL_TALK = _THANKS | frozenset({"you", "a", "ton", "lot", "so", "much", "that's", "that", "all", "helps", "ok",
                                   "okay", "sounds", "good", "again", "for", "it", "the", "help", "lol"})

#: What may follow a yes and adds nothing ("sure, do that", "yes exactly that", "yes please").
_ASSENT_REST = frozenset({"do", "that", "it", "please", "exactly", "this", "go", "ahead"})

#: A state a yes/no question ends in ("full map visible?", "every folder listed?") and an answer that narrows the
#: question's subject to a part ("no, only the squares next to the agent", "no, just the current directory").
_STATE_END = re.compile(r"\s(visible|observable|shown|seen|known|revealed|listed|displayed|noisy|hidden)$")
_NARROWING = re.compile(r"(?:only|just|solely|merely)\s")

#: A question offering to add something, and what it adds ("should i add a noisy listing tool too?", "want me to
#: include sensor noise?"), bounded.
_OFFERED = re.compile(r"\b(?:should|shall|can|could)\s+i\s+(?:also\s+)?(?:add|include|throw\s+in)\s+([^?.!\n]{1,60})\?"
                      r"|\bwant\s+me\s+to\s+(?:also\s+)?(?:add|include|throw\s+in)\s+([^?.!\n]{1,60})\?")
#: What an offer says of itself around what it adds: an article, "too", "as well".
_ADDED = re.compile(r"^(?:an?|some)\s+|\s+(?:too|as\s+well|also)$")

#: What opens a question before what it asks about: a connective, a question word, a modal with its subject and the
#: assistant's offer ("and should i add", "do you want me to", "how strict should", "would you like").
_CONNECTIVES = frozenset({"and", "so", "also", "ok", "okay", "then", "great", "sure", "noted", "alright", "right"})
_MODALS = frozenset({"should", "shall", "would", "will", "do", "does", "can", "could", "is", "are", "must", "any",
                     "anything", "want"})
_SUBJECTS = frozenset({"i", "we", "you"})
_OFFER = frozenset({"want", "like", "need", "me", "to", "also", "add", "include", "use", "give"})

#: A sentence of a turn; "e.g." and "i.e." end none.
_SENTENCE_END = re.compile(r"(?<=[!?])\s+|(?<=[a-z]{2}[.])\s+")
#: Two or more single-word alternatives of a choice ("tight or generous", "easy, medium or hard", "book, move or
#: cancel"), bounded.
_WORD_CHOICE = re.compile(r"\b[a-z'-]+(?:,[ \t]*[a-z'-]+){0,3},?[ \t]+or[ \t]+[a-z'-]+\b")
#: Words that open a phrase alternative ("the whole tree or just the current directory").
_OPENERS = frozenset({"the", "a", "an", "all", "every", "each", "just", "only", "some", "any"})
_HOW_MANY = re.compile(r"\bhow\s+many\b")
#: A question word: a question with one asks for something of its own ("what can i do?"), no "want that?".
_WH = re.compile(r"\b(?:what|which|how|who|where|when|why)\b")
#: What ends a question before the value asked for, and says nothing the answer does not: "be" ("should the step
#: budget be" / "tight" reads "the step budget tight"), "do" ("what should the robot do there" / "pick 4 items").
_BARE_VERB_END = re.compile(r"(?:^|\s+)(?:be|do(?:\s+(?:there|here|then|next))?)\s*:?$")
#: The count a question asks for without "how many" ("any limit on the number of tools?" / "at most 6").
_NUMBER_OF = re.compile(r"\b(?:the\s+)?(?:number|count)\s+of\b")
_COUNT_FIRST = re.compile(rf"^\s*(?:(?:at\s+most|up\s+to|no\s+more\s+than|about|around|exactly|just|only)\s+)?"
                          rf"(?:{NUMBER})\b")


def dialogue_read(text: str) -> str:
    """``text`` (lower case) read as a chat log (module docstring): the user's turns, each assistant question the
    user answered as the statement the answer makes of it, small talk dropped; text that is no log comes back
    unchanged."""
    turns = _turns(text)
    if turns is None:
        return text
    kept: list[str] = [turns[0][1]] if turns[0][0] == "" else []
    for i, (speaker, said) in enumerate(turns):
        if speaker != "user":
            continue
        if i > 0 and turns[i - 1][0] == "assistant":
            kept += _answered(turns[i - 1][1], said)
        elif _is_small_talk(said):
            continue
        elif i > 0 and turns[i - 1][0] == "user" and kept and kept[-1].rstrip()[-1:] not in (".", "!", "?"):
            # the user goes on in a turn of their own ("... 4 books" / "actually make that 3"): one sentence
            kept[-1] = f"{kept[-1].rstrip()}, {said}"
        else:
            kept.append(said)
    return "\n".join(_ended(s) for s in kept if s.strip())


def _ended(said: str) -> str:
    """``said`` ending in a stop: a turn is a sentence of its own, and the reader's phrases end at a stop, not at a
    line break ("the step budget: tight" then "keep it deterministic" on the next line)."""
    said = said.strip()
    return said if said[-1] in ".!?;:," else f"{said}."


def _turns(text: str) -> list[tuple[str, str]] | None:
    """``(speaker, what they said)`` for each turn of ``text``, speaker "user" or "assistant" ("" for text before the
    first turn); None where ``text`` has no turn of each side."""
    marks = list(_TURN.finditer(text))
    sides = {"assistant" if m.group("assistant") else "user" for m in marks}
    if sides != {"user", "assistant"}:
        return None
    turns = [("", text[:marks[0].start()])] if text[:marks[0].start()].strip() else []
    for mark, after in zip(marks, [*marks[1:], None], strict=True):
        said = text[mark.end():after.start() if after is not None else len(text)].strip()
        turns.append(("assistant" if mark.group("assistant") else "user", said))
    return turns


def _is_small_talk(said: str) -> bool:
    """Whether the user turn ``said`` is small talk only ("cool thanks", "np", "ok thanks, that helps a lot")."""
    words = re.findall(r"[a-z']+", said)
    return bool(words) and set(words) <= _SMALL_TALK and bool(set(words) & _THANKS)


def _answered(asked: str, said: str) -> list[str]:
    """What the user turn ``said`` asks for, read against the assistant turn ``asked`` before it: a yes keeps the
    assistant's questions as statements (with what the user added), a no keeps only what the user said instead, a
    brief value is read as the answer to the turn's last question; a turn that is small talk asks for nothing."""
    questions = _questions(asked)
    stance, rest = _stance(said)
    if _is_small_talk(rest) or set(re.findall(r"[a-z0-9']+", rest)) <= _ASSENT_REST:
        rest = ""
    if stance == "no" and not rest:
        return [f"no {_ADDED.sub('', q)}" for q in _offers(asked)]
    if stance == "no" and questions:
        return [_narrowed(questions[-1], rest)]
    if stance == "no" or not questions:
        return [rest]
    if stance == "yes":
        return [*(q for q in questions if not _HOW_MANY.search(q)), rest]
    return [_valued(questions[-1], rest)]


def _narrowed(question: str, rest: str) -> str:
    """What a no that narrows the question's subject says (round 71, fresh82: "full map visible?" / "no, only the
    squares next to the agent" -> "only the squares next to the agent visible"): a restriction answering a question
    that ends in a state (:data:`_STATE_END`) takes that state; any other answer stands as said."""
    state = _STATE_END.search(question)
    if state is None or not _NARROWING.match(rest) or state.group(1) in rest.split():
        return rest
    return f"{rest} {state.group(1)}"


def _offers(asked: str) -> list[str]:
    """What the assistant turn ``asked`` offers to add in its questions ("should i add a noisy listing tool too?" ->
    "a noisy listing tool too"): declined, it is asked not to be there ("no noisy listing tool"); a declined offer
    of another act ("should i make it partially observable?") asks for nothing either way."""
    return [q.group(1) or q.group(2) for q in _OFFERED.finditer(asked)]


def _questions(asked: str) -> list[str]:
    """The questions of the assistant turn ``asked`` as statements (:func:`_statement`); a question that says no
    more than "want that?" stands for the sentence before it ("a boat shuttles cars between ports. want that?")."""
    sentences = [s.strip() for s in _SENTENCE_END.split(asked) if s.strip()]
    out = []
    for i, sentence in enumerate(sentences):
        if not sentence.endswith("?"):
            continue
        statement = _statement(sentence.rstrip("?"))
        if len(statement.split()) < 2 and i > 0 and not _WH.search(sentence):
            statement = _statement(_stance(sentences[i - 1])[1].rstrip(".!"))
        out.append(statement)
    return out


def _statement(question: str) -> str:
    """``question`` (without its mark) with what opens it dropped (:data:`_CONNECTIVES`, a question word other
    than "how many", a modal with its subject, the assistant's offer): what it asks about ("should i add a rule
    that the spare is inflated first" -> "a rule that the spare is inflated first")."""
    words = question.split()
    i = 0
    while i < len(words) and words[i].strip(",.") in _CONNECTIVES:
        i += 1
    if i < len(words) and words[i] in ("what", "which") or (i + 1 < len(words) and words[i] == "how"
                                                             and words[i + 1] != "many"):
        i += 1 if words[i] != "how" else 2
    if i < len(words) and words[i] in _SUBJECTS and i + 1 < len(words) and words[i + 1] in _MODALS:
        i += 2  # "i could also limit it to 3 tools"
    elif i < len(words) and words[i] in _MODALS:
        i += 1
        if i < len(words) and words[i] in _SUBJECTS:
            i += 1
        elif i + 1 < len(words) and words[i] == "there" and words[i + 1] in ("be", "any"):
            i += 2  # "should there be a spending limit", "are there any folders it must never touch"
    while i < len(words) and words[i] in _OFFER:
        i += 1
    return " ".join(words[i:]).strip(" ,")


def _stance(said: str) -> tuple[str, str]:
    """``("yes" | "no" | "", the rest)`` of the user turn ``said``: whether it opens with agreement or a decline
    (after a hesitation, a word repeated: "hmm no, dense", "no no, give it lots of time", "a little bit, yeah"),
    and what it says besides."""
    said = said.strip()
    declined = _DECLINE.match(said)
    if declined is not None:
        return "no", said[declined.end():].strip(" ,.!;-")
    words = said.split()
    i = 0
    while i < len(words) and words[i].strip(",.!;-") in _HESITATION:
        i += 1
    stance = ""
    while i < len(words) and (word := words[i].strip(",.!;-")) in _YES | _NO and stance in ("", _side(word)):
        stance, i = _side(word), i + 1
        if word == "no" and i < len(words) and words[i].strip(",.!;-") in ("thanks", "thank"):
            i = len(words)
    if stance:
        return stance, " ".join(words[i:]).strip(" ,.!;-")
    tail = re.search(r",\s*(yes|yeah|yep|sure)\W*$", said)  # "a little bit, yeah"
    if tail is not None:
        return "yes", said[:tail.start()].strip()
    return "", said


def _side(word: str) -> str:
    """"yes" for a word of agreement, "no" for one of declining."""
    return "yes" if word in _YES else "no"


def _valued(question: str, answer: str) -> str:
    """The statement the brief ``answer`` makes of ``question`` (a statement, :func:`_statement`): a count answers
    "how many" in its place ("how many crates should the robot move" / "6" -> "6 crates should the robot move"); a
    choice is replaced by the alternative chosen ("the agent see the whole tree or just the current directory" /
    "just the current directory" -> "the agent see just the current directory"); any other question becomes the
    topic the answer is given for ("step limit" / "generous" -> "step limit: generous")."""
    count = _COUNT_FIRST.match(answer)
    counted = _HOW_MANY.search(question) or _NUMBER_OF.search(question)
    if count is not None and counted is not None:
        rest = answer[count.end():].strip(" ,.")
        said = f"{question[:counted.start()]}{count.group(0).strip()}{question[counted.end():]}"
        return said + (f", {rest}" if rest else "")
    chosen = _chosen(question, answer)
    if chosen is not None:
        return chosen
    topic = _BARE_VERB_END.sub("", question)
    return f"{topic} {answer}" if topic else answer


def _chosen(question: str, answer: str) -> str | None:
    """``question`` with its alternatives replaced by the ``answer`` that picks one (its first word opens an
    alternative): phrases, each opened by a determiner or "just"/"only" ("the agent see the whole tree or just the
    current directory"), or else single words ("tight or generous", "easy, medium or hard"); a "be" before them
    goes ("the step budget tight"). None where the question offers no choice the answer takes."""
    first = answer.split(maxsplit=1)[0].strip(",.") if answer.strip() else ""
    head, tail = _phrase_choice(question, first), ""
    if head is None:
        words = _WORD_CHOICE.search(question)
        if words is None or first not in re.findall(r"[a-z'-]+", words.group(0)):
            return None
        head = question[:words.start()]
        if len(answer.split()) == 1:  # the word chosen goes where the choice was: "tight or generous step limit"
            tail = question[words.end():]
    return f"{_BARE_VERB_END.sub('', head.rstrip())} {answer}{tail}".strip()


def _phrase_choice(question: str, first: str) -> str | None:
    """What ``question`` says before a choice of phrases whose one alternative opens with ``first`` (the last of
    :data:`_OPENERS` before "or" opens the first alternative, the word after "or" the second); None where it has
    none."""
    if " or " not in question:
        return None
    before, after = question.split(" or ", 1)
    before_words = before.rstrip(",").split()
    starts = [j for j, w in enumerate(before_words) if w in _OPENERS]
    if not starts or first not in _OPENERS or first not in (before_words[starts[-1]], *after.split()[:1]):
        return None
    return " ".join(before_words[:starts[-1]]) + " "
