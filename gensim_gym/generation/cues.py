"""Word classes the directive reader's recognizers (:mod:`.directive`) and its safety net (:mod:`.unread`) share.

Each is a regex alternation (no groups of its own, no anchors): a recognizer puts it in a pattern of its shape
("a frequency near a failure" is noise), the safety net uses it as a cue for the kind of a span nobody read.
They live here, public, so neither module imports the other's private names.
"""

from __future__ import annotations

#: Nouns for the time an episode has ("a short horizon", "lots of slack").
TIME_RESOURCE = (r"step count|turn limit|move limit|number of steps|max steps"
                 # a budget of the agent's own acts, by any name for an act (round 58, a researcher's feature
                 # requests: "a tight move budget" read nothing while "a tight step budget" was time; "a small action
                 # allowance", "a generous turn quota"): each act is a step of the episode, so its budget is the horizon
                 r"|(?:time|step|move|turn|action)\s+(?:budgets?|allowances?|quotas?|caps?)"
                 # (its size said, round 73: "a tight budget of 50 moves")
                 r"|budgets?\s+of\s+(?:\d{1,4}\s+)?(?:steps|moves|turns|actions)"
                 r"|time|timing|slack|horizons?|timeouts?"
                 r"|leeway|breathing room|wiggle room|headroom|buffer")
#: Nouns of the span a task is planned over, time only with a modifier of tightness (session 23: "tight timeline", "a
#: short time frame"; "the project timeline" alone is no pressure, nor anything unread).
TIME_SPAN = r"timelines?|time ?frames?|time ?windows?|turnaround(?: times?)?"
#: Nouns for pressure on that time ("a deadline", "time pressure").
TIME_PRESSURE = r"deadlines?|time pressure|time limits?|rush|hurry|clock"
#: The devices a game counts its time down with (session 28, a level designer's brief: "against a short timer", "the
#: timer is generous", "its move counter is limited"): time only with a modifier of tightness or a race against
#: one ("buy 2 kitchen timers" is no pressure).
TIME_DEVICE = r"timers?|countdowns?|stopwatch(?:es)?|(?:move|turn|step|action)\s+counters?"
#: Nouns of what an agent sees ("a limited view", "full visibility").
SEEING = r"views?|visibility|vision|observations?|observability|information|info|knowledge|sight|perception"
#: Words of haste ("hurry", "urgently", "fast").
HASTE = (r"hurry|hurrying|hurried|rush|rushing|rushed|haste|hasty|urgency|urgent|urgently|pressed for time|quick"
         r"|quickly|fast|speed|speedy|race|racing")
#: A frequency ("sometimes", "now and then", "10% of the time"): with a failure, noise.
FREQUENCY = (r"sometimes|occasionally|now and then|every now and then|at times|randomly|at random|every so often"
             r"|from time to time|often|frequently|rarely|seldom|sporadically|intermittently|once in a while"
             r"|every once in a while|here and there|on occasion|periodically|unpredictably"
             r"|some of the time|part of the time|with some probability|by chance"
             # an adverb of chance (round 54: "calendar calls fail stochastically", "grasps fail nondeterministically",
             # "the arm fails on and off"): how a failure happens, at random, so noise
             r"|stochastically|non-?deterministically|probabilistically|erratically|on and off|off and on"
             # a rate said as a number (round 6): "10% of the time", "one time in five", "half the time"
             r"|\d+(?:\.\d+)?\s*(?:%|percent)\s+of\s+the\s+time|half the time|most of the time|now and again"
             r"|(?:one|1|a)\s+(?:time\s+)?(?:in|out of)\s+(?:\d+|[a-z]+)|with (?:a )?(?:small |low )?probability"
             r"(?: of)?(?: [\d.]+%?)?")
