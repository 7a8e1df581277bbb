"""A research paper's account of the environment it evaluates on (round 73): an abstract, an "Experimental setup"
paragraph or a reviewer's comments pasted as the directive. Around what the environment is, a paper cites other
work ("(Slaney and Thiebaux, 2001)", "Kim et al. (2019)", "[3, 14]"), points at its own parts ("Table 2", "Section
4.1", "Eq. 3", "Appendix B"), numbers its headings ("3.1 Environment."), marks footnotes ("agent¹"), says what its
authors do with the environment ("We evaluate our agent on ...", "We consider ...", "We adopt ...") and gives
hyperparameters ("(lr = 3e-4, γ = 0.99)", "Hyperparameters: batch size 64"); a review labels itself ("Reviewer 2.",
"Review #1, weaknesses:"). None of that asks anything of the environment: read as written, "(Kim et al., 2019)" was
a goal count of 2019, "Section 6" one of 6, and "consider", "adopt" and "reviewer" operations no tool does.

A paper also says what its environment is not: what other work did ("In contrast to Kim et al. (2019), who used a
generous horizon, ...", "Note that Zhang et al. (2023) report results with a dense reward"), ablations it did not
run ("We did not run the ablation with sparse rewards due to compute constraints") and what it leaves to future work
("We leave partial observability to future work"). Read as written, those were this environment's horizon, reward
and observability.

:func:`paper_spans` finds the frame (``exercise_sheet`` blanks it with the other frames, so its words are filler).
:func:`paper_read` rewrites what the environment is not before any recognizer reads it (``spelling.spelled`` applies
it): another work's act and an ablation not run are dropped; what is left to future work, and another work's act the
authors say they do not do ("Prior work added stochastic road closures; we do not."), are said negated ("no
stochastic road closures"), so a knob with an off value reads off. What the authors' environment does, also said
beside a citation ("Following [7], a refund may only be issued after ...", "As in prior work, the state is fully
observable"), stays read; so does what a reviewer asks for ("I would like to see the agent evaluated under partial
observability"), while the state the reviewer criticizes ("My main concern is that the environment is fully
observable") is dropped.
"""

from __future__ import annotations

import re

from gensim_gym.generation.prd_frame import negated_items

#: A year as a citation gives it ("2019", "2020a").
_YEAR = r"(?:19|20)\d\d[a-z]?"
#: An author's surname (letters of any script, an apostrophe or hyphen inside: "thiébaux", "o'neil").
_NAME = r"[^\W\d_][\w'-]{1,30}"
#: The authors a citation names: one, two joined by "and" or "&", or the first "et al.".
_AUTHORS = rf"{_NAME}(?:\s+et\s+al\.?|\s+(?:and|&)\s+{_NAME})?"
#: A citation in brackets: authors and year, several separated by semicolons, perhaps after "e.g."/"cf."/"see"
#: ("(Slaney and Thiébaux, 2001)", "(cf. Yao et al., 2022)", "(Chen & Li, 2020; Kim, 2019)").
_BRACKETED = rf"\((?:(?:e\.g\.|cf\.|see|i\.e\.),?\s+)?{_AUTHORS},?\s+{_YEAR}(?:\s*;\s*{_AUTHORS},?\s+{_YEAR}){{0,4}}\)"
#: A citation in the sentence: authors with the year in brackets ("Kim et al. (2019)", "Smith and Lee (2020)").
_NARRATIVE = rf"{_AUTHORS}\s+\({_YEAR}\)"
#: A numbered citation ("[7]", "[3, 14]", "[2-5]").
_NUMBERED = r"\[\d{1,3}(?:\s*[,\u2013-]\s*\d{1,3}){0,6}\]"
#: A venue or competition with its year ("IPC-2008", "NeurIPS 2021"): which edition, no count.
_VENUE = r"\b(?:ipc|icaps|aaai|ijcai|neurips|nips|icml|iclr|corl|iros|icra)[- ]?(?:19|20)\d\d\b"
#: Any citation, with the word that follows or consults it ("following [12],", "cf. [3]", "see Kim (2019)").
_CITATION = re.compile(rf"(?:\b(?:following|cf\.|see)\s+)?(?:{_BRACKETED}|{_NARRATIVE}|{_NUMBERED}|{_VENUE})(?:\s*,)?")
#: A reference to the paper's own part: section, table, figure, equation, appendix or algorithm with its number or
#: letter ("Table 1, row 4", "Eq. 3", "Appendix B", "§4.2"); "the table 3 blocks stand on" is no reference.
_PART_REFERENCE = re.compile(
    r"(?:\b(?:see|cf\.)\s+)?(?<!the )(?:\b(?:sections?|sec\.|tables?|tab\.|figures?|figs?\.|equations?|eqs?\.|appendix"
    r"|appendices|algorithms?|alg\.)|\u00a7)\s*(?:\d{1,2}(?:\.\d{1,2}){0,2}\b|[a-h]\b(?:\.\d{1,2})?)"
    r"(?:\s*,\s*(?:rows?|columns?|lines?)\s+\d{1,3}\b)?")
