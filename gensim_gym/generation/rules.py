"""Rules: the phrases of a directive that restrict how a task is done, and the constraints they name.

"never delete the backups", "without double-booking anyone", "stay under a $50 budget", "the dock is off
limits", "verify identity before every refund": a rule phrase forbids or orders operations rather than asking for
them, so the other readers skip its words (:func:`forbidding_rules`), and it turns on the toolsets' constraint
templates it names (:func:`read_constraints`).
"""

from __future__ import annotations

import re

from gensim_gym.generation.counts import DISTRIBUTIVE
from gensim_gym.generation.field_vocabulary import MEETING_KINDS
from gensim_gym.generation.lexicon import (
    NUMBER,
    NUMBER_WORDS,
    OCCASIONS,
    SAME_SLOT,
    calls,
    counted_type,
    known_verbs,
    operations,
    rule_templates,
    verb_of,
)
from gensim_gym.generation.operations import identity_checks
from gensim_gym.generation.toolsets import get_toolset, load_registry, predicate_effects, required_facts
from gensim_gym.generation.wording import verb_pattern

#: States a rule keeps something in ("keep the dock clear", "the backups must stay untouched").
_KEPT_STATE = (r"intact|untouched|safe|unchanged|alone|clear|empty|free|protected|clean|vacant|unharmed|as is"
               r"|out of (?:it|this|that|the loop|the way)"
               r"|available|ready|open|closed|locked|unlocked|stocked|charged|tidy|sorted|positive|non[- ]?negative"
               r"|above zero|solvent|in the black")
#: Nouns that bound an amount: "a spending limit", "a budget cap", "a ceiling on refunds".
_LIMIT_NOUN = r"limits?|caps?|ceilings?|quotas?|allowances?"
#: Names of meetings and occasions ("a budget review", "a budget meeting"): after "budget" they name a meeting about
#: a budget, no budget (round 46).
_MEETING_NOUNS = "|".join(re.escape(n) for n in sorted({*OCCASIONS, *MEETING_KINDS}, key=len, reverse=True))
#: A budget said as a noun phrase of limitation (round 54: "subject to a fixed spending budget", "bound by a strict
#: monthly budget", "with capped spending", "on limited funds"): an adjective of a bound before it (one word between,
#: not a budget of time: "a tight step budget" is a horizon), a phrase of being held to it, or the bound written
#: after the spending; the money may not run past the budget, so the rule keeps it.
_BOUND_ADJ = r"fixed|limited|tight|strict|set|finite|hard|firm|capped|restricted|preset|predetermined|allotted|modest"
_BOUND_BY = r"subject to|bound by|constrained by|limited by|restricted by|capped by|held to|tied to|restricted to"
_TIME_BUDGET = r"time|step|steps|move|moves|turn|turns|action|actions|episode|compute|token|search|planning"
_BUDGET_BOUND = (rf"(?:{_BOUND_BY})\s+(?:(?:a|an|the|our|their|its|his|her|my|your)\s+)?(?:(?!(?:{_TIME_BUDGET})\b)"
                 r"[a-z$\d.,-]+\s+){0,2}?(?:budget|spending\s+(?:limit|cap|ceiling)|funds|allowance)"
                 rf"|(?:{_BOUND_ADJ})\s+(?:(?!(?:{_TIME_BUDGET})\b)[a-z]+\s+)?budget(?![- ](?:{_MEETING_NOUNS})s?\b)"
                 r"|(?:capped|limited|restricted|constrained|bounded)\s+(?:spend|spending|expenditures?|funds|money|cash)"
                 r"|(?:spend|spending|expenditures?)\s+(?:is\s+|are\s+)?(?:capped|limited|restricted|bounded)")
#: Nouns for a norm an agent keeps to, and verbs of keeping to one ("follow the refund rules", "within policy").
_NORM_NOUN = r"polic(?:y|ies)|rules?|regulations?|guidelines?|limits?|constraints?|bounds?|terms|procedures?|budget"
_NORM_VERB = r"follow\w*|respect\w*|honou?r\w*|observ\w*|stick\w* to|keep\w* to|stay\w* within"
#: Words of permission a restriction may be said with ("a refund is only allowed after ...", "permitted only once
#: ...", round 58).
_PERMITTED = r"allowed|permitted|possible|ok|okay|acceptable|granted"
#: Verbs of an act going ahead, said of the act's noun in a restriction (round 61: "refunds only go out after the
#: identity is verified", "refunds only go through once ...", "deletions only happen when ..."): the act is allowed
#: under that condition alone, as with :data:`_PERMITTED`.
_GOES_AHEAD = r"go(?:es)? (?:out|through|ahead)|happens?|takes? place|proceeds?"
#: ... and the passive of carrying the act out (round 70, a PRD's acceptance criterion: "a refund is only issued after
#: the customer's identity is verified", "refunds are processed only once ...", "a deletion is only executed when ...").
_CARRIED_OUT = r"issued|processed|executed|performed|carried out|paid out|approved|granted"
#: A verb of making, letting or telling the agent and its object before "not" (and "to"): a prohibition of the act
#: after it ("make the agent not to delete", "instruct the robot not to touch"); "please not to" without an object.
_MADE_NOT = (r"(?:(?:make|makes|let|lets|tell|tells|instruct|instructs|ask|asks|teach|teaches|train|trains)\s+"
             r"(?:the\s+|our\s+|an?\s+|this\s+|your\s+)?(?:agent|robot|bot|assistant|player|hero|model)\s+"
             r"|please\s+)not(?:\s+to)?(?=\s+(?!only\b)[a-z])")
