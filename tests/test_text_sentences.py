"""Sentence boundaries: abbreviations in citations never end a sentence. The words that open a
sentence but belong to no name after them, one list for the verifier's party and body names."""

from __future__ import annotations

import pytest

from shared.text.sentences import OPENING, document_sentences, opening_word, split_sentences
from shared.verification.authorities import unnamed_bodies
from shared.verification.owners import _holder_key, proceedings_given_to_the_other_side


def _sentences(text: str) -> list[str]:
    return [text[s.start:s.end] for s in split_sentences(text)]


@pytest.mark.parametrize("citation", ["5 & 6 Ed. 6. c. 16", "49 Geo. 3. c. 126",
                                      "22 & 23 Vict. c. 35", "1 Will. IV. c. 6",
                                      "5 & 6 Ed. 6. C. 16"])
def test_a_regnal_year_citation_is_not_split(citation: str) -> None:
    text = f"Provisions of {citation} extended to other offices. The next sentence."
    assert _sentences(text) == [f"Provisions of {citation} extended to other offices.",
                                "The next sentence."]


def test_a_monarch_word_ending_a_sentence_still_ends_it() -> None:
    assert _sentences("He reigned as Geo. III. In 1809 the Act passed.") == [
        "He reigned as Geo. III.", "In 1809 the Act passed."]
    assert _sentences("Ask Will. Then ask again.") == ["Ask Will.", "Then ask again."]


def test_section_abbreviations_and_numbers() -> None:
    assert _sentences("See s. 21 of the Act. It was repealed.") == [
        "See s. 21 of the Act.", "It was repealed."]


def test_document_sentences_keep_a_regnal_citation_whole() -> None:
    found = document_sentences("# Sale of offices\n\nProvisions of 5 & 6 Ed. 6. c. 16 "
                               "extended. More text.")
    assert [s.text for s in found] == ["Sale of offices",
                                       "Provisions of 5 & 6 Ed. 6. c. 16 extended.",
                                       "More text."]


def test_a_cited_regnal_title_stays_one_sentence() -> None:
    """The answer's status sentence lists titles; a title's "Ed." must not end it."""
    tag = '<cite ref="ukpga/Geo3/49/126/section/1">3</cite>'
    text = (f"The source marks the following provisions as repealed: \u201cProvisions of 5 & 6 "
            f"Ed. 6. c. 16 extended to other offices\u201d {tag}. Next.")
    spans = split_sentences(text, [(text.index("<cite"), text.index("</cite>") + 7)])
    assert len(spans) == 2 and text[spans[0].start:spans[0].end].endswith(f"{tag}.")


@pytest.mark.parametrize(("word", "opening"), [
    ("The", True), ("When", True), ("Only", True), ("THE", True),
    ("the", False),  # in running text the word is not a sentence's opening
    ("Theft", False), ("Smith", False), ("", False),
])
def test_an_opening_word_is_a_capitalised_function_word(word: str, opening: bool) -> None:
    assert opening_word(word) is opening


def test_one_opening_word_is_taken_off_a_name() -> None:
    assert OPENING.sub("", "When Smith") == "Smith"
    assert OPENING.sub("", "The Competition and Markets Authority") == (
        "Competition and Markets Authority")
    assert OPENING.sub("", "Theobald Smith") == "Theobald Smith"
    assert OPENING.sub("", "Smith") == "Smith"


def test_the_verifiers_party_and_body_names_leave_every_opening_word_out() -> None:
    # A party after "When" (not only "The", "In", "It", "But", "And") is the party.
    assert proceedings_given_to_the_other_side(
        "When Smith applied for an injunction, the judge refused it.", "Jones v Smith") == ["Smith"]
    # "This Authority" names no body ("The", "In", "Under" … were left out before; "This" not).
    source = "The local housing authority must give consent."
    assert unnamed_bodies("This Authority must give consent.", source) == []
    assert unnamed_bodies("The Competition and Markets Authority must give consent.", source)
    assert _holder_key("Only Xu") == _holder_key("Xu")
