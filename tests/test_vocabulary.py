"""Housing vocabulary: abbreviations and everyday words meet the sources' own words."""

from __future__ import annotations

import uuid

import pytest

from services.lex.corpus.citations import cited_provision
from services.workers.policy import subject_first
from shared.cache.guard import question_features, reuse_verdict
from shared.documents import DocumentHit, StoredChunk
from shared.text.vocabulary import (
    ACTIONS,
    expand,
    expand_statutory,
    expansions,
    spelt_out,
    subjects,
    topics,
    unexpanded,
)


@pytest.mark.parametrize(
    ("question", "added"),
    [
        ("What is an HMO?", "house in multiple occupation"),
        ("Do HMOs need a licence?", "house in multiple occupation"),
        ("What is a house in multiple occupation?", "HMO"),
        ("How do we deal with ASB on an estate?", "anti-social behaviour"),
        ("What powers do we have over anti-social behaviour?", "ASB"),
        ("Can we serve a s.21 notice?", "section 21 Housing Act 1988"),
        ("Is a s21 still valid?", "section 21 Housing Act 1988"),
        ("When can a section 21 notice be served?", "Housing Act 1988"),
        ("Who pays for a DFG?", "disabled facilities grant"),
        ("How do we apply for a disabled facilities grant?", "DFG"),
        ("How often do we need an EICR?", "electrical installation condition report"),
        ("What does the RSH expect of us?", "Regulator of Social Housing"),
        ("Has the Regulator of Social Housing published anything?", "RSH"),
        ("How is HHSRS scoring done?", "Housing Health and Safety Rating System"),
        ("Do we have to give the tenant a CP12?", "gas safety record"),
        ("Where do we keep the LGSR?", "gas safety record"),
        ("How long is a gas safety certificate valid?", "gas safety record"),
        ("Can the tenant appeal to the FTT?", "First-tier Tribunal"),
        ("Do we need a licence for a shared house?", "house in multiple occupation"),
        ("Is a house share an HMO?", "house in multiple occupation"),
        ("Can the tenant be kicked out for arrears?", "possession"),
        ("When can we evict a tenant?", "possession"),
        ("The tenant reports mould in the bathroom", "damp and mould"),
        ("What does Awaab's Law require?", "hazards in social housing"),
        ("What does Awaabs law require?", "Social Housing (Regulation) Act 2023"),
        ("Who pays for a stairlift?", "disabled facilities grant"),
        ("How often do we need an electrical safety check?",
         "electrical installation condition report"),
        ("What about noisy neighbours?", "anti-social behaviour"),
        ("The flat is not fit to live in", "fitness for human habitation"),
        ("Must we fit smoke alarms?", "install"),
        ("Can we get a JP warrant to enter?", "justice of the peace"),
        ("Is the RSL bound by this?", "registered social landlord"),
        ("Can the landlord appeal to the RPT?", "residential property tribunal"),
        ("Does the SoS have to confirm it?", "Secretary of State"),
        ("Which TDP scheme holds the deposit?", "tenancy deposit protection"),
    ],
)
def test_expansion_adds_the_sources_words(question: str, added: str) -> None:
    expanded = expand(question)
    assert expanded.startswith(question)
    assert added in expanded


@pytest.mark.parametrize(
    "question",
    [
        "How quickly must we respond to a stage one complaint?",
        "What is our repairs policy timescale for an emergency repair?",
        "section 21 of the Landlord and Tenant Act 1985",  # another Act's section 21
        "It's 8 working days",  # an apostrophe-s is not a section
        "What must we do about damp and mould in a flat we let?",  # already in its words
        "Hello",
    ],
)
def test_nothing_is_added_when_nothing_maps(question: str) -> None:
    assert expand(question) == question


def test_each_expansion_is_added_once_and_names_what_triggered_it() -> None:
    found = expansions("Is an HMO with mould and damp, in a shared house, an HMO?")
    means = [e.means for e in found]
    assert len(means) == len(set(means))
    hmo = next(e for e in found if e.means == "house in multiple occupation")
    assert hmo.said == "HMO"
    assert "house in multiple occupation HMO" not in means  # its words are all there already


