"""Reading a natural-language directive into generator knobs.

The offline generator understands a small, documented vocabulary (see the
README): domain words, "easy"/"hard", "N tools", "more/fewer tools",
"longer/shorter tasks", "sparse"/"dense reward", "noisy", "hidden"/"partial".
Every interpretation it makes is written down in ``Knobs.notes`` and stored in
the spec's metadata, so a user can see how their words were read.
"""

from __future__ import annotations

import re
import warnings
from dataclasses import dataclass, field, fields
from functools import lru_cache

from gensim_gym.errors import DirectiveError, did_you_mean
from gensim_gym.generation.cues import (
    FAILURE,
    FAULTY,
    FREQUENCY,
    HASTE,
    HIDE_VERB,
    REWARD_WORD,
    SEEING,
    TIME_PRESSURE,
    TIME_RESOURCE,
)
from gensim_gym.generation.lexicon import (
    ACCOMPLISH_VERBS,
    COUNTED,
    FIELD_WORDS,
    GENERIC_VERBS,
    META_VERBS,
    NUMBER,
    NUMBER_WORDS,
    OCCASIONS,
    SAME_SLOT,
    calls,
    counted_nouns,
    counted_pool_nouns,
    counted_type,
    derived_operations,
    distractor_operations,
    evidence_nouns,
    goal_subject,
    main_tool,
    noun_lemma,
    number_value,
    object_operations,
    operations,
    own_words,
    pool_nouns,
    rule_templates,
    said_words,
    single_fact,
    tool_verb,
    verb_of,
    weak_keywords,
)
from gensim_gym.generation.toolsets import corpus_note, get_toolset, load_registry

DEFAULT_DOMAIN = "warehouse"
MAX_DIRECTIVE_CHARS = 2000


@dataclass(frozen=True)
class Knobs:
    """What the generator was asked for."""

    domains: tuple[str, ...]
    difficulty: float
    reward_mode: str = "dense"
    noise: bool = False
    partial: bool | None = None
    more_tools: int = 0
    tool_count: int | None = None
    length_bonus: int = 0
    notes: tuple[str, ...] = field(default_factory=tuple)
    goal_count: int | None = None  # "three meetings": exactly this many goal conditions ...
    goal_type: str | None = None  # ... each about another object of this type (None: any goal conditions)
    horizon_slack: str | None = None  # "tight" (plan + 1) or "loose" (2 x plan + 2); None: the usual slack
    required_tools: tuple[str, ...] = ()  # "back up ..., then remove ...": the golden plan calls each of these
    constraints: tuple[str, ...] = ()  # "without double-booking anyone": the toolsets' constraint templates to turn on

    @property
    def goal_target(self) -> int | None:
        """The goal count a task is generated with: ``goal_count``, or the nearest a task of these domains
        holds ("eight meetings" where a task has 3: 3; the reading marks that clause approximated)."""
        if self.goal_count is None:
            return None
        return min(self.goal_count, goal_capacity(self.domains, self.goal_type))

    @property
    def min_plan_length(self) -> int:
        """Shortest plan a task may have: 2 at difficulty 0, 6 at 1, plus the directive's length bonus."""
        return max(2, round(1 + 5 * self.difficulty) + self.length_bonus)

    def to_dict(self) -> dict:
        """The knobs as a JSON-ready dict, in field order (what ``asdict`` gives; every field is a scalar or
        a tuple of strings, so no deep copy is needed, and generation records this in every spec's meta)."""
        out = {f.name: getattr(self, f.name) for f in fields(self)}
        return {k: list(v) if isinstance(v, tuple) else v for k, v in out.items()}


_NUMBER_WORDS = NUMBER_WORDS  # the name other modules import


def _count(text: str, noun: str) -> int | None:
    match = re.search(rf"\b({NUMBER})\s+{noun}s?\b", text)
    return None if not match else number_value(match.group(1))


#: A count of tools: "6 tools", "a 7-tool setup", "a toolbox of 6" (round 6).
TOOL_COUNT = re.compile(rf"\b({NUMBER})(?:\s+|-)tools?\b|\b(?:toolbox|toolset|tool set|toolkit|tool kit)\s+of\s+"
                        rf"({NUMBER})\b")


def tool_count_of(text: str) -> tuple[int, int, int] | None:
    """``(start, end, count)`` of the first count of tools in ``text`` (:data:`TOOL_COUNT`), or None."""
    m = TOOL_COUNT.search(text)
    return None if m is None else (m.start(), m.end(), number_value(m.group(1) or m.group(2)))


def _has(text: str, *patterns: str) -> bool:
    return any(re.search(rf"\b{p}\b", text) for p in patterns)


#: Operation words that are nouns as often as verbs: matched as written ("backups" is no request to back up).
_UNINFLECTED = frozenset({"backup", "coupon", "cart", "copies"})


@lru_cache(maxsize=4096)  # asked for every verb of every domain per count and rule (read_directive stays bounded)
def verb_pattern(verb: str) -> str:
    """A regex for ``verb`` and its regular inflections, so operations are read in the forms people write:
    "escalate" also matches escalates / escalated / escalating, "copy" copies / copied, "drop" drops /
    dropped, "back up" backs up / backed up. A multi-word verb inflects its first word."""
    head, _, tail = verb.partition(" ")
    rest = rf"\s+{re.escape(tail)}" if tail else ""
    if verb in _UNINFLECTED:
        forms = re.escape(head)
    elif head.endswith("e"):
        forms = rf"{head[:-1]}(?:e|es|ed|ing)"
    elif head.endswith("y") and head[-2:-1] not in ("a", "e", "i", "o", "u"):
        forms = rf"{head[:-1]}(?:y|ies|ied|ying)"
    elif re.fullmatch(r".*[^aeiou][aeiou][bdglmnprt]", head):  # drop -> dropped, cancel -> cancelled
        forms = rf"{head}(?:s|ed|ing|{head[-1]}ed|{head[-1]}ing)?"
    else:
        forms = rf"{head}(?:s|es|ed|ing)?"
    return rf"\b{forms}{rest}\b"


ON_UNKNOWN = ("error", "fallback")
NOISELESS = ("deterministic", "noiseless", "no noise", "reliable")
#: "urgent" before a noun a domain counts goals in ("1 urgent ticket", "an urgent order") says what the object is,
#: not how much time the agent has (round 7).
_NOT_OF_AN_OBJECT = (r"(?!(?<=\burgent)\s+(?:" + "|".join(sorted({n for ns in COUNTED.values() for n in ns}))
                     + r")(?:s|es)?\b)")
#: Time-pressure words by the horizon slack they ask for (the reader's clauses use the same table).
TIME_WORDS = {"tight": ("tight deadline", "quick deadline", "short deadline", "strict deadline", "tight time",
                        "little time", "in a hurry", "hurry", "quickly", "urgent", "urgently"),
              "loose": ("plenty of time", "no rush", "lots of time", "take your time", "take their time")}


# Time pressure is read by pattern, not by phrase list: a modifier class next to a time noun, in either order
# ("a roomy horizon", "the step budget is tight"), so unseen combinations read as the ones tried.
_TIGHT_MODS = (r"tight|tighter|short|shorter|strict|stricter|quick|little|limited|small|smaller|hard|firm|aggressive"
               r"|low|lower|minimal|scarce|scant|narrow|brief|constrained|reduced|restricted|stringent|harsh|lean"
               r"|very little|not much|barely any|hardly any|not a lot of|not enough")
_LOOSE_MODS = (r"plenty of|lots of|a lot of|loads of|tons of|no shortage of|loose|looser|generous|long|longer|ample"
               r"|relaxed|extra|more|enough|lenient|roomy|large|larger|big|bigger|huge|extended|flexible|soft|spare"
               r"|abundant|unlimited|liberal|wide|comfortable|high|higher|a generous|an ample|some|a bit of")
#: Limits on an episode: tight or loose by their adjective; "no limit" is loose.
_TIME_LIMIT = r"episode limits?|episode length|episode budget|step limits?|time limits?|limits?"
#: Pressure itself: "more time pressure" is tighter, "little time pressure" looser.
_MORE_PRESSURE = r"more|extra|high|higher|heavy|heavier|intense|serious|real|lots of|a lot of|plenty of|added|some"
_LESS_PRESSURE = r"no|without|not much|zero|little|low|lower|minimal|hardly any|barely any|less|reduced"
#: Adjectives of a deadline or time limit that loosen it ("a generous deadline", "a relaxed time limit").
_LOOSE_LIMIT = (r"generous|relaxed|loose|looser|lenient|soft|flexible|long|longer|extended|distant|far|comfortable"
                r"|forgiving|ample|roomy|easy")
_TIME_TAIL = rf"(?:\s+(?:in|on|for|of)\s+(?:the\s+|each\s+|an?\s+)?(?:{TIME_RESOURCE}|episodes?))?"
_IS = r"(?:is\s+|are\s+|should\s+be\s+|must\s+be\s+|stays?\s+|kept\s+|being\s+)?(?:very\s+|quite\s+|pretty\s+)?"
_TIGHT_ADJ = r"tight|short|strict|limited|small|low|brief|scarce|constrained|restricted|minimal"
_LOOSE_ADJ = r"generous|loose|long|relaxed|lenient|ample|roomy|large|plentiful|unlimited|extended|flexible|big"
#: Quantities of tools: "a handful of tools", "only the needed tools" / "many tools", "lots of distractors".
_FEW_TOOLS = (r"fewer|less|few|a few|only a few|just a few|very few|no|without|minimal|minimum|small|smaller|not many"
              r"|not too many|a handful of|handful of|limited|reduced|restricted|tiny|a small number of|lean|slim"
              r"|compact|only the|only|just the|just")
_MANY_TOOLS = (r"twice as many|double the|many|many more|more|lots more|extra|lots of|plenty of|a lot of|several"
               r"|additional|a bunch of"
               r"|tons of|loads of|numerous|a large number of|a wide range of|large|larger|big|bigger|rich|wide"
               r"|a few extra|a couple of extra|a couple more|a few more|some extra")
_TOOL_NOUN = r"distractors?|distractor tools|tools|toolsets?|tool sets?"
#: One word between a quantity and its tool noun ("few distractor tools"), never a count ("only 3 tools").
_BETWEEN = rf"(?:(?!\d|(?:{NUMBER})\b)\w+\s+)?"
#: Words that bound a count from above ("at most 6 tools"); "fewer than"/"less than" exclude the number itself.
_AT_MOST = (r"at most|no more than|not more than|up to|at max|max|maximum of|a maximum of|max of|a max of|under"
            r"|below|within|capped at|limited to|fewer than|less than|(?:a |the )?(?:cap|limit|ceiling) of")


#: A bound said as limiting the tools to a number (round 6): "limit the toolset to 4", "cap the tools at 5".
_LIMIT_TOOLS = (rf"\b(?:limit|cap|restrict|keep|trim|cut)\w*\s+(?:the\s+)?(?:toolset|tool set|tools|toolbox"
                rf"|number of tools)\s+(?:to|at)\s+(?:{NUMBER})\b")


def tool_bound(said: str) -> int:
    """The most tools an upper-bound phrase ("at most 6 tools", "fewer than 5 tools", "limit the toolset to 4")
    allows."""
    m = re.search(rf"\b({_AT_MOST})\s+({NUMBER})\b", said) or re.search(rf"\b(to|at)\s+({NUMBER})\b", said)
    if m is None:
        raise DirectiveError(f"{said!r} bounds no tool count")
    n = number_value(m.group(2))
    return n - 1 if m.group(1) in ("fewer than", "less than") else n


#: Nouns of what an agent sees, and the extents that make it partial or full ("a limited view", "full visibility").
_PART_SEEN = r"partial|limited|restricted|obscured|foggy|incomplete|narrow|reduced|poor|blurry|imperfect|hidden"
_ALL_SEEN = r"full|complete|total|perfect|clear|unrestricted|unobstructed|fully visible|fully observable"
#: A part of a directive that is one time word alone (", tight,"): the pressure it names.
#: An episode's length (round 9).
_EPISODE_SHORT = r"short|shorter|brief|briefer"
_EPISODE_LONG = r"long|longer|lengthy|extended"
_LONE_TIGHT = r"tight|tighter|rushed|hurried|urgent|pressed|quick|fast|speedy|hasty|timed|rapid|brisk|hectic"
_LONE_LOOSE = (r"leisurely|unhurried|unrushed|loose|looser|relaxed|patient|slow|slow[- ]paced|calm|lenient|untimed"
               r"|laid[- ]back|easygoing|easy[- ]going")
#: Negation scope for time pressure (round 6), as :func:`_negated` is for the boolean knobs: a negator before a word
#: of haste, with at most three words between, says there is none ("no hurry", "no need to rush", "not in a hurry",
#: "never rushed", "without hurrying"), so it is plenty of time, not the haste the word alone asks for.
_NO_HASTE = (rf"\b(?:no|not|never|without|zero|nothing|don't|do not|doesn't|does not|needn't|need not|isn't|is not"
             rf"|aren't|are not)\s+(?:[\w']+\s+){{0,3}}?(?:{HASTE})\b")
#: Time said to be no concern ("the clock is never an issue", "time doesn't matter", "no worries about time").
_NO_CONCERN = (r"\b(?:time|timing|the clock|clock|speed|the deadline|deadlines?|the horizon|step counts?|steps)\s+"
               r"(?:is|are|isn't|aren't|will be|should be)\s+(?:never|not|no|n't)?\s*(?:an?\s+|really\s+|much\s+)?"
               r"(?:issue|concern|problem|factor|worry|constraint|object|priority|pressure)\b"
               r"|\b(?:time|timing|the clock|speed)\s+(?:doesn't|does not|don't|do not|won't|will not|shouldn't)\s+"
               r"(?:really\s+)?matter\b"
               r"|\bno\s+(?:worries|concern|pressure)\s+(?:about|over|on)\s+(?:the\s+)?(?:time|clock|speed|steps)\b")
#: The pace a task runs at, by a modifier of the noun "pace" ("at a leisurely pace", "at its own pace" / "at a
#: brisk pace"), and taking one's time ("the agent can take its time", "as long as it takes").
_SLOW_PACE = (r"\b(?:leisurely|slow|slower|relaxed|easy|calm|gentle|comfortable|unhurried|steady|own|measured)\s+"
              r"pace\b|\btak(?:e|es|ing)\s+(?:your|its|their|his|her|our|my|one's|the|all the|as much|whatever)\s+"
              r"(?:\w+\s+)?time\b|\bas long as (?:it|they|you|he|she|needed|necessary)(?:\s+(?:takes?|needs?"
              r"|likes?|wants?))?\b|\bat (?:its|their|your|his|her|our|my|one's) (?:own )?leisure\b"
              r"|\b(?:leisurely|unhurried|unrushed)\b")