#: The words that open a rule rather than a task: "without double-booking anyone", "never delete the
#: backups", "must not escalate", "stay under a $50 budget", "only for verified customers".
_RULE_HEAD = (
    # ("never" before a verb of goods reaching someone tells what happened, no rule: "a client who never received
    # their parcel", "orders that never arrived", round 41)
    r"without|never(?!\s+(?:yet\s+)?(?:received|arrived|got|gotten|came|showed\s+up|turned\s+up)\b)"
    r"|no more than|don't|do not|not allowed to|(?:must|should|may|shall|can|will|does) not|mustn't"
    # a carrier's capacity said as an upper bound on what it holds at once (round 74: "a truck carries at most 2
    # packages at once", "holds up to 3 balls at a time"): the bound is the rule, no second goal count
    rf"|(?:at most|up to|max(?:imum)?(?: of)?) (?!one\b|1\b)(?:{NUMBER}) (?:[a-z]+ ){{1,2}}?(?:at once|at a time"
    r"|at any (?:one )?time|simultaneously|per (?:trip|load|run))\b"
    # ... or "do" left out in hasty English, after "but" or "and" (round 43: "buy 3 shoe but not spend more then
    # budget")
    r"|(?<=\bbut )not(?=\s+[a-z])|(?<=\band )not(?=\s+[a-z])"
    # ... or said as what the agent is made or told not to do (round 66, formal requests of non-native writers: "please
    # to make the agent not to delete the backup folder", "tell the robot not to refund before ..."): the verb of
    # making or telling and its one agent are the rule's head; "please not to ..." asks the same of the agent
    rf"|{_MADE_NOT}"
    r"|shouldn't|can't|cannot|won't|doesn't|forbid(?!den)\w*|prohibit(?!ed)\w*|no \w+ (?:allowed|permitted)"
    r"|(?:stay |keep |remain )?(?:within|under|below|inside) (?:the |a |an |our |their )?"
    r"(?:\$?\d[\d,.]*\s*(?:dollars?|euros?|usd|eur)?\s+)?budget"
    r"|on a budget|" + _BUDGET_BOUND
    + r"|double[- ]?book\w*|only (?:if|when|for|to|under)|respect\w*|avoid\w*"
    # a budget stated as an amount ("a budget of 40", "a $40 budget"); two things in one slot ("no overlaps")
    r"|budget (?:of|is|=|:) ?\$?\d[\d,.]*|\$?\d[\d,.]*[- ](?:dollars?[- ]|euros?[- ]|credits?[- ])?budget"
    # (... not a count of meetings about a budget: "book 1 budget review" is one review, no $1 budget, round 46)
    rf"(?![- ](?:{_MEETING_NOUNS})s?\b)"
    r"|no (?:overlap|clash|conflict|collision)\w*"
    r"|(?:keep |stay )?spend\w* (?:(?:is |are )?(?:capped at|limited to)|under|below|within|less than|no more than"
    r"|at most)"
    # a rule stated as a negative quantifier, as keeping something as it is, or as following a rule
    r"|nobody|no one|no-one|none of|nothing|no (?:[a-z]+ ){1,3}?(?:may|must|should|can|shall|will|ever|is|are|gets?)"
    # (any form of the verb, round 47: "while leaving the backup folder alone", "keeping the dock clear")
    rf"|(?:keep(?:s|ing)?|leav(?:e|es|ing)|preserv(?:e|es|ing)|maintain(?:s|ing)?)\s+[^,;.]*?\b(?:{_KEPT_STATE})"
    rf"|(?:must|should|shall|has to|have to|needs? to|will)\s+(?:always\s+)?(?:stay|remain|be kept|be left|be)\s+"
    rf"(?:(?:kept|left)\s+)?(?:{_KEPT_STATE})"
    r"|(?:must|should|has to|have to|always)\s+(?:follow|obey|comply with|adhere to)|according to|in line with"
    # the general shapes (round 4): a prohibition of anything ("no escalations", "no person in two sessions"),
    # a restriction ("may only", "only after"), a limit or cap on something ("a spending limit", "a budget
    # cap"), keeping to a norm ("within policy", "follow the rules", "protect the backups")
    # a cap in money ("a product under 30 credits")
    r"|(?:under|below|within|less than|at most|no more than|max(?:imum)?(?: of)?) \$?\d[\d,.]*\s*(?:dollars?|euros?"
    r"|credits?|bucks|usd|eur|coins?)\b"
    # ... or with its currency sign only (round 16: "stay under $40")
    r"|(?:stay\s+|keep\s+|remain\s+)?(?:under|below|within|less than|at most|no more than|max(?:imum)?(?: of)?)"
    r" [$€£]\d[\d,.]*"
    r"|(?:no|zero) (?!more than\b|longer\b|matter\b)[a-z]+|(?:may|can|must|should|shall) only"
    r"|only (?:after|once|with|within|on|before|while|until|during)|ban(?:s|ning)?"
    # ... said as a permission (round 58, a researcher's feature requests: "a refund is only allowed after the
    # customer's identity is checked", "refunds are permitted only once ...", "escalating is only ok if ...")
    rf"|only (?:{_PERMITTED}|{_GOES_AHEAD}) (?:after|once|if|when|before|with|for|to)"
    rf"|(?:{_PERMITTED}) only (?:after|once|if|when|before|with|for|to)"
    # the counted things restricted (round 9): "only those within the return window", "only the eligible ones"
    r"|only (?:(?:those|these|the ones|ones)\s+(?:(?:that|who|which)\s+(?:are|were|is|was)\s+)?(?:still\s+)?"
    r"(?:within|inside|covered by|eligible|entitled)|(?:the\s+)?(?:eligible|entitled))|disallow(?!ed)\w*|outlaw\w*"
    r"|(?:stay|keep|remain) on budget"
    rf"|(?!off\b)(?:[a-z]+[- ])?(?<!off[- ])(?:{_LIMIT_NOUN})"
    rf"|(?:{_NORM_VERB})\s+(?:(?:the|a|an|our|their|its|any)\s+)?(?:[a-z']+\s+)?(?:{_NORM_NOUN})"
    rf"|(?:within|inside|under|by) (?:(?:the|a|an|our|their|its)\s+)?(?:[a-z']+\s+)?(?:{_NORM_NOUN})"
    r"|protect(?!ors?\b)\w*|safeguard\w*|obey\w*|abide by|comply with|adhere to|refrain from|steer clear of"
    # a norm kept in the passive or as an attribute (round 15): "policy must be respected", "policy-compliant
    # refunds", "per policy", "as the rules say"
    rf"|(?:{_NORM_NOUN})\s+(?:must|should|shall|has to|have to|needs? to|is to|are to)\s+(?:always\s+)?be\s+"
    r"(?:respected|followed|observed|honou?red|kept|obeyed|applied|met|enforced)"
    rf"|(?:{_NORM_NOUN})[- ](?:compliant|abiding|conform\w*|bound)"
    # a norm said to allow or to say what is done (round 33): "only where the policy allows", "as the rules say",
    # "wherever policy permits it"
    rf"|(?:only\s+)?(?:as|where|wherever|when|whenever|if|insofar as|so far as)\s+(?:(?:the|our|their|its|company"
    rf"|store|house)\s+)?(?:[a-z']+\s+)?(?:{_NORM_NOUN})\s+(?:allows?|permits?|lets?|says?|dictates?|prescribes?"
    r"|states?|specifies?|requires?)"
    # ... or the things done, said as those the norm allows (round 38: "refund only those the rules allow", "approve
    # whatever the policy permits", "the ones that the guidelines allow")
    rf"|(?:only\s+)?(?:those|the ones|ones|what|whatever|whichever)\s+(?:(?:that|which)\s+)?(?:(?:the|our|their|its"
    rf"|company|store|house)\s+)?(?:[a-z']+\s+)?(?:{_NORM_NOUN})\s+(?:allows?|permits?|lets? through|approves?"
    r"|accepts?|covers?)"
    rf"|(?:per|as per|following|under) (?:(?:the|our|their|its|company|store|house)\s+)?(?:[a-z']+\s+)?"
    rf"(?:{_NORM_NOUN})")
