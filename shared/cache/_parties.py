"""Who a question is about besides the landlord, and in which part: the parties it names,
who acts, what is whose and which side of a complaint or request each party is on.

The landlord's side is the asker's, named or not; every other party changes the answer ("a
landlord's obligations" against "a tenant's"). Read by ``shared.cache._features``.
"""

from __future__ import annotations

import re

from shared.cache._framing import FRAMING
from shared.cache._names import named_group, names_found
from shared.text.terms import WORD, stem, terms

__all__ = ["HELD_HOME", "LANDLORD", "LANDLORD_SIDE", "PARTIES", "PARTY", "actor", "owners",
           "sides", "tenant_acts", "tenant_deeds"]


# The landlord's side is the asker's ("we", "our", "the landlord", "a housing association"),
# named or not, so it is no feature: a question naming only the landlord asks what one naming
# no one asks.
PARTIES = {
    "tenant": r"tenants?|residents?|occupiers?|occupants?|contract[- ]holders?",
    "leaseholder": r"leaseholders?|lessees?|home ?owners?",
    # A shared owner also pays rent and owns only a share: not every leaseholder's answer.
    "shared owner": r"shared owners?",
    # "A council house" names the kind of home, compared among the categories, not a party.
    "council": r"councils?(?! (?:houses?|homes?|flats?|housing|propert(?:y|ies)|estates?|"
               r"dwellings?|tenants?|tenanc(?:y|ies)))|local (?:housing )?authorit(?:y|ies)|LHAs?|"
               r"environmental health|"
               r"town hall",
    "agent": r"(?:letting |managing |estate )?agents?|agenc(?:y|ies)",
    "lodger": r"lodgers?",
    "subtenant": r"sub-?tenants?",
    "guarantor": r"guarantors?",
    "contractor": r"contractors?|tradesm[ae]n|tradespeople|tradespersons?",
    "ombudsman": r"(?:housing )?ombudsman",
    "regulator": r"regulator(?: of social housing)?|RSH",
    "tribunal": r"(?:first[- ]tier )?tribunals?|FTT",
    # "A court order", "court action", "going to court": the court as a document's maker or
    # a venue is no party of the question ("can a court order a landlord to pay" names one).
    "court": r"(?<!to )courts?(?! (?:orders?(?! (?:a|an|the|us|them|our|their|him|her|"
             r"landlords?|tenants?)\b)|action|proceedings|hearings?|fees|costs|claims?|"
             r"bailiffs?|papers|process)\b)|judges?",
    "police": r"police",
    "neighbour": r"neighbours?|next[- ]door",
    # A tenant's visitor is someone else than the tenant, with other rights and remedies.
    "visitor": r"visitors?|guests?",
    "spouse or partner": r"spouses?|(?:civil )?partners?|husbands?|wife|wives|widows?|widowers?",
    "child": r"child(?:ren)?|sons?|daughters?|kids?",
    "family member": r"family members?|relatives?|members? of (?:the|their|his|her) family",
    "carer": r"carers?",
    "victim": r"victims?|survivors?",
    "perpetrator": r"perpetrators?|abusers?|offenders?|wrongdoers?",
    "applicant": r"applicants?",
    # Someone acting for a party, or paying for its losses, is a party of their own: what we
    # must give a tenant is not what we must give their solicitor, nor what a leaseholder owes
    # what their insurer does.
    "representative": r"solicitors?|lawyers?|barristers?|legal representatives?|advocates?",
    "insurer": r"insurers?|insurance compan(?:y|ies)",
    # The landlord's employees are people of their own: a hate crime against a member of staff
    # is not one against a tenant, and a complaint about staff is not one about a repair.
    # Health and care professionals are parties of their own: what a tenant must share with
    # their GP is not what a GP must share with the tenant, nor the GP a relative or a carer.
    "health or care professional": r"GPs?|doctors?|nurses?|health visitors?|social workers?|"
                                   r"social services|occupational therapists?",
    "staff": r"(?:members? of )?staff(?: members?)?|employees?|(?<!police )officers?|"
             r"(?<!key )workers?",
    "Secretary of State": r"secretary of state|government|ministers?",
}
PARTY = named_group(PARTIES)

HELD_HOME = re.compile(r"\bleasehold\s+(?=(?:flats?|homes?|houses?|propert(?:y|ies)|"
                        r"maisonettes?|dwellings?)\b)", re.IGNORECASE)
""""A leasehold flat" is a leaseholder's flat: a home named by its tenure names its holder,
read as such before the vocabulary's subjects ("leasehold") are set aside."""