_FAST_PACE = (r"\b(?:brisk|fast|quick|rapid|high|breakneck|hurried|frantic|hectic|furious)\s+pace\b"
              r"|\b(?:against the clock|time is of the essence|every (?:second|step|move) counts)\b")


#: Stochastic failure is read by pattern, as time pressure is: a frequency (:data:`FREQUENCY`: "sometimes",
#: "now and then", "at random") near a failure (:data:`FAILURE`: "drops", "breaks down", "gets it wrong"), in
#: either order, asks for noise ("the hand sometimes drops them", "the search tool fails every so often"). "may"
#: is left out: "the robot may not drop crates at the dock" is a rule, not a chance.
#: Failure as a noun with an adjective of frequency ("occasional mistakes", "random failures", "the odd malfunction"),
#: proneness ("prone to errors"), a possibility ("actions can fail") or success only usually ("works most of the time").
_FAILURE_NOUN = (r"mistakes?|errors?|failures?|glitch(?:es)?|malfunctions?|breakdowns?|crash(?:es)?|hiccups?|slips?"
                 r"|faults?|misfires?|blunders?|fumbles?|drops?|outages?|timeouts?|bugs?")
_NOISE_SHAPES = (rf"\b(?:occasional|sporadic|intermittent|random|periodic|frequent|rare|odd|unpredictable|spurious"
                 rf"|infrequent|the odd|the occasional|some random)\s+(?:\w+\s+)?(?:{_FAILURE_NOUN})\b"
                 rf"|\b(?:prone|liable|subject|susceptible)\s+to\s+(?:\w+\s+)?(?:{_FAILURE_NOUN}|fail\w*|break\w*"
                 rf"|err\w*)\b"
                 r"|\b(?:can|could|might|sometimes will|will sometimes|occasionally will)\s+(?:\w+\s+)?"
                 r"(?:fail|break down|crash|glitch|malfunction|misfire|go wrong|err|jam|stall|time out)"
                 r"(?:s|es|ed|ing)?\b"
                 r"|\b(?:succeeds?|succeeding|works?|working|goes|go)\s+(?:only\s+)?(?:most of the time|usually|mostly"
                 r"|often|sometimes|not always|some of the time|half the time)\b"
                 r"|\b(?:usually|mostly|generally|often|normally)\s+(?:succeeds?|works?)\b")
#: A rate said as a number before a chance of failing ("a 20% failure rate", "a 5 percent chance of a drop").
_RATE = r"(?:\d+(?:\.\d+)?\s*(?:%|percent)\s+)?"
#: Hiding is read by pattern too: a verb or adjective of hiding with a noun of information, in either order
#: ("hide some customer information", "some details kept secret", "with the map hidden", "withhold the
#: addresses from the agent"), asks for partial observability.
_HIDDEN_ADJ = (r"hidden|concealed|masked|withheld|secret|private|unknown|obscured|redacted|undisclosed|unrevealed"
               r"|unshown|not shown|not visible|not given|not revealed|invisible|unavailable|out of view|out of sight"
               r"|off[- ]screen|blanked out|blacked out|left out|omitted|under wraps")
_INFO_NOUN = (r"information|info|details?|facts?|data|state|map|maps|attributes?|properties|fields?|records?"
              r"|identity|identities|status|statuses|locations?|positions?|contents?|layout|board|world|values?"
              r"|variables?|knowledge|specifics|particulars|history|histories|addresses|address|numbers?|names?"
              r"|parts? of the (?:state|world|map|board)|things|stuff|clues?|whereabouts|inventory|specs?|preferences?"
              r"|availability|prices?|costs?|ids?")
#: The words between a noun and its state ("details are kept secret", "the map stays mostly hidden").
_STATE_IS = (r"(?:(?:is|are|was|were|be|being|been|kept|stay|stays|remain|remains|left|get|gets|partly|partially"
             r"|mostly|fully|completely|all|always|often|usually)\s+){0,3}")
_TO_AGENT = r"from (?:the |our |my |your )?(?:agent|player|learner|policy|bot|model|robot|assistant|ai)s?"
#: A reward that comes only when the task is done, said loosely ("a reward only when the whole schedule is
#: done", "rewards only for finishing", "reward at the very end", "no reward until everything is delivered").
_DONE = (r"success|successes|succeeds?|succeeded|succeeding|successful(?:ly)?|the end|end|completion|completed"
         r"|complete|completes|completing|goals?|solved|solving|solves?|solution|done|finished|finishing|finish"
         r"|finishes|reached|achieved|accomplished|over|win|wins|winning|won|delivered|sorted|met|satisfied"
         r"|resolved|fulfilled|a full solution|victory|built|made|put|(?:is|are|gets?|got|has been|have been)\s+\w+ed")
#: ("paid", "credit" are left out: "store credit only when the order is delivered" is a support rule)
#: Adjectives of a finished object ("a finished order", "completed tasks").
_FINISHED = r"finished|completed|complete|done|successful|solved|fulfilled|resolved|accomplished|delivered"
_ONLY = r"only|just|solely|exclusively|purely|nothing but"
_WHEN = r"on|for|at|upon|when|whenever|once|if|after|by|in case of"
#: Up to six words between the condition and what is done ("when the whole schedule is done").
_UP_TO_SIX = r"(?:\s+[\w'-]+){0,6}?\s+"


#: Words that negate the knob word they stand before ("nothing stochastic", "no hidden facts", "never noisy",
#: "free of noise", "non-deterministic"), with at most one intensifier or adjective between.
NEGATOR = (r"no|not|nothing|none|never|without|zero|non|free of|isn't|aren't|is not|are not|don't want"
           r"|do not want|rather than|instead of|neither|nor")


def _negated(words: str, kind: str, value: object) -> tuple[tuple[str, str, object], ...]:
    """The knob phrases that negate ``words``: a negator before them (:data:`NEGATOR`; "no", "nothing",
    "non-" ...), or a privative after them ("noise-free", "randomness-less"). One mechanism for every
    boolean knob (noise, observability, reward shaping), so a negator unseen with one knob reads as it
    does with another."""
    # "not only noisy" says noisy: a focus word between scopes the negator away
    return ((rf"\b(?:{NEGATOR})[- ](?:any\s+|much\s+|too\s+|so\s+|very\s+|at all\s+"
             rf"|(?!only\b|just\b|merely\b|simply\b)\w+\s+)?(?:{words})\b",
             kind, value),
            (rf"\b(?:{words})[- ](?:free|less)\b", kind, value))