#: The marks that end a sentence, and with it a rule (round 61, social-media posts: "can we get refunds that only go
#: out after the identity is verified? 2 refund requests per episode pls": the count after the question is the
#: task's, no part of the rule; "NO double booking allowed!! #rl" ends at its marks).
SENTENCE_END = ".?!"


def _part_end(text: str, start: int) -> int:
    """Where the part of ``text`` from ``start`` ends: at its next comma, semicolon or sentence end, else the end."""
    return next((i for i in range(start, len(text)) if text[i] in ",;" + SENTENCE_END), len(text))


#: Words that open a second rule after a conjunction ("... and never escalate").
_NEXT_RULE = r"never|no|not|without|don't|do not|avoid\w*|only|always|keep|stay|protect(?!ors?\b)\w*|nobody|nothing"
#: The words that open an ordering rule: "verify identity before every refund" asks for both operations, in order.
_PRECEDENCE_HEAD = r"before (?:every|each|any|doing|a|an|the)|prior to (?:every|each|any|a|an|the)"
#: A rule without its tail, for callers that only need where rules start (the tail is :func:`rule_phrases`').
CONSTRAINT_PHRASE = re.compile(rf"\b(?:{_RULE_HEAD})\b[^,;{SENTENCE_END}]*")


def _rule_regex(names: tuple[str, ...]) -> re.Pattern[str]:
    """A rule phrase runs to the next comma, semicolon, colon, sentence end (:data:`SENTENCE_END`) or bullet dash
    between spaces (round 53: "-
    budget: must not be exceeded - observability: partial" lists settings; a colon opens what the rule is a rule for:
    "a hard cap on spending: order 2 gadgets"), or to a conjunction that opens another
    operation ("stay under budget and buy 2 items": the purchase is asked for, not forbidden)."""
    verbs = sorted({v for name in names for v in operations(name)}, key=len, reverse=True)
    opens = "|".join(verb_pattern(v) for v in verbs) or r"(?!x)x"
    # ... or to a conjunction that opens another rule ("within policy and never escalate": two rules)
    # ... or to a conjunction and a word with a count after it ("never hands a ticket to a supervisor and closes 2 of
    # them": a count is no part of a prohibition, so the verb before it is asked for, whatever the verb: round 6)
    counted = rf"(?!(?:more|less|fewer|than|at|up|over|under|only|just|no|not|never)\b)[a-z]+\s+(?:{NUMBER})\b"
    # ... or to a clause of when the agent does its counted task (round 66: "make the agent not to delete the backup
    # folder when it clean 3 temporary files": the cleaning is asked for, the rule is what it must not do meanwhile)
    # ... or to "for" and a count, those the task is done for ("under the store's policy for 2 callers": the callers
    # are counted goals, no part of the policy: round 25)
    tail = (rf"(?:(?!\b(?:and|but|then|while|so|plus)\s+(?:then\s+|also\s+)?(?:{opens}|{counted})"
            rf"|\b(?:and|but|or|plus|while)\s+(?:also\s+)?(?:{_NEXT_RULE})\b|\bfor\s+(?:{NUMBER})\s+[a-z]"
            rf"|\b(?:when|whenever|while|as)\s+(?:it|he|she|they)\s+(?:{opens}|{counted})"
            rf"|{_SPENT_ON}|\s-\s)[^,;:{SENTENCE_END}])*")
    return re.compile(rf"\b(?:({_PRECEDENCE_HEAD})|{_RULE_HEAD})\b{tail}")


#: What a capped sum of money is spent on ("spend at most 50 dollars on 2 board games", "spend under $30 on 1
#: lamp"): the things bought, counted, are the task's goods, no part of the cap (round 28).
_SPENT_ON = rf"(?<=\s)on\s+(?:{NUMBER})\s+[a-z]"


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
    rules += _budget_attributes(text, rules)
    kept = _kept_states(text, rules)
    return sorted(rules + kept + _same_slot_rules(text, rules + kept))


#: A budget said as an adjective of the agent or its task (round 54: "a budget-constrained shopper", "a
#: budget-limited agent", "budget-bound purchases"): the rule is the adjective alone, so the verb after its noun is
#: still asked for ("a budget-constrained shopper buys 2 lamps").
_BUDGET_ATTRIBUTE = re.compile(r"\bbudget[- ](?:constrained|bound|limited|capped|restricted|conscious)\b")


