"""Reordering a fused ranking of provisions (services/lex/corpus/ranking.py)."""

from __future__ import annotations

from typing import Any

from services.lex.corpus.ranking import (
    acts_first,
    agreed_first,
    fulltext_first_kept,
    named_second,
    twins_together,
    with_each_parts_best,
)

ACT = "http://www.legislation.gov.uk/id/ukpga/2004/34/section/"
OTHER = "http://www.legislation.gov.uk/id/ukpga/2016/22/section/"
TITLES = {
    ACT + "62": "Temporary exemption from licensing requirement",
    ACT + "61": "Requirement for HMOs to be licensed",
    ACT + "85": "Requirement for Part 3 houses to be licensed",
    ACT + "86": "Temporary exemption from licensing requirement",
    ACT + "90": "Licence conditions",
    ACT + "67": "Licence conditions",
    OTHER + "1": "Temporary exemption from licensing requirement",
}


def _rows(*ids: str) -> list[dict[str, Any]]:
    return [{"id": i, "score": 1.0 / n} for n, i in enumerate(ids, 1)]


def _title(row: dict[str, Any]) -> str:
    return TITLES[row["id"]]


def test_a_twin_of_a_first_provision_comes_up_beside_it() -> None:
    ranked = _rows(ACT + "62", ACT + "61", ACT + "85", ACT + "86")
    out = twins_together(ranked, _title)
    assert [r["id"] for r in out] == [ACT + "62", ACT + "86", ACT + "61", ACT + "85"]
    scores = [r["score"] for r in out]
    assert scores == sorted(scores, reverse=True)


def test_only_the_first_provisions_bring_up_twins_and_only_of_their_own_act() -> None:
    ranked = _rows(ACT + "62", ACT + "61", ACT + "85", OTHER + "1")
    out = [r["id"] for r in twins_together(ranked, _title, first=3)]
    assert out == [ACT + "62", ACT + "61", ACT + "85", OTHER + "1"]
    out = [r["id"] for r in twins_together(_rows(ACT + "61", ACT + "85", ACT + "90",
                                                 ACT + "62", ACT + "67"), _title, first=2)]
    assert out == [ACT + "61", ACT + "85", ACT + "90", ACT + "62", ACT + "67"]


def test_a_comparisons_sides_stay_before_the_twin_of_the_first() -> None:
    ranked = _rows(ACT + "62", ACT + "61", ACT + "85", ACT + "86")
    out = twins_together(ranked, _title, kept=2)
    assert [r["id"] for r in out] == [ACT + "62", ACT + "61", ACT + "86", ACT + "85"]
    scores = [r["score"] for r in out]
    assert scores == sorted(scores, reverse=True)
    assert [r["id"] for r in twins_together(_rows(ACT + "62", ACT + "86"), _title,
                                            kept=3)] == [ACT + "62", ACT + "86"]


def test_each_part_of_a_compound_question_has_its_best_answer_near_the_top() -> None:
    whole = _rows("a", "b", "c", "d", "e", "f")
    parts = [_rows("a", "c"), _rows("f", "a")]
    out = with_each_parts_best(whole, parts, 5, k=10)
    assert [r["id"] for r in out] == ["a", "f", "b", "c", "d"]
    assert [r["score"] for r in out] == [1 / 11, 1 / 12, 1 / 13, 1 / 14, 1 / 15]


def test_a_provision_named_by_its_popular_name_comes_second() -> None:
    s21 = {"id": "http://www.legislation.gov.uk/id/ukpga/1988/50/section/21", "score": 0.0}
    ranked = _rows(ACT + "62", ACT + "61", ACT + "85", s21["id"])
    out = named_second([s21], ranked)
    assert [r["id"] for r in out] == [ACT + "62", s21["id"], ACT + "61", ACT + "85"]
    scores = [r["score"] for r in out]
    assert scores == sorted(scores, reverse=True)


def test_a_named_provision_already_near_the_top_stays_where_it_is() -> None:
    s21 = {"id": "http://www.legislation.gov.uk/id/ukpga/1988/50/section/21", "score": 0.0}
    ranked = _rows(s21["id"], ACT + "62", ACT + "61")
    assert [r["id"] for r in named_second([s21], ranked)] == [r["id"] for r in ranked]
    assert [r["id"] for r in named_second([], ranked)] == [r["id"] for r in ranked]


def test_the_provisions_of_a_named_act_come_first_in_their_order() -> None:
    ranked = _rows(ACT + "61", OTHER + "1", ACT + "62", OTHER + "2")
    out = acts_first(ranked, {OTHER.removesuffix("/section/")})
    assert [r["id"] for r in out] == [OTHER + "1", OTHER + "2", ACT + "61", ACT + "62"]
    assert [r["score"] for r in out] == [r["score"] for r in ranked]
    assert acts_first(ranked, set()) == ranked


def test_full_text_first_counts_only_when_dense_ranks_it_near_the_top() -> None:
    assert agreed_first(["a", "b"], ["c", "d", "a"]) == "a"
    assert agreed_first(["a", "b"], ["c", "d", "a"], within=2) is None
    assert agreed_first(["a", "b"], ["b", "c"]) is None  # dense agrees on the second only
    assert agreed_first([], ["a"]) is None


def test_an_agreed_full_text_first_is_kept_on_the_first_page() -> None:
    ranked = _rows("a", "b", "c", "d", "e", "f", "g")
    out = fulltext_first_kept(ranked, "g", place=5)
    assert [r["id"] for r in out] == ["a", "b", "c", "d", "g", "e", "f"]
    assert [r["score"] for r in out] == [r["score"] for r in ranked]


def test_a_full_text_first_already_on_the_first_page_or_absent_moves_nothing() -> None:
    ranked = _rows("a", "b", "c", "d", "e", "f")
    for first in ("c", "e", "z", None):
        assert fulltext_first_kept(ranked, first, place=5) == ranked
