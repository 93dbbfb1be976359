"""The standalone question: follow-ups take the earlier subject, self-contained ones stay."""

from __future__ import annotations

import pytest

from services.router.rewrite import (
    MAX_CARRIED,
    follow_up,
    key_phrase,
    parse_model_rewrite,
    rewrite_offline,
)
from shared.text.vocabulary import subjects

COMPLAINT = "How quickly must we respond to a stage one complaint?"
DAMP = "What must we do about damp and mould in a flat we let?"
ACT = "What does section 11 of the Landlord and Tenant Act 1985 require of us?"


@pytest.mark.parametrize(
    "message",
    [
        "And what if the tenant is vulnerable?",
        "and if they are vulnerable?",
        "But what if the resident is disabled?",
        "How about for leaseholders?",
        "What if the tenant is vulnerable?",
        "What else should we know?",
        "Also, who has to sign it off?",
        "So who decides?",
        "Does that apply to leaseholders?",
        "Does this apply to HMOs too?",  # pointing back, even with a subject of its own
        "Is that the same for housing associations?",
        "Would that change if the resident is elderly?",
        "Does it apply to joint tenants?",
        "Do they still apply after the tenant has moved out?",
        "In that case, who pays?",
        "If so, how long do we have?",
        "If not, what happens next?",
        "Otherwise what must we do?",
        "Same for leaseholders?",
        "Can they extend it?",
        "Is it different in Wales?",
        "Who is responsible for that?",
        "What if she refuses access?",
        "How many days?",
        "Why?",
        "Who decides?",
        "Any exceptions?",
        "What does the Ombudsman say?",
        "Is there a deadline?",
    ],
)
def test_follow_ups_carry_the_earlier_subject(message: str) -> None:
    assert follow_up(message)
    rewrite = rewrite_offline(message, [COMPLAINT])
    assert rewrite.method == "offline"
    assert rewrite.carried == ["stage one complaint"]
    assert rewrite.standalone.startswith(message)
    assert "stage one complaint" in rewrite.standalone


@pytest.mark.parametrize(
    "message",
    [
        COMPLAINT,
        DAMP,
        ACT,
        "Do we need a licence for a five-bedroom shared house?",
        "What did the court decide in [2017] EWHC 3409 (Admin)?",
        "Under the Housing Act 2004, what is an HMO?",
        "Can we serve a section 21 notice on an assured shorthold tenancy?",
        "What does s.21 require?",
        "What does our repairs policy say about emergency repairs?",
        "What is a secure tenancy?",
        "How often must we check gas safety?",
        "When is an EICR needed?",
        "What does Awaab's Law require of social landlords?",
        "How do we handle anti-social behaviour on an estate?",
        "Who pays for a disabled facilities grant?",
        "What must we do if a tenant reports that their flat has mould?",  # "that", "their"
        "Is it a legal requirement to fit smoke alarms?",  # a dummy "it"
        "They say the boiler has been broken for a week: how quickly must we repair it?",
        "What are the Ombudsman's expectations for complaint handling?",
        "And what about repairs?",  # a new subject: a change of topic
        "What are the rent arrears rules for possession?",
        "How should we deal with pests in a block of flats?",
        "What does the Social Housing (Regulation) Act 2023 change?",
        "What are the consumer standards?",
        "Can we charge for a mutual exchange?",
        "Thanks, that's helpful!",
        "Hello",
        "Thank you",
    ],
)
def test_self_contained_questions_stay_unchanged(message: str) -> None:
    assert rewrite_offline(message, [COMPLAINT]).standalone == message
    assert rewrite_offline(message, [COMPLAINT]).method == "unchanged"


def test_nothing_is_rewritten_without_earlier_turns() -> None:
    rewrite = rewrite_offline("And what if the tenant is vulnerable?", [])
    assert rewrite.method == "unchanged" and rewrite.carried == []


def test_named_instruments_are_carried_with_the_topics() -> None:
    rewrite = rewrite_offline("Does that apply to leaseholders?",
                              ["Do we need a licence for an HMO under the Housing Act 2004?"])
    assert rewrite.carried == ["Housing Act 2004", "licence", "HMO"]
    rewrite = rewrite_offline("And what about a flat above a shop?", [ACT])
    assert rewrite.carried == ["section 11", "Landlord and Tenant Act 1985"]
    rewrite = rewrite_offline("Does it apply to leaseholders?",
                              ["What does our damp and mould policy say about inspections?"])
    assert rewrite.carried == ["damp and mould policy"]


HMO_LICENCE = "Do we need a licence for an HMO under the Housing Act 2004?"


