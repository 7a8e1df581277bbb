"""Knob phrases: how a directive modifies the task rather than what the task is about.

Reward shaping ("sparse", "a reward only when the order is delivered"), noise ("the gripper sometimes drops
things"), observability ("hidden prices", "a partial view"), time pressure ("a tight deadline", "take your time")
and tool counts ("6 tools", "at most 5 tools", "more distractors") are read by pattern, a modifier class next to
a noun class in either order, so unseen combinations read as the ones tried. They are read first and masked out
of the text (:func:`knob_phrases`), because several would mislead a later reader: "a short horizon" is no request
for short tasks, "without noise" states no rule.
"""

from __future__ import annotations

import re

from gensim_gym.errors import DirectiveError
from gensim_gym.generation.cues import (
    DAMAGED_ANSWERS,
    FAILURE,
    FAULTY,
    FREQUENCY,
    HASTE,
    HIDE_VERB,
    REWARD_WORD,
    SEEING,
    TIME_DEVICE,
    TIME_PRESSURE,
    TIME_RESOURCE,
    TIME_SPAN,
)
from gensim_gym.generation.lexicon import (
    COUNTED,
    NUMBER,
    number_value,
)
from gensim_gym.generation.toolsets import get_toolset
from gensim_gym.generation.wording import PAST_FORM

#: A count of tools: "6 tools", "a 7-tool setup", "a toolbox of 6" (round 6), or a setting pasted as key and value
#: (round 53: "tools: 6", "tool count=7", "number of tools -> 5"): the key names the tools, the number ends it.
TOOL_COUNT = re.compile(rf"\b({NUMBER})(?:\s+|-)tools?\b|\b(?:toolbox|toolset|tool set|toolkit|tool kit)\s+of\s+"
                        rf"({NUMBER})\b|\b(?:tools|tool\s+count|tool_count|n_tools|num_tools|number\s+of\s+tools"
                        rf"|toolset\s+size)\s*(?:[:=]|->|=>)\s*(\d+|{NUMBER})\b(?!\s*[a-z])")


def tool_count_of(text: str) -> tuple[int, int, int] | None:
    """``(start, end, count)`` of the first count of tools in ``text`` (:data:`TOOL_COUNT`), or None."""
    m = TOOL_COUNT.search(text)
    return None if m is None else (m.start(), m.end(), number_value(m.group(1) or m.group(2) or m.group(3)))


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
#: ... and being under none (round 49: "not under time pressure", "never under any deadline").
_LESS_PRESSURE = (r"no|without|not much|zero|little|low|lower|minimal|hardly any|barely any|less|reduced"
                  r"|(?:not|never|no longer)\s+under")
#: Adjectives of a deadline or time limit that loosen it ("a generous deadline", "a relaxed time limit").
_LOOSE_LIMIT = (r"generous|relaxed|loose|looser|lenient|soft|flexible|long|longer|extended|distant|far|comfortable"
                r"|forgiving|ample|roomy|easy")
_TIME_TAIL = rf"(?:\s+(?:in|on|for|of)\s+(?:the\s+|each\s+|an?\s+)?(?:{TIME_RESOURCE}|episodes?))?"
#: A copula said as a requirement (round 51, the specification register: "the step budget shall be strict",
#: "the reward is to be issued on completion only", "rewards are to be dense"): a modal or "is to" with "be".
_MODAL = r"(?:shall|must|should|will|is\s+to|are\s+to|has\s+to|have\s+to|needs?\s+to)"
MODAL_BE = rf"(?:{_MODAL}\s+be\s+)"
#: (round 67, fresh81: "step budgets will be kept tight", "the reward is kept dense": a copula and "kept")
#: (round 70, fresh87: "a step budget that is rather tight", "a horizon that's fairly generous": the copula in a
#: relative clause, and the degrees of "rather")
_IS = (rf"(?:(?:(?:that|which)\s+)?(?:(?:is\s+|are\s+|{MODAL_BE})(?:kept\s+)?|stays?\s+)|(?:that|which)'s\s+|kept\s+"
       rf"|being\s+)?(?:very\s+|quite\s+|pretty\s+|rather\s+|fairly\s+|really\s+|reasonably\s+)?")
#: A limit judged in a relative clause after it (round 73, a paper's "episodes are capped at 30 steps, which we
#: consider tight", "200 moves, which is considered generous"): the judgement is its tightness, as "is tight" is.
_JUDGED = (r",?\s+which\s+(?:we\s+(?:consider|deem|find|call|regard\s+as)|(?:is|are)\s+(?:considered|deemed"
           r"|regarded\s+as))\s+(?:very\s+|quite\s+|rather\s+|fairly\s+|reasonably\s+)?")
#: A reward said to be handed out, plainly or as a requirement ("feedback is given at every step", "the reward
#: shall be granted on completion"): the verb between the reward word and when it comes (round 51). A focus word may
#: stand inside the copula, as a course's sheet says it (round 55: "rewards should only be given at the end", "the
#: reward is only paid out upon completion"): the time said after it is then the only one.
_FOCUS = r"(?:(?:only|just|solely)\s+)?"
_HANDED = (rf"(?:(?:(?:is|are)\s+{_FOCUS}|{_MODAL}\s+{_FOCUS}be\s+)"
           r"(?:given|issued|granted|awarded|provided|paid|paid\s+out|handed\s+out|delivered|assigned|emitted|received)\s+)")
#: A reward said to come of itself (round 58, a researcher's feature requests: "the reward should only come once all
#: of them are visited", "rewards only arrive when ...", "the payoff will only kick in after ..."): the verb of its
#: coming, in the forms a modal or a plain statement takes.
_ARRIVING = r"come|comes|arrive|arrives|appear|appears|kick\s+in|kicks\s+in|show\s+up|shows\s+up|turn\s+up|turns\s+up"
_TIGHT_ADJ = r"tight|short|strict|limited|small|low|brief|scarce|constrained|restricted|minimal"
_LOOSE_ADJ = r"generous|loose|long|relaxed|lenient|ample|roomy|large|plentiful|unlimited|extended|flexible|big"
#: Verbs of the agent's seeing, in the forms a requirement uses ("shall observe", "sees", "can perceive").
_SEE_VERB = r"sees?|observes?|perceives?|views?|senses?|seeing|observing|perceiving|viewing|sensing"  # (round 67)
#: Adjectives of where the agent is now ("its current room", "the adjacent cells"): what seeing only them leaves out.
_HERE_ADJ = r"current|immediate|nearby|neighbou?ring|adjacent|local|surrounding|present"
#: Places seen there ("its current room", "the adjacent cells"); "only the current score" is no place.
_PLACE_SEEN = (r"rooms?|cells?|tiles?|squares?|floors?|locations?|positions?|surroundings|area|vicinity|neighbou?rhood"
               r"|spots?|aisles?|shelf|shelves|level|peg|stacks?|table|city|cities|bank|shore|spaces?|field|view"
               # ... and the file system's and the help desk's places (round 60, meeting minutes: "it sees only the
               # current directory")
               r"|director(?:y|ies)|folders?|dirs?|queues?|pages?")
#: Verbs of getting about the world (round 64): what is seen as the agent does so is seen only where it has been.
#: (moving a thing is acting on it, seen as it is: "disks are visible as the agent moves them")
_GETS_ABOUT = (r"explores?|explored|exploring|(?:moves?|moving)(?:\s+around|\s+about)?(?!\s+(?:them|it|those|these"
               r"|the\s+\w+)\b)|goes|go|walks?|travels?|advances?|proceeds?|progresses?|wanders?|roams?|enters?|visits?"
               r"|approaches|gets?\s+closer|gets?\s+near")
#: A part of the world at a time ("room by room", "bit by bit"): what is revealed so is unseen until reached.
_BIT = r"rooms?|cells?|tiles?|squares?|areas?|floors?|levels?|bits?|pieces?|parts?|steps?|sections?|regions?|aisles?"
#: What lights the agent's way in a game (session 28): what it lights is all it sees.
_LIGHT = r"torch(?:es)?|lamps?|lanterns?|flashlights?|headlamps?|candles?|light|light source"
_LIGHTS_UP = r"lights?(?:\s+up)?|illuminates?|shows?|reveals?|covers?|reaches?|shines?\s+on"
#: The agent as the place it is at is said ("around it", "next to itself": round 70, fresh87's "the squares around
#: itself"; "next to the agent": round 71).
_ITSELF = r"it|them|him|her|you|itself|themselves|himself|herself|yourself"
#: The place where the agent is, seen: "its current room", "the adjacent cells", "its own immediate surroundings"
#: (its determiner may go unsaid, round 73, a paper's "the agent perceives only adjacent cells").
#: ... or said after the place (round 67, fresh81: "the room it currently occupies", "the tiles adjacent to it", "the
#: cells around it").
_HERE_SEEN = (rf"(?:(?:(?:its|their|his|her|your|the)\s+)?(?:own\s+)?(?:{_HERE_ADJ})\s+(?:{_PLACE_SEEN})"
              rf"|the\s+(?:{_PLACE_SEEN})\s+(?:(?:it|they|he|she|you)\s+(?:(?:currently|now)\s+)?(?:occup(?:y|ies)"
              r"|(?:is|are)\s+(?:(?:currently|now)\s+)?(?:in|on|at)|stands?\s+(?:in|on)|sits?\s+in)"
              rf"|(?:(?:right|directly|immediately)\s+)?(?:(?:adjacent|next|nearest|closest)\s+to|around)\s+(?:{_ITSELF}"
              r"|the\s+(?:agent|robot|player|hero|bot))))\b")


#: Levels of a difficulty said as high or low (round 51): "low difficulty", "the difficulty shall be high".
_LOW_LEVEL = r"low|lower|reduced|minor|limited"
_HIGH_LEVEL = r"high|higher|elevated|increased|considerable|significant"


#: The analytic comparative before a level word (round 66, a non-native writer's "the difficulty should be more high",
#: "much more higher"): the level said is the comparison's, as "higher" alone.
_MORE = r"(?:(?:much|a\s+bit|a\s+little|little\s+bit)\s+)?more\s+"


def _level_of_difficulty(level: str) -> str:
    """A pattern of a difficulty said as a ``level`` word, before it ("low difficulty", "low-difficulty") or after it
    as its value ("difficulty: low", "the difficulty level is high", "the difficulty shall be set to low", "the
    difficulty should be more high")."""
    return (rf"\b(?:{level})[- ](?:difficulty|difficulty\s+level)\b"
            rf"|\bdifficulty(?:\s+level)?\s*(?::\s*|{_IS}(?:set\s+(?:to|at)\s+|kept\s+(?:at\s+)?)?)(?:{_MORE})?"
            rf"(?:{level})\b")


#: Sides of a baseline and degrees of distance from it, for a difficulty said relative to one (round 67).
_ABOVE = r"above|over|higher\s+than|beyond"
_BELOW = r"below|under|lower\s+than|beneath"
_SLIGHT = r"slightly|somewhat|a\s+bit|a\s+little|a\s+notch|a\s+touch|marginally|just"
_DISTANT = r"(?:(?:well|far|much|way|considerably|significantly)\s+)?"