#: A numbered heading's number, on a line of its own words ("3 Experimental Setup", "3.1 Environment."): the words
#: a paper heads its parts with; "3 tasks" at a line's start stays a count.
_HEADING_NUMBER = re.compile(
    r"(?:^|(?<=\n))[ \t]*\d{1,2}(?:\.\d{1,2}){0,2}\.?[ \t]+(?=(?:abstract|introduction|background|related\s+work"
    r"|experimental|experiments?\b|setup|environment\b|evaluation|methods?\b|results|implementation|training"
    r"|discussion|conclusions?)\b)")
#: Footnote marks (superscript digits).
_FOOTNOTE_MARK = re.compile(r"[\u00b9\u00b2\u00b3\u2070\u2074-\u2079]+")
#: The authors' own act on the environment, at a clause's start ("We evaluate our agent on", "We further test",
#: "The authors evaluate on", "We adopt", "We build on"): how a paper says it uses the environment, no act of its
#: agent. In a relative clause it judges something ("30 steps, which we consider tight") and stays.
_AUTHORS_ACT = re.compile(
    r"(?<!which )(?<!that )\b(?:we|the\s+authors|this\s+(?:paper|work))\s+"
    r"(?:(?:further|also|first|then|additionally|primarily)\s+)?"
    r"(?:evaluate|consider|use|adopt|build\s+on|study|introduce|benchmark|test|employ|present|describe|experiment"
    r"\s+with)s?\b(?:\s+(?:our|the|an?|their|its)\s+(?:agents?|methods?|polic(?:y|ies)|approach|models?)\b)?"
    r"(?:\s+generali[sz]ation)?(?:\s+(?:on|in|with)\b)?")
#: A review's labels ("Reviewer 2.", "Review #1, weaknesses:", "Reviewer 1 (summary):", "Minor:"), at the text's
#: or a sentence's start.
_REVIEW_LABEL = re.compile(
    r"(?:^|(?<=[.\n]))[ \t]*(?:(?:meta-?)?review(?:er)?(?:\s*#?\s*\d{1,2})?(?:\s*\([^()\n]{0,30}\))?"
    r"(?:\s*,\s*(?:weaknesses|strengths|summary|comments|questions))?|(?:minor|major)(?:\s+(?:comments?|issues?))?"
    r"|weaknesses|strengths)[ \t]*[:.]")
#: Hyperparameters given in brackets ("(lr = 3e-4, γ = 0.99)", "(p = 0.25)") or after their label
#: ("Hyperparameters: batch size 64, 3 seeds per configuration."): settings of the learner, not the environment.
_HYPERPARAMETERS = re.compile(
    r"\((?:[^()=\n]{1,20}=\s*[^()=,;\n]{1,20}(?:,\s*|\)))(?:[^()=\n]{1,20}=\s*[^()=,;\n]{1,20}(?:,\s*|\))){0,5}"
    r"|\bhyper-?parameters?\s*:[^.\n]{0,150}")

#: Other work, as the subject of what it did: "prior work", "previous studies", a narrative or numbered citation,
#: each perhaps with its bracketed citation after it.
_OTHER_WORK = (rf"(?:(?:prior|previous|earlier|related|existing|past)\s+(?:work|works|studies|papers|approaches"
               rf"|methods|benchmarks)|{_NARRATIVE}|{_NAME}\s+et\s+al\.?|{_NUMBERED})(?:\s*{_BRACKETED})?")