#: A failure ("drops", "breaks down", "gets it wrong", "mixes up"); "may" is no chance here.
FAILURE = (r"break down|breaks down|broke down|breaking down|fail|fails|failed|failing|failures?|drops?|dropped"
           r"|dropping|slips?|slipped|slipping|break|breaks|broke|breaking|broken|errors?|errs?|erred|glitch|glitches"
           r"|glitched|glitching|miss|misses|missed|jams?|jammed|jamming|crash|crashes|crashed|crashing"
           r"|misfires?|misfired|misfiring|malfunctions?|malfunctioned|malfunctioning|go wrong|goes wrong|went wrong"
           r"|gone wrong|gets? (?:\w+ )?wrong|got (?:\w+ )?wrong|times? out|timed out|hiccups?|stalls?|stalled"
           r"|fumbles?|fumbled|loses? (?:its )?grip|lost (?:its )?grip|gets? stuck|got stuck|stops? working"
           r"|(?:doesn't|does not|don't|do not|won't|will not) work|returns? (?:an? )?(?:errors?|garbage|nothing)"
           # ... or out of date or bogus (round 68: "the calendar API occasionally returns stale free/busy data")
           r"|(?:returns?|returned|returning)\s+(?:stale|outdated|out-of-date|bogus|junk|invalid|inconsistent)"
           # ... or false, said as a lie (round 72, a forum post: "the tools sometimes lie about what they see", "the
           # sensors occasionally give misleading readings"); "boxes lie on the shelf" is no lie about anything
           r"|(?:lie|lies|lied|lying)\s+(?:about|to)|(?:gives?|gave|giving|returns?|returned|reports?|reported)\s+"
           r"(?:\w+\s+)?(?:false|fake|misleading|made-up|fabricated)"
           r"|flakes? out|acts? up|cuts? out|conks? out|gives? out|sputters?|stutters?"
           # the agent's or a tool's own mistakes (round 6): "gets the slot wrong", "picks the wrong item", "mixes up
           # records", "misreads a label", "flubs a booking"
           r"|(?:gets?|got|getting|has|have|had)\s+(?:[\w'-]+\s+){0,3}?wrong|(?:the|a)\s+wrong(?:\s+[a-z]+)?"
           r"|wrong(?:ly)?|cancell?ed|delayed|interrupted|aborted|rejected|declined|refused|bounced|lost"
           r"|incorrect(?:ly)?|mistakes?|mistaken(?:ly)?|by mistake|in error|erroneous(?:ly)?|inaccurate(?:ly)?"
           r"|(?:mix|mixes|mixed|mixing|mess|messes|messed|messing|screws?|screwed|screwing|trips?|tripped|slip)"
           r"\s+up|slip-ups?|confus(?:es|ed|ing)|blunders?|blundered|goofs?|goofed|flubs?|flubbed|botch(?:es|ed)?"
           r"|bungles?|bungled|mis(?!s|ery|chief|cellan|t\b|ts\b)[a-z]{3,}")  # "missing" is a state (miss: above)
#: Adjectives that say a tool or part fails on its own ("a glitchy gripper", "buggy tools").
FAULTY = (r"glitchy|buggy|faulty|error[- ]prone|malfunctioning|erratic|temperamental|spotty|patchy|shaky|wonky"
          r"|clumsy|sloppy|careless|unsteady|imprecise|mistake[- ]prone|accident[- ]prone"
          r"|imperfect(?!\s+(?:information|info|knowledge|observ\w*|views?|visibility|vision|sight|perception))"
          r"|less[- ]than[- ]perfect|far from perfect|hit[- ](?:or|and)[- ]miss")
#: What a tool gives back, said to come back damaged (session 23: "responses can be garbled", "corrupted replies"): a
#: tool's answer that fails, noise; "2 corrupted files" is the files' state, no tool's.
DAMAGED_ANSWERS = (r"(?:responses?|repl(?:y|ies)|answers?|outputs?|results?|messages?|observations?|readings?"
                   r"|api (?:calls?|responses?))\s+(?:\w+\s+){0,3}?(?:garbled|corrupted|mangled|scrambled|jumbled"
                   r"|malformed)|(?:garbled|corrupted|mangled|scrambled|jumbled|malformed)\s+(?:responses?|repl(?:y|ies)"
                   r"|answers?|outputs?|results?|messages?|observations?|readings?)")
#: Verbs of hiding ("hide", "withhold", "black out").
HIDE_VERB = (r"hide|hides|hid|hiding|conceal|conceals|concealed|concealing|mask|masks|masked|masking|withhold"
             r"|withholds|withheld|withholding|obscure|obscures|obscured|obscuring|redact|redacts|redacted"
             r"|redacting|blank out|blanks out|black out|blacks out|cover up|covers up"
             r"|leave out|leaves out|leaving out|omit|omits|omitted|omitting")
#: Nouns and verbs of reward ("rewards", "payoffs").
REWARD_WORD = r"rewards?|rewarded|rewarding|payoffs?|payouts?"
