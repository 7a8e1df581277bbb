"""Decoy tools: distractors built on a world's own object types, for a tool count past what the world declares.

A directive may ask for more tools than its world has ("warehouse tasks, 15 tools": warehouse declares 6). A large
action space of tools that never help is what such a user studies (tool choice, exploration among irrelevant
actions), and a world's own distractors are few (webshop's wishlist, warehouse's labels). A decoy is a distractor made
from a small table of verbs that record something about one object of a world type and change nothing a task asks
for ("inspect_item", "tag_item", "untag_item"): a fact of the decoy's own predicate, which no goal, rule or other tool
reads. Decoys exist only in tasks whose tool count needs them (:func:`with_decoys`), and a task gets the world's own
tools before any decoy (``OfflineGenerator.gen_tools``), so every other task is as before.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import NamedTuple

from gensim_gym.generation.toolsets import Toolset
from gensim_gym.spec.model import Predicate, Tool


class Decoy(NamedTuple):
    """One decoy verb: its tool's name and description (``{type}`` stands for the object type), the predicate it
    records (``{type}``-templated too) and whether it takes the record back rather than making it."""

    tool: str
    description: str
    record: str
    undoes: bool = False


#: The decoy verbs, in the order each type gets them: recording acts no task needs, with their undoing where one
#: reads naturally ("tag" and "untag").
DECOYS: tuple[Decoy, ...] = (
    Decoy("inspect_{type}", "Look a {type} over closely.", "inspected_{type}"),
    Decoy("tag_{type}", "Put a tag on a {type}.", "tagged_{type}"),
    Decoy("untag_{type}", "Take the tag off a {type}.", "tagged_{type}", undoes=True),
    Decoy("note_{type}", "Write a note about a {type}.", "noted_{type}"),
    Decoy("photograph_{type}", "Take a photograph of a {type}.", "photographed_{type}"),
    Decoy("measure_{type}", "Measure a {type}.", "measured_{type}"),
    Decoy("flag_{type}", "Flag a {type} for later.", "flagged_{type}"),
    Decoy("unflag_{type}", "Clear the flag of a {type}.", "flagged_{type}", undoes=True),
    Decoy("weigh_{type}", "Weigh a {type}.", "weighed_{type}"),
    Decoy("describe_{type}", "Write a description of a {type}.", "described_{type}"),
    Decoy("bookmark_{type}", "Bookmark a {type}.", "bookmarked_{type}"),
    Decoy("unbookmark_{type}", "Remove the bookmark of a {type}.", "bookmarked_{type}", undoes=True),
)


def decoy_tools(toolset: Toolset,
                taken: frozenset[str] = frozenset()) -> tuple[tuple[Tool, ...], tuple[Predicate, ...]]:
    """The decoy tools ``toolset`` can have and the predicates they record: each verb of :data:`DECOYS` on each of
    its types, in type order, skipping a name the world already uses or ``taken`` holds (another toolset's)."""
    taken = taken | {t.name for t in toolset.all_tools} | {p.name for p in toolset.predicates}
    tools: list[Tool] = []
    records: dict[str, Predicate] = {}
    for kind in toolset.types:
        for decoy in DECOYS:
            name, record = decoy.tool.format(type=kind.name), decoy.record.format(type=kind.name)
            if name in taken or (record in taken and record not in records):
                continue
            var = f"?{kind.name}"
            tools.append(Tool.from_dict({
                "name": name, "description": decoy.description.format(type=kind.name),
                "params": [{"name": kind.name, "type": kind.name}],
                "pre": f"{record}({var})" if decoy.undoes else f"not {record}({var})",
                "effects": [f"not {record}({var})" if decoy.undoes else f"{record}({var})"],
                "toolset": toolset.name, "distractor": True}))
            records.setdefault(record, Predicate.from_dict(
                {"name": record, "params": [kind.name], "description": f"a decoy's record about a {kind.name}"}))
    return tuple(tools), tuple(records.values())


def with_decoys(toolsets: Sequence[Toolset]) -> list[Toolset]:
    """``toolsets`` with their decoy tools (:attr:`Toolset.decoy_tools`) and the predicates those record; a type two
    toolsets share gets its decoys once, from the first."""
    out: list[Toolset] = []
    taken: frozenset[str] = frozenset()
    for ts in toolsets:
        tools, records = decoy_tools(ts, taken)
        taken |= {t.name for t in tools} | {p.name for p in records}
        out.append(replace(ts, decoy_tools=tools, predicates=ts.predicates + records) if tools else ts)
    return out


def decoy_count(toolsets: Sequence[Toolset]) -> int:
    """How many decoys a task of ``toolsets`` can have in all (:func:`with_decoys`)."""
    return sum(len(ts.decoy_tools) for ts in with_decoys(toolsets))
