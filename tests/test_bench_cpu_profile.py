"""``bench.cpu_profile --distinct-questions``: no question asked twice in a process, so a memo
of recent work cannot serve a later turn, and each is still the benchmark's question."""

from __future__ import annotations

from bench.cpu_profile import distinct_questions
from bench.model import QUESTION


def test_no_question_is_asked_twice_across_rounds_and_clients() -> None:
    asked = distinct_questions()
    rounds = [[asked(client, turn) for client in range(4) for turn in range(3)]
              for _ in range(2)]
    every = [q for r in rounds for q in r]
    assert len(set(every)) == len(every) == 24
    assert all(q.startswith(QUESTION[:-1]) and q.endswith("?") for q in every)