_TENANT = rf"(?:{PARTIES['tenant']})(?![\w'’])"
_TENANT_ACTS = re.compile(
    rf"\b(?:can|could|may|might|must|should|shall|will|would|do|does|did|is|are|was|were|has|"
    rf"have|need)\s+(?:(?:a|an|the|our|their|any|all|every|some|no)\s+)?(?:\w+\s+)?{_TENANT}|"
    rf"^\W*(?:(?:a|an|the|our|all|any)\s+)?(?:\w+\s+)?{_TENANT}\s+(?:can|could|may|might|must|"
    rf"should|shall|will|would|do|does|have|has|are|is|need)\b|"
    rf"\b(?:for|by)\s+(?:(?:a|an|the|our|their|any|all)\s+)?(?:\w+\s+)?{_TENANT}(?:\s+to\b|"
    rf"\W*$)|\bby\s+(?:(?:a|an|the|our|their|any|all)\s+)?{_TENANT}|"
    rf"\b(?:{PARTIES['tenant']})['’]s?\s+(?:own\s+)?(?:obligations?|duty|duties|rights?|"
    rf"responsibilit(?:y|ies)|liabilit(?:y|ies)|options?|remed(?:y|ies)|entitlements?)\b",
    re.IGNORECASE)
"""Where a tenant a question names is its actor or holds the duty asked about."""
_TENANT_NEXT = re.compile(rf"(?<![\w'’-])(?:{PARTIES['tenant']})(?P<next>['’]s?|\s*(?:[?.,;:!]|$)|"
                          rf"\s+\w+)", re.IGNORECASE)
_PASSIVE_NEXT = frozenset("""to for with from about in on at of under into and or than
    as a an the their any whose""".split())
"""Words after a tenant named only as the landlord's other side ("a request from a tenant",
"a copy for tenants and leaseholders", "give tenants a copy", "evict a tenant whose dog
barks", which is "a tenant's dog"); any other word is the tenant's own verb ("damage a tenant
does", "when a tenant complains", "a tenant who refuses") or opens a clause about them."""
LANDLORD = re.compile(r"\blandlords?\b", re.IGNORECASE)
LANDLORD_SIDE = re.compile(
    r"\b(?:the|a|our|any)\s+landlord['’]s?\s+(?:own\s+)?(?:obligations?|duty|duties|"
    r"responsibilit(?:y|ies)|liabilit(?:y|ies)|powers?|options?|role)\b|"
    r"\b(?:is|are|must|should|can|could|may|might|will|would|does|do|has|have|need)\s+"
    r"(?:the|a|our|any)\s+landlords?\s+(?!be\b|been\b|being\b)|"
    r"^\W*(?:the|a|our|any)?\s*landlords?\s+(?:must|should|can|could|may|might|will|would|"
    r"does|do|has|have|needs?|is|are)\b|"
    r"\b(?:for|by)\s+(?:the|a|our|any)\s+landlords?\s+to\b",
    re.IGNORECASE)
"""The landlord named as the asker's own side, the one who acts or holds the duty asked
about ("is the landlord responsible", "the landlord's obligations", "must a landlord"), which
"we" say as well; a landlord named otherwise ("threaten a landlord", "a complaint about the
landlord") may be the one acted on, so the tenant the other question names is not implied."""
_OTHER_PARTIES = "|".join(f"(?:{p})" for name, p in PARTIES.items() if name != "tenant")
_OWNED = re.compile(
    rf"(?:(?P<tenant>(?<![\w'’-])(?:{PARTIES['tenant']})['’]s?)|(?P<landlord>\bour|\b(?:the |a )?"
    rf"landlord['’]s?)|(?P<other>(?<![\w'’-])(?:{_OTHER_PARTIES})['’]s?))\s+(?:own\s+)?"
    r"(?P<thing>[A-Za-z]+)", re.IGNORECASE)
"""Whose a thing is: "the tenant's surveyor", "our surveyor", "the landlord's own expert",
"a neighbour's land"."""
_ACTOR = re.compile(
    r"^\W*(?:\w+\W+){0,3}?(?:can|could|may|might|must|should|shall|will|would|do|does|did|"
    r"are|is|have|has|need)\s+(?:(?P<landlord>we|I|us|the landlord|a landlord|landlords)|"
    rf"(?:(?:a|an|the|our|any|all|every)\s+)?(?:\w+\s+)?(?P<tenant>{_TENANT}))\s+"
    r"(?!be\b|being\b|been\b|(?:have|has|need|needs|ought|got) to be\b|who\b|that\b|"
    r"whose\b|with\b|in\b|on\b|of\b|under\b|over\b|aged\b)",
    re.IGNORECASE)
"""The subject after a question's first auxiliary: "can we change", "must a tenant give";
not a passive ("can the tenant be made to pay") nor a subject with a clause of its own
("can a tenant who under-occupies be made to move")."""