@pytest.mark.parametrize(
    "message",
    [
        "and what about the penalty for that?",
        "What's the penalty if we don't get one?",  # "one" stands for the licence
        "What can the tenants claim back if we didn't?",  # the verb phrase left out
        "Is there a fine if a second one is refused?",
    ],
)
def test_a_legal_follow_up_carries_the_act_and_its_subject(message: str) -> None:
    assert follow_up(message)
    rewrite = rewrite_offline(message, [HMO_LICENCE])
    assert rewrite.carried == ["Housing Act 2004", "licence", "HMO"]


@pytest.mark.parametrize(
    "message",
    [
        "Is one month's notice enough to end a periodic tenancy?",  # "one" is a number
        "What is the penalty for letting an unlicensed HMO?",  # says its own subject
    ],
)
def test_one_as_a_number_or_a_question_with_its_own_subject_stands_alone(message: str) -> None:
    assert not follow_up(message)


def test_an_earlier_question_the_vocabulary_cannot_name_lends_its_key_phrase() -> None:
    earlier = ["What is a compulsory purchase order?"]
    rewrite = rewrite_offline("How soon can it be confirmed?", earlier)
    assert rewrite.carried == ["compulsory purchase order"]
    assert rewrite.standalone == ("How soon can it be confirmed? "
                                  "(about: compulsory purchase order)")
    # The latest question about something wins over an older one with a named subject.
    assert rewrite_offline("And who pays?", [COMPLAINT, *earlier, "Thanks"]).carried == [
        "compulsory purchase order"]


@pytest.mark.parametrize(
    ("question", "phrase"),
    [
        ("What did the court decide in the UEFA blocking injunction case?",
         "UEFA blocking injunction case"),
        ("How long is a temporary exemption notice in force?", "temporary exemption notice"),
        ("How long?", ""),  # one content word says too little
    ],
)
def test_key_phrase_is_the_longest_run_of_content_words(question: str, phrase: str) -> None:
    assert key_phrase(question) == phrase


def test_the_latest_earlier_question_with_a_subject_is_the_one_carried() -> None:
    earlier = [DAMP, COMPLAINT, "Thanks"]
    assert rewrite_offline("And if they are vulnerable?", earlier).carried == [
        "stage one complaint"]


def test_a_chain_of_follow_ups_keeps_its_subject() -> None:
    first = rewrite_offline("And what if the tenant is vulnerable?", [COMPLAINT])
    second = rewrite_offline("Who decides?", [COMPLAINT, first.standalone])
    assert second.carried == ["stage one complaint"]


def test_what_the_message_already_says_is_not_carried() -> None:
    rewrite = rewrite_offline("Does that apply to HMOs in Wales?",
                              ["How quickly must we inspect damp and mould in an HMO?"])
    assert rewrite.carried == ["damp and mould"]


def test_at_most_a_few_subjects_are_carried() -> None:
    busy = ("Under the Housing Act 2004 and the Housing Act 1988, what about HMO licensing, "
            "damp, gas safety, rent arrears and anti-social behaviour?")
    assert len(rewrite_offline("And then?", [busy]).carried) == MAX_CARRIED


def test_a_follow_up_with_nothing_to_carry_is_left_alone() -> None:
    assert rewrite_offline("And why?", ["Hello", "Thanks"]).method == "unchanged"


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (ACT, ["section 11", "Landlord and Tenant Act 1985"]),
        ("Can we serve an s21 or an s.8?", ["section 21", "section 8"]),
        ("What does regulation 36 require?", ["regulation 36"]),
        ("What did the court decide in [2017] EWHC 3409 (Admin)?",
         ["[2017] EWHC 3409 (Admin)"]),
        ("What does our complaints policy say about stage one complaints?",
         ["complaints policy", "stage one complaints"]),
        ("Does the Homes (Fitness for Human Habitation) Act 2018 apply?",
         ["Homes (Fitness for Human Habitation) Act 2018"]),
        ("It's 8 days", []),
    ],
)
def test_subjects_name_instruments_then_topics(text: str, expected: list[str]) -> None:
    assert subjects(text) == expected


def test_the_models_rewrite_is_checked() -> None:
    message = "And what if the tenant is vulnerable?"
    good = parse_model_rewrite(
        'Standalone question: "How quickly must we respond to a stage one complaint from a '
        'vulnerable tenant?"\n', message)
    assert good is not None and good.method == "model"
    assert good.standalone.startswith("How quickly") and good.standalone.endswith("tenant?")
    assert good.carried == ["stage one complaint"]
    same = parse_model_rewrite(" and what if the tenant is vulnerable ", message)
    assert same is not None and same.method == "unchanged" and same.standalone == message
    assert parse_model_rewrite("", message) is None
    assert parse_model_rewrite("x" * 2000, message) is None