#: Phrases that set a knob and would mislead a later recognizer if left in the text: time pressure ("a short
#: horizon" is no request for short tasks, "a hard deadline" none for hard tasks), negated knob words ("without
#: noise" asks for no noise and states no rule), "can't see" (hidden facts, not a rule), "long-horizon" (longer
#: tasks, not a loose horizon). ``(regex, kind, value)``, most specific first.
KNOB_PHRASES: tuple[tuple[re.Pattern[str], str, object], ...] = tuple((re.compile(p), k, v) for p, k, v in (
    (r"\blong[- ]horizon\b", "plan_length", 2),
    # haste negated or said to be no concern, and a pace, before the haste words themselves (round 6)
    (_NO_HASTE + "|" + _NO_CONCERN + "|" + _SLOW_PACE, "time_pressure", "loose"),
    (_FAST_PACE, "time_pressure", "tight"),
    # haste asked of the agent: "be quick", "finish fast", "as fast as possible", "in as few moves as possible"
    (r"\b(?:be|act|work|move|finish|finishes|done|get it done|solve it|complete it)\s+(?:very\s+|really\s+)?(?:quick"
     r"|quickly|fast|rapidly|swiftly|promptly|speedily)\b|\bas (?:quick|quickly|fast|soon|swiftly|rapidly) as "
     r"(?:possible|you can|it can|they can)\b|\bin as few (?:steps|moves|actions|turns) as (?:possible|it can)\b",
     "time_pressure", "tight"),
    # a schedule said to be tight or relaxed is the time the agent has, also where "schedule" is the world's verb
    # (round 8: "set up two calls, tight schedule" in a calendar)
    (r"\b(?:tight|tighter|packed|busy|hectic|crammed|compressed|demanding)\s+schedules?\b", "time_pressure", "tight"),
    # an episode said to be short or long is the time it has as well as the task in it (round 9: "short episodes"
    # is a tight horizon): the noun is the time pressure, the adjective stays for the plan length
    (rf"\b(?:{_EPISODE_SHORT})\s+(?P<k>episodes?|runs?|rollouts?)\b"
     rf"|\b(?P<k2>episodes?|rollouts?)\s+{_IS}(?:kept\s+)?(?:{_EPISODE_SHORT})\b", "time_pressure", "tight"),
    (rf"\b(?:{_EPISODE_LONG})\s+(?P<k>episodes?|rollouts?)\b"
     rf"|\b(?P<k2>episodes?|rollouts?)\s+{_IS}(?:kept\s+)?(?:{_EPISODE_LONG})\b(?![- ]horizon)", "time_pressure",
     "loose"),
    (r"\b(?:relaxed|loose|looser|flexible|generous|leisurely|unhurried)\s+schedules?\b", "time_pressure", "loose"),
    (r"\b(?:" + "|".join(map(re.escape, TIME_WORDS["tight"])) + r")\b(?!\s+pressure)" + _NOT_OF_AN_OBJECT,
     "time_pressure", "tight"),
    (r"\b(?:" + "|".join(map(re.escape, TIME_WORDS["loose"])) + r")\b", "time_pressure", "loose"),
    (rf"\b(?:{_LESS_PRESSURE})\s+(?:real\s+|any\s+|extra\s+|spare\s+)?(?:{TIME_PRESSURE}|pressure)\b",
     "time_pressure", "loose"),
    (rf"\b(?:{_MORE_PRESSURE})\s+(?:time\s+)?pressure\b", "time_pressure", "tight"),
    (rf"\b(?:{_LOOSE_LIMIT})\s+(?:\w+\s+)?(?:deadlines?|time limits?|step limits?|limits?|clocks?|timers?)\b",
     "time_pressure", "loose"),
    (rf"\b(?:no|without|zero)\s+(?:real\s+|step\s+|time\s+)?(?:{_TIME_LIMIT})\b"
     r"|\b(?:no|without|zero)\s+(?:real\s+|any\s+)?(?:time|step|horizon)\s+(?:constraints?|restrictions?|caps?|bounds?)\b",
     "time_pressure", "loose"),
    (rf"\b(?:no|without|zero)\s+(?:real\s+|any\s+|extra\s+|spare\s+)?(?:{TIME_RESOURCE})\b{_TIME_TAIL}",
     "time_pressure", "tight"),
    (rf"\b(?:{_TIGHT_MODS})\s+(?:\w+\s+)?(?:{TIME_RESOURCE}|{TIME_PRESSURE}|{_TIME_LIMIT}|steps|moves|turns)\b"
     rf"{_TIME_TAIL}", "time_pressure", "tight"),
    (rf"\b(?:{_LOOSE_MODS})\s+(?:\w+\s+)?(?:{TIME_RESOURCE})\b{_TIME_TAIL}", "time_pressure", "loose"),
    (r"\b(?:plenty of|lots of|a lot of|loads of|tons of|enough|spare|ample|generous|no shortage of|unlimited|infinite"
     r"|endless|countless|as many)\s+"
     r"(?:\w+\s+)?(?:steps|moves|turns)\b", "time_pressure", "loose"),  # not "more steps": longer plans
    (rf"\b(?:{TIME_RESOURCE}|{TIME_PRESSURE}|{_TIME_LIMIT}|steps|moves|turns|actions)\s+{_IS}(?:{_TIGHT_ADJ})\b",
     "time_pressure", "tight"),
    (rf"\b(?:{TIME_RESOURCE}|{TIME_PRESSURE}|{_TIME_LIMIT}|steps|moves|turns|actions)\s+{_IS}(?:{_LOOSE_ADJ})\b",
     "time_pressure", "loose"),
    (rf"\b(?:under\s+|with\s+|a\s+)?(?:{TIME_PRESSURE})\b", "time_pressure", "tight"),
    (rf"(?:^|[,;:])\s*(?P<k>{_LONE_TIGHT})\s*(?=[,;.]|$)", "time_pressure", "tight"),
    (rf"(?:^|[,;:])\s*(?P<k>{_LONE_LOOSE})\s*(?=[,;.]|$)", "time_pressure", "loose"),
    # a negator scopes over the knob word after it, for every boolean knob alike (see _negated)
    *_negated(r"noise|noisy|randomness|random|stochastic|stochasticity|flaky|failures?|unreliable|failing", "noise",
              False),
    *_negated(r"deterministic|reliable|noiseless", "noise", True),
    # frequency x failure, in either order; "never fails" is deterministic (see FREQUENCY)
    (r"\b(?:never|don't|do not|doesn't|does not|won't|will not|can't|cannot)\s+(?:ever\s+)?(?:fail|break down|crash"
     r"|glitch|malfunction|misfire|err|go wrong|time out)\w*\b", "noise", False),
    (rf"\b(?:{FREQUENCY})\s+(?:[\w'-]+\s+){{0,3}}?(?:{FAILURE})\b"
     rf"|\b(?:{FAILURE})\b(?:\s+[\w'-]+){{0,3}}?\s+(?:{FREQUENCY})\b"
     rf"|\b(?:{FAULTY})\b|(?:\bnot|n't)\s+always\s+(?:work|works|succeed|succeeds|go|goes|run|runs|respond|responds)\b"
     rf"|\b{_RATE}(?:chance|probability|risk|odds|likelihood|rate)\s+(?:of\s+|that\s+)?(?:[\w'-]+\s+){{0,2}}?"
     rf"(?:{FAILURE})\b"
     rf"|\b{_RATE}(?:failure|error|drop|miss|breakdown|crash|glitch)\s+(?:rate|chance|probability|odds)s?\b"
     r"|\b(?:success|outcomes?|actions?|moves?|calls?|tools?|results?|it)\s+(?:is|are)\s+(?:not|never)\s+guaranteed\b"
     r"|\bno guarantee (?:of success|that (?:\w+ ){0,3}?(?:works?|succeeds?))\b|" + _NOISE_SHAPES, "noise", True),
    *_negated(r"(?:hidden|partial(?!\s+(?:rewards?|credit|shaping))|partially|unobserved|unseen|invisible|secret)"
              r"(?:\s+(?:information|info|facts?|state|observability|observable))?", "partial", False),
    *_negated(r"(?:fully|full|completely)\s+(?:observable|observability|visible)|visible|observable", "partial",
              True),
    (r"\b(?:can't|cannot|can not|doesn't|does not|don't|do not|won't|unable to)\s+(?:see|observe|know|tell)\b",
     "partial", True),
    # seeing a part, or everything (round 6): "should see only part of the catalog", "the robot knows everything"
    (r"\b(?:sees?|seeing|knows?|knowing|observes?|observing|views?)\s+(?:only\s+|just\s+)?(?:part|parts|some|a part"
     r"|a portion|a fraction|half|little|a little|bits|pieces|a subset)\s+of\b|\bonly\s+(?:sees?|knows?|observes?)\b",
     "partial", True),
    (r"\b(?:sees?|knows?|observes?)\s+(?:everything|it all|all of it|all the facts|the whole (?:state|world|map"
     r"|board|grid|picture))\b", "partial", False),
    # hiding by verb or adjective with an information noun, in either order; "don't hide anything" is full
    (rf"\b(?:don't|do not|never|no need to|without|nothing|no)\s+(?:\w+\s+)?(?:{HIDE_VERB})\b"
     rf"(?:\s+(?:anything|any\s+\w+|it|them))?", "partial", False),
    (rf"\b(?:{HIDE_VERB})\s+(?:[\w'-]+\s+){{0,3}}?(?:{_INFO_NOUN})\b"
     rf"(?:\s+(?:{_HIDDEN_ADJ}|{_TO_AGENT}))?"
     rf"|\b(?:{HIDE_VERB})\s+(?:[\w'-]+\s+){{0,4}}?{_TO_AGENT}\b"
     rf"|\b(?:keep|keeps|kept|keeping)\s+(?:[\w'-]+\s+){{1,4}}?(?:secret|hidden|private|under wraps|{_TO_AGENT})\b"
     rf"|\b(?:{_INFO_NOUN})\s+{_STATE_IS}(?:{_HIDDEN_ADJ})\b"
     rf"|\b(?:{_HIDDEN_ADJ})\s+(?:[\w'-]+\s+)?(?:{_INFO_NOUN})\b", "partial", True),
    (r"\b(?:unseen|invisible|unknown (?:state|facts?|information)|partial obs|partially obs)\b"
     # known only when asked for (round 6): "availability is revealed only on request", "only shown once checked"
     r"|\b(?:revealed|shown|visible|known|disclosed|available|seen)\s+only\s+(?:on request|when|after|once|if|upon)\b"
     r"|\bonly\s+(?:revealed|shown|disclosed|known)\s+(?:on request|when|after|once|if|upon)\b", "partial", True),
    # unseen until an act reveals it (round 8): "rooms stay dark until entered", "the contents are unknown until
    # opened"; the act that reveals it belongs to the clause, up to four words to the end of its part
    (r"\b(?:dark|unknown|unseen|unexplored|blank|covered|a mystery|out of sight|not shown|not known)\s+until\b"
     r"(?:(?:\s+[\w'-]+){1,4}(?=\s*(?:[,;:.]|$)))?", "partial", True),
    # what the agent sees, by pattern as time pressure is: an extent and a noun of seeing, in either order ("a
    # partial view", "limited visibility", "the map is fully visible", "observable state")
    (rf"\b(?:{_PART_SEEN})\s+(?:\w+\s+)?(?:{SEEING})\b|\b(?:{SEEING})\s+{_IS}(?:{_PART_SEEN})\b"
     # a degree of part on an adjective of seeing (round 10): "only partly visible", "half observable"
     r"|\b(?:partially|partly|half|semi-?|dimly|barely)\s*(?:observable|observed|visible|known|seen|shown)\b"
     r"|\bfog of war\b", "partial", True),
    (rf"\b(?:{_ALL_SEEN})\s+(?:\w+\s+)?(?:{SEEING})\b|\b(?:{SEEING})\s+{_IS}(?:{_ALL_SEEN}|observable|visible)\b"
     r"|\b(?:fully\s+|completely\s+|totally\s+|entirely\s+)?(?:observable|visible|transparent)\s+(?:state|world|map|board"
     r"|grid|environment|layout|facts?)\b|\b(?:fully|completely|totally|entirely)\s+(?:observable|visible|transparent)\b"
     r"|\b(?:everything|all)\s+(?:is\s+)?(?:visible|observable|observed|known|shown)\b"
     r"|\b(?:sees?|seeing|shows?|showing|observes?)\s+(?:the\s+)?(?:whole|entire|full|complete)\s+(?:board|map|grid|state"
     r"|world|layout|environment|picture)\b",
     "partial", False),
    *_negated(r"sparse|sparsely|sparse rewards?", "reward_mode", "dense"),
    *_negated(r"(?:dense|shaped|intermediate|progress|per[- ]step|partial)\s+rewards?|(?:reward\s+|progress\s+)?"
              r"shaping|dense|densely|shaped", "reward_mode", "sparse"),
    (r"\bunshaped\b", "reward_mode", "sparse"),
    # a reward that waits for the task done, said loosely: "only" around a reward word and a condition of done
    (rf"\b(?:{_ONLY})\s+(?:[\w'-]+\s+){{0,3}}?(?:{REWARD_WORD})\b(?:\s+[\w'-]+){{0,3}}?\s+(?:{_WHEN}){_UP_TO_SIX}"
     rf"(?:{_DONE})\b"
     rf"|\b(?:{REWARD_WORD})\s+(?:[\w'-]+\s+){{0,2}}?(?:{_ONLY})\s+(?:{_WHEN}){_UP_TO_SIX}(?:{_DONE})\b"
     rf"|\b(?:{REWARD_WORD})\s+(?:[\w'-]+\s+){{0,2}}?(?:{_ONLY})\s+(?:{_WHEN})\s+(?:{_DONE})\b"
     rf"|\b(?:no|zero|nothing)\s+(?:\w+\s+)?(?:{REWARD_WORD})\s+(?:until|till|before|unless){_UP_TO_SIX}(?:{_DONE})\b"
     rf"|\b(?:{REWARD_WORD})\s+(?:\w+\s+){{0,2}}?(?:at|on|upon)\s+(?:the\s+)?(?:very\s+)?(?:end|completion|finish)\b"
     rf"|\b(?:{REWARD_WORD})\s+(?:\w+\s+){{0,2}}?(?:only\s+)?(?:at|in)\s+the\s+(?:very\s+)?(?:last|final)\s+step\b"
     # only a finished object is rewarded (round 7): "only reward a finished order", "rewards only completed tasks"
     rf"|\b(?:(?:{_ONLY})\s+(?:reward|rewards|pay|pays|pay out for)|(?:{REWARD_WORD})\s+(?:{_ONLY}))\s+(?:for\s+)?"
     # (the object stays to be read: "a finished order" is a checkout)
     rf"(?:an?\s+|the\s+|each\s+|every\s+|any\s+)?(?:{_FINISHED})(?=\s+[a-z]+)",
     "reward_mode", "sparse"),
    (r"\b(?:rewards?|rewarded)\s+only\s+(?:on|for|at|upon|when|once|if)\s+(?:the\s+)?(?:task\s+|goal\s+|puzzle\s+|"
     r"episode\s+|problem\s+)?(?:is\s+|gets\s+)?(?:success|succeeding|successful|the end|end|completion|completed|"
     r"complete|the goal|goal|solved|done|finished|reached|achieved)"
     r"|\b(?:only|just)\s+(?:an?\s+)?(?:success|terminal|binary|final|goal)\s+(?:reward|signal)s?"
     r"|\b(?:success|terminal|binary|0/1|final|goal)[- ](?:only\s+)?rewards?\b|\breward\s+at\s+the\s+end\b"
     r"|\bsuccess[- ]only\b"
     # a reward that waits for any condition said after it (round 6): "reward only once all balls are in room b"
     r"|\b(?:rewards?|rewarded|payoffs?)\s+(?:\w+\s+){0,2}?(?:only|solely|just)\s+(?:once|when|after|upon|if"
     r"|as soon as)\s+[^,;.]+"
     # only the outcome counts (round 6): "only success counts", "nothing but the result matters"
     r"|\b(?:only|just|nothing but)\s+(?:the\s+)?(?:success|outcome|result|completion|goal|win|winning|final state)\s+"
     r"(?:counts|matters|is rewarded|gets rewarded|pays|scores)\b", "reward_mode", "sparse"),
    (r"\b(?:per[- ]step|step[- ]?wise|step[- ]by[- ]step|incremental|intermediate|progress|partial[- ]credit)"
     r"\s+rewards?\b"
     r"|\breward\s+(?:shaping|for progress|each step|every step)\b|\breward[- ]shaping\b"
     # a reward for each part done (round 6): "partial credit", "a reward per delivered crate", "points for every box"
     r"|\bpartial credit\b|\b(?:rewards?|rewarded|points?|credit|bonus(?:es)?)\s+(?:per|for each|for every|on each"
     r"|on every|after each|after every|with each|with every|each time|at each|at every)\b", "reward_mode", "dense"),
    # a quantity word and a tool noun, with at most one word between that does not turn few into more; "no extra
    # tools" is none (round 6: it read as extra tools)
    (rf"\b(?:no|without|zero|not any|none of the)\s+(?:extra|additional|more|spare|distractor)\s+(?:{_TOOL_NOUN})\b",
     "tool_choice", -99),
    (rf"\b(?:(?:add|adding|give|use|include|with)\s+)?(?:{_MANY_TOOLS})\s+{_BETWEEN}(?:{_TOOL_NOUN})\b",
     "tool_choice", 2),
    (rf"\b(?:{_FEW_TOOLS})\s+(?!extra\b|more\b|additional\b){_BETWEEN}(?:{_TOOL_NOUN})\b"
     r"|\b(?:remove|drop|cut|strip|trim)\s+(?:the\s+)?(?:distractors?|extra tools|distractor tools)\b"
     rf"|\b(?:don't|do not|never|no need to|without)\s+(?:add|adding|use|using|include|including|give|giving)\s+"
     rf"(?:any\s+)?(?:extra\s+|more\s+|additional\s+)?(?:{_TOOL_NOUN})\b",
     "tool_choice", -99),  # "fewer distractors" is no request for more
    # an upper bound on the tool count: met by every task with no more tools (see tool_bound)
    (rf"\b(?:{_AT_MOST})\s+(?:{NUMBER})\s+(?:\w+\s+)?tools?\b|{_LIMIT_TOOLS}", "tool_bound", None),
    (r"\bnot\s+(?:too\s+|very\s+|that\s+|so\s+|overly\s+)?(?:hard|difficult|challenging)\b", "difficulty", -0.15),
    (r"\bnot\s+(?:too\s+|very\s+|that\s+|so\s+|overly\s+)?(?:easy|simple|trivial)\b", "difficulty", 0.15),
))


def knob_phrases(text: str) -> list[tuple[int, int, str, object]]:
    """``(start, end, kind, value)`` of every :data:`KNOB_PHRASES` match in ``text`` (lower case), earlier
    patterns first where two overlap."""
    taken = bytearray(len(text))
    out = []
    for pattern, kind, value in KNOB_PHRASES:
        for m in pattern.finditer(text):
            # "k" (or "k2", its other word order): the words, not the comma
            group = next((g for g in ("k", "k2") if g in pattern.groupindex and m.group(g) is not None), None)
            start, end = m.span(group) if group else m.span()
            if not any(taken[start:end]):
                taken[start:end] = b"\x01" * (end - start)
                out.append((start, end, kind, value))
    return sorted(out)


def masked(text: str, spans) -> str:
    """``text`` with each ``(start, end, ...)`` span blanked (positions kept), so later recognizers skip it."""
    chars = list(text)
    for span in spans:
        chars[span[0]:span[1]] = " " * (span[1] - span[0])
    return "".join(chars)


def parse_directive(directive: str, difficulty: float = 0.5, *, on_unknown: str = "error") -> Knobs:
    """Interpret ``directive`` (with the requested ``difficulty`` in [0, 1]) as generator knobs.

    A directive that names no known domain raises :class:`DirectiveError` (``on_unknown="error"``, the
    default: the offline generator cannot make up a domain, and silently playing warehouse tasks for
    "navigate a maze" hid that); ``on_unknown="fallback"`` plays :data:`DEFAULT_DOMAIN` with a warning.
    """
    _check_inputs(directive, difficulty)
    if on_unknown not in ON_UNKNOWN:
        raise DirectiveError(f"on_unknown must be one of {', '.join(map(repr, ON_UNKNOWN))}, got {on_unknown!r}"
                             f"{did_you_mean(str(on_unknown), ON_UNKNOWN)}")
    full = directive.lower()
    notes: list[str] = []
    domains = _domains(full, notes, on_unknown)
    phrases = knob_phrases(full)
    said = {kind: (value, full[a:b]) for a, b, kind, value in reversed(phrases)}  # the first phrase of a kind
    text = masked(full, phrases)  # the other recognizers read what the knob phrases left
    d = _shift_difficulty(text, float(difficulty), notes)
    if "difficulty" in said:
        shift, words = said["difficulty"]
        d = min(1.0, max(0.0, d + float(shift)))  # type: ignore[arg-type]
        notes.append(f"'{words}' shifts difficulty by {float(shift):+.2f} to {d:.2f}")  # type: ignore[arg-type]
    mode = _said(said, "reward_mode", notes) if "reward_mode" in said else _pick(text, notes, "dense", [
        (("sparse", "sparser", "sparsely"), "sparse", "sparse reward: success only, no progress shaping or step cost"),
        (("dense", "denser", "shaped"), "dense", "dense reward: potential-based progress shaping and step cost")])
    noise = _said(said, "noise", notes) if "noise" in said else _pick(text, notes, False, [
        (("noisy", "noise", "unreliable", "flaky", "stochastic"), True,
         "noisy: tool calls fail with a probability that grows with difficulty"),
        (NOISELESS, False, "deterministic: tool calls never fail")])
    partial: bool | None = _said(said, "partial", notes) if "partial" in said else _pick(text, notes, None, [
        (("hidden", "partial", "partially", "unobserved", "fog"), True,
         "partial observability: some facts are hidden until a tool reveals them"),
        (("fully observable", "full observability"), False, "")])
    more = _said(said, "tool_choice", notes) if "tool_choice" in said else _pick(text, notes, 0, [
        (("more tools", "add tools", "add more tools", "extra tools", "larger toolset", "distractor", "distractors"), 2,
         "more tools: two extra distractor tools per domain"),
        (("fewer tools", "remove tools", "only needed tools"), -99, "fewer tools: no distractor tools")])
    counted_tools = tool_count_of(text)
    tool_count = counted_tools[2] if counted_tools else None
    if tool_count is not None:
        notes.append(f"{tool_count} tools requested (core tools are always kept)")
    elif "tool_bound" in said:
        tool_count = _bounded_tools(tool_bound(str(said["tool_bound"][1])), domains, notes)
    # a count inside a rule ("don't let anyone attend two meetings at once") counts no goals
    goal_count, goal_type = _goal_count(masked(text, forbidding_rules(text)), domains, notes, text)
    constraints = _constraints(text, domains, notes)
    # a verb inside a constraint ("never delete the backups") forbids the operation; it does not ask for it
    required = _required_tools(masked(text, forbidding_rules(text)), domains, notes)
    slack = None
    if "time_pressure" in said:
        slack = str(said["time_pressure"][0])
        notes.append(f"'{said['time_pressure'][1]}': " + ("time pressure: the horizon is the shortest plan + 1 step"
                     if slack == "tight" else "plenty of time: the horizon is twice the shortest plan + 2 steps"))
    bonus = 2 if "plan_length" in said else _pick(text, notes, 0, [
        (LONGER, 2, "longer tasks: the minimum plan length grows by 2"),
        (SHORTER, -1, "shorter tasks: the minimum plan length shrinks by 1")])
    if "plan_length" in said:
        notes.append(f"'{said['plan_length'][1]}': longer tasks: the minimum plan length grows by 2")
    return Knobs(tuple(domains), round(d, 4), mode, noise, partial, more, tool_count, bonus, tuple(notes),
                 goal_count, goal_type, slack, required, constraints)