def _budget_attributes(text: str, rules: list[tuple[int, int, bool]]) -> list[tuple[int, int, bool]]:
    """The budget adjectives of ``text`` (:data:`_BUDGET_ATTRIBUTE`) outside every rule phrase already found, each a
    rule of its own words."""
    return [(m.start(), m.end(), False) for m in _BUDGET_ATTRIBUTE.finditer(text)
            if not any(a < m.end() and m.start() < b for a, b, _ in rules)]


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
    rf"|\b(?:stays?|remains?|(?:is|are)\s+(?:kept|left))\s+(?:always\s+)?(?:{_KEPT_STATE})\b"
    # ... or said to be still where it was (round 47: "every backup is still there", "the archives are still in
    # place", "the photos remain in place"): kept, as "stays untouched" is
    r"|\b(?:is|are|stays?|remains?)\s+still\s+(?:there|here|in place|present|around|where (?:it|they) (?:was|were))\b"
    r"|\b(?:stays?|remains?)\s+(?:in place|put|where (?:it|they) (?:was|were|is|are))\b")
#: An invariant of one thing per slot: "only one meeting per slot", "at most one box per cell", "a single
#: robot at a time".
_ONE_PER = re.compile(r"\b(?:(?:only|at most|just|no more than|never more than|max(?:imum)?(?: of)?)\s+)?"
                      r"(?:one|1|a single)\s+(?:[a-z]+\s+){0,2}?(?:per|for each|in each|at a time|at any (?:one )?time"
                      r"|at once|simultaneously|at the same time)\b(?:\s+[a-z]+)?")


#: One thing per episode is the count of a task, each episode being one task (round 67, fresh81: "buying one kettle per
#: episode" read as an invariant no template fits), no invariant over the world's slots.
_PER_EPISODE = re.compile(r"\b(?:per|for each|in each)\s+(?:episode|run|rollout|task|game|trial|attempt)s?\b")


#: Number words that count (not "one", a determiner as often as a count).
_COUNT_WORDS = "|".join(w for w in NUMBER_WORDS if w != "one")
#: Words that join a rule to the clause before it ("... with only one meeting per room").
_JOINT = re.compile(r"\b(?:with|where|while|whereby|so that|such that|ensuring)\b")


def _stated_rules(text: str, rules: list[tuple[int, int, bool]]) -> list[tuple[int, int, bool]]:
    """Rules whose rule word comes last (:data:`_POSTFIX_RULE`) or that state an invariant of one thing per slot
    (:data:`_ONE_PER`): the rule is its whole part of the directive, from where the clause opens (at most ten
    words back), so the words it is about ("deleting files", "meeting rooms") are its content."""
    out: list[tuple[int, int, bool]] = []
    for m in re.finditer(r"(?<!not )\bonly\s+([a-z]+)\b", text):  # "only refund delivered orders": a restriction
        if verb_of(m.group(1)) is not None and not any(a < m.end() and m.start() < b for a, b, _ in rules):
            out.append((m.start(), _part_end(text, m.end()), False))
    for regex in (_POSTFIX_RULE, _ONE_PER):
        for m in regex.finditer(text):
            if any(a < m.end() and m.start() < b for a, b, _ in rules + out):
                continue
            if regex is _ONE_PER and any(d.match(text, m.start()) for d in DISTRIBUTIVE):
                continue  # "one retro for each of the 4 squads": a count of retros, no invariant (round 15)
            if regex is _ONE_PER and _PER_EPISODE.search(m.group(0)):
                continue  # "buying one kettle per episode": the task's count, each episode (round 67)
            opened = [o.end() for o in re.finditer(r"[,;:.()]|\b(?:and|but|then|so|while|plus)\b", text[:m.start()])]
            begin = _setting_key(text, opened[-1], m.start()) if opened else 0
            if len(re.findall(r"[a-z0-9']+", text[begin:m.start()])) > 10:
                begin = m.start()
            # a count before it is the directive's own clause ("schedule 2 meetings with only one meeting per
            # room": 2 meetings asked for), not what the rule is about: the rule opens after it (round 16)
            counted = [c.end() for c in re.finditer(rf"\b(?:\d+|{_COUNT_WORDS})\b", text[begin:m.start()])]
            if counted:
                joint = [j.end() for j in _JOINT.finditer(text, begin + counted[-1], m.start())]
                begin = joint[-1] if joint else m.start() if regex is _ONE_PER else begin
            begin += len(text[begin:m.start()]) - len(text[begin:m.start()].lstrip())
            # "is not permitted to escalate": what is not permitted follows; else the rule ends at its word
            runs_on = regex is _ONE_PER or re.match(r"\s+to\s+[a-z]", text[m.end():]) is not None
            end = _part_end(text, m.end()) if runs_on else m.end()
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
        slot = SAME_SLOT.search(part.group(0))
        if slot and not any(a < part.end() and start < b for a, b, _ in rules) \
                and rule_templates(part.group(0), templates, literal=True):
            out.append((_after_counted_task(text, start, part.start() + slot.start()), part.end(), False))
    return out


#: A relative clause's opening word: "2 meetings that clash"; or a clause of purpose or result that says the clash
#: the act must leave none of (round 19: "reorganize 2 meetings so none clash", "so that none overlap").
_RELATIVE = re.compile(r"\b(?:so that|so|that|which|who|whose|where)\b")


def _after_counted_task(text: str, start: int, slot: int) -> int:
    """Where a same-slot rule starts: at the relative clause that says the clash (round 18: "reschedule 2
    meetings that clash"), or the clause of purpose that does (round 19: "so none clash"), where a count comes before
    it, so the verb and its counted object stay the task."""
    if not re.search(r"\b(?:\d+|two|three|four|five|six|seven|eight|nine|ten|a couple of|a few)\b", text[start:slot]):
        return start
    opened = [m.start() for m in _RELATIVE.finditer(text, start, slot)]
    return opened[-1] if opened else start