@pytest.mark.parametrize(
    ("message", "earlier", "carried"),
    [
        # Names nothing, not even a phrase of its own: about the subject before it.
        ("What is the most a tribunal can order?", "Must deposits be protected?", "deposits"),
        ("When can the landlord be made to pay it all?", "What is a rent repayment order?",
         "rent repayment order"),
        # "Do they still…" points back even past a subject of its own.
        ("Do they still pay rent during the works?", "What is a temporary decant?", "decant"),
    ],
)
def test_a_follow_up_that_names_nothing_of_its_own_keeps_the_subject(
        message: str, earlier: str, carried: str) -> None:
    rewrite = rewrite_offline(message, [earlier])
    assert rewrite.method == "offline" and carried in rewrite.carried


def test_a_question_with_a_phrase_of_its_own_is_not_given_the_earlier_subject() -> None:
    message = "What is a compulsory purchase order used for?"
    assert rewrite_offline(message, [DAMP]).method == "unchanged"


@pytest.mark.parametrize(("earlier", "message", "cue"), [
    (COMPLAINT, "And what if the tenant is vulnerable?", "how quickly"),
    ("How long do we have to inspect a moderate damp case?",
     "and if a child under five lives there?", "how long"),
    # A follow-up that asks something of its own keeps its own kind.
    ("When can we serve a notice of seeking possession?", "What checks must be done first?", ""),
    (COMPLAINT, "Who decides?", ""),
    # Naming only the other case asks the same of it.
    (COMPLAINT, "And stage two?", "how quickly"),
    # A routine's follow-up asks what happens when it fails, not for another frequency.
    ("How often is a gas safety check done?", "What if we can't get in?", ""),
    # Naming only another thing asks the same of it, how often included.
    ("How often are the fire alarms in our blocks tested?", "And the emergency lighting?",
     "how often"),
    ("How often is a gas safety check done?", "What about the electrics?", "how often"),
])
def test_a_follow_up_that_varies_the_circumstances_asks_the_same_kind_of_question(
        earlier: str, message: str, cue: str) -> None:
    rewrite = rewrite_offline(message, [earlier])
    assert rewrite.method == "offline"
    assert rewrite.standalone.endswith(f"; {cue})") == bool(cue), rewrite.standalone
    assert cue not in rewrite.carried


@pytest.mark.parametrize(("earlier", "message", "carried"), [
    ("How quickly must urgent repairs be done?", "What if it's an emergency?", "emergency repairs"),
    (COMPLAINT, "And stage two?", "stage two complaint"),
    (COMPLAINT, "What about stage two?", "stage two complaint"),
])
def test_a_follow_up_that_varies_the_subject_carries_it_varied(
        earlier: str, message: str, carried: str) -> None:
    assert rewrite_offline(message, [earlier]).carried == [carried]


def test_a_follow_up_naming_only_the_parties_already_known_carries_the_subject() -> None:
    rewrite = rewrite_offline("Does the council need the tribunal's say-so?",
                              ["What is an interim EDMO?"])
    assert rewrite.carried == ["interim EDMO"]
    assert not follow_up("Can a landlord evict a tenant without a court order?")


def test_a_bare_follow_up_carries_the_act_the_earlier_question_was_about() -> None:
    rewrite = rewrite_offline("Is there any defence?",
                              ["What's the maximum fine for obstructing a council housing "
                               "officer?"])
    assert rewrite.carried == ["council housing officer", "obstructing"]
    # A follow-up that says something of its own carries only the subjects.
    assert rewrite_offline("What if we can't get in?",
                           ["How often is a gas safety check being done?"]).carried == [
        "gas safety check"]


@pytest.mark.parametrize(("earlier", "message", "carried"), [
    # "it" is the earlier subject; the hazard is only what it concerns
    ("Can the council revoke a prohibition order?", "Does it have to if the hazard has gone?",
     "prohibition order"),
    ("How long does an improvement notice last?", "Must they repair the roof first?",
     "improvement notice"),
    # "much notice" is not a phrase of its own: the question asks about the earlier tenancy
    ("Can we extend an introductory tenancy?", "How much notice do we have to give the tenant?",
     "introductory tenancy"),
])
def test_a_follow_up_asking_of_it_carries_the_subject_despite_a_generic_word(
        earlier: str, message: str, carried: str) -> None:
    assert follow_up(message)
    assert rewrite_offline(message, [earlier]).carried[:1] == [carried]


def test_asking_of_it_with_a_subject_of_its_own_or_a_dummy_it_stands_alone() -> None:
    for message in ("Does it need an HMO licence under the Housing Act 2004?",
                    "Is it a legal requirement to fit smoke alarms?"):
        assert rewrite_offline(message, [COMPLAINT]).method == "unchanged", message