def _bounded_tools(bound: int, domains, notes: list[str]) -> int | None:
    """The tool count an upper bound asks for: none where every task of ``domains`` already meets it (a
    domain with fewer tools than the bound is not padded up to it), else exactly the bound."""
    most = sum(len(get_toolset(d).all_tools) for d in domains)
    if bound >= most:
        notes.append(f"at most {bound} tools: {'+'.join(domains)} has {most} in all, every task meets the bound")
        return None
    notes.append(f"at most {bound} tools: exactly {bound} are given")
    return bound


#: Words that count goal conditions of any kind ("2 goals"); nouns that count objects of a type are derived
#: from the toolsets (``lexicon.counted_nouns``).
_ANY_GOAL = ("goal", "objective", "condition")
#: "stack blocks, 5 of them": a count of the objects named before it.
_OF_THEM = re.compile(rf"\b({NUMBER})\s+of\s+(?:them|those|these)\b")
#: "a tower of 4", "a batch of 3": a count of a container with no noun after it (round 6).
_CONTAINER = re.compile(rf"\b(?:tower|stack|pile|heap|batch|set|group|bundle|series|row|column|queue|collection|lot"
                        rf"|load|bunch|handful|list)\s+of\s+({NUMBER})\b"
                        rf"(?=\s*(?:[,;:.)]|$|(?:and|then|with|on|in|at|for|to|from|please|each|every)\b))")
#: "copy 2 of the logs": a count of the noun after a determiner.
_PARTITIVE = re.compile(rf"\b({NUMBER})\s+of\s+(?:the|these|those|its|their|our|my|your|all the)\s+"
                        rf"(?:[a-z]+\s+)??([a-z]+)\b")
MAX_GOAL_COUNT = 8  # a layout's goal-status slots (Layout.max_goals)


def _goal_count(text: str, domains: list[str], notes: list[str],
                whole: str | None = None) -> tuple[int | None, str | None]:
    """``(count, object type)`` from "three meetings", "5 crates", "2 goals", "blocks, 5 of them" (the type of
    the chosen domains whose noun is counted; None for goal words), or ``(None, None)``."""
    for match in goal_counted(counted_phrases(text, domains, whole), domains)[:1]:
        count, kind = number_value(match[3]), match[4]
        said = text[match[0]:match[1]]
        if count < 1:
            raise DirectiveError(f"'{said}': a task has at least 1 goal condition (and at most {MAX_GOAL_COUNT})")
        most = goal_capacity(domains, kind)
        if count > most:  # "ten cells", "eight meetings": the nearest count a task holds (Knobs.goal_target)
            notes.append(f"'{said}': a task holds at most {most} goal conditions"
                         + (f" about objects of type {kind}" if kind else "") + f": {most} are aimed at")
        notes.append(f"'{said}': exactly {count} goal conditions" + (f", each about another {kind}" if kind else ""))
        return count, kind
    return None, None


def goal_counted(counts: list, domains) -> list:
    """``counts`` (:func:`counted_phrases`) with the one a task's goal count comes from first: the first count
    of goal conditions or of objects goals are about (the first argument type of a goal predicate: "3 riders"
    in "6 floors and 3 riders", as elevator goals are ``served(passenger)``), else the first count."""
    subjects = {getattr(p.params[0], "type", p.params[0]) for d in domains for p in get_toolset(d).predicates
                if p.name in get_toolset(d).goal_predicates and p.params}
    first = next((c for c in counts if c[4] is None or c[4] in subjects), counts[0] if counts else None)
    return [first, *(c for c in counts if c is not first)] if first is not None else []


def goal_capacity(domains, kind: str | None) -> int:
    """The most goal conditions a task of ``domains`` holds: :data:`MAX_GOAL_COUNT` (a layout's goal slots), and
    for a count of objects of type ``kind`` ("five crates": each goal about another one), how many of them a
    task has."""
    most = [t.max for d in domains for t in get_toolset(d).types if t.name == kind]
    return min([MAX_GOAL_COUNT, *([max(most)] if most else [])])


def counted_phrases(text: str, domains, whole: str | None = None) -> list[tuple[int, int, int, str, str | None]]:
    """``(start, end, number end, number, object type)`` of each count of goal items in ``text``: a number
    and a noun of a chosen domain's types (``lexicon.counted_type``; an adjective may stand between: "3
    wooden blocks"), a goal word (type None), "N of them" after such a noun (looked for in ``whole``, the text
    before rules were masked out of it, where given) and "N of the <noun>"."""
    out = []
    for m in re.finditer(rf"\b({NUMBER})\s+(?:([a-z]+)\s+)?([a-z]+)\b", text):
        for word, end in ((m.group(3), m.end(3)), (m.group(2), m.end(2))):
            if not word:
                continue
            kind = counted_type(word, domains)
            if kind is not None or word in _ANY_GOAL or word.removesuffix("s") in _ANY_GOAL:
                out.append((m.start(), end, m.end(1), m.group(1), kind))
                break
            # "1 flat tire": the one thing a fact without arguments is about, where no type names it (a goal count
            # of 1; "2 flat tires" stays uncounted, as the world has one: round 6)
            if kind is None and number_value(m.group(1)) == 1 and single_fact(word, domains) is not None:
                out.append((m.start(), end, m.end(1), m.group(1), None))
                break
    for m in _OF_THEM.finditer(text):
        # the referent is read in the whole directive: a noun inside a rule ("never hands a ticket to a supervisor
        # and closes 2 of them") is still what "them" refers back to; failing a noun, what the verb before the
        # count acts on ("buys 2 of them": products), else what the domain's goals are about (round 6)
        before = [counted_type(w, domains) for w in re.findall(r"[a-z]+", (whole or text)[:m.start()])]
        verb = re.search(r"([a-z]+)\s+$", text[:m.start()])
        kind = next((k for k in reversed(before) if k is not None), None) \
            or (_object_type(verb.group(1), domains) if verb else None) \
            or next((k for d in domains if (k := goal_subject(d)) is not None), None)
        if kind is not None:
            out.append((m.start(), m.end(), m.end(1), m.group(1), kind))
    for m in _CONTAINER.finditer(text):  # "a tower of 4": the count of what the domain's goals are about
        kind = next((k for d in domains if (k := goal_subject(d)) is not None), None)
        if kind is not None and not any(a < m.end() and m.start() < b for a, b, *_ in out):
            out.append((m.start(), m.end(), m.end(1), m.group(1), kind))
    for m in _PARTITIVE.finditer(text):  # "copy 2 of the logs": a count of the noun after "of the"
        kind = counted_type(m.group(2), domains)
        if kind is not None and not any(a < m.end() and m.start() < b for a, b, *_ in out):
            out.append((m.start(), m.end(), m.end(1), m.group(1), kind))
    out += _operation_counts(text, domains, [(a, b) for a, b, *_ in out])
    return _joined_counts(text, sorted(out), domains)


#: A count joined to the one before it ("1 laptop and 1 charger", "2 lamps plus a kettle").
_JOINED_COUNT = re.compile(rf"\s*,?\s*(?:and|plus|&|as well as)\s+({NUMBER})\s+([a-z]+)\b(?:\s+([a-z]+)\b)?")


def _joined_counts(text: str, counts: list, domains) -> list:
    """``counts`` with each count joined by "and" to a count of objects of the same type, or of a noun no world
    types (the same verb's object: "order 1 laptop and 1 charger"), read as one count of their sum (round 9)."""
    out: list = []
    for count in counts:
        start, end, number_end, number, kind = count
        m = _JOINED_COUNT.match(text, end) if kind is not None else None
        if m is None:
            out.append(count)
            continue
        # the noun: the word after the number, else the one after that ("1 red charger"), typed or not
        group = next((g for g in (2, 3) if m.group(g) and counted_type(m.group(g), domains) is not None), 2)
        noun = m.group(group)
        other = counted_type(noun, domains)
        if other not in (kind, None) or (other is None and not _joinable(noun)):
            out.append(count)
            continue
        out.append((start, m.end(group), number_end, str(number_value(number) + number_value(m.group(1))), kind))
    return [c for c in out if not any(a < c[0] < b for a, b, *_ in out)]  # a joined count is part of the one before


def _joinable(noun: str) -> bool:
    """Whether an untyped ``noun`` may be a counted object joined to another: a noun, not a verb or a unit."""
    return verb_of(noun) is None and noun_lemma(noun) not in COUNT_UNITS


#: Nouns a number counts that are no goal items: tool counts, time, attempts, money.
COUNT_UNITS = frozenset({"tool", "step", "move", "turn", "second", "minute", "hour", "day", "time", "episode",
                         "seed", "level", "percent", "x", "attempt", "try", "tries", "run", "epoch", "iteration",
                         "worker", "env", "environment", "of", "dollar", "euro", "buck", "usd", "eur", "cent",
                         "pound", "credit"})
#: (a modifier may be a possessive: "a couple of doctor's appointments", round 8)
_COUNT_AFTER_VERB = re.compile(rf"\b([a-z]+(?:\s+(?:up|down|out|off|away|back))?)\s+({NUMBER})\s+"
                               rf"(?:([a-z]+(?:'s)?)\s+)?([a-z]+)\b")
_COUNT = re.compile(rf"\b({NUMBER})\s+(?:([a-z]+(?:'s)?)\s+)?([a-z]+)\b")
#: A count right after an operation verb with nothing counted after it ("compares products and purchases 1"): the
#: noun is left out, and the count is of what the verb's tool acts on (round 8).
_ELLIPTIC_COUNT = re.compile(rf"\b([a-z]+(?:\s+(?:up|down|out|off|away|back))?)\s+({NUMBER})"
                             rf"(?=\s*(?:[,;:.)]|$|(?:and|then|but|or|while|so|please)\b))")


def _operation_counts(text: str, domains, taken: list[tuple[int, int]]) -> list:
    """Counts of goal items named in the user's words rather than a type's: a count that is the object of an
    operation verb ("buys two gadgets", "rename 2 docs") counts what that operation's tool acts on, whatever
    the user calls it; so does a count of a noun derived from an operation ("3 invites", "two deliveries").
    The type is the tool's first parameter that a goal predicate is about (``checkout``: product)."""
    out = []
    for m in _COUNT_AFTER_VERB.finditer(text):
        words = m.group(3, 4)
        if words[1] == "of" and words[0]:
            # "buy 2 pairs of shoes", "order 3 boxes of tea" (round 10): a measure of what the verb acts on counts
            # goal items as its noun would
            words = (None, words[0])
        nouns = {noun_lemma(w) for w in words if w}
        if nouns & COUNT_UNITS or nouns & set(_ANY_GOAL) or any(a < m.end() and m.start(2) < b for a, b in taken):
            continue  # "move 4 steps to": no goal items; "2 goals" are counted as goals already
        kind = _object_type(m.group(1), domains) or _placed_type(text, m.start(1), domains)
        if kind is not None:
            # "put 2 gadgets in the basket": the count ends at its noun, not at the preposition after it
            end = m.end(3) if m.group(3) and m.group(4) in _PHRASE_END else m.end()
            end = m.end(3) if words[0] is None and m.group(3) else end
            out.append((m.start(2), end, m.end(2), m.group(2), kind))
    for m in _ELLIPTIC_COUNT.finditer(text):  # "purchases 1", "pick 3 and deliver them": no noun after the count
        kind = _object_type(m.group(1), domains) or _placed_type(text, m.start(1), domains)
        if kind is not None and not any(a < m.end() and m.start(2) < b for a, b in taken):
            out.append((m.start(2), m.end(2), m.end(2), m.group(2), kind))
    for m in _COUNT.finditer(text):
        if any(a < m.end() and m.start() < b for a, b in [*taken, *((o[0], o[1]) for o in out)]):
            continue
        for word, end in ((m.group(3), m.end(3)), (m.group(2), m.end(2))):
            kind = _object_type(word, domains, derived=True) if word else None
            if kind is not None:
                out.append((m.start(), end, m.end(1), m.group(1), kind))
                break
    return out


def _placed_type(text: str, start: int, domains) -> str | None:
    """The type a count after a generic verb counts where the verb and its tool's object ask for that tool ("put 2
    gadgets in the basket": ``add_to_cart``, which acts on products; ``lexicon.object_operations``: round 6)."""
    for name in domains:
        hit = next((h for h in object_operations(text, name) if h.start <= start < h.end), None)
        if hit is not None:
            ts = get_toolset(name)
            about = {getattr(t, "type", t) for p in ts.predicates if p.name in ts.goal_predicates for t in p.params}
            params = [p.type for t in ts.tools + ts.extra_tools if calls(t.name, hit.tool) for p in t.params]
            kind = next((p for p in params if p in about), None)
            if kind is not None:
                return kind
    return None


