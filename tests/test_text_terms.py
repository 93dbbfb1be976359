"""The light stemmer: the forms a housing officer writes meet the forms a statute uses."""

from __future__ import annotations

import pytest

from shared.text.terms import content_terms, stem


@pytest.mark.parametrize("forms", [
    ("kennel", "kennels", "kennelling", "kennelled"),
    ("cancel", "cancels", "cancelled", "cancelling"),
    ("label", "labelled", "labelling"),
    ("travel", "travelled", "travelling"),
    ("control", "controlled", "controlling"),
    ("install", "installed", "installing", "installs"),
    ("fulfil", "fulfilled", "fulfill"),
    ("fill", "filled", "filling"),
])
def test_british_doubled_l_meets_its_base(forms: tuple[str, ...]) -> None:
    assert len({stem(f) for f in forms}) == 1, {f: stem(f) for f in forms}


def test_short_words_and_other_doubles_are_kept_apart() -> None:
    assert stem("fill") != stem("fell") != stem("fall")
    assert stem("letting") == stem("let")
    assert stem("stopped") == stem("stop")
    assert stem("dressed") == stem("dress")


def test_content_terms_drop_stop_words_and_stem_the_rest() -> None:
    assert content_terms("Are kennelling fees payable?") == [stem("kennel"), "fee", "payabl"]