@pytest.mark.parametrize(
    ("question", "means"),
    [
        ("Occupant notices a whiff like rotten eggs near the kitchen", "suspected gas leak"),
        ("the boiler has packed up again", "loss of heating or hot water"),
        ("there's black fungus on the bathroom ceiling", "damp and mould"),
        ("Rats in the bin store", "pests vermin infestation"),
        ("Upstairs blasting music every night", "noise nuisance anti-social behaviour"),
        ("Racist abuse shouted at the family", "hate incident"),
        ("His son kicked in the front door", "damage caused deliberately recharge"),
        ("How much warning before the works start?", "notice"),
        ("Can we move them out while the builders are in?", "decant"),
        ("Four kids sharing one bedroom", "overcrowding"),
        ("Her mum passed away, can she stay in the flat?", "succession when a tenant dies"),
        ("The OT says she needs a through-floor lift", "occupational therapist"),
        ("Bikes and prams left on the landing", "items left in communal areas"),
        ("Must the council keep a register of HMO licences?", "maintain"),
    ],
)
def test_everyday_words_find_the_sources_concept(question: str, means: str) -> None:
    assert means in expand(question)


@pytest.mark.parametrize(
    ("question", "not_meant"),
    [
        ("Can a fixed-term tenancy be ended early?", "repair"),
        ("Is a fixed penalty notice an offence?", "repair"),
        ("The family is threatened with eviction", "anti-social behaviour"),
        ("The builders left a mess in the hall", "decant"),
        ("How do we keep tenants safe in a heatwave?", "maintain"),  # no register kept
    ],
)
def test_everyday_readings_do_not_fire_on_the_same_words_in_other_senses(
        question: str, not_meant: str) -> None:
    assert not_meant not in expand(question)


def test_a_statute_heading_gets_abbreviations_but_no_everyday_readings() -> None:
    # Section headings are embedded with their abbreviations spelt out, but "fixed" in
    # "Fixed penalty notices" is no repair and "unsafe" no lay word for a hazard there.
    assert expand("Fixed penalty notices", lay=False) == "Fixed penalty notices"
    assert "repair" in expand("Who will fix the broken window?")
    assert "HMO" in expand("Licensing of houses in multiple occupation", lay=False)


def test_statutory_expansion_keeps_the_legislation_words() -> None:
    query = expand_statutory("Do we need a licence for a five-bedroom shared house?")
    assert "house in multiple occupation" in query
    assert "licence licensing" in query
    # An HMO question is not always about licensing: "licensing" only when it is asked.
    assert "licensing" not in expand_statutory("What fire precautions must a six-bed HMO have?")
    assert "hazard category 1 improvement notice" in expand_statutory("Mould in a flat")
    assert "tenancy deposit scheme" in expand_statutory("Where must the deposit be held?")
    assert expand_statutory("Hello") == "Hello"


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("How quickly must we respond to a stage one complaint?", ["stage one complaint"]),
        ("What must we do about damp and mould in a flat we let?", ["damp and mould"]),
        ("Do we need a licence for an HMO?", ["licence", "HMO"]),
        ("Can we serve a section 21 notice for rent arrears?",
         ["section 21 notice", "rent arrears"]),
        ("What does Awaab's Law say about hazards?", ["Awaab's Law", "hazards"]),
        ("And what if the tenant is vulnerable?", []),
        ("Does that apply to leaseholders?", []),
        ("How quickly must we respond?", []),
    ],
)
def test_topics_are_the_housing_subjects_in_order(text: str, expected: list[str]) -> None:
    assert topics(text) == expected


def test_a_topic_is_named_once() -> None:
    assert topics("Complaints, complaints and more complaints") == ["Complaints"]


def _hit(title: str, heading: str, score: float) -> DocumentHit:
    return DocumentHit(chunk=StoredChunk(document_id=uuid.uuid4(), title=title, idx=0, start=0,
                                         end=1, heading=heading, text="x"), score=score)


def test_the_policy_on_the_questions_subject_comes_first() -> None:
    damp = _hit("Damp and mould policy", "Vulnerable residents", 0.9)
    stage = _hit("Complaints policy", "Stage 1", 0.8)
    repairs = _hit("Responsive repairs policy", "Timescales", 0.7)
    hits = [damp, stage, repairs]
    ordered = subject_first("What if the tenant is vulnerable? (about: stage one complaint)",
                            hits)
    assert ordered == [stage, damp, repairs]
    assert subject_first("What if the tenant is vulnerable?", hits) == hits  # no subject
    assert subject_first("How quickly do we fix a leak?", hits) == hits  # no policy on it
    assert subject_first("Mould in a flat: what must we do?", hits)[0] is damp