def _object_type(word: str, domains, *, derived: bool = False) -> str | None:
    """The type the tool of the operation ``word`` names acts on (see :func:`_operation_counts`); with
    ``derived``, ``word`` may be a noun derived from the operation ("invites", "deliveries")."""
    for name in domains:
        ts = get_toolset(name)
        about = {t for p in ts.predicates if p.name in ts.goal_predicates for t in p.params}
        about = {getattr(t, "type", t) for t in about}
        tool = next((tool for verb, tool in operations(name).items() if re.fullmatch(verb_pattern(verb), word)), None)
        if tool is None and derived:
            hit = next(iter(derived_operations(word, name)), None)
            tool = hit.tool if hit is not None and (hit.start, hit.end) == (0, len(word)) and not hit.redo else None
        if tool is None and derived:  # "three backups": a phrasal verb's noun, written as one word (round 8)
            tool = next((t for verb, t in operations(name).items() if " " in verb
                         and verb.replace(" ", "") == noun_lemma(word)), None)
        if tool is None:
            continue
        params = [p.type for t in ts.tools + ts.extra_tools if calls(t.name, tool) for p in t.params]
        kind = next((p for p in params if p in about), None)
        if kind is not None:
            return kind
    return None


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


#: States a rule keeps something in ("keep the dock clear", "the backups must stay untouched").
_KEPT_STATE = (r"intact|untouched|safe|unchanged|alone|clear|empty|free|protected|clean|vacant|unharmed|as is"
               r"|out of (?:it|this|that|the loop|the way)"
               r"|available|ready|open|closed|locked|unlocked|stocked|charged|tidy|sorted|positive|non[- ]?negative"
               r"|above zero|solvent|in the black")
#: Nouns that bound an amount: "a spending limit", "a budget cap", "a ceiling on refunds".
_LIMIT_NOUN = r"limits?|caps?|ceilings?|quotas?|allowances?"
#: Nouns for a norm an agent keeps to, and verbs of keeping to one ("follow the refund rules", "within policy").
_NORM_NOUN = r"polic(?:y|ies)|rules?|regulations?|guidelines?|limits?|constraints?|bounds?|terms|procedures?|budget"
_NORM_VERB = r"follow\w*|respect\w*|honou?r\w*|observ\w*|stick\w* to|keep\w* to|stay\w* within"
#: The words that open a rule rather than a task: "without double-booking anyone", "never delete the
#: backups", "must not escalate", "stay under a $50 budget", "only for verified customers".
_RULE_HEAD = (
    r"without|never|no more than|don't|do not|not allowed to|(?:must|should|may|shall|can|will|does) not|mustn't"
    r"|shouldn't|can't|cannot|won't|doesn't|forbid(?!den)\w*|prohibit(?!ed)\w*|no \w+ (?:allowed|permitted)"
    r"|(?:stay |keep |remain )?(?:within|under|below|inside) (?:the |a |an |our |their )?"
    r"(?:\$?\d[\d,.]*\s*(?:dollars?|euros?|usd|eur)?\s+)?budget"
    r"|(?:on a|tight|limited|fixed) budget|double[- ]?book\w*|only (?:if|when|for|to|under)|respect\w*|avoid\w*"
    # a budget stated as an amount ("a budget of 40", "a $40 budget"); two things in one slot ("no overlaps")
    r"|budget (?:of|is|=|:) ?\$?\d[\d,.]*|\$?\d[\d,.]*[- ](?:dollars?[- ]|euros?[- ]|credits?[- ])?budget"
    r"|no (?:overlap|clash|conflict|collision)\w*"
    r"|(?:keep |stay )?spend\w* (?:(?:is |are )?(?:capped at|limited to)|under|below|within|less than|no more than"
    r"|at most)"
    # a rule stated as a negative quantifier, as keeping something as it is, or as following a rule
    r"|nobody|no one|no-one|none of|nothing|no (?:[a-z]+ ){1,3}?(?:may|must|should|can|shall|will|ever|is|are|gets?)"
    rf"|(?:keep|leave|preserve|maintain)\s+[^,;.]*?\b(?:{_KEPT_STATE})"
    rf"|(?:must|should|shall|has to|have to|needs? to|will)\s+(?:always\s+)?(?:stay|remain|be kept|be left|be)\s+"
    rf"(?:(?:kept|left)\s+)?(?:{_KEPT_STATE})"
    r"|(?:must|should|has to|have to|always)\s+(?:follow|obey|comply with|adhere to)|according to|in line with"
    # the general shapes (round 4): a prohibition of anything ("no escalations", "no person in two sessions"),
    # a restriction ("may only", "only after"), a limit or cap on something ("a spending limit", "a budget
    # cap"), keeping to a norm ("within policy", "follow the rules", "protect the backups")
    # a cap in money ("a product under 30 credits")
    r"|(?:under|below|within|less than|at most|no more than|max(?:imum)?(?: of)?) \$?\d[\d,.]*\s*(?:dollars?|euros?"
    r"|credits?|bucks|usd|eur|coins?)\b"
    r"|(?:no|zero) (?!more than\b|longer\b|matter\b)[a-z]+|(?:may|can|must|should|shall) only"
    r"|only (?:after|once|with|within|on|before|while|until|during)|ban(?:s|ning)?"
    # the counted things restricted (round 9): "only those within the return window", "only the eligible ones"
    r"|only (?:(?:those|these|the ones|ones)\s+(?:(?:that|who|which)\s+(?:are|were|is|was)\s+)?(?:still\s+)?"
    r"(?:within|inside|covered by|eligible|entitled)|(?:the\s+)?(?:eligible|entitled))|disallow(?!ed)\w*|outlaw\w*"
    r"|(?:stay|keep|remain) on budget"
    rf"|(?!off\b)(?:[a-z]+[- ])?(?<!off[- ])(?:{_LIMIT_NOUN})"
    rf"|(?:{_NORM_VERB})\s+(?:(?:the|a|an|our|their|its|any)\s+)?(?:[a-z']+\s+)?(?:{_NORM_NOUN})"
    rf"|(?:within|inside|under|by) (?:(?:the|a|an|our|their|its)\s+)?(?:[a-z']+\s+)?(?:{_NORM_NOUN})"
    r"|protect\w*|safeguard\w*|obey\w*|abide by|comply with|adhere to|refrain from|steer clear of")
#: Words that open a second rule after a conjunction ("... and never escalate").
_NEXT_RULE = r"never|no|not|without|don't|do not|avoid\w*|only|always|keep|stay|protect\w*|nobody|nothing"
#: The words that open an ordering rule: "verify identity before every refund" asks for both operations, in order.
_PRECEDENCE_HEAD = r"before (?:every|each|any|doing|a|an|the)|prior to (?:every|each|any|a|an|the)"
#: A rule without its tail, for callers that only need where rules start (the tail is :func:`rule_phrases`').
CONSTRAINT_PHRASE = re.compile(rf"\b(?:{_RULE_HEAD})\b[^,;.]*")


def _rule_regex(names: tuple[str, ...]) -> re.Pattern[str]:
    """A rule phrase runs to the next comma, semicolon, colon or stop (a colon opens what the rule is a rule for:
    "a hard cap on spending: order 2 gadgets"), or to a conjunction that opens another
    operation ("stay under budget and buy 2 items": the purchase is asked for, not forbidden)."""
    verbs = sorted({v for name in names for v in operations(name)}, key=len, reverse=True)
    opens = "|".join(verb_pattern(v) for v in verbs) or r"(?!x)x"
    # ... or to a conjunction that opens another rule ("within policy and never escalate": two rules)
    # ... or to a conjunction and a word with a count after it ("never hands a ticket to a supervisor and closes 2 of
    # them": a count is no part of a prohibition, so the verb before it is asked for, whatever the verb: round 6)
    counted = rf"(?!(?:more|less|fewer|than|at|up|over|under|only|just|no|not|never)\b)[a-z]+\s+(?:{NUMBER})\b"
    tail = (rf"(?:(?!\b(?:and|but|then|while|so|plus)\s+(?:then\s+|also\s+)?(?:{opens}|{counted})"
            rf"|\b(?:and|but|or|plus|while)\s+(?:also\s+)?(?:{_NEXT_RULE})\b)[^,;:.])*")
    return re.compile(rf"\b(?:({_PRECEDENCE_HEAD})|{_RULE_HEAD})\b{tail}")


_RULE_REGEX: dict[tuple[str, ...], re.Pattern[str]] = {}


def rule_phrases(text: str) -> list[tuple[int, int, bool]]:
    """``(start, end, ordering)`` of each rule phrase of ``text`` (lower case); ``ordering`` marks a "before
    every ..." rule, whose verbs are asked for rather than forbidden."""
    names = tuple(load_registry())
    regex = _RULE_REGEX.get(names)
    if regex is None:
        regex = _RULE_REGEX[names] = _rule_regex(names)
    rules = [(_subject_before(text, _verb_before(text, m.start()), m.group(0)), m.end(), m.group(1) is not None)
             for m in regex.finditer(text)]
    rules += _stated_rules(text, rules)
    kept = _kept_states(text, rules)
    return sorted(rules + kept + _same_slot_rules(text, rules + kept))


#: A rule stated after what it is about: "deleting files is not allowed", "the dock is off limits", "budget is
#: strict", "escalations are forbidden".
_POSTFIX_RULE = re.compile(
    r"\b(?:is|are|isn't|aren't|be|being|stays?|remains?)\s+(?:strictly\s+|absolutely\s+|never\s+)?(?:not\s+(?:allowed"
    r"|permitted|ok|okay|acceptable|an option|tolerated)|forbidden|prohibited|banned|disallowed|off[- ]limits?"
    r"|out of bounds|strict|tight|enforced|mandatory|capped|fixed|sacred|protected|read[- ]only|untouchable|taboo"
    r"|binding|non[- ]negotiable|obligatory|compulsory|in force|in effect|unacceptable|out of the question"
    # discouraged (round 6): "handing off to a human is a last resort", "escalating is frowned upon"
    r"|an? (?:last|final) resort|discouraged|frowned upon|to be avoided|not recommended|a bad idea"
    r"|off the table|a no[- ]go|an? no[- ](?:[a-z]+[- ])?(?:zone|area|go)|sacrosanct|inviolable|untouchable)\b"
    # a rule stated by its outcome: "overspending would be a failure", "a deletion fails the episode"
    r"|\b(?:is|are|would be|will be|counts? as|means?)\s+(?:an?\s+|instant\s+|immediate\s+)*(?:failure|fail|fatal"
    r"|violation|loss|game over)\b|\bfails? the (?:task|episode|run)\b"
    r"|\b(?:not (?:allowed|permitted|tolerated)|forbidden|prohibited|banned|disallowed|off[- ]limits?)\b"
    # a state its subject keeps, said in the present ("the backup copies stay untouched")
    rf"|\b(?:stays?|remains?|(?:is|are)\s+(?:kept|left))\s+(?:always\s+)?(?:{_KEPT_STATE})\b")
#: An invariant of one thing per slot: "only one meeting per slot", "at most one box per cell", "a single
#: robot at a time".
_ONE_PER = re.compile(r"\b(?:(?:only|at most|just|no more than|never more than|max(?:imum)?(?: of)?)\s+)?"
                      r"(?:one|1|a single)\s+(?:[a-z]+\s+){0,2}?(?:per|for each|in each|at a time|at any (?:one )?time"
                      r"|at once|simultaneously|at the same time)\b(?:\s+[a-z]+)?")


def _stated_rules(text: str, rules: list[tuple[int, int, bool]]) -> list[tuple[int, int, bool]]:
    """Rules whose rule word comes last (:data:`_POSTFIX_RULE`) or that state an invariant of one thing per slot
    (:data:`_ONE_PER`): the rule is its whole part of the directive, from where the clause opens (at most ten
    words back), so the words it is about ("deleting files", "meeting rooms") are its content."""
    out: list[tuple[int, int, bool]] = []
    for m in re.finditer(r"(?<!not )\bonly\s+([a-z]+)\b", text):  # "only refund delivered orders": a restriction
        if verb_of(m.group(1)) is not None and not any(a < m.end() and m.start() < b for a, b, _ in rules):
            out.append((m.start(), next((i for i in range(m.end(), len(text)) if text[i] in ",;."), len(text)), False))
    for regex in (_POSTFIX_RULE, _ONE_PER):
        for m in regex.finditer(text):
            if any(a < m.end() and m.start() < b for a, b, _ in rules + out):
                continue
            opened = [o.end() for o in re.finditer(r"[,;:.()]|\b(?:and|but|then|so|while|plus)\b", text[:m.start()])]
            begin = opened[-1] if opened else 0
            if len(re.findall(r"[a-z0-9']+", text[begin:m.start()])) > 10:
                begin = m.start()
            begin += len(text[begin:m.start()]) - len(text[begin:m.start()].lstrip())
            # "is not permitted to escalate": what is not permitted follows; else the rule ends at its word
            runs_on = regex is _ONE_PER or re.match(r"\s+to\s+[a-z]", text[m.end():]) is not None
            end = next((i for i in range(m.end(), len(text)) if text[i] in ",;."), len(text)) if runs_on else m.end()
            out.append((begin, end, False))
    return out


def _same_slot_rules(text: str, rules: list[tuple[int, int, bool]]) -> list[tuple[int, int, bool]]:
    """Rules stated by their content alone ("each room used once at a time"): a part of the directive (between
    commas) that says two things share a slot (``lexicon.SAME_SLOT``) and names a constraint template by a word
    of its own name ("room")."""
    templates = [t for ts in load_registry().values() for t in ts.constraints]
    out = []
    for part in re.finditer(r"[^,;.]+", text):
        start = part.start() + len(part.group(0)) - len(part.group(0).lstrip())
        if SAME_SLOT.search(part.group(0)) and not any(a < part.end() and start < b for a, b, _ in rules) \
                and rule_templates(part.group(0), templates, literal=True):
            out.append((start, part.end(), False))
    return out


#: A rule stated of its subject: "backups must never be deleted", "the budget should not go negative".
_MODAL_HEAD = re.compile(r"(?:never|must|should|may|shall|can|will|does|mustn't|shouldn't|can't|cannot|won't"
                         r"|doesn't|not allowed|has to|have to|needs? to|ought to)\b")
#: Where the subject of a rule can start: after punctuation or a word that opens a clause.
_CLAUSE_OPEN = re.compile(r"[,;:.()\-]|\b(?:where|that|which|who|whose|and|but|then|so|if|while|when|plus)\b")