def _relative_difficulty(side: str, degree: str) -> str:
    """A pattern of a difficulty said to sit on ``side`` of a baseline (:data:`_BASELINE`) by ``degree`` ("the
    difficulty is set slightly above the default", "difficulty well below the usual")."""
    return (rf"\bdifficulty(?:\s+level)?\s+{_IS}(?:set\s+|pitched\s+|placed\s+)?(?:{degree})\s*(?:{side})\s+"
            rf"(?:the\s+)?(?:{_BASELINE})\b")


#: Verbs of turning a setting up or down, in their forms ("bumped up", "crank ... up", "dialled down").
_TURN = r"(?:(?:bump|turn|crank|dial|ramp|step|kick|ratchet|notch)(?:s|ed|ing|led|ling)?|(?:ton|nudg)(?:e|es|ed|ing))"
_UP = rf"{_TURN}\s+up|rais(?:e|es|ed|ing)|increas(?:e|es|ed|ing)|up(?:s|ped|ping)?"
_DOWN = rf"{_TURN}\s+down|lower(?:s|ed|ing)?|reduc(?:e|es|ed|ing)|eas(?:e|es|ed|ing)\s+off"
#: A small step of such a turn ("a notch", "a bit", "slightly").
_A_NOTCH = r"\s+(?:by\s+)?(?:a\s+(?:notch|bit|little|touch|tad|step|smidge)|one\s+notch|slightly|somewhat)\b"
#: A far turn, said by an emphasis word before its particle (round 61, social-media posts: "we cranked the difficulty
#: WAY up", "ramp it all the way up"): a shift as large as "very hard"'s.
_FAR = r"(?:way|waa+y|all\s+the\s+way|right|far)"
_FAR_UP = rf"{_TURN}\s+{_FAR}\s+up"
_FAR_DOWN = rf"{_TURN}\s+{_FAR}\s+down"


def _turned_difficulty(turn: str, step: str) -> str:
    """A pattern of the difficulty turned by ``turn`` (:data:`_UP`, :data:`_DOWN` or a far turn, :data:`_FAR_UP`,
    :data:`_FAR_DOWN`), said after it ("difficulty bumped up"), before it ("bump up the difficulty") or around it
    ("turn the difficulty down", "crank the difficulty way up"), with ``step`` after it (a small one,
    :data:`_A_NOTCH`) or, where ``step`` is empty, without one."""
    tail = step if step else rf"(?!{_A_NOTCH})"
    particle = "up" if turn in (_UP, _FAR_UP) else "down"
    if turn in (_FAR_UP, _FAR_DOWN):
        particle = rf"{_FAR}\s+{particle}"
    return (rf"\bdifficulty(?:\s+level)?\s+(?:is\s+|was\s+|gets?\s+|got\s+|should\s+be\s+)?(?:{turn}){tail}"
            rf"|\b(?:{turn})\s+(?:the\s+)?difficulty(?:\s+level)?{tail}"
            rf"|\b{_TURN}\s+(?:the\s+)?difficulty(?:\s+level)?\s+{particle}\b{tail}")


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
#: An episode's length (round 9).
_EPISODE_SHORT = r"short|shorter|brief|briefer"
_EPISODE_LONG = r"long|longer|lengthy|extended"
#: A part of a directive that is one time word alone (", tight,"): the pressure it names.
_LONE_TIGHT = r"tight|tighter|rushed|hurried|urgent|pressed|quick|fast|speedy|hasty|timed|rapid|brisk|hectic"
_LONE_LOOSE = (r"leisurely|unhurried|unrushed|loose|looser|relaxed|patient|slow|slow[- ]paced|calm|lenient|untimed"
               r"|laid[- ]back|easygoing|easy[- ]going")
#: Negation scope for time pressure (round 6), as :func:`_negated` is for the boolean knobs: a negator before a word
#: of haste, with at most three words between, says there is none ("no hurry", "no need to rush", "not in a hurry",
#: "never rushed", "without hurrying"), so it is plenty of time, not the haste the word alone asks for.
#: The words between may not join or negate another thing (round 49: "no noise and no rush" is two negations, and
#: only the second is of haste).
_NO_HASTE = (rf"\b(?:no|not|never|without|zero|nothing|don't|do not|doesn't|does not|needn't|need not|isn't|is not"
             rf"|aren't|are not)\s+(?:(?!(?:and|or|but|no|not|nor)\b)[\w']+\s+){{0,3}}?(?:{HASTE})\b")
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
#: Time said to end ("time runs out", "the clock expires", "running out of time"), after "before" (:data:`_FAST_PACE`).
_TIME_ENDS = (r"(?:(?:time|clock|timer|deadline|countdown)\s+(?:runs?|running|has run|is running)\s+out"
              r"|(?:time|clock|timer|deadline|countdown)\s+(?:expires|is up|ends|hits zero|runs down)"
              r"|(?:it\s+|they\s+|the agent\s+)?(?:runs?|running)\s+out\s+of\s+time)\b")
_FAST_PACE = (r"\b(?:brisk|fast|quick|rapid|high|breakneck|hurried|frantic|hectic|furious)\s+pace\b"
              r"|\b(?:against the clock|time is of the essence|every (?:second|step|move) counts)\b"
              # a task to be done before its time ends (round 38: "before time runs out", "before the clock
              # expires", "before running out of time"): a deadline the agent races, so a tight horizon
              rf"|\b(?:before|until|till|ere)\s+(?:the\s+|its\s+|their\s+)?{_TIME_ENDS}")


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
                 # failures said to come in some number (round 35: "with some tool failures", "a few action
                 # glitches"): a chance of failing, as "occasional failures" is; only nouns of a tool's failing, so
                 # "some errors" or "some bugs", which may be a task's object, are no noise
                 r"|\b(?:some|a few|several|a couple of)\s+(?:\w+\s+)?(?:failures|glitch(?:es)?|malfunctions"
                 r"|breakdowns|outages|timeouts|hiccups|misfires)\b"
                 rf"|\b(?:prone|liable|subject|susceptible)\s+to\s+(?:\w+\s+)?(?:{_FAILURE_NOUN}|fail\w*|break\w*"
                 rf"|err\w*)\b"
                 r"|\b(?:can|could|might|sometimes will|will sometimes|occasionally will)\s+(?:\w+\s+)?"
                 r"(?:fail|break down|crash|glitch|malfunction|misfire|go wrong|err|jam|stall|time out)"
                 r"(?:s|es|ed|ing)?\b"
                 r"|\b(?:succeeds?|succeeding|works?|working|goes|go)\s+(?:only\s+)?(?:most of the time|usually|mostly"
                 r"|often|sometimes|not always|some of the time|half the time)\b"
                 r"|\b(?:usually|mostly|generally|often|normally)\s+(?:succeeds?|works?)\b")
#: Motion said to slip (round 47: "with slippery movement", "icy floors", "the moves are slippery"): a move that may
#: land elsewhere, noise; only with a noun of moving or footing, so "a slippery fish" is no noise.
_SLIP_ADJ = r"slippery|slippy|slick|icy|skiddy|wobbly|jittery"
_MOTION_NOUN = (r"movements?|moves|motion|motions|steps|floors?|ground|surfaces?|tiles|footing|grips?|controls"
                r"|wheels|terrain|paths?|walking|driving")
_SLIPPING = (rf"\b(?:{_SLIP_ADJ})\s+(?:\w+\s+)?(?:{_MOTION_NOUN})\b"
             rf"|\b(?:{_MOTION_NOUN})\s+(?:is|are|gets?|feels?|can be|may be)\s+(?:very\s+|a bit\s+)?(?:{_SLIP_ADJ})\b")
#: A share of the agent's acts said to fail, or made to fail (round 73, a paper's "we randomly perturb 10% of pick
#: actions so that they fail", "a fifth of the moves fail", "half of the tool calls are corrupted"); and the arcade
#: learning environment's name for acts repeated at random, "sticky actions": a chance of an act going wrong.
_SHARE = r"\d{1,2}(?:\.\d{1,2})?\s*(?:%|percent)|a\s+(?:tenth|fifth|quarter|third|fraction|share)|half|some"
_ACTS = r"(?:the\s+|all\s+|its\s+)?(?:[a-z-]+\s+)?(?:actions|moves|steps|calls|attempts|requests|picks|commands)"
_SHARE_FAILING = (rf"\b(?:{_SHARE})\s+of\s+{_ACTS}\s+(?:(?:will|may|can|randomly|silently)\s+)?(?:fail|go\s+wrong"
                  r"|(?:are|get)\s+(?:perturbed|corrupted|dropped|ignored|flipped|randomi[sz]ed))\b"
                  rf"|\b(?:perturb|corrupt|drop|flip|randomi[sz]e)s?\s+(?:{_SHARE})\s+of\s+{_ACTS}\b"
                  r"|\bsticky[- ]actions?\b")
#: A tool said to keep failing (round 47: "the booking service keeps erroring out", "the arm kept jamming").
_KEEPS_FAILING = (r"\b(?:keeps?|kept|keeping)\s+(?:on\s+)?(?:failing|crashing|erroring(?:\s+out)?|timing\s+out"
                  r"|glitching|breaking(?:\s+down)?|jamming|stalling|misfiring|malfunctioning|going\s+wrong"
                  r"|cutting\s+out|acting\s+up|flaking\s+out|dropping\s+(?:things|stuff|them|it|items|the\s+\w+))\b")
#: A rate said as a number before a chance of failing ("a 20% failure rate", "a 5 percent chance of a drop").
_RATE = r"(?:\d+(?:\.\d+)?\s*(?:%|percent)\s+)?"
#: Hiding is read by pattern too: a verb or adjective of hiding with a noun of information, in either order
#: ("hide some customer information", "some details kept secret", "with the map hidden", "withhold the
#: addresses from the agent"), asks for partial observability.
_HIDDEN_ADJ = (r"hidden|concealed|masked|withheld|secret|private|unknown|obscured|redacted|undisclosed|unrevealed"
               r"|unshown|not shown|not visible|not given|not revealed|invisible|unavailable|out of view|out of sight"
               r"|off[- ]screen|blanked out|blacked out|left out|omitted|under wraps")