def test_an_alternation_matches_whole_words_only() -> None:
    # "s.21" is one alternative of the section 21 entry; "s.213" is another section.
    assert "Housing Act 1988" not in expand_statutory("Summarise s.213 HA 2004")
    assert "section 21 Housing Act 1988" in expand_statutory("s.21 notice")


@pytest.mark.parametrize(("question", "added"), [
    ("RRO for an unlicensed HMO", "rent repayment order"),
    ("TEN under s.62", "temporary exemption notice"),
    ("EDMO - can the LHA take over an empty home?", "empty dwelling management order"),
    ("Summarise s.213 HA 2004", "Housing Act 2004"),
])
def test_statutory_abbreviations(question: str, added: str) -> None:
    assert added in expand_statutory(question)


@pytest.mark.parametrize(("question", "added"), [
    ("Who can apply for a rent repayment order?", "RRO"),
    ("When does a temporary exemption notice end?", "TEN"),
    ("Compensation under a final empty dwelling management order", "EDMO"),
])
def test_the_acts_terms_spelt_out_also_find_their_abbreviation(question: str,
                                                                added: str) -> None:
    """The Act spells a term out once and abbreviates it after: "Making of interim EDMOs"."""
    query = expand_statutory(question)
    assert added in query.split()
    assert unexpanded(query) == question


@pytest.mark.parametrize("question", [
    "Fire doors in a block of flats (not an HMO)",
    "Fire doors in any shared building other than an HMO",
    "Fire doors in flats, except HMOs",
])
def test_what_the_question_excludes_is_not_searched_for(question: str) -> None:
    assert "house in multiple occupation" not in expand_statutory(question)
    assert "house in multiple occupation" not in spelt_out(question)
    assert "house in multiple occupation" in expand_statutory(
        question.replace("not an HMO", "an HMO").replace("other than", "such as")
        .replace("except", "and"))


def test_a_how_long_question_asks_for_a_period() -> None:
    assert "duration period" in expand_statutory("How long does a banning order last?")
    assert "duration" not in spelt_out("How long does a banning order last?")


def test_an_irregular_participle_also_finds_the_headings_gerund() -> None:
    """The stemmer keeps "made" apart from "making": "Making of final EDMOs"."""
    assert "make" in expand_statutory("Can a banning order be made?").split()
    assert "make" not in spelt_out("Can a banning order be made?").split()
    assert "make" not in expand_statutory("Who is the maker?").split()


def test_ten_the_number_is_not_an_abbreviation() -> None:
    assert "temporary exemption notice" not in expand_statutory("ten days after the notice")


@pytest.mark.parametrize("question", [
    "HMO licence - when is it mandatory?",
    "s.21 notice where the deposit isn't protected",
    "DFG?",
    "What does section 55 of the Housing Act 2004 say?",  # nothing to expand
    "council reckons my house is an hmo, can they just declare it one?",
])
def test_the_question_is_recovered_from_its_expansion(question: str) -> None:
    assert unexpanded(expand_statutory(question)) == question
    assert unexpanded(expand(question)) == question
    assert unexpanded(question) == question


def test_an_expansion_names_no_provision_the_asker_did_not_cite() -> None:
    """The Lex store reads citations in the question, not in its expansion: "s.21 notice"
    names no Act, though its expansion says "Housing Act 1988"."""
    query = expand_statutory("s.21 notice where the deposit isn't protected")
    assert cited_provision(query) is not None
    assert cited_provision(unexpanded(query)) is None


def test_the_model_gets_abbreviations_spelt_out_but_no_keywords() -> None:
    assert "temporary exemption notice" in spelt_out("TEN under s.62 - how long does it last?")
    assert "house in multiple occupation" in spelt_out("Do HMOs need a licence?")
    assert "licensing" in expand_statutory("Do HMOs need a licence?")
    assert "licensing" not in spelt_out("Do HMOs need a licence?")
    assert spelt_out("Can the landlord keep the deposit?") == "Can the landlord keep the deposit?"


@pytest.mark.parametrize(("question", "means"), [
    ("Is it a crime to rent out an unlicensed HMO?", "offence"),
    ("Is it illegal to ignore an improvement notice?", "offence"),
    ("What if the landlord gets in the way of the inspector?", "obstruction"),
    ("Can a tenant stop the council from inspecting the flat?", "obstruction"),
])
def test_everyday_words_for_an_offence_and_obstruction(question: str, means: str) -> None:
    assert means in expand(question)