def _subject_before(text: str, start: int, head: str) -> int:
    """Where a rule with a modal or negation head starts: at its subject ("backups must never be deleted":
    backups), where the words between the start of the clause and the head are a noun phrase (at most six
    words, none a verb or a count), so the rule's content words include what it is about."""
    if not _MODAL_HEAD.match(head):
        return start
    opened = [m.end() for m in _CLAUSE_OPEN.finditer(text, 0, start)]
    begin = opened[-1] if opened else 0
    words = re.findall(r"[a-z0-9'/]+", text[begin:start])
    # a count stays a count ("3 meetings must not overlap" asks for 3 meetings): the rule starts at its head
    # a participle before a noun modifies it ("the loading dock", "deleting files"): still a noun phrase
    # ("the escalate tool": a verb before a noun names what the noun is for)
    verbs = [w for i, w in enumerate(words) if verb_of(w) is not None and i == len(words) - 1]
    # ("one person can't be in two places": "one" is a determiner there, no count)
    counts = [w for i, w in enumerate(words) if w.isdigit() or w in NUMBER_WORDS and not (w == "one" and i == 0)]
    if not words or len(words) > 6 or verbs or counts:
        return start
    return begin + len(text[begin:start]) - len(text[begin:start].lstrip())


#: Keeping something in a state: "keep the dock clear", "leave the archive folder untouched".
_KEEP = re.compile(r"\b(?:keep|keeping|leave|maintain|preserve|ensure|make sure"
                   r"|(?:must|should|shall|has to|have to|needs? to)"
                   r"\s+(?:always\s+)?(?:stay|remain|be kept|be left))\b(?:(?!\b(?:and|but|then|plus)\b)[^,;.])*")


def _kept_states(text: str, rules: list[tuple[int, int, bool]]) -> list[tuple[int, int, bool]]:
    """Rules stated as keeping something in a state ("keep the dock clear", "the dock should stay clear"),
    where the phrase names a constraint template of some toolset by its content (``lexicon.rule_templates``);
    other "keep ..." phrases ("keep it short") are no rule."""
    templates = [t for ts in load_registry().values() for t in ts.constraints]
    return [(_subject_before(text, m.start(), m.group(0)), m.end(), False) for m in _KEEP.finditer(text)
            if not any(a < m.end() and m.start() < b for a, b, _ in rules)
            and (rule_templates(m.group(0), templates)
                 or (_SPARED.search(text[:m.start()]) is not None and _KEPT_THING.match(m.group(0)) is not None))]


#: A destroying act and then "but keep"/"while keeping" (round 10): "delete 3 of them but keep the archive folder"
#: spares what it keeps from the act, a rule even with no state named.
_SPARED = re.compile(r"\b(?:delet|remov|eras|wip|purg|discard|clean|clear|trash|destroy|empt|dump|scrap)\w*\b"
                     r"[^;.:]*?\b(?:but|while|yet|though|although|and)\s+(?:still\s+|also\s+)?$")
#: What is kept there is a thing named with a determiner ("keep the archive folder"), not "keep it short".
_KEPT_THING = re.compile(r"(?:keep|keeping|leave)\s+(?:the|my|our|your|their|its|all|every|any|each)\s+[a-z]")


_NEGATIVE_OBJECT = re.compile(r"(?:none|nothing|no one|no-one|nobody|no)\b")


def _verb_before(text: str, start: int) -> int:
    """Where a rule starts: a negative quantifier as the object of a verb ("escalate none of them", "delete
    nothing") forbids that verb, so the rule takes the verb in (it is no operation asked for)."""
    if not _NEGATIVE_OBJECT.match(text, start):
        return start
    before = re.search(r"([a-z]+)\s+$", text[:start])
    if before and verb_of(before.group(1)) is not None:
        return before.start(1)
    return start


def forbidding_rules(text: str) -> list[tuple[int, int, bool]]:
    """The rule phrases of ``text`` whose verbs forbid an operation ("never delete the backups")."""
    return [r for r in rule_phrases(text) if not r[2]]


def built_in_order(text: str, start: int, domains) -> tuple[str, str] | None:
    """For an ordering rule at ``start`` ("verify identity before every refund"): ``(first tool, then tool)``
    when a domain's tool for the verb after the rule requires a fact that only the tool for the verb before it
    makes true and no start state holds (``refund_order`` requires ``verified``, which only
    ``verify_identity`` adds), so every task keeps the order; None otherwise."""
    segment_start = max(text.rfind(c, 0, start) for c in ",;.:") + 1
    end = next((i for i in range(start, len(text)) if text[i] in ",;."), len(text))
    for name in domains:
        ts = get_toolset(name)
        before = _verb_hits(text[segment_start:start], operations(name))
        after = _verb_hits(text[start:end], operations(name))
        first, then = (max(before)[1] if before else None), (min(after)[1] if after else None)
        if first is None or then is None:
            continue
        tools = ts.all_tools
        adds = {p for t in tools if calls(t.name, first) for p in _added(t)}
        others = {p for t in tools if not calls(t.name, first) for p in _added(t)}
        started = " ".join(map(str, ts.init))
        only = {p for p in adds - others if not re.search(rf"\b{p}\b", started)}
        if any(re.search(rf"(?<!not )\b{p}\(", t.pre) for t in tools if calls(t.name, then) for p in only):
            return first, then
    return None


#: "for verified customers": a participle qualifying a domain's objects.
_QUALIFIER = re.compile(r"\b(?:for|to|from|of|by|on)\s+(?:the\s+|their\s+|our\s+)?([a-z]+ed)\s+([a-z]+)\b")


def built_in_qualifiers(text: str, domains) -> list[tuple[int, int, str, str]]:
    """``(start, end, tool, predicate)`` of each qualifier ("refund orders for verified customers") whose
    participle is a predicate a tool of a chosen domain requires of its objects (``refund_order`` requires
    ``verified(?customer)``): every task keeps it, as no call can skip the precondition."""
    out = []
    for m in _QUALIFIER.finditer(text):
        for name in domains:
            if counted_type(m.group(2), [name]) is None:
                continue
            ts = get_toolset(name)
            tools = [t.name for t in ts.tools + ts.extra_tools if re.search(rf"(?<!not )\b{m.group(1)}\(", t.pre)]
            if tools:
                out.append((m.start(), m.end(), tools[0], m.group(1)))
                break
    return out


def _added(tool) -> set[str]:
    """The predicates ``tool``'s effects make true."""
    return {m.group(1) for e in tool.effects for m in [re.match(r"\s*([a-z_]\w*)\(", e)] if m}


def _verb_hits(text: str, verbs: dict[str, str]) -> list[tuple[int, str]]:
    """``(position, tool)`` of each verb of ``verbs`` in ``text``."""
    return [(m.start(), tool) for verb, tool in verbs.items() for m in re.finditer(verb_pattern(verb), text)]


_RESTRICTION = re.compile(r"\s*(?:but\s+|and\s+)?only\s+(?:if|when|after|once|for|to|under|with)\b")


def rule_templates_at(text: str, start: int, end: int, templates) -> list:
    """The templates the rule phrase ``text[start:end]`` names (``lexicon.rule_templates``). A restriction that
    names nothing itself ("refund 2 orders but only if they were delivered") restricts the act of its part of the
    directive: it names a template that conditions that act (whose condition holds the act wrong unless something
    is true: ``refunded(?o) and (not delivered(?o) ...)``), read with the part's words."""
    named = rule_templates(text[start:end], templates)
    if named or not _RESTRICTION.match(text[start:end]):
        return named
    opened = max(text.rfind(c, 0, start) for c in ",;:.") + 1
    if re.fullmatch(r"\s*(?:and|but|yet)?\s*", text[opened:start]):  # ", and only when ...": the act came before
        opened = max(text.rfind(c, 0, max(opened - 1, 0)) for c in ",;:.") + 1
    return rule_templates(text[opened:end], [t for t in templates if re.search(r"\bnot\s", t.constraint.condition)])


def _constraints(text: str, domains: list[str], notes: list[str]) -> tuple[str, ...]:
    """The constraint templates (see ``toolsets.ConstraintTemplate``) the directive's rule phrases name."""
    names: list[str] = []
    for start, end, ordering in rule_phrases(text):
        phrase = text[start:end]
        if ordering:
            order = built_in_order(text, start, domains)
            if order:
                notes.append(f"'{phrase.strip()}': {order[1]} already requires what {order[0]} does")
            continue
        offered = [t for domain in domains for t in get_toolset(domain).constraints]
        for template in rule_templates_at(text, start, end, offered):  # by keyword, else by the template's words
            if template.name not in names:
                names.append(template.name)
                notes.append(f"'{phrase.strip()}': constraint {template.name} ({template.constraint.describe()})")
    return tuple(names)


def _required_tools(text: str, domains: list[str], notes: list[str]) -> tuple[str, ...]:
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


def _check_inputs(directive: object, difficulty: object) -> None:
    if not isinstance(directive, str) or not directive.strip():
        raise DirectiveError("directive must be a non-empty string, e.g. 'warehouse tasks, easy'")
    if len(directive) > MAX_DIRECTIVE_CHARS:
        raise DirectiveError(f"directive is {len(directive)} characters; at most {MAX_DIRECTIVE_CHARS} are allowed")
    if not isinstance(difficulty, int | float) or not 0.0 <= float(difficulty) <= 1.0:
        raise DirectiveError(f"difficulty must be a number in [0, 1], got {difficulty!r}")


#: Words before "easy"/"hard" that scale its ±0.3 shift ("very hard" is harder than "hard").
INTENSITY = (("extremely", 2.0), ("super", 2.0), ("very", 1.5), ("really", 1.5), ("slightly", 0.5),
              ("somewhat", 0.5), ("moderately", 0.5), ("a bit", 0.5), ("a little", 0.5))
#: Words that name the middle of the range outright ("moderate difficulty"): difficulty 0.5.
MIDDLE = ("moderate", "medium", "intermediate")
#: Words that lower (raise) the difficulty by 0.3.
EASY_WORDS = ("easy", "easier", "simple", "simpler", "beginner",
              # round 6: the words of the easy end a user reaches for
              "trivial", "basic", "elementary", "straightforward", "gentle", "novice", "introductory")
HARD_WORDS = ("hard", "harder", "tough", "tougher", "difficult", "challenging", "expert",
              "tricky", "trickier", "demanding", "brutal", "punishing", "advanced", "gruelling", "grueling",
              "intricate")


def _superlatives(words: tuple[str, ...]) -> tuple[str, ...]:
    """The superlatives of difficulty words ("hardest", "easiest", "most difficult", "least challenging"
    read as the other end): the extremes of the range, whatever difficulty was asked for."""
    plain = [w for w in words if not w.endswith("er") and w not in ("beginner", "expert")]
    one_word = [w[:-1] + "iest" if w.endswith("y") else w + "st" if w.endswith("e") else w + "est"
                for w in plain if len(w) <= 6]
    as_can_be = [f"as {w} as {end}" for w in plain for end in ("possible", "it gets", "you can")]
    return (*one_word, *(f"most {w}" for w in plain if len(w) > 6), *as_can_be)


#: Superlatives of the easy (hard) words, "least" of the long hard ones and the lowest (highest) difficulty
#: named outright: difficulty 0 (1).
EASIEST = (*_superlatives(EASY_WORDS), *(f"least {w}" for w in HARD_WORDS if len(w) > 6 and w != "tougher"),
           *(f"{w} difficulty" for w in ("minimum", "minimal", "min", "lowest")))
HARDEST = (*_superlatives(HARD_WORDS), *(f"{w} difficulty" for w in ("maximum", "maximal", "max", "highest", "top")))


def _shift_difficulty(text: str, d: float, notes: list[str]) -> float:
    """"easy" words lower the requested difficulty by 0.3, "hard" words raise it (clipped to [0, 1]); an
    intensity word right before one scales the shift (:data:`INTENSITY`); a :data:`MIDDLE` word sets 0.5 first."""
    if _has(text, *MIDDLE):
        d = 0.5
        notes.append(f"'{next(w for w in MIDDLE if _has(text, w))}' sets difficulty to 0.50")
    for words, extreme in ((EASIEST, 0.0), (HARDEST, 1.0)):
        if _has(text, *words):
            notes.append(f"'{next(w for w in words if _has(text, w))}' sets difficulty to {extreme:.2f}")
            return extreme
    for words, shift in ((EASY_WORDS, -0.3), (HARD_WORDS, +0.3)):
        if _has(text, *words):
            word = next(w for w in words if _has(text, w))
            scale, said = 1.0, word
            for modifier, factor in INTENSITY:
                if re.search(rf"\b{modifier}\s+{word}\b", text):
                    scale, said = factor, f"{modifier} {word}"
                    break
            d = min(1.0, max(0.0, d + shift * scale))
            amount = f"{shift:+.1f}" if scale == 1.0 else f"{shift * scale:+.2f}"  # unscaled: as before
            notes.append(f"'{said}' shifts difficulty by {amount} to {d:.2f}")
    return d


#: Plan-length words (a :data:`KNOB_PHRASES` "long-horizon" also asks for longer tasks).
LONGER = ("longer", "long", "lengthy", "complex", "complexity", "more steps", "multi-step", "multi step", "bigger",
          "big")
SHORTER = ("shorter", "short", "brief", "briefer", "fewer steps", "small", "smaller", "tiny")


def _said(said: dict, kind: str, notes: list[str]):
    value, words = said[kind]
    notes.append(f"'{words}': {kind} = {value}")
    return value


def _pick(text: str, notes: list[str], default, choices):
    """The value of the first ``(words, value, note)`` choice with a word in ``text`` (noting it), else ``default``."""
    for words, value, note in choices:
        if _has(text, *words):
            if note:
                notes.append(note)
            return value
    return default


def _domains(text: str, notes: list[str], on_unknown: str) -> list[str]:
    registry = load_registry()
    explicit = re.search(r"\bdomains?\s*[:=]\s*([a-z_, ]+)", text)
    if explicit:
        names = _explicit_domains(explicit.group(1), registry)
        notes.append(f"domains named explicitly: {', '.join(names)}")
        return names
    found = _conjunct_domains(text, registry, notes) or _scored_domains(text, registry, notes)
    act = _foreign_act(text, registry) if found else None
    if act is not None:  # "translate documents from french to german": no world translates
        notes.append(f"'{act}' opens the directive and no world does it; the domain words stand in its object only")
        found = []
    if not found:
        if on_unknown == "error":
            error = DirectiveError(
                f"the directive names no domain the offline generator knows; known domains: {', '.join(registry)} "
                f"(name one, or write 'domain: NAME'). Other ways forward: backend='openai' (an LLM writes any "
                f"domain), a toolset of your own in the registry, or on_unknown='fallback' to play "
                f"{DEFAULT_DOMAIN} tasks with a warning{corpus_note()}")
            error.unknown_domain = True
            raise error
        warnings.warn(f"directive names no known domain; using {DEFAULT_DOMAIN!r}. "
                      f"Domains: {', '.join(registry)} (or write 'domain: NAME')", stacklevel=3)
        notes.append(f"no domain word found: fell back to {DEFAULT_DOMAIN}")
        return [DEFAULT_DOMAIN]
    return found