#: Words for a part of the world not yet looked over, and the looks they lack (round 42: "the shelves are
#: unscanned", "the rooms are not yet surveyed"): what such a look would show is unseen so far.
_UNLOOKED = r"unscanned|unsurveyed|uninspected|unmapped|unexamined"
_LOOKED = r"scanned|surveyed|inspected|mapped|examined|explored"
#: What a world lists its things in (round 29: "with a hidden catalog", "the product listings kept secret", "hide the
#: price list"): information too, said first so "price list" is read whole, not as "price".
_LISTING_NOUN = r"catalogs?|catalogues?|listings?|(?:price|product|stock|item)\s+lists?"
_INFO_NOUN = (_LISTING_NOUN + r"|information|info|details?|facts?|data|state|map|maps|attributes?|properties"
              r"|fields?|records?|identity|identities|status|statuses|locations?|positions?|contents?|layout|board|world|values?"
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
         r"|resolved|fulfilled|a full solution|victory|built|made|put|(?:is|are|gets?|got|has been|have been)\s+\w+ed"
         # leaving the whole world is the episode's end (round 57: "rewarded only on leaving the dungeon"); leaving a
         # room or a shelf is a step of the task
         r"|(?:leaving|leaves|left|exiting|exits|exited|escaping|escapes|escaped|getting out of)\s+(?:the\s+)?"
         r"(?:dungeon|maze|level|map|game|world)\b")
#: ("paid", "credit" are left out: "store credit only when the order is delivered" is a support rule)
#: Adjectives of a finished object ("a finished order", "completed tasks").
_FINISHED = r"finished|completed|complete|done|successful|solved|fulfilled|resolved|accomplished|delivered"
_ONLY = r"only|just|solely|exclusively|purely|nothing but"
_WHEN = r"on|for|at|upon|when|whenever|once|if|after|by|in case of"
#: Up to six words between the condition and what is done ("when the whole schedule is done").
_UP_TO_SIX = r"(?:\s+[\w'-]+){0,6}?\s+"


#: A game's score (session 28): its points or tally, the reward as a game shows it.
_SCORE = r"scores?|points|(?:the\s+)?tally|high[- ]?scores?|final score"
#: Verbs of making a score known ("shown", "tallied", "revealed", "appears").
_MADE_KNOWN = (r"shown|displayed|revealed|tallied|counted|added up|totall?ed|reported|posted|announced|given|awarded"
               r"|appears?|comes?|pops?\s+up")
#: The end of a game or its level, where a score waits to be shown ("on the final screen", "at the end of the level",
#: "after the game is over").
_GAME_PART = r"level|game|round|run|stage|episode|match|map|mission"
_AT_GAME_END = (r"(?:on|at|after|upon|in|until)\s+(?:the\s+)?(?:very\s+)?(?:(?:final|last|end|ending|results?"
                r"|game[- ]over|victory|summary|score)\s+(?:screen|card|page)"
                rf"|end(?:\s+of\s+(?:the\s+|each\s+|every\s+)?(?:{_GAME_PART}))?|finish|game[- ]over"
                rf"|(?:the\s+)?(?:{_GAME_PART})\s+(?:is\s+)?(?:over|ends|finished|done|complete))\b")


#: What a task ends in, rewarded alone (round 47: "rewarded on success alone", "scored for the outcome alone").
_OUTCOME = r"success|completion|outcome|results?|the goal|goal|solving|finishing|the finish|finish|winning|victory"


#: A reward said as a verb of grading (round 45): "scored", "graded", "marked", and "paid" when passive ("is paid").
_GRADED = (r"scored|graded|marked|credited|rewarded|(?:is|are|gets?|being)\s+paid"
           # ... and bare "paid" opening a bracket before a focus word, as a sheet adds it to a reward said before
           # (round 55: "make the reward sparse (paid only once every square is visited)"); "refunds paid only after
           # the item is returned" stays a support condition
           r"|(?<=\()paid(?=\s+(?:only|solely|just)\s)")
#: Along the way, as the work goes on: a reward at each step, not at the end (round 45).
_ALONG = (r"step[- ]by[- ]step|step[- ]wise|as\s+(?:it|they|he|she)\s+(?:goes|go|progresses|progress|works|work)"
          r"|along\s+the\s+way|as\s+you\s+go|as\s+progress\s+is\s+made|move\s+by\s+move|piece\s+by\s+piece"
          # by degrees (round 54: "rewarded incrementally for progress", "scored gradually", "credited bit by bit")
          r"|incrementally|progressively|gradually|bit\s+by\s+bit|little\s+by\s+little|in\s+increments|in\s+stages")
#: What a reward along the way is for, said after it ("rewarded incrementally for progress", "credited gradually
#: toward the goal"): part of the same phrase.
_FOR_PROGRESS = (r"(?:\s+(?:for|on|with|toward|towards)\s+(?:any\s+|partial\s+|its\s+|their\s+|the\s+)?"
                 r"(?:progress|the\s+goal|goal))?")
#: Parts of a task a reward may be paid per, after "per"/"for each" ("a reward per subgoal", "rewarded for each step
#: toward the goal"): part of the reward's phrase (round 54; the task's own things are left to be counted).
_PART_REWARDED = (r"(?:\s+(?:single\s+)?(?:sub-?goals?|milestones?|checkpoints?"
                  r"|(?:steps?|moves?)\s+(?:toward|towards|closer\s+to)\s+(?:the|its|their)\s+(?:goal|target|end)))?")


#: What the agent is paid in, in the shapes of a reward kept for the task done ("feedback only when solved": round
#: 38): a reward word, or feedback, which in those shapes is the reward signal.
_PAYOFF = rf"{REWARD_WORD}|feedback"


#: How often rewards come: often ("frequent feedback", session 23) is dense, seldom ("rare feedback") sparse.
_OFTEN = r"frequent|regular|constant|continuous|continual|ongoing|steady|immediate|instant|step-?level"
_SELDOM = r"infrequent|rare|seldom|scarce|sporadic|occasional|delayed|few"
_PAYOFF_NOUN = r"feedback|rewards?|reward signals?|signals?"

#: Words that negate the knob word they stand before ("nothing stochastic", "no hidden facts", "never noisy",
#: "free of noise", "non-deterministic"), with at most one intensifier or adjective between; also a modal said
#: negated and a wish that it not be made so (round 49, a hesitant user: "it shouldn't be dense", "the reward
#: mustn't be sparse", "don't make it noisy"), whose "be" is the one word between.
NEGATOR = (r"no|not|nothing|none|never|without|zero|non|free of|isn't|aren't|is not|are not|don't want"
           r"|do not want|rather than|instead of|neither|nor"
           r"|shouldn't|mustn't|needn't|won't|wouldn't|(?:don't|do not|never)\s+make\s+(?:it|them|this|things)")


#: What says a task is not (too) hard or easy: "not", and as a hesitant user says it (round 49: "nothing too hard",
#: "it shouldn't be hard", "don't make it easy", "don't let it be easy"), which read as the bare adjective and a
#: rule before.
_NOT_SO = (r"not|nothing|never|isn't|shouldn't|mustn't|needn't|won't|wouldn't"
           r"|(?:don't|do not|never)\s+(?:make|let)\s+(?:it|them|this|things|the\s+[a-z]+)")


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


#: A baseline a directive varies (round 48: "than usual", "than before", "than last time", "than in the original").
_BASELINE = (r"usual|usually|normal|normally|before|ever|last\s+time|the\s+last\s+(?:one|version|run|time)"
             r"|the\s+(?:original|baseline|base|default|standard|previous|earlier|first)(?:\s+(?:one|version|task"
             r"|run|setup))?|in\s+the\s+(?:original|baseline|base|previous)(?:\s+\w+)?|previously|the\s+default")

#: Coming to know a fact (round 48), and the acts of looking it comes by only ("only learns where ... by looking").
_LEARNS = r"learns?|learning|knows?|finds?\s+out|found\s+out|discovers?|sees?|tells?|notices?|works?\s+out"
#: Verbs of looking through what there is, any person (round 52: "can only list part of the directory").
_LOOK_VERB = (r"lists?|listing|views?|viewing|reads?|reading|opens?|opening|inspects?|inspecting|browses?|browsing"
              r"|scans?|scanning|sees?|seeing|looks?\s+(?:at|into|through)|access(?:es)?|peeks?\s+(?:at|into)")
_LOOKING = (r"looking|checking|inspecting|observing|peeking|peering|scanning|sensing|asking|visiting|opening|going"
            r"|exploring|searching|listing|stopping|probing|querying")

#: Slack itself: moves, steps or time left over ("to spare", "in hand"), which a quantity before it makes scant or
#: plentiful (round 41).
_SLACK = r"(?:steps?|moves?|turns?|actions?|time|seconds?|minutes?)\s+(?:to\s+spare|in\s+hand|left\s+over)\b"
_SCANT_SLACK = r"few|very\s+few|only\s+a\s+few|just\s+a\s+few|little|very\s+little|not\s+many|not\s+much|hardly\s+any" \
    r"|barely\s+any|scarcely\s+any|no|zero|not\s+a\s+single|not\s+one|one|a\s+single"

#: Scant counts of moves (round 50): said of the moves allowed, the allowance is tight.
_SCANT_ALLOWED = r"few|very\s+few|(?:only|just)\s+(?:a\s+|very\s+)?few|not\s+(?:very\s+)?many|hardly\s+any" \
    r"|barely\s+any|scarcely\s+any|(?:only\s+|just\s+)?a\s+handful\s+of|a\s+limited\s+number\s+of"

#: A count of moves said per episode is its allowance (round 64: "very few steps per episode", "plenty of moves
#: per run").
_PER_EPISODE = r"(?:per|each|every|an?)\s+(?:episode|run|rollout|game|attempt|try|trial|level|round)s?\b"

#: Settings pasted as key and value (round 53: "noise: off", "horizon=tight", "visibility: partial"): the key
#: names the knob, the separator (a colon, an equals sign or an arrow) stands for "is", and the value ends the
#: setting (at a comma, a semicolon, a stop that ends no number, a bullet dash, a wide gap of spaces or the end),
#: so "noise: no more than ..." is no setting. A key may be written as an identifier ("time_pressure=tight").
_SET = r"\s*(?:[:=]|->|=>)\s*"
_SET_END = r"(?=\s*$|\s*[,;)]|\s*\.(?!\d)|\s+-\s|\s{2})"
#: Values that switch a setting on or off; a setting put off to a later version is off in this one (round 74,
#: minutes: "Noise: not in this version", "Partial observability: not yet").
_ON = r"on|yes|true|enabled|enable|present|y"
_OFF = (r"off|no|none|false|disabled|disable|absent|n|zero|0|nil|not\s+(?:yet|now|for\s+now|needed|wanted|this\s+time)"
        r"|not\s+in\s+(?:this|the\s+first|v1|the\s+mvp)(?:\s+(?:version|release|iteration|sprint|round|milestone))?")
#: A rate or level above none ("noise: 10%", "failure rate = 0.1", "noise level: low"): there is noise.
_SOME_RATE = (r"0?\.\d*[1-9]\d*|[1-9]\d*(?:\.\d+)?\s*(?:%|percent)|high|medium|moderate|low|some|small|slight|mild"
              r"|frequent|occasional|rare")