#: Where a sentence or clause opens.
_OPENS = r"(?:^|(?<=[.;:!?\n]))[ \t]*"
#: What other work did, said as its own sentence or clause ("Note that Zhang et al. (2023) report results with a
#: dense reward;", "Prior work (Garcia et al., 2022) added stochastic road closures"), with the authors' "we do
#: not" after it where they say they do not do it.
_OTHERS_ACT = re.compile(
    rf"{_OPENS}(?:note\s+that\s+)?{_OTHER_WORK}\s+(?:also\s+)?(?:[a-z]{{2,}}ed|[a-z]{{2,}}s|used|use|add|report"
    rf"|train|evaluate)\s+(?P<what>[^.;\n]{{1,150}})(?P<end>[.;]|$)"
    r"(?P<refused>[ \t]*(?:but\s+|whereas\s+)?we\s+(?:do|did)\s+not(?:\s+do\s+so)?[ \t]*(?:[.;]|$))?")
#: What other work did, said in a relative clause after a contrast ("In contrast to Kim et al. (2019), who used a
#: generous horizon, our episodes ..."): the contrast stays, the relative clause goes.
_OTHERS_RELATIVE = re.compile(
    rf"\b(?P<contrast>(?:unlike|in\s+contrast\s+to|contrary\s+to|as\s+opposed\s+to|compared\s+(?:to|with))\s+"
    rf"(?:{_OTHER_WORK}|[^,;\n]{{1,40}}?)),?\s+(?:who|which)\s+[^,;.\n]{{1,120}}")
#: An ablation or experiment the authors did not run: nothing asked of the environment, up to the sentence's end.
_NOT_RUN = re.compile(
    r"\bwe\s+(?:did\s+not|do\s+not|didn't|don't|could\s+not|couldn't|were\s+unable\s+to)\s+(?:run|perform|conduct"
    r"|include|report|try)\s+(?:(?:the|an?|any|this|that|such)\s+)?(?:[a-z-]+\s+)?(?:ablations?|experiments?"
    r"|comparisons?|runs?|baselines?)\b[^.;\n]{0,150}")
#: What the authors leave to future work ("We leave partial observability to future work", "..., and leave a
#: careful comparison to future work", "Noisy sensors are left for future work"): the items are not this
#: environment's.
_FUTURE_WORK = re.compile(
    rf"\b(?:we|and)\s+leave\s+(?P<items>[^.;\n]{{1,80}}?)\s+(?:to|for|as)\s+future\s+work\b"
    rf"|{_OPENS}(?P<subject>[^.;:!?\n]{{1,80}}?)\s+(?:is|are)\s+left\s+(?:to|for|as)\s+future\s+work\b")


def paper_spans(text: str) -> list[tuple[int, int]]:
    """The spans of ``text`` (lower case) that are a paper's or a review's frame (module docstring), unordered,
    perhaps overlapping."""
    patterns = (_CITATION, _PART_REFERENCE, _HEADING_NUMBER, _FOOTNOTE_MARK, _AUTHORS_ACT, _REVIEW_LABEL,
                _HYPERPARAMETERS)
    return [m.span() for pattern in patterns for m in pattern.finditer(text)]


#: What a reviewer (or the authors) criticizes, as it stands ("My main concern is that the environment is fully
#: observable, which makes the problem easy;"): the state complained of, no request; the request follows it ("I would
#: like to see results where the agent only observes ...").
_CRITICIZED = re.compile(
    rf"{_OPENS}(?:my|our|the|one|a)\s+(?:(?:main|major|biggest|primary|key|only)\s+)?(?:concern|criticism|weakness"
    r"|limitation|complaint)\s+(?:here\s+)?is\s+that\b[^.;\n]{0,150}")


def paper_read(text: str) -> str:
    """``text`` (lower case) with what a paper says its environment is not rewritten (module docstring): other
    work's acts and ablations not run dropped, what is left to future work or refused said negated; text without
    them comes back unchanged; a reviewer's criticism of the environment as it stands is dropped too."""
    text = _CRITICIZED.sub("", _NOT_RUN.sub("", text))
    text = _OTHERS_RELATIVE.sub(lambda m: m.group("contrast"), text)
    text = _OTHERS_ACT.sub(_others_act_read, text)
    return _FUTURE_WORK.sub(lambda m: negated_items(m.group("items") or m.group("subject")), text)


def _others_act_read(m: re.Match[str]) -> str:
    """Another work's act: dropped, or said negated where the authors say they do not do it (its object after
    "no")."""
    if m.group("refused"):
        return " " + negated_items(m.group("what").strip()) + "."
    return m.group("end")