@pytest.mark.parametrize(("question", "means"), [
    ("Can the council knock the block down?", "demolition"),
    ("Will they pull the old houses down?", "demolition"),
    ("Can the council take the landlord's licence away?", "revoke"),
    ("Could the council take away his HMO licence?", "revoke"),
    ("Is there a public list of licensed HMOs?", "register"),
    ("Where is the list of landlords with licences?", "register"),
    ("Does the council need the tribunal's say-so?", "authorisation"),
    ("Will the neighbours who lose out get paid anything?", "compensation"),
    ("Is the landlord left out of pocket?", "compensation"),
    ("Can the council get its money back from the owner?", "recover"),
    ("Can the council be let off serving the notice?", "dispense with"),
    ("Can we email the licence to the landlord?", "electronic means"),
])
def test_everyday_words_for_what_a_council_does(question: str, means: str) -> None:
    assert means in expand(question)


@pytest.mark.parametrize(("question", "means"), [
    ("Would the notice come up in the conveyancing?", "local land charge"),
    ("Can my neighbour buy her council flat?", "right to buy"),
    ("From which date is the order binding?", "operative"),
    ("They keep refusing access to the surveyor", "permit"),
    ("Do toddlers count when we work out the numbers?", "persons under a particular age"),
    ("He tore up the paperwork we asked for", "destroys"),
    ("Is a starter tenancy different?", "introductory tenancy"),
    ("Can they shut the flat down until it's safe?", "prohibition order"),
    ("Can tenants get their rent back from the landlord?", "rent repayment order"),
    ("Who pays for breakages in a void?", "damage"),
    ("What if the resident's ex-partner attacks her?", "domestic abuse"),
    ("Her boyfriend hits her; does that change the recharge?", "domestic abuse"),
])
def test_everyday_words_for_the_statutes_concepts(question: str, means: str) -> None:
    assert means in expand(question)


def test_money_back_is_recovery_not_a_rent_repayment_order() -> None:
    assert "rent repayment order" not in expand("Can the council get its money back?")


def test_an_imo_is_an_interim_management_order_but_imo_is_an_opinion() -> None:
    assert "interim management order" in expand_statutory("Can the LHA vary an IMO?")
    assert "management" not in expand_statutory("imo the landlord is wrong")


def test_a_list_of_other_things_is_no_register() -> None:
    assert "register" not in expand("Is there a list of repairs we must do?")


def test_the_policies_wording_stays_out_of_legal_queries() -> None:
    """"How long" is "how quickly we respond" in a landlord's policies, never in a statute:
    a legal query (full text or the model's) must not carry it."""
    question = "How long does an HMO licence last?"
    assert "how quickly we respond" in expand(question)
    assert "how quickly we respond" not in expand_statutory(question)
    assert "how quickly we respond" not in spelt_out(question)
    assert "duration period" in expand_statutory(question)
    assert unexpanded(expand_statutory(question)) == question
    assert unexpanded(expand(question)) == question


@pytest.mark.parametrize(("one", "other"), [
    # Actions.
    ("Who will fix the door?", "Who will repair the door?"),
    ("Who will mend the door?", "Who will repair the door?"),
    ("Must we install a detector?", "Must we fit a detector?"),
    ("Can a tenant ask for a transfer?", "Can a tenant request a transfer?"),
    ("How do we serve a notice?", "How do we give a notice?"),
    ("How do we serve a notice?", "How do we issue a notice?"),
    ("Can we terminate a tenancy early?", "Can we end a tenancy early?"),
    ("Can the tenancy be brought to an end early?", "Can the tenancy be terminated early?"),
    ("When can we evict?", "When can we recover possession?"),
    ("Must we notify the tenant?", "Must we inform the tenant?"),
    ("Must we refund the tenant?", "Must we pay the tenant back?"),
    ("Is the tenant liable for condensation?", "Is the tenant to blame for condensation?"),
    ("Is condensation the tenant's fault?", "Is the tenant liable for condensation?"),
    ("Can a tenant withhold rent?", "Can a tenant stop paying rent?"),
    # Money.
    ("Can the council fine a landlord?", "Can the council impose a penalty on a landlord?"),
    ("What is the maximum fine?", "What is the maximum penalty?"),
    ("Can we charge for keys?", "Is there a fee for keys?"),
    ("Can the tenant claim compensation?", "Can the tenant claim damages?"),
    # People and time.
    ("What must a housing association do?", "What must a registered provider do?"),
    ("What must a housing provider do?", "What must a housing association do?"),
    ("When do the rules come into force?", "When do the rules take effect?"),
    ("When does the tenancy start?", "When does the tenancy commence?"),
    ("When does the tenancy begin?", "When does the tenancy commence?"),
])
def test_words_of_one_meaning_are_no_swap_for_the_cache(one: str, other: str) -> None:
    # Nearly as similar as the model puts paraphrases: only a swap of words would refuse.
    for a, b in ((one, other), (other, one)):
        verdict = reuse_verdict(a, b, 0.95)
        assert verdict.reusable, (a, b, verdict.reason)