_NO_RATE = r"0(?:\.0+)?\s*(?:%|percent)?|none|zero|nil"
#: Keys that name noise (a failure or slip is its kind of noise) ...
_NOISE_KEY = (r"(?:action\s+|tool\s+|sensor\s+|execution\s+|transition\s+)?(?:noise|noisy|noisiness|stochastic"
              r"|stochasticity|randomness|random\s+failures?|failures?|failing\s+actions|slips?|slipping|flaky)")
#: ... or how much noise there is ("noise level: low", "failure rate = 0.1")
_NOISE_RATE_KEY = (r"noise\s+(?:level|rate|probability|amount)|(?:failure|error|slip|fail)\s+(?:rate|probability"
                   r"|chance)|p\s+fail|p\s+slip")
#: ... the time allowed, said by its amount ("horizon: short") ...
_TIME_KEY = (r"horizon|time|time\s+budget|time\s+limit|steps|step\s+budget|step\s+limit|step\s+count|max\s+steps"
             r"|episode\s+length|episode\s+limit|deadline|deadlines|budget\s+of\s+steps")
#: ... or time pressure said as a switch or a level ("time pressure: on", "rush: no", "time_pressure=high")
_PRESSURE_KEY = r"time\s+pressure|rush|hurry|urgency|urgent|timed|deadline"
_PRESSING = _ON + r"|high|strong|heavy|intense|tight|strict"
_UNPRESSED = _OFF + r"|low|light|mild|loose|relaxed|lenient"
#: ... and what the agent sees, by its extent ("visibility: partial") or by partial sight as a switch ("fog of
#: war: on")
_SIGHT_KEY = r"observability|visibility|view|vision|observations?|perception|sight"
_PARTIAL_SIGHT = (r"partial|partially|partly|limited|hidden|restricted|local|low|incomplete|obscured|fog\s+of\s+war"
                  r"|fogged|foggy|fog|partial\s+observability|partially\s+observable")
_FULL_SIGHT = r"full|fully|complete|total|global|perfect|unlimited|clear|everything|full\s+observability"
_PARTIAL_KEY = (r"partial\s+observability|partially\s+observable|fog(?:\s+of\s+war)?|hidden\s+(?:state|information"
                r"|info|facts)")
_FULL_KEY = r"full\s+observability|fully\s+observable"


def _setting(keys: str, values: str, kind: str, value: object) -> tuple[str, str, object]:
    """The knob phrase of a setting pasted as key and value (round 53: "noise: off", "horizon=tight"): a key of
    ``keys`` at a word's start, a separator (:data:`_SET`) and a value of ``values`` that ends the setting
    (:data:`_SET_END`), read as ``value`` of ``kind``. A key's words may be joined by underscores, as an
    identifier's are ("time_pressure", "partial_observability", "max_steps")."""
    keys = keys.replace(r"\s+", r"[\s_]+")
    return rf"\b(?:{keys}){_SET}(?:{values}){_SET_END}", kind, value


#: A difficulty said as its value (round 53: "difficulty: 0.8", "difficulty=75%", "difficulty level: 7/10"): a
#: fraction of one, a percentage or a ratio; a bare count ("difficulty: 3") has no scale and sets nothing.
_DIFFICULTY_VALUE = r"0?\.\d+|0|1(?:\.0+)?|\d{1,3}(?:\.\d+)?\s*(?:%|percent)|\d+\s*/\s*[1-9]\d*"
_A_VALUE = re.compile(r"(\d*\.?\d+)\s*(?:(%|percent)|/\s*(\d+))?\s*$")
#: The value of a difficulty knob phrase that sets the difficulty to the number it says, rather than shifting it.
SET_DIFFICULTY = "set"


def difficulty_value(said: str) -> float:
    """The difficulty in [0, 1] that a setting of it says (:data:`_DIFFICULTY_VALUE`, round 53): "0.8" is 0.8,
    "75%" 0.75, "7/10" 0.7; clipped to [0, 1]."""
    m = _A_VALUE.search(said)
    if m is None:  # pragma: no cover - only called on a match of _DIFFICULTY_VALUE
        return 0.5
    value = float(m.group(1)) / (100.0 if m.group(2) else float(m.group(3)) if m.group(3) else 1.0)
    return min(1.0, max(0.0, value))


#: Every setting of a knob pasted as key and value (round 53), read before the knob's plain phrases: "noise: no"
#: is no noise ("noise" alone reads as noise), "horizon: short" a tight horizon ("short" alone is shorter tasks).
_SETTINGS = (
    _setting(_NOISE_KEY, _ON + r"|" + _SOME_RATE + r"|random|stochastic|present", "noise", True),
    _setting(_NOISE_KEY, _OFF + r"|" + _NO_RATE + r"|deterministic|never", "noise", False),
    _setting(r"difficulty(?:\s+level)?", _DIFFICULTY_VALUE, "difficulty", SET_DIFFICULTY),
    _setting(_NOISE_RATE_KEY, _SOME_RATE, "noise", True),
    _setting(_NOISE_RATE_KEY, _NO_RATE, "noise", False),
    _setting(_PRESSURE_KEY, _PRESSING, "time_pressure", "tight"),
    _setting(_PRESSURE_KEY, _UNPRESSED, "time_pressure", "loose"),
    _setting(_TIME_KEY, _TIGHT_MODS + r"|very\s+(?:tight|short|strict|limited)|few", "time_pressure", "tight"),
    _setting(_TIME_KEY, _LOOSE_MODS + r"|no\s+rush|no\s+hurry|plenty|very\s+(?:long|generous|loose)"
             r"|unbounded|no\s+limit", "time_pressure", "loose"),
    _setting(_SIGHT_KEY, _PARTIAL_SIGHT, "partial", True),
    _setting(_SIGHT_KEY, _FULL_SIGHT, "partial", False),
    _setting(_PARTIAL_KEY, _ON, "partial", True),
    _setting(_PARTIAL_KEY, _OFF, "partial", False),
    _setting(_FULL_KEY, _ON, "partial", False),
    _setting(_FULL_KEY, _OFF, "partial", True),
)

