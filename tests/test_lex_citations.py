"""Provision citations in search queries: only those that name their Act."""

from __future__ import annotations

import pytest

from services.lex.corpus.citations import ProvisionCitation, cited_provision


@pytest.mark.parametrize(("query", "expected"), [
    ("What does section 55 of the Housing Act 2004 say?",
     ProvisionCitation(provision_type="section", number="55", act_title="Housing Act 2004",
                       year=2004)),
    ("s 249A Housing Act 2004",
     ProvisionCitation(provision_type="section", number="249A", act_title="Housing Act 2004",
                       year=2004)),
    ("Summarise s.213 HA 2004",
     ProvisionCitation(provision_type="section", number="213", act_title="Housing Act 2004",
                       year=2004)),
    ("s.21(4B) Housing Act 1988",
     ProvisionCitation(provision_type="section", number="21", act_title="Housing Act 1988",
                       year=1988)),
    ("What does s.4 of the 2004 Act require?",
     ProvisionCitation(provision_type="section", number="4", year=2004)),
    ("Schedule 2 to the Housing Act 1988",
     ProvisionCitation(provision_type="schedule", number="2", act_title="Housing Act 1988",
                       year=1988)),
    # A provision of another Act than the one the question names first is that Act's.
    ("What did the Housing Act 2004 do to section 48 of the County of Merseyside Act 1980?",
     ProvisionCitation(provision_type="section", number="48",
                       act_title="County of Merseyside Act 1980", year=1980)),
    ("Was section 86 of the Housing Grants, Construction and Regeneration Act 1996 repealed?",
     ProvisionCitation(provision_type="section", number="86",
                       act_title="Housing Grants, Construction and Regeneration Act 1996",
                       year=1996)),
    ("Under the Housing Act 2004, what is section 21?",
     ProvisionCitation(provision_type="section", number="21", act_title="Housing Act 2004",
                       year=2004)),
    # EU law is cited by year and number, and its provisions are articles.
    ("What does Article 1 of Commission Decision 2007/257/EC decide?",
     ProvisionCitation(provision_type="section", number="1", year=2007, act_number=257)),
    ("art. 2 of Regulation (EU) No 2016/2243",
     ProvisionCitation(provision_type="section", number="2", year=2016, act_number=2243)),
])
def test_citations_with_their_act(query: str, expected: ProvisionCitation) -> None:
    assert cited_provision(query) == expected


@pytest.mark.parametrize("query", [
    "s.21 notice where the deposit isn't protected",  # a kind of notice, no Act named
    "TEN under s.62 - how long does it last?",
    "houses in multiple occupation licence",
    "Housing Act 2004 licensing",
    "an article about Regulation (EU) 2016/2243",  # no provision's number
])
def test_no_citation(query: str) -> None:
    assert cited_provision(query) is None