@pytest.mark.parametrize(("question", "not_meant"), [
    ("Is the flat fit for human habitation?", "install"),
    ("Is the flat fit to live in?", "install"),
    ("Is the landlord a fit and proper person?", "install"),
    ("Is it fine to ask for a reference?", "penalty"),
    ("Who is in charge of repairs?", "fee"),
    ("What is the service charge for the lift?", "fee"),
    ("Can we ask whether the tenant works?", "request"),
    ("When does the tenant start work?", "come into force"),
    ("Can we serve the tenant food?", "give"),  # no notice
    ("Can the tenant end the call?", "terminate"),  # no agreement
    ("Is it a no-fault eviction?", "liable"),
])
def test_a_synonym_only_in_one_sense_is_not_added_in_another(question: str,
                                                              not_meant: str) -> None:
    assert not_meant not in expand(question)


def test_smoke_alarms_and_carbon_monoxide_alarms_are_two_things() -> None:
    assert "carbon monoxide" not in expand("Must we fit smoke alarms?")
    assert "smoke" not in expand("Must we fit carbon monoxide alarms?")
    assert "carbon monoxide" in expand("Must we fit CO alarms?")


def test_a_section_with_a_letter_names_no_act_of_that_letter() -> None:
    named = subjects("What does section 20B of the Landlord and Tenant Act 1985 require?")
    assert named == ["section 20B", "Landlord and Tenant Act 1985"]
    assert "housing act 1988" in question_features(
        "Does s.11A of the Housing Act 1988 apply?").references


def test_a_verb_of_action_qualifies_no_thing() -> None:
    assert {"withhold", "govern", "evict"} <= ACTIONS
    assert question_features("Can tenants withhold rent?").kinds == frozenset()
    assert question_features("Which rules govern rent?").qualified == frozenset()
    # A noun still qualifies: a smoke alarm is a kind of alarm.
    assert ("smok", "alarm") in question_features("Must we fit a smoke alarm?").kinds


@pytest.mark.parametrize(
    ("question", "added"),
    [
        ("Does the SoS have to confirm the designation?", "appropriate national authority"),
        ("Can the Secretary of State give guidance?", "appropriate national authority"),
        ("Can ministers make an order about overcrowding?", "appropriate national authority"),
    ],
)
def test_the_minister_is_the_acts_appropriate_national_authority(question: str,
                                                                   added: str) -> None:
    """However the asker names the minister, the Act says "appropriate national authority"."""
    assert added in expand_statutory(question)
    assert added not in expand(question)  # the statute book's words, for legal search only


def test_capital_abbreviations_are_not_words() -> None:
    """"sos" and "jp" in lower case are no abbreviations: only capitals expand them."""
    assert "Secretary of State" not in expand("send an sos")


@pytest.mark.parametrize(("question", "added"), [
    ("Is it illegal to let a flat without a licence?", "offence"),
    ("Is it a crime to ignore the notice?", "offence"),
    ("What if the landlord lied to the council about the occupiers?", "false or misleading"),
    ("The tenants keep causing trouble in the street", "anti-social behaviour"),
    ("Yobs hang around the stairwell every night", "anti-social behaviour"),
])
def test_everyday_words_meet_the_statute_books(question: str, added: str) -> None:
    """Full text meets the Act's own words only: "illegal" is an offence, lying to the council
    is giving false or misleading information, causing trouble is anti-social behaviour."""
    assert added in expand_statutory(question)