#: Phrases that set a knob and would mislead a later recognizer if left in the text: time pressure ("a short
#: horizon" is no request for short tasks, "a hard deadline" none for hard tasks), negated knob words ("without
#: noise" asks for no noise and states no rule), "can't see" (hidden facts, not a rule), "long-horizon" (longer
#: tasks, not a loose horizon). ``(regex, kind, value)``, most specific first.
KNOB_PHRASES: tuple[tuple[re.Pattern[str], str, object], ...] = tuple((re.compile(p), k, v) for p, k, v in (
    *_SETTINGS,
    (r"\blong[- ]horizon\b", "plan_length", 2),
    # haste negated or said to be no concern, and a pace, before the haste words themselves (round 6)
    (_NO_HASTE + "|" + _NO_CONCERN + "|" + _SLOW_PACE, "time_pressure", "loose"),
    (_FAST_PACE, "time_pressure", "tight"),
    # a tight limit said not to be wanted (round 70, a PRD's "Won't have: a tight step limit", read "no tight step
    # limit"; "without a strict time limit", "not a short horizon"): no tightness, so loose; and a generous one not
    # wanted ("Won't have: a generous horizon") is the tight one
    (rf"\b(?:no|not|without|never)\s+(?:an?\s+|any\s+|too\s+|so\s+)?(?:{_TIGHT_ADJ})\s+(?:\w+\s+)?"
     rf"(?:{TIME_SPAN}|{TIME_RESOURCE}|{TIME_DEVICE}|{_TIME_LIMIT}|deadlines?)\b", "time_pressure", "loose"),
    (rf"\b(?:no|not|without|never)\s+(?:an?\s+|any\s+|too\s+|so\s+)?(?:{_LOOSE_LIMIT})\s+(?:\w+\s+)?"
     rf"(?:{TIME_SPAN}|{TIME_RESOURCE}|{TIME_DEVICE}|{_TIME_LIMIT}|deadlines?)\b", "time_pressure", "tight"),
    # less of the allowance than a baseline the directive varies (round 48: "fewer steps than usual", "less time than
    # before", "a shorter horizon than last time"): the budget is cut, so tight (the plan's length is not the ask)
    (rf"\b(?:fewer|less|shorter|smaller|tighter|reduced)\s+(?:\w+\s+)?(?:steps|moves|turns|actions|time|horizons?"
     rf"|budgets?|{_TIME_LIMIT})\s+than\s+(?:{_BASELINE})\b", "time_pressure", "tight"),
    (rf"\b(?:more|longer|bigger|larger|looser)\s+(?:\w+\s+)?(?:time|horizons?|budgets?|{_TIME_LIMIT})\s+than\s+"
     rf"(?:{_BASELINE})\b", "time_pressure", "loose"),
    # the margin left over the moves a task needs (round 41: "few moves to spare" is tight; "a few steps to spare",
    # "plenty of moves to spare" loose): a count of slack, said before "to spare" or "in hand"
    (rf"(?<!a )\b(?:{_SCANT_SLACK})\s+(?:\w+\s+)?{_SLACK}", "time_pressure", "tight"),
    # a scant count of moves said to be what is allowed, the participle after it (round 50: "with few steps
    # allowed", "only a few moves permitted", "not many turns available"); "plenty of steps allowed" is loose
    # (below), "a few steps of progress" no allowance
    (rf"(?<!a )\b(?:{_SCANT_ALLOWED})\s+(?:\w+\s+)?(?:steps?|moves?|turns?|actions?)\s+(?:(?:are|is)\s+)?"
     r"(?:allowed|permitted|available|granted|given)\b", "time_pressure", "tight"),
    # ... or said per episode (round 64, fresh79: "the agent gets very few steps per episode", "not many moves per
    # run", "only a handful of turns each game"): a count of moves per episode is its allowance; "a few steps per
    # episode" says no scarcity, and "plenty of steps per episode" is loose (below)
    (rf"(?<!a )\b(?:{_SCANT_ALLOWED})\s+(?:\w+\s+)?(?:steps?|moves?|turns?|actions?)\s+{_PER_EPISODE}", "time_pressure",
     "tight"),
    (rf"\b(?:a\s+few|some|several|many|a\s+couple\s+of|plenty\s+of|lots\s+of|a\s+lot\s+of|enough|ample)\s+"
     rf"(?:\w+\s+)?{_SLACK}", "time_pressure", "loose"),
    # slack said with no quantity ("with time to spare", "moves in hand"): there is some, so loose (session 24:
    # fresh59's and fresh61's "with time to spare" was read as no requirement)
    (rf"\b{_SLACK}", "time_pressure", "loose"),
    # haste asked of the agent: "be quick", "finish fast", "as fast as possible", "in as few moves as possible"
    (r"\b(?:be|act|work|move|finish|finishes|done|get it done|solve it|complete it)\s+(?:very\s+|really\s+)?(?:quick"
     r"|quickly|fast|rapidly|swiftly|promptly|speedily)\b|\b(?:as )?(?:quick|quickly|fast|soon|swiftly|rapidly) as "
     r"(?:possible|you can|it can|they can)\b|\bin as few (?:steps|moves|actions|turns) as (?:possible|it can)\b"
     # few steps allowed (session 23: "in very few steps", "within just a few moves")
     r"|\b(?:in|within|using)\s+(?:only\s+|just\s+)?(?:very\s+|a\s+)?few\s+(?:steps|moves|actions|turns)\b"
     # an episode capped at few steps (round 74: "cap the episode at very few steps", "limit each run to a handful
     # of moves", "episodes capped at a few steps")
     r"|\b(?:(?:cap|capped|caps|limit|limited|limits|restrict|restricted|restricts|keep|hold)\s+(?:the\s+|each\s+"
     r"|every\s+)?(?:episodes?|runs?|games?|rollouts?|attempts?)|(?:episodes?|runs?|games?|rollouts?)\s+(?:are\s+"
     r"|is\s+)?(?:capped|limited|restricted))\s+(?:at|to)\s+(?:only\s+|just\s+)?"
     r"(?:a\s+handful\s+of|(?:very\s+|a\s+)?few)\s+(?:steps|moves|actions|turns)\b"
     # a few steps said as what the agent is given (round 47: "is given only a few moves", "in a handful of
     # turns"), or has to do a thing in ("has a handful of steps to cancel 2 meetings"; "the task has a few steps"
     # is its length, no allowance); "a few steps to spare" is slack, read before as loose
     r"|\b(?:(?:is|are|was|were|gets?|got)\s+given|given|allowed|in|within|(?:has|have|had|gets?|got)"
     r"(?=\s+(?:only\s+|just\s+)?(?:a handful of|a few|very few|few|a couple of|a small number of|a limited number"
     r" of|not many)\s+(?:steps|moves|actions|turns)\s+(?:to|in which)\s+(?!spare\b)))\s+(?:only\s+|just\s+)?"
     r"(?:a handful of|a few|very few|few|a couple of|a small number of|a limited number of|not many)\s+"
     r"(?:steps|moves|actions|turns)\b(?!\s+(?:to\s+spare|in\s+hand|left\s+over))"
     # ... said without its preposition, or its plural (round 43, hasty English: "few step only", "only very few
     # moves"): "only" marks the few as the allowance
     r"|\b(?:only|just)\s+(?:very\s+)?few\s+(?:steps?|moves?|actions?|turns?)\b"
     r"|\b(?<!a )(?:very\s+)?few\s+(?:steps?|moves?|actions?|turns?)\s+only\b"
     # haste as an adverb closing the clause, its verb far off (round 43: "cancel 2 meetings very fast, ..."); not
     # a thing said to be fast ("the arm is very fast")
     r"|(?<!\bis )(?<!\bare )(?<!\bwas )(?<!\bbe )\b(?:very|really|super|extra)\s+(?:fast|quick)(?=\s*(?:[,;.!]|$))",
     "time_pressure", "tight"),
    # "less" for "fewer" before the moves allowed (round 66, a non-native writer's "with very less steps", "in less
    # moves only"): said with the preposition of an allowance or with "very"/"only" before it, never as a
    # comparison ("less steps than usual" is read above) or a length ("the plan has less steps")
    (r"\b(?:(?:with|in|within|using)\s+(?:only\s+|just\s+)?(?:very\s+)?|very\s+|only\s+)less\s+"
     r"(?:steps|moves|actions|turns|time)\b(?!\s+than\b)", "time_pressure", "tight"),
    # much time said to be at hand, also in the hasty "many time" (round 43: "many time available", "much time
    # left"); "not much time" is tight (above), "too much time" says nothing of the horizon
    (r"(?<!\bnot )(?<!\bhow )(?<!\btoo )(?<!\bso )\b(?:much|many)\s+time\s+(?:available|left|given|allowed)\b",
     "time_pressure", "loose"),
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
    (rf"\b(?:{_LOOSE_LIMIT})\s+(?:\w+\s+)?(?:deadlines?|time limits?|step limits?|limits?|clocks?|{TIME_DEVICE})\b",
     "time_pressure", "loose"),
    (rf"\b(?:no|without|zero)\s+(?:real\s+|step\s+|time\s+)?(?:{_TIME_LIMIT})\b"
     r"|\b(?:no|without|zero)\s+(?:real\s+|any\s+)?(?:time|step|horizon)\s+(?:constraints?|restrictions?|caps?|bounds?)\b",
     "time_pressure", "loose"),
    (rf"\b(?:no|without|zero)\s+(?:real\s+|any\s+|extra\s+|spare\s+)?(?:{TIME_RESOURCE})\b{_TIME_TAIL}",
     "time_pressure", "tight"),
    (rf"\b(?:{_TIGHT_MODS})\s+(?:\w+\s+)?(?:{TIME_SPAN}|{TIME_RESOURCE}|{TIME_PRESSURE}|{TIME_DEVICE}|{_TIME_LIMIT}|steps|moves|turns)\b"
     rf"{_TIME_TAIL}", "time_pressure", "tight"),
    (rf"\b(?:{_LOOSE_MODS})\s+(?:\w+\s+)?(?:{TIME_SPAN}|{TIME_RESOURCE})\b{_TIME_TAIL}", "time_pressure", "loose"),
    (r"\b(?:plenty of|lots of|a lot of|loads of|tons of|enough|spare|ample|generous|no shortage of|unlimited|infinite"
     r"|endless|countless|as many)\s+"
     # (the participle saying they are allowed is part of it, no rule: "plenty of steps allowed", round 50)
     r"(?:\w+\s+)?(?:steps|moves|turns)\b(?:\s+(?:(?:are|is)\s+)?(?:allowed|permitted|available))?"
     rf"(?:\s+{_PER_EPISODE})?",  # (and per episode, round 64: "plenty of moves per episode")
     "time_pressure", "loose"),  # not "more steps": longer plans
    (rf"\b(?:{TIME_SPAN}|{TIME_RESOURCE}|{TIME_PRESSURE}|{TIME_DEVICE}|{_TIME_LIMIT}|steps|moves|turns|actions)(?:\s+{_IS}|{_JUDGED})(?:{_TIGHT_ADJ})\b",
     "time_pressure", "tight"),
    (rf"\b(?:{TIME_SPAN}|{TIME_RESOURCE}|{TIME_PRESSURE}|{TIME_DEVICE}|{_TIME_LIMIT}|steps|moves|turns|actions)(?:\s+{_IS}|{_JUDGED})(?:{_LOOSE_ADJ})\b",
     "time_pressure", "loose"),
    (rf"\b(?:under\s+|with\s+|a\s+)?(?:{TIME_PRESSURE})\b", "time_pressure", "tight"),
    # a race against a game's device of time ("against a timer", "on a countdown"): tight as a deadline is
    (rf"\b(?:against|on|under|with|beat|beating|racing)\s+(?:a|the|its|their)\s+(?:{TIME_DEVICE})\b", "time_pressure",
     "tight"),
    (rf"(?:^|[,;:])\s*(?P<k>{_LONE_TIGHT})\s*(?=[,;.]|$)", "time_pressure", "tight"),
    (rf"(?:^|[,;:])\s*(?P<k>{_LONE_LOOSE})\s*(?=[,;.]|$)", "time_pressure", "loose"),
    # a negator scopes over the knob word after it, for every boolean knob alike (see _negated)
    *_negated(r"noise|noisy|randomness|random|stochastic|stochasticity|flaky|failures?|unreliable|failing", "noise",
              False),
    *_negated(r"deterministic|reliable|noiseless", "noise", True),
    # what the agent observes said to be noisy (round 69: "noisy observations", "the observations should be noisy",
    # "observations contain some sensor noise"): noise in what it is told, no word of how much it sees; after the
    # negated knob words, so "no noisy observations" is no noise
    (r"\bnoisy\s+(?:sensor\s+)?(?:observations?|readings?|percepts?)\b|\b(?:sensor\s+)?(?:observations?|readings?"
     r"|percepts?)\s+(?:(?:should|must|will|can|may|are|is|be|get|gets)\s+){1,2}(?:a\s+(?:bit|little)\s+|slightly\s+"
     r"|somewhat\s+|very\s+|quite\s+)?noisy\b|\b(?:sensor\s+)?(?:observations?|readings?|percepts?)\s+(?:should\s+"
     r"|must\s+|will\s+)?(?:contains?|carry|carries|includes?|ha(?:ve|s))\s+(?:some\s+|a\s+(?:bit|little)\s+of\s+)?"
     r"(?:sensor\s+)?noise\b", "noise", True),
    # frequency x failure, in either order; "never fails" is deterministic (see FREQUENCY)
    (r"\b(?:never|don't|do not|doesn't|does not|won't|will not|can't|cannot)\s+(?:ever\s+)?(?:fail|break down|crash"
     r"|glitch|malfunction|misfire|err|go wrong|time out)\w*\b", "noise", False),
    # working without fail, said by an adverb (round 16): "everything works reliably", "the tools behave predictably"
    (r"\b(?:works?|working|runs?|running|behaves?|behaving|functions?|functioning|operates?|operating|succeeds?)\s+"
     r"(?:\w+\s+)?(?:reliably|deterministically|predictably|flawlessly|perfectly|consistently|without fail"
     r"|every (?:single )?time)\b", "noise", False),
    (rf"\b(?:{FREQUENCY})\s+(?:[\w'-]+\s+){{0,3}}?(?:{FAILURE})\b"
     rf"|\b(?:{FAILURE})\b(?:\s+[\w'-]+){{0,3}}?\s+(?:{FREQUENCY})\b"
     rf"|\b(?:{FAULTY})\b|\b(?:{DAMAGED_ANSWERS})\b|(?:\bnot|n't)\s+always\s+(?:work|works|succeed|succeeds|go|goes|run|runs|respond|responds)\b"
     rf"|\b{_RATE}(?:chance|probability|risk|odds|likelihood|rate)\s+(?:of\s+|that\s+)?(?:[\w'-]+\s+){{0,2}}?"
     rf"(?:{FAILURE})\b"
     rf"|\b{_RATE}(?:failure|error|drop|miss|breakdown|crash|glitch)\s+(?:rate|chance|probability|odds)s?\b"
     r"|\b(?:success|outcomes?|actions?|moves?|calls?|tools?|results?|it)\s+(?:is|are)\s+(?:not|never)\s+guaranteed\b"
     r"|\bno guarantee (?:of success|that (?:\w+ ){0,3}?(?:works?|succeeds?))\b|" + _NOISE_SHAPES
     + "|" + _SLIPPING + "|" + _KEEPS_FAILING + "|" + _SHARE_FAILING, "noise", True),
    *_negated(r"(?:hidden|partial(?!\s+(?:rewards?|credit|shaping|progress|success|completion))|partially|unobserved|unseen|invisible|secret)"
              r"(?:\s+(?:information|info|facts?|state|observability|observable))?"
              # (round 70, a PRD's "Won't have: fog of war", read "no fog of war")
              r"|fog\s+of\s+war", "partial", False),
    *_negated(r"(?:fully|full|completely)\s+(?:observable|observability|visible)|visible|observable", "partial",
              True),
    # ... also a modal said negated (round 49, a hesitant user: "the agent needn't see the whole queue", "it
    # shouldn't know every price")
    (r"\b(?:can't|cannot|can not|doesn't|does not|don't|do not|won't|unable to|needn't|shouldn't|mustn't|wouldn't)"
     r"\s+(?:see|observe|know|tell)\b"
     # ... or said without its auxiliary (round 43, hasty English: "agent not see all folder"; "or not" is a choice)
     r"|(?<!\bor )\bnot\s+(?:see|sees|observe|observes|know|knows)\b"
     # ... or look through all of what there is (session 23: "the agent cannot list every folder", "can't view all
     # the shelves"): the rest stays unseen ("cannot open the door" is no seeing)
     r"|\b(?:can't|cannot|can not|unable to)\s+(?:list|view|read|inspect|browse|scan|look (?:at|into|through))\s+"
     r"(?:every|all|each|the whole|the full|the entire)\b"
     # ... or, said the other way round, only a part of it (round 52: "it can only list part of the directory at a
     # time", "only reads some of the files", "may just browse a portion of the catalog"): "only" limits the
     # looking, where "list part of the directory" alone is a task
     rf"|\b(?:(?:(?:can|could|may|might|will)\s+)?(?:only|just)\s+(?:(?:can|could|may|might)\s+|able\s+to\s+)?"
     rf"(?:{_LOOK_VERB})"
     # ... "only" after the verb where a modal says it is a capacity ("can list only part of the folder", "is able
     # to read just some of the files"), not a task
     rf"|\b(?:can|could|may|might|able\s+to)\s+(?:{_LOOK_VERB})\s+(?:only|just))\s+"
     r"(?:part|parts|a part|a portion|a fraction|half|bits|pieces|a subset|some|a few|a couple)\s+of\b"
     # (its "at a time" or "at once" after the part's noun is the same limit, no time pressure)
     r"(?:\s+(?:the\s+|its\s+|their\s+)?[\w'-]+(?:\s+[\w'-]+)?\s+at\s+(?:(?:a|any\s+one|one)\s+time|once)\b)?",
     "partial", True),
    # seeing a part, or everything (round 6): "should see only part of the catalog", "the robot knows everything"
    (r"\b(?:sees?|seeing|knows?|knowing|observes?|observing|views?)\s+(?:only\s+|just\s+)?(?:part|parts|some|a part"
     r"|a portion|a fraction|half|little|a little|bits|pieces|a subset)\s+of\b|\bonly\s+(?:sees?|knows?|observes?)\b"
     # seeing only one's own share (round 17): "agent sees only its own calendar", "knows just their own orders"
     r"|\b(?:sees?|seeing|knows?|knowing|observes?|observing|views?)\s+(?:only|just)\s+(?:(?:its|his|her|their"
     r"|your|my|our)\s+)?own\b"
     # ... its owner left unsaid (round 43: "it see only own events"), or only what is near (round 43: "sees only
     # near cells", "knows just the adjacent rooms")
     r"|\b(?:sees?|seeing|knows?|knowing|observes?|observing|views?)\s+(?:only|just)\s+(?:the\s+)?(?:near|nearby"
     r"|adjacent|nearest|closest|surrounding|neighbou?ring|immediate|local)\b"
     # seeing only some of a kind (round 23): "the agent sees only some calendars", "views just a few shelves"
     r"|\b(?:sees?|seeing|knows?|knowing|observes?|observing|views?)\s+(?:only|just)\s+(?:some|a few|certain"
     r"|a couple of|a handful of)\s+[\w'-]+"
     # a part said to be seen (round 16): "only part of the tree is visible", "just some of the shelves are shown";
     # a part by quantifier or one owner's share (round 18): "only some directories are visible", "only the
     # organizer's calendar is shown", "just a few rooms are observable"
     r"|\b(?:only|just)\s+(?:(?:part|parts|some|a part|a portion|a fraction|half|a few|bits|pieces|a subset)\s+of\s+"
     r"|some\s+|a few\s+|a couple of\s+|certain\s+|(?:the\s+|a\s+)?[\w-]+(?:'s|s')\s+"
     # ... or what is near the agent (round 38: "only the nearby room is visible", "just the adjacent cells are
     # shown"): the rest, farther off, stays unseen
     r"|(?:the\s+|its\s+|their\s+)?(?:nearby|adjacent|nearest|closest|surrounding|neighbou?ring|immediate|local"
     r"|current)\s+"
     r"|(?:its|his|her|their|your|my|our)\s+(?:own\s+)?)"
     r"(?:[\w'-]+\s+){0,4}?(?:(?:is|are|gets?|stays?|remains?)\s+(?:\w+\s+)?(?:visible|observable|shown|seen|known"
     # ... or listed (round 23: "only some directories are listed"): a part is shown, the rest unseen
     r"|observed|revealed|displayed|listed)"
     # ... or said without its verb, after the part's noun (round 29: "with only part of the account visible", "just
     # some of the shelves shown"): the adjective ends its phrase, so "only some visible items" is no part seen
     r"|(?<=\s)(?:visible|observable|shown|revealed|displayed)(?=\s*(?:$|[,;:.)]"
     r"|\b(?:and|but|to|at|while|so|then|with)\b))"
     # a part said to be open to a way of looking (round 20): "only some folders can be listed", "just a few
     # shelves may be inspected", "only certain rooms can be looked into": the rest stays unseen
     r"|(?:can|could|may|might|will)\s+(?:\w+\s+)?be\s+(?:seen|viewed|listed|opened|read|inspected|browsed"
     r"|checked|observed|shown|displayed|revealed|accessed|searched|scanned|explored|examined|looked (?:at|into|in)"
     r"|peeked (?:at|into|in)))\b",
     "partial", True),
    # a world said to show only a part of what there is (round 47: "the shop only shows it part of the product
    # details", "the map reveals just some of the rooms", "displays the agent a portion of the catalog")
    (r"\b(?:shows?|showing|reveals?|revealing|displays?|displaying|exposes?|exposing|tells?|telling)\s+"
     r"(?:(?:it|them|him|her|you|us|the\s+(?:agent|bot|robot|player|assistant|shopper))\s+)?(?:only\s+|just\s+)?"
     r"(?:part|parts|some|a part|a portion|a fraction|half|bits|pieces|a subset)\s+of\b", "partial", True),
    # a fact learned only by an act of looking (round 48: "only learns where someone waits by looking", "finds out
    # what a box holds only by opening it", "knows which rooms are dirty just by checking"): unseen until looked at
    (rf"\b(?:only|just)\s+(?:{_LEARNS})\s+(?:where|what|which|whether|if|who|how\s+many)\b[^,;.]{{0,50}}?\bby\s+"
     rf"(?:{_LOOKING})\b"
     rf"|\b(?:{_LEARNS})\s+(?:where|what|which|whether|if|who|how\s+many)\b[^,;.]{{0,50}}?\b(?:only|just)\s+"
     rf"(?:by|after|through|when|once|upon)\s+(?:{_LOOKING})\b", "partial", True),
    (r"\b(?:sees?|knows?|observes?)\s+(?:everything|it all|all of it|all the facts|the whole (?:state|world|map"
     r"|board|grid|picture))\b"
     # ... or the whole place said to be seen (round 73, a paper's "the full board is visible to the agent at every
     # step", "the entire grid is observable", "the whole map is shown"): nothing of it unseen
     rf"|\b(?:the\s+)?(?:full|whole|entire|complete)\s+(?:{_PLACE_SEEN}|state|world|map|board|grid|layout|maze)\s+"
     r"(?:is|are|stays?|remains?)\s+(?:always\s+|fully\s+|completely\s+)?(?:visible|observable|shown|known"
     r"|observed|displayed)\b", "partial", False),
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
     # the field's name for it, a partially observable MDP (round 61, a post tagged "#POMDP")
     r"|\bpomdps?\b"
     # a part of the world not yet looked over (round 42: "the shelves are unscanned", "rooms not yet surveyed",
     # "uninspected crates"): what a look would show is unseen so far
     rf"|\b(?:{_UNLOOKED})\b|\bnot\s+yet\s+(?:been\s+)?(?:{_LOOKED})\b"
     # known only when asked for (round 6): "availability is revealed only on request", "only shown once checked"
     r"|\b(?:revealed|shown|visible|known|disclosed|available|seen)\s+only\s+(?:on request|when|after|once|if|upon)\b"
     # ... or only a part at a time (round 60, meeting minutes: "the map is revealed only room by room", "the grid is
     # uncovered cell by cell", "shown bit by bit as it explores")
     rf"|\b(?:revealed|shown|uncovered|disclosed|discovered|seen)\s+(?:only\s+|gradually\s+)?(?:{_BIT})\s+by\s+"
     rf"(?:{_BIT})\b"
     # ... said of the agent uncovering it (round 68: "the hero should discover the map room by room", "it uncovers
     # the grid cell by cell", "explores the level area by area")
     r"|\b(?:discovers?|discovering|uncovers?|uncovering|reveals?|revealing|explores?|exploring|maps?|mapping)\s+"
     r"(?:the\s+|its\s+|their\s+)?(?:map|world|level|dungeon|grid|layout|maze|board|floor\s+plan)\s+"
     rf"(?:only\s+|gradually\s+)?(?:{_BIT})\s+by\s+(?:{_BIT})\b"
     # ... or as the agent gets about (round 64, fresh79: "the map is only revealed as the agent explores", "tiles are
     # uncovered as you go", "shown gradually while it moves around"): seen only once reached
     rf"|\b(?:revealed|shown|uncovered|disclosed|discovered|unveiled|visible|seen)\s+(?:only\s+|gradually\s+"
     rf"|progressively\s+|piecemeal\s+)?(?:as|while|whenever)\s+(?:[\w'-]+\s+){{0,2}}?(?:{_GETS_ABOUT})\b"
     # ... with "only" first, said of seeing too (round 42: "the folders are only visible once listed", "rooms are
     # only seen after entering")
     r"|\bonly\s+(?:revealed|shown|disclosed|known|visible|seen|observable|viewable)\s+(?:on request|when|after"
     r"|once|if|upon)\b", "partial", True),
    # unseen until an act reveals it (round 8): "rooms stay dark until entered", "the contents are unknown until
    # opened"; the act that reveals it belongs to the clause, up to four words to the end of its part
    (r"\b(?:dark|unknown|unseen|unexplored|blank|covered|a mystery|out of sight|not shown|not known)\s+until\b"
     r"(?:(?:\s+[\w'-]+){1,4}(?=\s*(?:[,;:.]|$)))?", "partial", True),
    # what the agent sees, by pattern as time pressure is: an extent and a noun of seeing, in either order ("a
    # partial view", "limited visibility", "the map is fully visible", "observable state")
    (rf"\b(?:{_PART_SEEN})\s+(?:\w+\s+)?(?:{SEEING})\b|\b(?:{SEEING})\s+{_IS}(?:{_PART_SEEN})\b"
     # a degree of part on an adjective of seeing (round 10): "only partly visible", "half observable"
     r"|\b(?:partially|partly|half|semi-?|dimly|barely)\s*(?:observable|observed|visible|known|seen|shown)\b"
     # ... or on a verb of seeing, before or after it (round 30): "you can only partly see", "sees it partially"
     r"|\b(?:partially|partly|dimly)\s+(?:sees?|seeing|observes?|observing|views?|viewing)\b"
     r"|\b(?:sees?|seeing|observes?|observing|views?|viewing)\s+(?:(?:it|them|the\s+\w+)\s+)?(?:only\s+|just\s+)?"
     r"(?:partially|partly|dimly)\b"
     r"|\bfog of war\b"
     # seeing no more than where the agent is (round 51: "the robot shall observe only its current room", "it sees
     # only the adjacent cells", "perceives just its immediate surroundings")
     rf"|\b(?:{_SEE_VERB})\s+(?:only|just|solely)\s+{_HERE_SEEN}"
     rf"|\b(?:only|just|solely)\s+(?:{_SEE_VERB})\s+{_HERE_SEEN}"
     # ... or that place said to be seen, with or without its verb (round 71, fresh82: "only the squares next to the
     # agent are visible", "just the cells around it shown")
     rf"|\b(?:only|just|solely)\s+{_HERE_SEEN}\s+(?:(?:is|are|stays?|remains?|gets?)\s+)?(?:visible|observable|shown"
     r"|seen|observed|revealed|displayed)\b"
     # ... or a light that shows no more than that (session 28, a level designer's brief: "the player's torch only
     # lights the current room", "a lantern that just illuminates the adjacent tiles")
     rf"|\b(?:{_LIGHT})\s+(?:that\s+|which\s+)?(?:(?:{_ONLY})\s+)?(?:{_LIGHTS_UP})\s+(?:(?:{_ONLY})\s+)?{_HERE_SEEN}",
     "partial", True),
    (rf"\b(?:{_ALL_SEEN})\s+(?:\w+\s+)?(?:{SEEING})\b|\b(?:{SEEING})\s+{_IS}(?:{_ALL_SEEN}|observable|visible)\b"
     r"|\b(?:fully\s+|completely\s+|totally\s+|entirely\s+)?(?:observable|visible|transparent)\s+(?:state|world|map|board"
     r"|grid|environment|layout|facts?)\b|\b(?:fully|completely|totally|entirely)\s+(?:observable|visible|transparent)\b"
     r"|\b(?:everything|all)\s+(?:is\s+)?(?:visible|observable|observed|known|shown)\b"
     r"|\b(?:sees?|seeing|shows?|showing|observes?)\s+(?:the\s+)?(?:whole|entire|full|complete)\s+(?:board|map|grid|state"
     r"|world|layout|environment|picture)\b"
     # ... or the whole of any thing of the world, seen by the agent (round 49: "the agent sees the whole file tree",
     # "it sees the entire queue"); "shows the full price" says what a page shows, not what the agent sees
     r"|\b(?:sees|observes)\s+(?:the\s+|its\s+|their\s+)?(?:whole|entire|complete)\s+[a-z-]+\b",
     "partial", False),
    # rewards or feedback that seldom come ("infrequent rewards", "rare feedback"), or that are said not to come
    # often ("no frequent feedback"): a reward at the end, sparse ("infrequent rewards" read dense before)
    (rf"\b(?:{_SELDOM})\s+(?:{_PAYOFF_NOUN})\b", "reward_mode", "sparse"),
    *_negated(rf"(?:{_OFTEN})\s+(?:{_PAYOFF_NOUN})", "reward_mode", "sparse"),
    # the mode said after the reward, as its value (round 51: "the reward shall be sparse", "reward: dense", "rewards
    # are to be dense"): one requirement, which read as the bare reward word and the bare mode, two clauses
    (rf"\b(?:{_PAYOFF_NOUN})\s*(?::\s*|{_IS})sparse\b", "reward_mode", "sparse"),
    (rf"\b(?:{_PAYOFF_NOUN})\s*(?::\s*|{_IS})dense\b", "reward_mode", "dense"),
    *_negated(r"sparse|sparsely|sparse rewards?", "reward_mode", "dense"),
    *_negated(r"(?:dense|shaped|intermediate|progress|per[- ]step|partial)\s+rewards?"
              r"|(?:rewards?|credit)\s+for\s+(?:any\s+|partial\s+|incremental\s+)?progress|(?:reward\s+|progress\s+)?"
              r"shaping|dense|densely|shaped", "reward_mode", "sparse"),
    (r"\bunshaped\b", "reward_mode", "sparse"),
    # a reward for the outcome alone, "alone" after it (round 47: "rewarded on success alone", "scored for completion
    # alone", "paid on the result alone"): no reward along the way, sparse
    (rf"\b(?:{_GRADED}|{_PAYOFF})\s+(?:on|for|at|upon|by)\s+(?:the\s+)?(?:final\s+|end\s+)?(?:{_OUTCOME})\s+"
     r"(?:alone|only)\b", "reward_mode", "sparse"),
    # earning nothing until the task is done (round 47: "it earns nothing until all are moved", "gets no points
    # before every box is stacked"): a reward only at the end
    (rf"\b(?:earns?|earning|gets?|getting|receives?|receiving|scores?|scoring|collects?|wins?)\s+(?:nothing|zero"
     rf"|no\s+(?:\w+\s+)?(?:{REWARD_WORD}|points?|credit))\s+(?:at all\s+)?(?:until|till|before|unless){_UP_TO_SIX}"
     rf"(?:{_DONE})\b", "reward_mode", "sparse"),
    # a reward that comes only then, its condition said before it (round 47: "reward comes only then", "the payoff
    # arrives only at that point", "only then is it rewarded")
    (rf"\b(?:{_PAYOFF})\s+(?:\w+\s+){{0,2}}?(?:{_ONLY})\s+(?:then|at that point|at that moment|after that"
     rf"|afterwards?)\b|\bonly\s+then\s+(?:\w+\s+){{0,3}}?(?:{REWARD_WORD}|scored)\b", "reward_mode", "sparse"),
    # grading verbs (round 45): being scored, graded or paid is the reward said as a verb; along the way it is dense
    # ("graded step by step", "rewarded as it goes"), only once the work is done it is sparse ("scored only at the
    # finish", "is paid only when the job is finished"); "paid" only passive, so a payment task stays one
    (rf"\b(?:{_GRADED})\s+(?:{_ALONG})\b{_FOR_PROGRESS}", "reward_mode", "dense"),
    # ... or by the mode's own adverb, after it or before it (round 67, fresh81: "rewarded densely at every step",
    # "sparsely rewarded")
    (rf"\b(?:{_GRADED})\s+densely\b|\bdensely\s+(?:{_GRADED})\b", "reward_mode", "dense"),
    (rf"\b(?:{_GRADED})\s+sparsely\b|\bsparsely\s+(?:{_GRADED})\b", "reward_mode", "sparse"),
    # ... the adverb before the verb ("incrementally rewarded"), or a reward said to come by degrees (round 54:
    # "rewards are given incrementally", "the payoff accrues gradually", "reward given in increments")
    (rf"\b(?:{_ALONG})\s+(?:{_GRADED})\b{_FOR_PROGRESS}"
     # (with its own modifier of progress, so "partial" there is no partial sight: "partial rewards along the way")
     r"|\b(?:(?:partial|intermediate|incremental|progress|per[- ]step|dense|shaped)\s+)?"
     rf"(?:{_PAYOFF_NOUN}|{REWARD_WORD})\s+(?:[a-z]+\s+){{0,2}}?(?:{_ALONG})\b{_FOR_PROGRESS}",
     "reward_mode", "dense"),
    (rf"\b(?:{_GRADED})\s+(?:{_ONLY})\s+(?:{_WHEN}){_UP_TO_SIX}(?:{_DONE})\b", "reward_mode", "sparse"),
    # a reward that waits for the task done, said loosely: "only" around a reward word and a condition of done
    (rf"\b(?:{_ONLY})\s+(?:[\w'-]+\s+){{0,3}}?(?:{REWARD_WORD})\b(?:\s+[\w'-]+){{0,3}}?\s+(?:{_WHEN}){_UP_TO_SIX}"
     rf"(?:{_DONE})\b"
     rf"|\b(?:{_PAYOFF})\s+(?:[\w'-]+\s+){{0,2}}?(?:{_ONLY})\s+(?:{_WHEN}){_UP_TO_SIX}(?:{_DONE})\b"
     rf"|\b(?:{_PAYOFF})\s+(?:[\w'-]+\s+){{0,2}}?(?:{_ONLY})\s+(?:{_WHEN})\s+(?:{_DONE})\b"
     rf"|\b(?:no|zero|nothing)\s+(?:\w+\s+)?(?:{REWARD_WORD})\s+(?:until|till|before|unless){_UP_TO_SIX}(?:{_DONE})\b"
     rf"|\b(?:{REWARD_WORD})\s+(?:{_HANDED}|(?:\w+\s+){{0,2}}?)(?:at|on|upon)\s+(?:the\s+)?(?:very\s+)?"
     r"(?:end|completion|finish)\b"
     # ... feedback too, where it is said to be handed out (round 55: "feedback is only provided at the very end")
     rf"|\bfeedback\s+{_HANDED}(?:at|on|upon)\s+(?:the\s+)?(?:very\s+)?(?:end|completion|finish)\b"
     # ... or in the end, its article often dropped in hasty English (round 43: "reward only in end"); not the end
     # of something else ("in the end zone", "in end of each step")
     rf"|\b(?:{REWARD_WORD})\s+(?:\w+\s+){{0,2}}?in\s+(?:the\s+)?(?:very\s+)?end\b(?!\s+(?:of|zone|cell|room|state))"
     rf"|\b(?:{REWARD_WORD})\s+(?:\w+\s+){{0,2}}?(?:only\s+)?(?:at|in)\s+the\s+(?:very\s+)?(?:last|final)\s+step\b"
     # only a finished object is rewarded (round 7): "only reward a finished order", "rewards only completed tasks"
     rf"|\b(?:(?:{_ONLY})\s+(?:reward|rewards|pay|pays|pay out for)|(?:{REWARD_WORD})\s+(?:{_ONLY}))\s+(?:for\s+)?"
     # (the object stays to be read: "a finished order" is a checkout)
     rf"(?:an?\s+|the\s+|each\s+|every\s+|any\s+)?(?:{_FINISHED})(?=\s+[a-z]+)",
     "reward_mode", "sparse"),
    # a game's score made known only at its end (session 28, a level designer's brief: "score is only shown on the
    # final screen", "points are tallied at the end of the level", "the score appears only after the game is over"):
    # nothing is earned along the way, so the reward is sparse; a score shown on the screen at all times is not
    (rf"\b(?:{_SCORE})\s+(?:{_IS})?(?:(?:{_ONLY})\s+)?(?:{_MADE_KNOWN})\s+(?:(?:{_ONLY})\s+)?{_AT_GAME_END}",
     "reward_mode", "sparse"),
    # (the reward word and its time perhaps set apart as a key and its value, round 74, minutes: "reward: only at the
    # end", "@ben reward (only at the end when all boxes are placed)")
    (r"\b(?:rewards?|rewarded)(?:\s*[:(]\s*|\s+)only\s+(?:on|for|at|upon|when|once|if)\s+(?:the\s+)?(?:task\s+|goal\s+|puzzle\s+|"
     r"episode\s+|problem\s+)?(?:is\s+|gets\s+)?(?:success|succeeding|successful|the end|end|completion|completed|"
     r"complete|the goal|goal|solved|done|finished|reached|achieved)"
     r"|\b(?:only|just)\s+(?:an?\s+)?(?:success|terminal|binary|final|goal)\s+(?:reward|signal)s?"
     r"|\b(?:success|terminal|binary|0/1|final|goal)[- ](?:only\s+)?rewards?\b|\breward\s+at\s+the\s+end\b"
     r"|\bsuccess[- ]only\b"
     # a reward that waits for any condition said after it (round 6): "reward only once all balls are in room b"
     rf"|\b(?:rewards?|rewarded|payoffs?)(?:\s*[:(]\s*|\s+)(?:{_HANDED}|(?:\w+\s+){{0,2}}?)(?:only|solely|just)\s+"
     r"(?:once|when|after|upon|if"
     r"|as soon as)\s+[^,;.]+"
     # ... or said to come only then, the verb of its coming after the focus word (round 58: "the reward should only
     # come once all of them are visited", "rewards only arrive at the end"); "rewards come when ..." says no "only"
     rf"|\b(?:rewards?|payoffs?|feedback)\s+(?:{_MODAL}\s+|(?:will|would|can|may|does|do)\s+)?(?:only|solely|just)\s+"
     rf"(?:{_ARRIVING})\s+(?:(?:once|when|after|upon|if|as soon as)\s+[^,;.]+|at\s+the\s+(?:very\s+)?end\b)"
     # only the outcome counts (round 6): "only success counts", "nothing but the result matters"; its adjective
     # of the end too (round 47: "only the final result is rewarded", "just the end outcome counts")
     r"|\b(?:only|just|nothing but)\s+(?:the\s+)?(?:final\s+|end\s+|overall\s+)?(?:success|outcome|result"
     r"|completion|goal|win|winning|final state)\s+"
     r"(?:counts|matters|(?:is\s+|gets\s+)?(?:rewarded|scored|graded)|pays|scores)\b", "reward_mode", "sparse"),
    # only reaching the goal rewarded, said with the verb (round 68: "only reward reaching the exit", "reward only
    # finishing the tower", "only rewards solving the puzzle"): what is rewarded is the task's end, sparse
    (rf"\b(?:(?:{_ONLY})\s+(?:reward|rewards|pay|pays)|(?:reward|rewards)\s+(?:{_ONLY}))\s+(?:for\s+)?"
     r"(?:reaching|finishing|completing|solving|winning|achieving|arriving\s+at|getting\s+to)\b",
     "reward_mode", "sparse"),
    (r"\b(?:per[- ]step|step[- ]?wise|step[- ]by[- ]step|incremental|intermediate|progress|partial|partial[- ]credit)"
     r"\s+rewards?\b"
     r"|\breward\s+(?:shaping|for progress|each step|every step)\b|\breward[- ]shaping\b"
     # each step or bit of progress said to be rewarded, by the verb (round 48: "rewarding each step of progress",
     # "rewards every bit of progress", "crediting each move forward")
     r"|\b(?:rewards?|rewarded|rewarding|credits?|credited|crediting)\s+(?:each|every|any)\s+(?:single\s+"
     r"|little\s+|small\s+)?(?:steps?|moves?|bits?|pieces?|increments?)(?:\s+(?:of\s+progress|forward))?\b"
     # progress said to be rewarded (session 23: "reward partial progress", "credit for any progress", "partial
     # progress is rewarded"; "partial" there was read as partial observability); also the participle (round 47:
     # "rewarded for progress", "scored for any progress")
     r"|\b(?:reward|rewards|rewarded|rewarding|credit|credited|score|scores|scored)\s+(?:for\s+)?(?:any\s+|all\s+)?"
     r"(?:partial\s+|incremental\s+)?progress\b|\b(?:partial|incremental|any)\s+(?:progress|success)\s+(?:is\s+|gets\s+)?(?:rewarded|counts|pays|scores"
     r"|earns?\s+(?:a\s+)?(?:rewards?|points?|credit))\b"
     # a reward for each part done (round 6): "partial credit", "a reward per delivered crate", "points for every box"
     # rewards that come often (session 23: "with frequent feedback", "regular rewards", "constant reward signal")
     rf"|\b(?:{_OFTEN})\s+(?:{_PAYOFF_NOUN})\b"
     rf"|\bpartial credit\b|\b(?:rewards?|rewarded|points?|credit|bonus(?:es)?|feedback)\s+{_HANDED}?(?:per"
     r"|for each|for every"
     rf"|on each|on every|after each|after every|with each|with every|each time|at each|at every)\b{_PART_REWARDED}"
     # ... and the unit it is paid for, where that is a step of the agent's own (round 55: "a reward after every
     # correct step", "rewards for each successful move"), so it is no word left unread
     r"(?:\s+(?:single\s+|correct\s+|successful\s+|right\s+|good\s+|valid\s+|useful\s+)?"
     r"(?:steps?|moves?|actions?|turns?|sub-?steps?)\b)?"
     # each step said to be rewarded (round 38: "every move is rewarded", "each action earns a reward", "every
     # single step gets points"): a reward along the way, so dense
     r"|\b(?:every|each)\s+(?:single\s+)?(?:\w+\s+)?(?:moves?|steps?|actions?|turns?)\s+(?:is\s+|gets\s+|being\s+)?"
     r"(?:rewarded|earns?\s+(?:a\s+)?(?:rewards?|points?)|gets\s+(?:a\s+)?(?:rewards?|points?)"
     r"|yields?\s+(?:a\s+)?(?:rewards?|points?)|pays(?:\s+off)?)\b", "reward_mode", "dense"),
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
    (rf"\b(?:{_NOT_SO})\s+(?:be\s+)?(?:too\s+|very\s+|that\s+|so\s+|overly\s+)?(?:hard|difficult|challenging)\b",
     "difficulty", -0.15),
    (rf"\b(?:{_NOT_SO})\s+(?:be\s+)?(?:too\s+|very\s+|that\s+|so\s+|overly\s+)?(?:easy|simple|trivial)\b",
     "difficulty", 0.15),
    # a difficulty said as a level (round 51: "low difficulty", "difficulty: high", "the task difficulty shall be
    # low", "a difficulty level set to high"): low is easy, high is hard, by the easy and hard words' 0.3
    (_level_of_difficulty(_LOW_LEVEL), "difficulty", -0.3),
    (_level_of_difficulty(_HIGH_LEVEL), "difficulty", 0.3),
    # a difficulty said to sit above or below a baseline (round 67, fresh81: "difficulty is set slightly above the
    # default", "the difficulty well below the usual"): by "slightly" a slight shift, else the easy and hard words'
    (_relative_difficulty(_ABOVE, _SLIGHT), "difficulty", 0.15),
    (_relative_difficulty(_ABOVE, _DISTANT), "difficulty", 0.3),
    (_relative_difficulty(_BELOW, _SLIGHT), "difficulty", -0.15),
    (_relative_difficulty(_BELOW, _DISTANT), "difficulty", -0.3),
    # a difficulty turned up or down (round 60, meeting minutes: "difficulty bumped up a notch from last week", "crank
    # the difficulty up", "dial down the difficulty"): by a notch it is a slight shift, else the easy and hard words'
    (_turned_difficulty(_FAR_UP, ""), "difficulty", 0.45),
    (_turned_difficulty(_FAR_DOWN, ""), "difficulty", -0.45),
    (_turned_difficulty(_UP, _A_NOTCH), "difficulty", 0.15),
    (_turned_difficulty(_UP, ""), "difficulty", 0.3),
    (_turned_difficulty(_DOWN, _A_NOTCH), "difficulty", -0.15),
    (_turned_difficulty(_DOWN, ""), "difficulty", -0.3),
))