#: Where the object of a directive's opening verb ends: a preposition, a conjunction or punctuation; not "at",
#: whose place is the scene of the act itself (round 10: "land a plane at a busy airport" is about landing).
_OBJECT_END = re.compile(r"\s+(?:from|to|into|in|on|with|for|by|using|via|and|then|but|so|while|without|across"
                         r"|between|onto|under|over|through|until|before|after|where|that|which)\b|\s*[,;:.(]|$")
#: Words before the opening verb that leave it the directive's main verb ("please translate ...").
_OPENERS = re.compile(r"\s*(?:(?:please|pls|now|just|then|we|i|you|want|need|to|let's|let|us|have|the|agent|bot"
                      r"|should|must|can|will)\s+)*")


def _foreign_act(text: str, registry: dict) -> str | None:
    """The directive's opening verb, where no world does it and the directive's every domain word stands in that
    verb's object (round 8): "translate documents from french to german" is about translating, which no world
    offers, and the documents are only what it works on, so no world is meant (the documents are no file system
    task). A verb a world has a tool for (a distractor's too: "archive"), names or declares (a keyword, an own word:
    "tidy"), or one of getting work done or of the training itself ("solve", "train"), is no foreign act; nor is any
    opening verb where a domain word stands outside its object ("sort 3 files into folders": the folders), or where
    a world is named by its own name. None otherwise."""
    opened = _OPENERS.match(text)
    lead = opened.end() if opened else 0
    head = re.match(r"([a-z]+)\b", text[lead:])
    verb = verb_of(head.group(1)) if head else None
    if head is None or verb is None or verb in ACCOMPLISH_VERBS or verb in META_VERBS or verb in GENERIC_VERBS:
        return None
    if any(verb in operations(d) or verb in distractor_operations(d) or verb in ts.keywords or verb in own_words(d)
           or verb == d for d, ts in registry.items()):
        return None
    if any(re.search(rf"\b{re.escape(d)}s?\b", text) for d in registry):
        return None  # a world named outright is meant: "clean the warehouse floor" is a warehouse that cannot
    start = lead + head.end()
    stop = _OBJECT_END.search(text, start)
    rest = f"{text[:lead]} {text[stop.start() if stop else len(text):]}"
    if any(any(domain_evidence(rest, d, ts)) for d, ts in registry.items()):
        return None
    return head.group(1)


#: Words that join two worlds into one ("support tickets plus file cleanup"); "and" joins too much else.
_JOIN = re.compile(r"\s+(?:plus|as well as|together with|combined with|along with|mixed with|combines? with"
                   r"|combining with|merged with|coupled with|paired with|alongside)\s+|\s*[+&]\s*")


#: A verb of joining and its two objects ("combine the helpdesk with file management", "merge the shop and the
#: calendar"): the objects are the worlds joined (round 8), as "A combined with B" joins them.
JOINING = re.compile(r"\b(combine|mix|merge|blend|pair|fuse|couple|join|integrate|unite)s?\s+(?!them\b|it\b|of\b)"
                     r"([^,;:.]+?)\s+(?:with|and|to|into)\s+([^,;:.]+)")


#: Words after "A and B" saying the two are one world ("online shop and warehouse tasks mixed").
COMPOSED = re.compile(r"\b(?:mixed|combined|combines?|together|interleaved|blended|at once|both|in (?:one|a single)"
                      r" (?:world|env|environment|task)s?|(?:a )?(?:mix|mixture|combination|blend) of)\b")


def _conjunct_domains(text: str, registry: dict, notes: list[str]) -> list[str]:
    """Domains composed from conjuncts joined by "plus", "+", "as well as" ... (or by "and" where
    :data:`COMPOSED` says so): where each part on its own
    chooses a domain (``_scored_domains``) and they differ, the world composes them, even where one part's
    evidence is weaker ("file cleanup": a domain noun modifying its operation). Empty otherwise."""
    parts = [p for p in _JOIN.split(text) if p.strip()]
    joined = JOINING.search(text)
    if len(parts) < 2 and joined:  # "combine the helpdesk with file management": the verb's two objects
        parts = [joined.group(2), joined.group(3)]
    if len(parts) < 2 and COMPOSED.search(text):  # "A and B tasks mixed": "and" joins worlds here
        parts = [p for p in re.split(r"\s+and\s+", COMPOSED.sub(" ", text)) if p.strip()]
    if len(parts) < 2:
        return []
    chosen = [_scored_domains(part, registry, []) for part in parts]
    if not all(chosen) or any(len(c) > 1 for c in chosen) or len({c[0] for c in chosen}) < len(chosen):
        return []
    found = [c[0] for c in chosen]
    notes.append("domains from conjuncts: " + "; ".join(f"{d}: {p.strip()!r}" for d, p in zip(found, parts,
                                                                                             strict=True)))
    return found


#: Keywords too common to choose a domain on their own ("look things up with a search tool" is not a
#: shopping task, "under the store's policy" alone is no support ticket): they add to a domain's score
#: but a domain needs one other keyword to be chosen.
_WEAK_KEYWORDS = frozenset({"search", "policy", "policies", "store", "customer", "customers"})


def keyword_pattern(keyword: str) -> str:
    """A regex for a domain keyword: a phrase's nouns in either number ("towers of hanoi" also matches "tower
    of hanoi", "locked doors" "locked door"); a single word as listed (toolsets list the forms they mean)."""
    words = keyword.split(" ")
    if len(words) == 1:
        return re.escape(keyword)
    return r"\s+".join(rf"{re.escape(noun_lemma(w))}(?:s|es)?" if len(w) > 3 else re.escape(w) for w in words)


#: Names of a world's trade the toolsets do not list, said as "online X" ("online retail tasks", "an online
#: marketplace"): the selling done on the web is the shop's world (round 11). The bare noun ("retail" alone, "a
#: marketplace") may be a warehouse's or no world's, so only the "online" phrase counts.
_TRADE_NAMES = {"webshop": ("online retail", "online retailer", "online marketplace", "online boutique",
                            "online sales", "online selling", "online catalog", "online catalogue")}


def domain_evidence(text: str, name: str, ts) -> tuple[list[str], list[str]]:
    """``(keywords, weak words)`` of domain ``name`` in ``text``: its name and keywords, and its operation
    verbs (:data:`OPERATIONS`, any form) and the nouns of its object types (``lexicon.counted_nouns``: "five
    packages from the dock" is about items and locations) as weak evidence."""
    hits = [w for w in dict.fromkeys((name, *ts.keywords, *_TRADE_NAMES.get(name, ())))
            if _has(text, keyword_pattern(w))]
    # one word is one piece of evidence: "scheduling" is a calendar keyword, not also its verb "schedule"
    spans = [m.span() for w in hits for m in re.finditer(rf"\b{keyword_pattern(w)}\b", text)]

    def inside(a: int, b: int) -> bool:
        return any(s <= a and b <= e for s, e in spans)

    verbs = [v for v in OPERATIONS.get(name, {}) if v not in hits
             and any(not inside(*m.span()) for m in re.finditer(verb_pattern(v), text))]
    said = {noun_lemma(h) for h in hits}
    lemmas = {noun_lemma(w) for w in re.findall(r"[a-z]+", text)}
    nouns = [n for n in counted_nouns(name) if n in lemmas and n not in said and n in evidence_nouns(name)]
    # a verb with its particle written as one noun ("file cleanup", "a pickup"): the operation, named
    joined = [v.replace(" ", "") for v in operations(name) if " " in v and len(v.split()) == 2]
    acts = [j for j in dict.fromkeys(joined) if j not in said and j not in verbs and j in lemmas]
    # the words only this world declares ("grid", "serve": lexicon.own_words), outside its keywords
    taken = {*said, *verbs, *nouns, *acts}
    forms = said_words(text)
    used = {span for w, span in forms.items() if w in taken}  # "guests" counted as a noun is not also "passenger"
    for w, span in forms.items():
        if w in own_words(name) and w not in taken and span not in used and not inside(*span) \
                and not _field_word_of_other(text, span, name):
            acts.append(w)
            used.add(span)
    # an own word that is a verb with its particle written as one ("checkout"), said as two ("check out")
    for w in own_words(name):
        split = tool_verb(w)
        if " " in split and w not in acts and w not in taken:
            m = re.search(verb_pattern(split), text)
            if m and not inside(*m.span()):
                acts.append(w)
    if len(hits) == 1 and not verbs + nouns + acts and hits[0] != name and _foreign_compound(text, hits[0]):
        return [], []  # "stock market": a lone keyword that only modifies a head foreign to every domain
    acted = [w for w in _acted_objects(text, name) if w not in {*hits, *verbs, *nouns, *acts}]
    # a counted object the world has by name ("puts 3 books back": rearrangement's things), weak (round 9)
    pooled = [w for w in counted_pool_nouns(text, name) if w not in {*hits, *verbs, *nouns, *acts, *acted}]
    # putting things back where they belong ("puts 4 dishes back in the cupboard") is tidying, weak (round 11)
    restored = ["put back"] if name in _RESTORING and _RESTORING[name].search(text) and "put back" not in verbs else []
    # a day or hour ("on tuesday", "at 3pm") and planning counted events ("plan 2 client calls"), weak (round 11)
    dated = [w for w, pattern in _DATED.get(name, ()) if w not in hits and pattern.search(text)]
    return hits, verbs + nouns + acts + acted + pooled + restored + dated


#: When things happen, weak evidence of the world that schedules them (round 11): a weekday or an hour of the
#: clock ("on tuesday", "by 3pm"), and "plan" with counted events (``lexicon.OCCASIONS``: "plan 2 client calls";
#: "plan" alone is no scheduling, "longer plans" is a plan's length).
_OCCASION = "|".join(OCCASIONS)
_DATED = {"calendar": (
    ("weekday", re.compile(r"\b(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)s?\b"
                           r"|\b\d{1,2}(?::\d\d)?\s*(?:am|pm)\b")),
    ("plan", re.compile(rf"\bplan(?:s|ned|ning)?\s+(?:{NUMBER})\s+(?:[a-z'-]+\s+)?(?:{_OCCASION})(?:s|es)?\b")),
)}


#: Putting things back where they belong: a verb of putting, its object (a few words) and "back" ("puts 4 dishes
#: back", "return the toys back"), weak evidence of the world whose task is tidying (round 11). A vehicle's
#: "drive back" or "go back" is no putting.
_RESTORING = {"rearrangement": re.compile(r"\b(?:put|puts|putting|place[sd]?|placing|set|sets|setting)\s+"
                                          r"(?:(?!back\b)[a-z0-9'-]+\s+){1,4}back\b")}


#: How many worlds may do a verb for it to say which world is meant when it acts on a counted object ("set up",
#: "reserve": calendar's; "move" is done in twelve worlds and says nothing).
_FEW_WORLDS = 2
#: Words between a counted subject and its passive participle ("two rooms have to be reserved").
_PASSIVE_AUX = r"(?:(?:have|has|had|must|should|shall|will|would|need|needs|ought|to|be|been|being|is|are|get|gets)\s+)"


@lru_cache(maxsize=64)
def _acting(name: str) -> tuple[tuple[str, ...], re.Pattern[str], re.Pattern[str]]:
    """``(verbs, active, passive)`` for :func:`_acted_objects`: the verbs of domain ``name`` few worlds do, longest
    first, and the patterns of one of them with a counted object after it, or a counted subject before it in the
    passive ("two rooms have to be reserved"), compiled once: a count and at most one word before its noun ("4 job
    interviews"; a word that ends the phrase, "3 consultations for the clinic", leaves the noun before it)."""
    registry = load_registry()
    verbs = tuple(sorted((v for v in operations(name) if v not in GENERIC_VERBS and len(v) >= 3
                          and sum(v in operations(d) for d in registry) <= _FEW_WORLDS), key=len, reverse=True))
    said = "|".join(verb_pattern(v) for v in verbs) or "(?!)"
    counted = rf"(?:{NUMBER})\s+(?:(?P<mod>[a-z'-]+)\s+)?(?P<noun>[a-z]+)\b"
    return verbs, re.compile(rf"({said})\s+{counted}"), re.compile(rf"\b{counted}\s+{_PASSIVE_AUX}{{1,3}}({said})")


def _acted_objects(text: str, name: str) -> list[str]:
    """Weak evidence for domain ``name`` from what its verbs act on (round 8): a verb of its operations (any of
    ``lexicon.operations``, not only the hand-written ones) that at most :data:`_FEW_WORLDS` worlds do, with a
    counted object, actively ("set up 4 job interviews", "arrange two consultations") or in the passive ("two
    conference rooms have to be reserved"). Where the object is a noun of this domain ("rooms"), the verb is the
    evidence; where it is a noun of a thing that happens at a time (``lexicon.OCCASIONS``: "interviews", "project
    reviews"), evidence for no world on its own, the noun counts too. Returns the verbs and nouns, in order found."""
    out: list[str] = []
    verbs, active, passive = _acting(name)
    if not verbs:
        return out
    found = [(m, m.group(1)) for m in active.finditer(text)]
    found += [(m, m.group(3)) for m in passive.finditer(text) if m.group(0).endswith("ed")]
    for m, said in found:
        verb = next(v for v in verbs if re.fullmatch(verb_pattern(v), said))
        noun = m.group("mod") if m.group("noun") in _PHRASE_END and m.group("mod") else m.group("noun")
        lemma = noun_lemma(noun)
        if lemma in evidence_nouns(name):
            out += [verb] if verb not in out else []
        elif lemma in OCCASIONS and counted_nouns(name).get(lemma):
            out += [w for w in (verb, lemma) if w not in out]
    return out


def _field_word_of_other(text: str, span: tuple[int, int], name: str) -> bool:
    """Whether the word at ``span`` is a word of a world's field (``lexicon.FIELD_WORDS``: "home", "messy") that
    modifies a noun of another world ("a home directory", "messy home folders"): that noun's world is meant."""
    word = text[span[0]:span[1]]
    if noun_lemma(word) not in FIELD_WORDS:
        return False
    after = re.match(r"\s+(?:[a-z]+\s+)?([a-z]+)", text[span[1]:])
    heads = [noun_lemma(w) for w in (after.groups() if after else ()) if w]
    return any(h in evidence_nouns(other) or h in own_words(other) or h in ts.keywords
               for other, ts in load_registry().items() if other != name for h in heads)