#: A rule stated of its subject: "backups must never be deleted", "the budget should not go negative".
_MODAL_HEAD = re.compile(r"(?:never|must|should|may|shall|can|will|does|mustn't|shouldn't|can't|cannot|won't"
                         r"|doesn't|not allowed|has to|have to|needs? to|ought to)\b")
#: Where the subject of a rule can start: after punctuation or a word that opens a clause.
_CLAUSE_OPEN = re.compile(r"[,;:.()\-]|\b(?:where|that|which|who|whose|and|but|then|so|if|while|when|plus)\b")


#: A setting's key before its separator (round 53: "escalation: forbidden", "budget = must not be exceeded"): one to
#: three words after a clause opener or the start, then a colon, an equals sign or an arrow, at the end of the text.
_SETTING_KEY = re.compile(r"(?:^|[,;.()\-]|>)\s*((?:[a-z'/]+\s+){0,2}[a-z'/]+)\s*(?:[:=]|->|=>)\s*$")


def _setting_key(text: str, begin: int, start: int) -> int:
    """Where a rule said as a setting's value starts (round 53): at its key where the rule's head follows the
    separator directly ("escalation: forbidden", "budget: must not be exceeded": what the rule is about is the key,
    as "escalation is forbidden" says it), else at ``begin``, the clause's opening. A key with a count ("meetings: 3")
    is no subject of a rule."""
    if text[begin:start].strip() or begin == 0 or text[begin - 1] not in ":=>":
        return begin
    m = _SETTING_KEY.search(text, 0, begin)
    if m is None or any(w.isdigit() or w in NUMBER_WORDS for w in m.group(1).split()):
        return begin
    return m.start(1)


def _subject_before(text: str, start: int, head: str) -> int:
    """Where a rule with a modal or negation head starts: at its subject ("backups must never be deleted":
    backups), where the words between the start of the clause and the head are a noun phrase (at most six
    words, none a verb or a count), so the rule's content words include what it is about."""
    if not _MODAL_HEAD.match(head):
        return start
    opened = [m.end() for m in _CLAUSE_OPEN.finditer(text, 0, start)]
    begin = _setting_key(text, opened[-1], start) if opened else 0
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
            if not any(a < m.end() and m.start() < b for a, b, _ in rules) and not _act_done(m.group(0))
            and (rule_templates(m.group(0), templates)
                 or (_SPARED.search(text[:m.start()]) is not None and _KEPT_THING.match(m.group(0)) is not None))]


#: Making sure an act has been done (round 37: "make sure the agent has set foot on all grid squares", "ensure every
#: file has been deleted"): group 1 the word after the perfect's "has"/"have" (and "been"), a verb's participle.
_DONE = re.compile(r"(?:ensure|make sure)\s+(?:that\s+)?(?:[a-z0-9'-]+\s+){0,5}?(?:has|have)\s+(?:already\s+)?"
                   r"(?:been\s+)?(([a-z]+)\b[a-z ]*)")


def _act_done(phrase: str) -> bool:
    """Whether a keeping phrase asks for an act to have been done ("make sure the agent has visited every cell", "has
    set foot on all squares"): a goal reached, no state kept (a negated one, "has not been deleted", "has never ...",
    stays a rule). The participle is a known verb's, or opens a known phrasal verb ("set foot on")."""
    m = _DONE.match(phrase)
    if m is None or m.group(2) in ("not", "no", "never"):
        return False
    return verb_of(m.group(2)) is not None or any(
        " " in v and m.group(1).startswith(f"{v} ") for v in known_verbs() if v.startswith(f"{m.group(2)} "))