#: A time allowance said to be granted, after it (round 51: "ample time shall be allowed", "a short horizon is
#: given"): the verb of granting belongs to the time phrase; "allowed" alone read as a rule no template matches.
_GRANTED = re.compile(rf"\s+(?:is\s+|are\s+|{MODAL_BE})(?:allowed|given|granted|permitted|provided|available)\b")


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
            if kind == "time_pressure" and (granted := _GRANTED.match(text, end)) is not None:
                end = granted.end()  # "ample time shall be allowed": the allowance's verb is its own (round 51)
            if not any(taken[start:end]):
                taken[start:end] = b"\x01" * (end - start)
                out.append((start, end, kind, value))
    return sorted(out)



#: The end state a reward waits for, said after its condition word with a passive participle ("paid only once every
#: square is visited", "a reward only when 3 blocks are stacked", "no reward until every parcel is delivered").
_WAITS_FOR = re.compile(rf"\b(?:once|when|whenever|after|until|till|upon|as soon as)\s+(?:[^,;:.()\s]+\s+){{0,6}}?"
                        rf"(?:is|are|gets?"
                        rf"|got|been|be|were|was)\s+(?:all\s+|fully\s+|successfully\s+)?(?P<done>{PAST_FORM})\b")


def acting_phrases(text: str, phrases: list[tuple[int, int, str, object]]) -> list[tuple[int, int]]:
    """The spans of the knob ``phrases`` of ``text`` as the readers of operations mask them (round 55): the
    participle of the end state a sparse reward waits for is left to them, as it names the task ("reward only once
    every square is visited" asks for visiting them); the reward clause keeps its whole phrase, and counts are read
    as before."""
    out = []
    for start, end, kind, value in phrases:
        m = _WAITS_FOR.search(text, start, end) if kind == "reward_mode" and value == "sparse" else None
        out += [(start, end)] if m is None else [(start, m.start("done")), (m.end("done"), end)]
    return out


def bounded_tools(bound: int, domains, notes: list[str]) -> int | None:
    """The tool count an upper bound asks for: none where every task of ``domains`` already meets it (a
    domain with fewer tools than the bound is not padded up to it), else exactly the bound."""
    most = sum(len(get_toolset(d).all_tools) for d in domains)
    if bound >= most:
        notes.append(f"at most {bound} tools: {'+'.join(domains)} has {most} in all, every task meets the bound")
        return None
    notes.append(f"at most {bound} tools: exactly {bound} are given")
    return bound