def test_lying_down_is_no_false_information() -> None:
    assert "false or misleading" not in expand_statutory("Can a tenant lie down in the hall?")


@pytest.mark.parametrize(("question", "added"), [
    ("Is there a standard template for the notice?", "form prescribe"),
    ("Can the minister lay down what the notice says?", "prescribe"),
    ("If the notice is emailed, when is it served?", "electronic communications"),
    ("Does the order just lapse?", "cease to have effect"),
    ("Do they have to send a yearly report?", "annual"),
    ("The council has taken over running the house", "management order"),
    ("They gave the landlord an order to fix the stairs", "improvement notice"),
    ("Can they put a ban on anyone living in the basement?", "prohibition order"),
    ("Can the council knock the whole terrace down?", "demolition order"),
    ("Can they clear the whole estate?", "clearance area"),
    ("The council brought in extra HMO licensing", "additional licensing designation"),
    ("I lost at the property tribunal", "residential property tribunal"),
    ("Can I take it further?", "appeal"),
    ("Does my lender keep its rights?", "mortgagee"),
    ("Does the association get first dibs if I sell?", "right of first refusal"),
])
def test_everyday_words_for_the_acts_procedures(question: str, added: str) -> None:
    """A lay or spoken question meets the Act's words for the procedure it describes."""
    assert added in expand_statutory(question)


_NOT_READ_INTO = {
    "the Act's procedures": ("repayment", "prescribe", "management order", "appeal"),
    "its bodies and sums": ("false or misleading", "person associated", "charge expenses",
                            "consult"),
}


@pytest.mark.parametrize(("question", "kind"), [
    ("Can I pay the arrears back in instalments?", "the Act's procedures"),
    ("Will the council send the form by post?", "the Act's procedures"),
    ("Is the tribunal hearing online?", "the Act's procedures"),
    ("Can a tenant lie down in the hall?", "its bodies and sums"),
    ("Who is the partner named on the tenancy?", "its bodies and sums"),
    ("Does the council charge a fee for the licence application?", "its bodies and sums"),
    ("Can I pay the rent tonight?", "its bodies and sums"),
    ("What checks must be done first?", "its bodies and sums"),
])
def test_the_acts_words_are_not_read_into_other_words(question: str, kind: str) -> None:
    expanded = expand_statutory(question)
    assert not [words for words in _NOT_READ_INTO[kind] if words in expanded]


@pytest.mark.parametrize(("question", "words"), [
    ("How quickly must an owner object to the council's order?", "appeal"),
    ("Do two flatmates make a multi-let home?", "house in multiple occupation"),
    ("How small can a bedroom be?", "sleeping accommodation"),
    ("Who controls the sofas and beds left inside?", "furniture"),
    ("Can the debt be secured against the house?", "charge on the premises"),
    ("An appeal against an IN under the 2004 Act", "improvement notice"),
])
def test_everyday_words_find_the_acts_terms(question: str, words: str) -> None:
    """Round ten's lay words: full text and the model's plain query both get the Act's
    term; the model's ordinary query (and the embedded headings) do not."""
    assert words in expand_statutory(question)
    assert words in spelt_out(question, plain=True)
    assert words not in spelt_out(question)


def test_in_is_an_improvement_notice_only_in_capitals() -> None:
    assert "improvement notice" not in expand_statutory("an appeal in under 21 days")


@pytest.mark.parametrize(("question", "words"), [
    ("The landlord sold up after we served the notice. Who does the work now?",
     "change in person liable"),
    ("The house changed hands after the order was made", "change in person liable"),
    ("My co-owner won't pay for the works the council wants", "owner on behalf of another"),
    ("Can the notice be put on hold until the tenant leaves?", "suspended"),
    ("Will the council look at the order again?", "review"),
    ("He says he will throw them all out rather than get a licence", "possession evict"),
    ("He is threatening to evict us", "threat to evict"),
    ("Who makes good the loss to the mortgage lender?", "compensation"),
    ("Can a man and a woman who are not a couple share a room?", "opposite sexes"),
    # Round twelve's dealings.
    ("For how long can a permit for a shared house run?", "licence"),
    ("He dodged the permit rules by evicting everyone", "licence"),
    ("I bought my council flat in 2019; must I repay the discount?", "right to buy"),
    ("The landlord stood in the doorway and would not let her look at the boiler",
     "obstruction"),
    ("He ignored our letter and never sent the rent book", "fails to comply with notice"),
    ("We wrote asking him for his tenancy records", "require documents to be produced"),
    ("Can the council drop the fine or cut it?", "withdraw reduce amount"),
    ("Is a convent where nuns live a shared house?", "religious community"),
    ("For how many years can a licence last?", "duration period"),
    ("Can the council act on a lesser danger in my flat?", "category 2 hazard"),
    ("The council has taken over the house for good", "final management order"),
    ("Can the council take over running it for now?", "interim management order"),
    ("Can his executors keep letting the house?", "personal representatives"),
])
def test_everyday_words_for_what_the_act_provides_for(question: str, words: str) -> None:
    """Round eleven's situations, round twelve's dealings and round thirteen's degrees and
    roles: full text and the model's plain query both get the Act's words; the model's
    ordinary query does not."""
    assert words in expand_statutory(question)
    assert words in spelt_out(question, plain=True)
    assert words not in spelt_out(question)