#: A destroying act and then "but keep"/"while keeping" (round 10): "delete 3 of them but keep the archive folder"
#: spares what it keeps from the act, a rule even with no state named.
_SPARED = re.compile(r"\b(?:delet|remov|eras|wip|purg|discard|clean|clear|trash|destroy|empt|dump|scrap"
                     # (moving takes a thing from where it was: "move the spreadsheet ... but keep the original",
                     # round 25)
                     r"|mov|relocat)\w*\b"
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
    segment_start = max(text.rfind(c, 0, start) for c in ",;:" + SENTENCE_END) + 1
    end = _part_end(text, start)
    for name in domains:
        before = _verb_hits(text[segment_start:start], operations(name))
        after = _verb_hits(text[start:end], operations(name))
        first, then = (max(before)[1] if before else None), (min(after)[1] if after else None)
        if first is not None and then is not None and _needs_first(name, first, then):
            return first, then
    return None


def _needs_first(name: str, first: str, then: str) -> bool:
    """Whether domain ``name``'s tool ``then`` requires a fact that only the tool ``first`` makes true and no start
    state holds (``refund_order`` requires ``verified``, which only ``verify_identity`` adds): every task then keeps
    ``first`` before ``then``."""
    ts = get_toolset(name)
    tools = ts.all_tools
    adds = {p for t in tools if calls(t.name, first) for p in _added(t)}
    others = {p for t in tools if not calls(t.name, first) for p in _added(t)}
    started = " ".join(map(str, ts.init))
    only = {p for p in adds - others if not re.search(rf"\b{p}\b", started)}
    return any(only & required_facts(t) for t in tools if calls(t.name, then))


#: A permission that waits for another act, the act said before it and the condition after (round 63, first drafted
#: in round 58's other branch: "a refund is only allowed after the customer's identity is checked", "refunds are
#: permitted only once the ID is verified", "refunds only after the identity is confirmed").
_PERMITTED_AFTER = re.compile(rf"\b(?:only\s+(?:(?:{_PERMITTED}|{_GOES_AHEAD}|{_CARRIED_OUT})\s+"
                              rf"|be\s+[a-z]+(?:ed|en|ne)\s+)?|(?:{_PERMITTED}|{_CARRIED_OUT})\s+(?:only\s+)?)"
                              rf"(?P<condition>(?:after|once|when|if|as soon as)\b[^,;{SENTENCE_END}]*)")


def built_in_conditions(text: str, domains) -> list[tuple[int, int, str, str]]:
    """``(start, end, first tool, then tool)`` of each permission that waits for another act
    (:data:`_PERMITTED_AFTER`) where a chosen domain's tool for the act said before it requires what only the tool
    for the condition makes true (:func:`_needs_first`): every task keeps the order, as "verify identity before
    every refund" does. The condition's act is a verb of the domain or a check of someone's identity."""
    out = []
    for m in _PERMITTED_AFTER.finditer(text):
        segment_start = max(text.rfind(c, 0, m.start()) for c in ",;:" + SENTENCE_END) + 1
        for name in domains:
            acts = _verb_hits(text[segment_start:m.start()], operations(name))
            conditions = _verb_hits(m.group("condition"), operations(name)) + [
                (start, tool) for start, _, tool in identity_checks(m.group("condition"), [name])]
            if acts and conditions and _needs_first(name, min(conditions)[1], max(acts)[1]):
                out.append((m.start(), m.end(), min(conditions)[1], max(acts)[1]))
                break
    return out


#: Comparatives a rule says the world's order by, each with its opposite ("no larger disk on a smaller one"): a rule
#: that names either names the world's own comparison where a tool requires one of them (round 51).
_COMPARATIVES = {"smaller": ("smaller", "larger", "bigger", "wider", "greater"),
                 "larger": ("larger", "smaller", "bigger"), "bigger": ("bigger", "smaller", "larger"),
                 "lighter": ("lighter", "heavier"), "heavier": ("heavier", "lighter")}
_COMPARATIVE_WORD = re.compile(r"\b(?:" + "|".join(sorted({w for ws in _COMPARATIVES.values() for w in ws}))
                               + r")\b")


#: Plain adjectives of size and weight, said for their comparatives where both ends of the order are named (round
#: 66, a non-native writer's "must not to put big disk on the small one"); one alone is no order ("a big disk").
_PLAIN = {"big": "bigger", "large": "larger", "small": "smaller", "heavy": "heavier", "light": "lighter"}
_PLAIN_WORD = re.compile(r"\b(?:" + "|".join(_PLAIN) + r")\b")


def _comparatives_said(phrase: str) -> set[str]:
    """The comparatives the rule ``phrase`` names (:data:`_COMPARATIVES`), with the plain adjectives it says for
    both ends of one order ("big ... small") as theirs."""
    said = set(_COMPARATIVE_WORD.findall(phrase))
    plain = {_PLAIN[w] for w in _PLAIN_WORD.findall(phrase)}
    if any(b != a and b in _COMPARATIVES.get(a, ()) for a in plain for b in plain):
        said |= plain
    return said


def built_in_comparison(phrase: str, domains) -> tuple[str, str] | None:
    """``(tool, predicate)`` where the rule ``phrase`` says an order of size ("placing a larger disk on a smaller one
    is prohibited", "never put a bigger disc onto a smaller disc") that a tool of a chosen domain requires as its
    precondition (hanoi's moves require ``smaller(?to, ?d)``): every task keeps it, as no call can break it (round
    51). None where the phrase names no comparative, or no tool requires one it names."""
    said = _comparatives_said(phrase)
    if not said:
        return None
    for name in domains:
        for tool in get_toolset(name).tools:
            for predicate in sorted(name.split("__")[0] for name in required_facts(tool)):  # at__truck__depot: at
                if said & set(_COMPARATIVES.get(predicate, ())):
                    return tool.name, predicate
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
            tools = [t.name for t in ts.tools + ts.extra_tools if m.group(1) in required_facts(t)]
            if tools:
                out.append((m.start(), m.end(), tools[0], m.group(1)))
                break
    return out


def _added(tool) -> set[str]:
    """The predicates ``tool``'s effects make true (a fluent it changes, ``credit`` of a refund, is no such fact)."""
    return {e.predicate for e in predicate_effects(tool) if not e.negated}


def _verb_hits(text: str, verbs: dict[str, str]) -> list[tuple[int, str]]:
    """``(position, tool)`` of each verb of ``verbs`` in ``text``."""
    return [(m.start(), tool) for verb, tool in verbs.items() for m in re.finditer(verb_pattern(verb), text)]


_RESTRICTION = re.compile(rf"\s*(?:but\s+|and\s+)?(?:only\s+(?:(?:{_PERMITTED}|{_GOES_AHEAD})\s+)?"
                          rf"|(?:{_PERMITTED})\s+only\s+)"
                          r"(?:if|when|after|once|for|to|under|with)\b")


#: A directory said by its name and the word for a directory ("the logs folder", "backup dirs"): the place the
#: place rules below take besides a path.
_NAMED_DIR = r"[\w-]+\s+(?:folders?|directory|directories|dirs?)"


#: A rule that puts a place out of bounds (round 16): "never touch anything in /etc", "don't modify any files under
#: /system", "delete nothing from the archive folder". Group 1: the place (a path, or a noun before folder/directory).
PROTECTED_PLACE = re.compile(
    r"\b(?:touch\w*|modif\w*|chang\w*|edit\w*|alter\w*|delet\w*|remov\w*|writ\w*|mess\w* with|tamper\w* with)\s+"
    r"(?:anything|nothing|any\s+\w+|files?|\w+\s+files?)\s+(?:in|under|inside|within|from|below|beneath)\s+"
    r"(?:the\s+|my\s+|our\s+)?(/[\w./-]*|" + _NAMED_DIR + ")")


#: A thing a rule leaves as it is (round 17): "leave the source code alone", "keep the config folder untouched". Group
#: 1: the thing (at most three words), kept safe as a place out of bounds is ("keep going alone" keeps nothing).
LEFT_ALONE = re.compile(r"\b(?:leave|leaving|keep|keeping)\s+(?:(?:the|my|our|all|any)\s+|(?!\w+ing\b))"
                        r"((?:[\w/.-]+\s+){0,2}[\w/.-]+)\s+(?:alone|untouched|intact|unchanged|as is)\b")


#: A directory a negated rule names as its object, with the verb of touching it or with the verb left to the act before
#: it (round 22: "remove 2 cache files but never the config directory", "never delete the logs folder", "do not touch
#: /etc"): a place out of bounds as :data:`PROTECTED_PLACE`'s is. Group 1: the directory (a path, or a name and the
#: word "folder"/"directory"); a thing that is no directory ("never the originals") is no place.
NEGATED_PLACE = re.compile(
    r"\b(?:never|not|don't|dont|mustn't|shouldn't)\s+(?:ever\s+)?"
    r"(?:(?:touch\w*|modif\w*|chang\w*|edit\w*|alter\w*|delet\w*|remov\w*|wip\w*|purg\w*|empt\w*|clear\w*|clean\w*"
    r"|writ\w*\s+to|mess\w* with|tamper\w* with)\s+)?(?:anything\s+(?:in|under|inside|within)\s+)?"
    r"(?:the\s+|my\s+|our\s+|your\s+|their\s+)?(/[\w./-]*|" + _NAMED_DIR + r")\b")


#: Files of a named kind a negated rule forbids touching (round 50: "dont touch the config files", "never modify the
#: system files"): a set of files out of bounds, kept as a place is (the world's protected directory stands in for
#: them). The verb of touching is needed: "never the log files" after a delete is the act's own object. Group 1: the
#: files, with the name of their kind.
NEGATED_FILES = re.compile(
    r"\b(?:never|not|don't|dont|mustn't|shouldn't)\s+(?:ever\s+)?(?:touch\w*|modif\w*|chang\w*|edit\w*|alter\w*"
    r"|delet\w*|remov\w*|overwrit\w*|mess\w* with|tamper\w* with)\s+(?:the\s+|my\s+|our\s+|your\s+|any\s+)?"
    r"([\w-]+\s+files)\b")


#: A directory a rule keeps out of bounds in the passive (round 48: "the archive folder must never be touched", "/etc
#: may not be modified", "the logs directory is never to be emptied"): a place out of bounds as
#: :data:`NEGATED_PLACE`'s is. Group 1: the directory (a path, or a name and the word "folder"/"directory").
PASSIVE_PLACE = re.compile(
    r"(/[\w./-]*|\b" + _NAMED_DIR + r")\s+(?:must|should|shall|may|can|will|is|are)"
    r"(?:n't|\s+(?:never|not))\s+(?:ever\s+)?(?:to\s+)?be\s+(?:touched|modified|changed|edited|altered|deleted"
    r"|removed|wiped|purged|emptied|cleared|cleaned(?:\s+out)?|written\s+to|messed\s+with|tampered\s+with)\b")


#: A directory a rule keeps as it is, said by the verb of keeping with the directory as its whole object (round 50:
#: "delete 3 of them but keep the archive folder", "spare the logs directory"): a place out of bounds as
#: :data:`LEFT_ALONE`'s is. Group 1: the directory (a path, or a name and the word "folder"/"directory"); the phrase
#: ends after it ("keep the archive folder tidy" keeps nothing out of bounds).
KEPT_PLACE = re.compile(
    r"\b(?:keep|keeps|keeping|spare|spares|sparing|preserve|preserves|preserving)\s+(?:the\s+|my\s+|our\s+|your\s+)?"
    r"(/[\w./-]*|" + _NAMED_DIR + r")(?=\s*(?:$|[,;.)!]|\b(?:and|but|while|as|where)\b))")


#: A rule that says its place by pointing back to it (session 27: "the backups folder is sacred (do not delete anything
#: there)", "never remove anything from it", "touch nothing in that folder"): the place is the directory named before.
_POINTING_BACK = re.compile(r"\b(?:there|in\s+(?:there|it|that\s+(?:one|folder|directory|dir))|inside(?:\s+it)?"
                            r"|from\s+(?:it|there|that\s+(?:one|folder|directory|dir)))\W*$")
#: A directory a directive names: a path, or a name and the word "folder"/"directory".
_DIRECTORY = re.compile(r"(?<!\w)(/[\w.-][\w./-]*|\b" + _NAMED_DIR + r")\b")


#: A rule's object scoped by a place ("never remove anything in backups", "delete nothing from the backup dir"): group
#: 1 is the place's first word.
_SCOPED_OBJECT = re.compile(r"\b(?:anything|nothing|any\s+\w+|files?|\w+\s+files?)\s+(?:in|under|inside|within|from"
                            r"|below|beneath)\s+(?:the\s+|my\s+|our\s+|your\s+)?([\w/.-]+)")


def _narrowed_to_place(text: str, start: int, end: int, named: list, templates) -> list:
    """Of the templates the rule ``text[start:end]`` names, the ones keeping a place alone, where the rule scopes its
    object by a place (session 27). "never remove anything in backups" names ``protect_backups`` by its keyword and
    ``no_deletion`` by "remove anything": the place's template alone. A place the world lacks ("do not delete anything
    in the tmp folder", named ``no_deletion`` alone) is kept by the world's own protected place, as "never touch
    anything in /etc" is (:func:`protected_place`), only where the rest of the directive asks for an act the named
    template forbids ("remove 2 logs"); else forbidding every deletion keeps that place too. ``named`` otherwise."""
    phrase = text[start:end]
    scoped = _SCOPED_OBJECT.search(phrase)
    if scoped is None or scoped.group(1) in _ANY_PLACE:
        return named
    places = place_templates(named)
    own = [o for t in places for objects in t.objects.values() for o in objects]
    if places and any(scoped.group(1).startswith(o) for o in own):
        return places
    if places or not protected_place(phrase) or not _asks_restrained(text[:start] + " " + text[end:], named):
        return named
    return place_templates(templates) or named


def _asks_restrained(rest: str, named: list) -> bool:
    """Whether ``rest`` (the directive without a rule) asks for an act of a tool one of the ``named`` templates
    restrains (``no_deletion``: ``delete_file``, asked by "remove 2 logs")."""
    return any(re.search(verb_pattern(v), rest) for v in _verbs_of({tool for t in named for tool in t.tools}))


def _verbs_of(tools: set[str]) -> set[str]:
    """The verbs, in every world, that ask for one of ``tools``."""
    return {v for name in load_registry() for v, tool in operations(name).items() if tool in tools}


#: Determiners that scope a rule by no one place ("anything in any folder").
_ANY_PLACE = frozenset({"any", "every", "all", "each", "no", "a", "some"})


def place_pointed_at(text: str, start: int, end: int) -> str | None:
    """The directory the rule phrase ``text[start:end]`` points back to (:data:`_POINTING_BACK`): the last one named
    before it. None where the rule does not point back, or nothing before it names a directory ("do not delete
    anything there" alone forbids every deletion)."""
    if not _POINTING_BACK.search(text[start:end]):
        return None
    named = _DIRECTORY.findall(text[:start])
    return named[-1] if named else None


def place_templates(templates) -> list:
    """Of ``templates``, those that keep one place of the world out of bounds: a condition that names an object the
    template adds ("deleted_from(?f, backup)" with the backup directory)."""
    return [t for t in templates if any(re.search(rf"\b{re.escape(o)}\b", t.constraint.condition)
                                        for objects in t.objects.values() for o in objects)]


def protected_place(phrase: str) -> str | None:
    """The place a rule phrase puts out of bounds (:data:`PROTECTED_PLACE`, :data:`NEGATED_PLACE`,
    :data:`PASSIVE_PLACE`, files of a kind: :data:`NEGATED_FILES`) or leaves alone (:data:`LEFT_ALONE`,
    :data:`KEPT_PLACE`), or None."""
    m = PROTECTED_PLACE.search(phrase) or LEFT_ALONE.search(phrase) or NEGATED_PLACE.search(phrase) \
        or PASSIVE_PLACE.search(phrase) or KEPT_PLACE.search(phrase) or NEGATED_FILES.search(phrase)
    return m.group(1) if m else None


#: The things a copy is made from ("the originals", "the source files"): a copy leaves them as they were.
_ORIGINALS = re.compile(r"\b(?:originals?|sources?|source files?|original (?:files?|documents?|copies|versions?))$")


def originals_of_copies(text: str, phrase: str) -> bool:
    """Whether ``phrase`` leaves alone the originals of the copies the directive asks for (round 21: "copy 2 quotes
    to the team drive and leave the originals alone"): copying never changes what it copies, so keeping the originals
    is what the act already means, no rule to add (a rule here would invent a protected place of its own)."""
    return originals_kept(text, phrase) == "copy_file"


def originals_kept(text: str, phrase: str) -> str | None:
    """The tool (``copy_file`` first, else ``move_file``) of the act in ``text`` whose originals ``phrase`` keeps
    ("leave the originals alone", "keep the original"), or None: round 25 reads "move the spreadsheet ... but keep the
    original" as a wish no move can keep (a move leaves no original), where round 21's copies keep it already."""
    kept = protected_place(phrase) or _KEPT_ORIGINAL.search(phrase) and "originals"
    if not kept or not _ORIGINALS.search(kept.strip()):
        return None
    for wanted in ("copy_file", "move_file"):
        if any(re.search(verb_pattern(v), text[:text.find(phrase)] if phrase in text else text)
               for v in _verbs_of({wanted})):
            return wanted
    return None


#: Keeping the original itself ("but keep the original", "while keeping the source file").
_KEPT_ORIGINAL = re.compile(r"\b(?:keep|keeps|keeping|retain|retains|retaining|preserve|preserves|preserving)\s+"
                            r"(?:the|its|their|an?)\s+(?:originals?|sources?|source files?|original (?:files?|copy))\b")


def rule_templates_at(text: str, start: int, end: int, templates) -> list:
    """The templates the rule phrase ``text[start:end]`` names (``lexicon.rule_templates``). A restriction that
    names nothing itself ("refund 2 orders but only if they were delivered") restricts the act of its part of the
    directive: it names a template that conditions that act (whose condition holds the act wrong unless something
    is true: ``refunded(?o) and (not delivered(?o) ...)``), read with the part's words."""
    if originals_of_copies(text, text[start:end]):  # "copy 2 quotes ... and leave the originals alone"
        return []
    named = rule_templates(text[start:end], templates)
    if not named and protected_place(text[start:end]):  # "never touch anything in /etc": a place kept safe
        return place_templates(templates)
    if place_pointed_at(text, start, end) and (kept := place_templates(templates)):  # "... folder (delete nothing
        return kept  # there)": that place, not every file
    if named or not _RESTRICTION.match(text[start:end]):
        return _narrowed_to_place(text, start, end, named, templates)
    opened = max(text.rfind(c, 0, start) for c in ",;:" + SENTENCE_END) + 1
    if re.fullmatch(r"\s*(?:and|but|yet)?\s*", text[opened:start]):  # ", and only when ...": the act came before
        opened = max(text.rfind(c, 0, max(opened - 1, 0)) for c in ",;:" + SENTENCE_END) + 1
    return rule_templates(text[opened:end], [t for t in templates if re.search(r"\bnot\s", t.constraint.condition)])


def read_constraints(text: str, domains: list[str], notes: list[str]) -> tuple[str, ...]:
    """The constraint templates (see ``toolsets.ConstraintTemplate``) the directive's rule phrases name."""
    names: list[str] = []
    conditions = built_in_conditions(text, domains)
    for start, end, first, then in conditions:
        notes.append(f"'{text[start:end].strip()}': {then} already requires what {first} does")
    for start, end, ordering in rule_phrases(text):
        phrase = text[start:end]
        if any(a < end and start < b for a, b, _, _ in conditions):
            continue  # a permission the world's own order already keeps (:func:`built_in_conditions`)
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