#: Heads that a domain word may modify and stay evidence: what a directive calls the thing it asks for
#: ("warehouse robot", "shopping assistant", "inventory tasks").
_GENERIC_HEADS = frozenset({"task", "tasks", "bot", "bots", "assistant", "agent", "agents", "robot", "robots", "app",
                            "system", "systems", "planner", "manager", "management", "simulator", "simulation", "sim",
                            "game", "games", "puzzle", "puzzles", "problem", "problems", "world", "worlds", "env",
                            "envs", "environment", "environments", "domain", "scenario", "scenarios", "challenge",
                            "challenges", "job", "jobs", "work", "duty", "duties", "control", "controller", "tool",
                            "tools", "helper", "workflow", "workflows", "automation", "operator", "clerk", "desk"})
#: A noun made from a verb of doing ("organisation", "categorization", "administration", "upkeep" aside): like
#: "agenda planning", the keyword before it is the activity's object ("file organisation tasks"), not a
#: modifier of something foreign (round 11).
_NOMINALIZED_ACT = re.compile(r"[a-z]+(?:is|iz)ations?|administrations?|maintenance|handling|housekeeping")
#: Words that end a noun phrase rather than head it.
_PHRASE_END = frozenset({"without", "within", "into", "onto", "under", "over", "across", "through", "after", "before",
                         "until", "so", "if", "because", "since", "per", "via", "as", "than", "not", "never", "all",
                         "any", "some", "each", "every", "no", "it", "them", "this", "these", "those", "its", "their",
                         "must", "should", "can", "will", "would", "may", "might", "up", "down", "out", "off", "away",
                         "back", "whose", "using", "between", "inside", "outside", "around", "only", "first",
                         "for", "of", "and", "or", "with", "the", "a", "an", "to", "in", "on", "at", "by", "from",
                         "that", "which", "who", "where", "is", "are", "be", "then", "but", "while", "when", "plus"})


def _foreign_compound(text: str, keyword: str) -> bool:
    """Whether every mention of ``keyword`` modifies a following noun that no domain knows ("stock market",
    "a shipping container company"): the compound names something else, so the keyword is no evidence."""
    registry = load_registry()
    mentions = list(re.finditer(rf"\b{keyword_pattern(keyword)}\s+([a-z]+)\b", text))
    if not mentions or len(mentions) < len(re.findall(rf"\b{keyword_pattern(keyword)}\b", text)):
        return False
    for m in mentions:
        head = m.group(1)
        # an activity ("agenda planning": the keyword is its object) or a compound of a generic head
        # ("gridworld", "chatbot") is what the directive asks for, not something foreign
        # ... unless the activity is a verb no world with that keyword does ("stock trading": trading is no
        # warehouse operation, so "stock" names what is traded, not a warehouse's stock)
        doing = verb_of(head) if head.endswith("ing") else None
        foreign_act = doing is not None and not any(
            doing in operations(n) or doing in ts.keywords or doing == n
            for n, ts in registry.items() if keyword in ts.keywords or keyword == n)
        activity = (head.endswith("ing") and not foreign_act) or any(head.endswith(g) for g in _GENERIC_HEADS
                                                                     if len(g) > 3) \
            or bool(_NOMINALIZED_ACT.fullmatch(head))
        known = activity or head in _GENERIC_HEADS or head in _PHRASE_END or head in _VOCABULARY \
            or (verb_of(head) is not None and not foreign_act) \
            or any(head in ts.keywords or noun_lemma(head) in counted_nouns(n) for n, ts in registry.items())
        if known:
            return False
    return True


def _spelled(name: str) -> str:
    """A regex for a domain's name as written in one word or spelled apart ("filesystem" / "file system",
    "webshop" / "web shop"), where its toolset lists the spelled form as a keyword (round 11)."""
    spelled = [k for k in load_registry()[name].keywords if " " in k and k.replace(" ", "") == name] \
        if name in load_registry() else []
    return "(?:" + "|".join(re.escape(w) for w in (name, *spelled)) + ")"


def _named_choice(text: str, named: list[str], weights: dict[str, float]) -> list[str]:
    """Of the domains named outright, those listed together ("calendar plus webshop", "warehouse and calendar")
    compose; otherwise the best scored one ("warehouse: pick 2 items ..., unreliable gripper" is warehouse)."""
    joined = [name for name in named for other in named if other != name and re.search(
        rf"\b{_spelled(name)}s?\s*(?:,|\+|&|and|plus|with|or)\s*(?:the\s+|a\s+)?{_spelled(other)}s?\b", text)]
    if joined:
        return [name for name in named if name in joined or any(
            re.search(rf"\b{_spelled(o)}s?\s*(?:,|\+|&|and|plus|with|or)\s*(?:the\s+|a\s+)?{_spelled(name)}s?\b",
                      text)
            for o in joined)]
    best = max((weights[name] for name in named), default=0.0)
    return [name for name in named if weights[name] == best]


#: Nouns of a person working somewhere (round 10: "store assistant", "shop clerk").
_ROLE = r"assistants?|clerks?|agents?|employees?|workers?|staff|attendants?|associates?|cashiers?|keepers?|reps?"


def _workplace(text: str, word: str, name: str) -> bool:
    """Whether a weak keyword of ``name`` modifies a role noun and is no act of that world ("store assistant": the
    store is where the role works, so the world is the store's; "search agent" names an act, not a place)."""
    return word not in operations(name) and re.search(rf"\b{re.escape(word)}\s+(?:{_ROLE})\b", text) is not None


def _scored_domains(text: str, registry: dict, notes: list[str]) -> list[str]:
    """The domains whose keywords the directive uses most (ties: all of them, a multi-domain task); one
    incidental keyword of another domain does not add it. A domain's operation verbs (:data:`OPERATIONS`:
    "escalates", "cancel") are weak evidence too: a domain is chosen on one strong keyword or two weak hits
    ("help customers cancel orders" is support). In the ranking a domain's own name weighs 2, a keyword 1, and a
    weak keyword, a verb or a type noun half ("depot logistics with hoists" is depot's). Keywords
    other toolsets also use ("robot", "pallets": ``lexicon.weak_keywords``) are weak. A domain named by its
    own name, where no other toolset uses that name as a keyword ("gripper robot", "sokoban with 2 boxes"), is
    chosen outright (:func:`_named_choice`: two named together compose, "calendar plus webshop"). The scores and the
    runner-up go to ``notes``."""
    scores: dict[str, list[str]] = {}
    weights: dict[str, float] = {}
    strongly: set[str] = set()
    for name, ts in registry.items():
        hits, verbs = domain_evidence(text, name, ts)
        weak = _WEAK_KEYWORDS | weak_keywords(name)
        strong = any(w not in weak or _workplace(text, w, name) for w in hits)
        part = _named_as_part(text, name)
        if strong:
            strongly.add(name)
        if strong or len(hits) + len(verbs) >= 2:
            scores[name] = hits + verbs
            # a toolset's own name weighs 2 (1 where it names a part: "a robot with an unreliable gripper"), a
            # keyword 1, a shared keyword, a verb or a type noun half
            # (a noun a type is only counted in, "crates" for transport's packages, weighs a little less than a
            # type's own name, "crate" for depot: it breaks a tie, it outweighs nothing else)
            counted = counted_nouns(name)
            weights[name] = sum((1.0 if part else 2.0) if w in (name, name + "s") else 0.5 if w in weak else 1.0
                                for w in hits) + sum(0.45 if counted.get(w, w) != w else 0.5 for w in verbs)
    if not scores:
        # no world reaches the bar: a tool's own verb with its particle that only one world declares ("check
        # out": webshop's checkout) chooses it where no other world has any evidence at all (a lone own noun,
        # "cart" in "balance a pole on a cart", does not)
        alone = {name: [w for w in domain_evidence(text, name, ts)[1] if w in own_words(name)
                        and " " in tool_verb(w) and re.search(verb_pattern(tool_verb(w)), text)]
                 for name, ts in registry.items() if any(domain_evidence(text, name, ts))}
        if len(alone) == 1 and all(alone.values()):
            (name, words), = alone.items()
            notes.append(f"domains from keywords: {name} (its own word alone: {', '.join(words)})")
            return [name]
        return []
    if len(scores) > 1:  # of two candidates, the one that has the objects the directive names
        for name, foreign in _foreign_objects(text, list(scores), registry).items():
            weights[name] -= len(foreign)
            scores[name] = scores[name] + [f"-{w}" for w in foreign]
        for name, foreign in _foreign_acts(text, list(scores), registry).items():  # ... and does what it asks
            weights[name] -= 0.5 * len(foreign)
            scores[name] = scores[name] + [f"-{w}" for w in foreign]
    named = [name for name in scores if _has(text, _spelled(name)) and not _named_as_part(text, name)
             and not any(name in ts.keywords for other, ts in registry.items() if other != name)]
    best = max(weights.values())
    found = _named_choice(text, named, weights) or [name for name in scores if weights[name] == best]
    if len(found) > 1 and strongly & set(found):
        # a tie between a world named by a keyword of its own ("tidying") and one made of weak evidence only
        # ("robot", "items") is no two-world task: the keyword decides
        found = [name for name in found if name in strongly]
    exclusive = [name for name in found if any(w in own_words(name) for w in scores[name])]
    if len(found) > 1 and not strongly & set(found) and exclusive:
        # a tie of weak evidence only ("a home robot ... objects in the kitchen": warehouse's shared "robot" and
        # "objects" against rearrangement's "objects" and its own "household"): a word only one world declares
        # decides, as a keyword of its own does above (round 6)
        found = exclusive
    notes.append(f"domains from keywords: {', '.join(found)} ("
                 + "; ".join(f"{n}: score {weights[n]:g}: {', '.join(scores[n])}" for n in found) + ")")
    others = sorted((n for n in scores if n not in found), key=lambda n: (-weights[n], n))
    if others:
        notes.append(f"runner-up domain {others[0]} (score {weights[others[0]]:g}: {', '.join(scores[others[0]])}) "
                     f"not used: " + ("a lower score" if weights[others[0]] < best else
                                      "a tie, decided by a word of the chosen domain's own" if not named else
                                      "the directive names another domain outright"))
    return found


def _foreign_objects(text: str, candidates: list[str], registry: dict) -> dict[str, list[str]]:
    """For each candidate domain, the nouns of the directive that name objects of some other world and none of its
    own ("logistics with trucks": a warehouse has no trucks; transport does): each counts one against it, as a
    world that cannot hold what the directive asks about is the worse reading (``lexicon.evidence_nouns``)."""
    lemmas = {noun_lemma(w) for w in re.findall(r"[a-z]+", text)}
    objects = {name: evidence_nouns(name) & lemmas | set(counted_pool_nouns(text, name)) for name in registry}
    out: dict[str, list[str]] = {}
    for name in candidates:
        own = set(counted_nouns(name)) | {noun_lemma(k) for k in registry[name].keywords} | {name} \
            | set(pool_nouns(name))
        foreign = sorted({n for other, nouns in objects.items() if other != name for n in nouns} - own)
        if foreign:
            out[name] = foreign
    return out


def _foreign_acts(text: str, candidates: list[str], registry: dict) -> dict[str, list[str]]:
    """For each candidate domain, the verbs of the directive that another candidate has a tool named after and it
    has no operation for ("push 2 boxes": sokoban's push; a warehouse pushes nothing): each counts half against it,
    as a world that cannot do what the directive asks is the worse reading (round 6)."""
    verbs = {v for w in re.findall(r"[a-z]+", text) if (v := verb_of(w)) is not None}
    own = {name: {tool_verb(t.name) for t in registry[name].tools + registry[name].extra_tools} for name in candidates}
    out: dict[str, list[str]] = {}
    for name in candidates:
        foreign = sorted(v for v in verbs if v not in operations(name) and v not in GENERIC_VERBS
                         and any(v in own[o] for o in candidates if o != name))
        # a phrasal verb said with its particle ("check out": webshop's checkout) is that world's act, even where
        # its head alone is a generic verb ("check") (round 9)
        foreign += sorted({v for o in candidates if o != name for v in own[o] if " " in v and v not in foreign
                           and v not in operations(name) and re.search(verb_pattern(v), text)})
        if foreign:
            out[name] = foreign
    return out


def _named_as_part(text: str, name: str) -> bool:
    """Whether every mention of domain ``name`` in ``text`` names a part of something else, in an attribute
    phrase ("a robot with an unreliable gripper", "whose gripper slips"): a modifier, not the world asked for."""
    mentions = list(re.finditer(rf"\b{re.escape(name)}s?\b", text))
    return bool(mentions) and all(re.search(
        r"\b(?:with|has|having|whose|its|their|using|via)\s+(?:[a-z'-]+\s+){0,2}$", text[:m.start()])
        for m in mentions)


# Words of the directive vocabulary (and filler) that end an explicit "domain: a, b" list, so that
# "domain: webshop, hidden" names one domain and asks for hidden facts.
_VOCABULARY = frozenset([
    "easy", "easier", "simple", "simpler", "beginner", "hard", "harder", "difficult", "challenging", "expert",
    "sparse", "sparser", "sparsely", "dense", "denser", "shaped", "reward", "rewards", "noisy", "noise", "unreliable",
    "flaky", "stochastic", "hidden", "partial", "partially", "unobserved", "fog", "fully", "full", "observable",
    "observability", "more", "fewer", "add", "remove", "only", "needed", "extra", "larger", "toolset", "distractor",
    "distractors", "tool", "tools", "longer", "long", "complex", "complexity", "steps", "multi", "shorter", "short",
    "task", "tasks", "with", "please", *_NUMBER_WORDS])


def _explicit_domains(listed: str, registry) -> list[str]:
    """Domain names of an explicit list: up to the first vocabulary word (punctuation already ends it).

    An unknown word that is not vocabulary is an error (most likely a misspelt domain).
    """
    names: list[str] = []
    for word in re.split(r"[, ]+", listed):
        if not word or word == "and":
            continue
        if names and word not in registry and (word in _VOCABULARY or not did_you_mean(word, registry)):
            break  # the list ended: "domain: calendar, tight deadline" (a near miss of a name is still an error)
        if word not in registry:
            raise DirectiveError(f"unknown domain {word!r}{did_you_mean(word, registry)}; "
                                 f"domains: {', '.join(registry)}{corpus_note()}")
        names.append(word)
    return names