_SITUATIONS_WORDS = ("change in person liable", "suspended", "possession evict",
                     "opposite sexes", "owner on behalf of another")
_DEALINGS_WORDS = ("licence licensing", "obstructs", "fails to comply", "withdraw reduce",
                   "religious community", "duration period", "require documents")
_DEGREES_WORDS = ("category 2 hazard", "final management order", "interim management order",
                  "personal representatives")


@pytest.mark.parametrize(("question", "never"), [
    *((q, _SITUATIONS_WORDS) for q in (
        "What is a deferred resale agreement?",
        "Can the buyer of a right to buy home resell it?",
        "Is a room let to a couple sleeping accommodation for two?",
        "How do we get the money out of the landlord?")),
    *((q, _DEALINGS_WORDS) for q in (
        "Does the council need a permit to enter the house?",
        "Can we permit the tenant to sublet?",
        "Is the house let to a couple a religious building?",
        "How many people can live in the house?",
        "Which documents must the landlord keep?")),
    *((q, _DEGREES_WORDS) for q in (
        "Is damp a serious danger to health?",
        "Can the council take over the house?",
        "Who administers the deposit scheme?",
        "Is the risk of a fall less likely on a small staircase?")),
])
def test_the_everyday_words_are_not_read_into_other_words(question: str,
                                                          never: tuple[str, ...]) -> None:
    """Round eleven's situations, round twelve's dealings and round thirteen's degrees each
    stay out of questions that only share a word with them."""
    expanded = expand_statutory(question)
    for words in never:
        assert words not in expanded, (question, words)


@pytest.mark.parametrize(("question", "added"), [
    ("Must the council talk to the fire brigade before acting?", "fire and rescue authority"),
    ("Do the firefighters get a say?", "fire and rescue authority"),
    ("Must the council check with the brigade first?", "consult"),
    ("Does the council have to ask me first?", "consult"),
    ("Can a magistrate let officers into the flat?", "justice of the peace warrant"),
    ("Can the council force its way in?", "warrant to authorise entry"),
    ("He lied on the application form", "false or misleading information"),
    ("The agent filled in the occupier numbers wrongly", "false or misleading information"),
    ("Can the council bill the owner for its time?", "charge expenses"),
    ("The council sent him a warning letter about the damp", "hazard awareness notice"),
    ("The ceiling is about to come down", "emergency imminent risk"),
    ("A licence for every HMO in my ward", "designate area designation"),
    ("Can they say no more than two people may live there?",
     "particular number of households or persons"),
    ("My business partner was convicted", "person associated"),
    ("Does the ombudsman cover Welsh landlords?", "investigation of housing complaints"),
])
def test_everyday_words_for_the_bodies_people_and_sums_the_act_brings_in(
        question: str, added: str) -> None:
    """Round fourteen: the fire service, a magistrate, a false form, the council's bill, a
    warning letter, danger that cannot wait, every house in an area, how many may live there,
    a business partner and the ombudsman, each in the Act's words; and the model is told too."""
    assert added in expand_statutory(question)
    assert added in spelt_out(question, plain=True)


@pytest.mark.parametrize(("question", "added"), [
    ("Can I rent out my spare room to a friend?", "lodger"),
    ("Where do I live while the builders are in?", "decant temporary accommodation"),
])
def test_everyday_words_for_a_room_let_and_a_move_for_works(question: str, added: str) -> None:
    assert added in expand(question)