_OTHER_ACTOR = re.compile(
    r"^\W*(?:\w+\W+){0,3}?(?:can|could|may|might|must|should|shall|will|would|do|does|did|"
    r"are|is|have|has|need)\s+(?:(?:a|an|the|our|any|all|every)\s+)?"
    rf"(?P<party>{_OTHER_PARTIES})\s+"
    r"(?!be\b|being\b|been\b|(?:have|has|need|needs|ought|got) to be\b|who\b|that\b|"
    r"whose\b|with\b|in\b|on\b|of\b|under\b|over\b|aged\b)",
    re.IGNORECASE)
"""A party other than the tenant as the subject after the first auxiliary ("must the council
accept", "can a neighbour complain"): who acts, as ``_ACTOR`` reads the landlord or tenant."""


_SIDE_BEFORE = re.compile(r"\b(?P<prep>from|by|about|against|towards|to)\s+(?:(?:a|an|the|our|"
                          r"their|its|his|her|any|one of (?:our|their|the))\s+)?$",
                          re.IGNORECASE)
_SIDES = {"from": "source", "by": "source", "about": "target", "against": "target",
          "towards": "target", "to": "target"}


def sides(text: str) -> frozenset[tuple[str, str]]:
    """``QuestionFeatures.sides``: each party with the side its preposition gives it."""
    found = set()
    names = list(PARTIES)
    for m in PARTY.finditer(text):
        if before := _SIDE_BEFORE.search(text[:m.start()]):
            party = names[int(next(k for k, v in m.groupdict().items() if v)[1:])]
            found.add((party, _SIDES[before["prep"].lower()]))
    return frozenset(found)


def tenant_acts(text: str) -> bool:
    """Whether a tenant the question names acts or holds the duty asked about, anywhere in it
    (``QuestionFeatures.tenant_acts``)."""
    if _TENANT_ACTS.search(text):
        return True
    for m in _TENANT_NEXT.finditer(text):
        following = m["next"].strip().lower()
        if following.isalpha() and following not in _PASSIVE_NEXT:
            return True
    return False


_AUXILIARIES = frozenset("""has have had is are was were been be being appears appear
    appeared seems seem seemed to also then still just already keeps keep""".split())
_HARM = frozenset(stem(w) for w in """damage damages damaged break breaks broke broken cause
    causes caused destroy destroys destroyed harm harms harmed injure injures injured steal
    steals stole hurt hurts vandalise vandalises vandalised lose loses lost""".split())
"""Deeds whose doer decides who pays or answers for them: "damage a tenant does to a
garage" is not "damage to a garage" (a break-in, wear and tear), so a tenant doing them is
never implied."""


def tenant_deeds(text: str) -> frozenset[str]:
    """``QuestionFeatures.tenant_deeds``: the stem of the first word of substance after each
    tenant named with a verb of their own, past auxiliaries ("has been convicted"); empty where
    the tenant is the question's subject or holder of the duty, or one deed is a harm or is
    said in framing words."""
    if _TENANT_ACTS.search(text) or actor(text) == "tenant":
        return frozenset()
    deeds = set()
    for m in _TENANT_NEXT.finditer(text):
        after = WORD.findall(text[m.start("next"):])
        verb = next((w.lower() for w in after if w.lower() not in _AUXILIARIES), "")
        if after and after[0].lower() not in _PASSIVE_NEXT and verb:
            deeds.add(stem(verb))
    # A deed in framing words ("damage a tenant does") says nothing the other could name.
    return frozenset() if deeds & (_HARM | FRAMING) else frozenset(deeds)


def owners(text: str) -> frozenset[tuple[str, str]]:
    """``QuestionFeatures.owners``: each thing a party or the landlord is said to have, by
    the stem of the word after the possessive: "a tree on our land" over "a neighbour's
    garden" is not "a tree on a neighbour's land" over "our garden"."""
    return frozenset((_owner(m), word) for m in _OWNED.finditer(text) for word in terms(m["thing"]))


def _owner(m: re.Match[str]) -> str:
    if m["tenant"]:
        return "tenant"
    if m["landlord"]:
        return "landlord"
    return next(iter(names_found(PARTY, list(PARTIES), m["other"].rstrip("'’s"))), "someone")


def actor(text: str) -> str:
    """``QuestionFeatures.actor``: the landlord, the tenant, another party named as the
    subject ("must the council accept nominations from us" is not "must we accept nominations
    from the council"), or nobody the rule can tell."""
    m = _ACTOR.search(text)
    other = _OTHER_ACTOR.search(text)
    if other is not None and (m is None or other.start() < m.start()):
        return next(iter(names_found(PARTY, list(PARTIES), other["party"])), "")
    if m is None:
        return ""
    return "landlord" if m["landlord"] else "tenant"
