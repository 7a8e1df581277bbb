"""Operations: the tools a directive's verbs ask the golden plan to call.

"refund 2 orders", "back up the logs, then delete them", "reschedule", "ferry 3 cars": a verb (in any inflection)
of a chosen world's operations (:data:`OPERATIONS`, and the verbs ``lexicon.operations`` derives from each tool),
a noun derived from one, or the world's name used as a verb. The hand-written table lives here with its readers;
``lexicon.operations`` extends it from the toolsets.
"""

from __future__ import annotations

import re

from gensim_gym.generation.lexicon import (
    NUMBER,
    derived_operations,
    main_tool,
    object_operations,
    operations,
    tool_verb,
)
from gensim_gym.generation.toolsets import get_toolset
from gensim_gym.generation.wording import verb_pattern

#: Verbs that ask for an operation, per domain: the tool a golden plan must then call. A domain's own
#: activity ("schedule", "buy", "refund") is listed too: "refund 2 orders" asks for refunds, not for any
#: two support goals.
OPERATIONS = {
    "filesystem": {"copy": "copy_file", "copies": "copy_file", "back up": "copy_file", "backup": "copy_file",
                   "remove": "delete_file", "delete": "delete_file", "move": "move_file", "chmod": "chmod_writable",
                   "organise": "move_file", "organize": "move_file",
                   # a file is renamed by moving it to its new name (``mv``): no filesystem has a rename of its own
                   "rename": "move_file", "mv": "move_file"},
    "warehouse": {"pick": "pick", "drop": "drop", "move": "drop", "store": "drop", "deliver": "drop"},
    "webshop": {"inspect": "inspect", "coupon": "apply_coupon", "buy": "checkout", "purchase": "checkout",
                "cart": "add_to_cart"},
    "calendar": {"book": "book_room", "invite": "invite", "confirm": "confirm_attendance", "schedule": "schedule",
                 "cancel": "unschedule", "call off": "unschedule"},
    "support": {"cancel": "cancel_order", "escalate": "escalate", "verify": "verify_identity",
                "update": "update_address", "refund": "refund_order"},
}


#: Verbs whose tool does less than the verb says (round 6): the golden plan calls the tool, and the reading marks the
#: clause approximated with what a task does instead.
LOOSE_OPERATIONS = {"calendar": dict.fromkeys(("cancel", "call off"), (
    "unschedule takes the meeting off its slot (tasks that ask for it start with their meetings on slots); calendar "
    "goals are attendance and rooms, so the task then holds it at another slot: moved, not cancelled"))}


def loose_elsewhere(verb: str, name: str, domains) -> bool:
    """Whether ``verb`` is a loose operation of domain ``name`` (:data:`LOOSE_OPERATIONS`) that another chosen domain
    does exactly: that domain's tool is meant ("cancel 2 orders" in support+calendar is ``cancel_order``)."""
    return verb in LOOSE_OPERATIONS.get(name, {}) and any(
        verb in operations(o) and verb not in LOOSE_OPERATIONS.get(o, {}) for o in domains if o != name)



def required_tools(text: str, domains: list[str], notes: list[str]) -> tuple[str, ...]:
    """The tools (families, ``lexicon.family``) the directive's operation verbs ask the golden plan to call
    (:data:`OPERATIONS`, and the verbs ``lexicon.operations`` derives from each domain's tools)."""
    tools: list[str] = []
    # of several worlds, a verb one of them names a tool after ("cancel": support's cancel_order) is that world's;
    # another world's tool it only stands for by its verb group ("cancel": calendar's unschedule) is not also asked
    named = {verb for name in domains for verb, tool in operations(name).items()
             if verb in OPERATIONS.get(name, {}) or tool_verb(tool.rstrip("*")) == verb}
    for name in domains:
        for verb, tool in operations(name).items():
            if len(domains) > 1 and verb in named and verb not in OPERATIONS.get(name, {}) \
                    and tool_verb(tool.rstrip("*")) != verb:
                continue
            if loose_elsewhere(verb, name, domains):  # "cancel" in support+calendar: support's cancel_order
                continue
            if re.search(verb_pattern(verb), text) and tool not in tools:
                tools.append(tool)
                notes.append(f"'{verb}': the golden plan calls {tool}")
        for start, end, tool in name_verbs(text, [name]):  # "ferry 3 cars": the name as a verb
            if tool not in tools:
                tools.append(tool)
                notes.append(f"'{text[start:end]}' (the domain's name as a verb): the golden plan calls {tool}")
        # "three deliveries", "reschedule": words derived from a verb ask for its tool too
        for hit in derived_operations(text, name) + object_operations(text, name):
            undo = undo_tool(name, hit.tool) if hit.redo else None
            for tool in ([undo] if undo else []) + [hit.tool]:  # "reschedule": unschedule, then schedule
                if tool not in tools:
                    tools.append(tool)
                    notes.append(f"'{text[hit.start:hit.end]}' ({hit.verb}): the golden plan calls {tool}")
    return tuple(tools)


def undo_tool(name: str, tool: str) -> str | None:
    """The tool of domain ``name`` that undoes ``tool`` ("un" + its name: ``unschedule``), where the domain gives it a
    start state to undo (``Toolset.init_when_asked``): a verb done again ("reschedule") is then that tool and ``tool``
    again, which a task can really ask for (round 6). None otherwise."""
    ts = get_toolset(name)
    undo = f"un{tool}"
    return undo if undo in ts.init_when_asked and any(t.name == undo for t in ts.all_tools) else None


#: Where a word stands as a verb: at the start of a part of the directive or after a word that a verb follows.
_VERB_SLOT = r"(?:^|[,;:.(]\s*|\b(?:then|and|to|must|should|can|will|please|also|that|who|i|we|you|they|it)\s+)"
_AN_OBJECT = rf"\s+(?:{NUMBER}|the|a|an|all|every|each|them|it|some|these|those|both|several|many)\b"


def name_verbs(text: str, domains) -> list[tuple[int, int, str]]:
    """``(start, end, tool)`` for each name of a chosen domain used as a verb, where a verb stands and with an object
    after it ("ferry 3 cars across", "please ferry the cars"): it asks for the domain's work, its main tool
    (``lexicon.main_tool``), as a name made from a verb does ("rearrangement": rearrange; round 6)."""
    out = []
    for name in domains:
        tool = main_tool(name)
        if tool is None or name in operations(name):
            continue
        for m in re.finditer(rf"{_VERB_SLOT}({re.escape(name)})(?:s|es|ed|ing)?(?={_AN_OBJECT})", text):
            out.append((m.start(1), m.end(1), tool))
    return out


