"""Deterministic, extractive answers that put the answer first (the offline synthesis).

``questions`` says what kind of answer a question wants and which cue in a sentence answers
it; ``selection`` chooses whole, verbatim sentences for answering the question (meaning plus
cue, not word overlap) and judges whether they answer it at all; ``leads`` chooses the one to
three sentences the answer opens with, ``openers`` what each itself answers ("yes", "it
depends", its period), ``status`` what the source says of repealed or prospective provisions,
``citations`` numbers the citations; ``composition`` writes the answer: the direct answer
first, then the supporting detail grouped by source.
"""

from shared.answering.composition import NO_ANSWER, NO_EVIDENCE, OFFLINE_LABEL, answer
from shared.answering.questions import Question, QuestionKind, classify
from shared.answering.selection import Candidate, Selection, select

__all__ = ["NO_ANSWER", "NO_EVIDENCE", "OFFLINE_LABEL", "Candidate", "Question", "QuestionKind",
           "Selection", "answer", "classify", "select"]
