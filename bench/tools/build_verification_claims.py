"""Build ``bench/verification_claims.jsonl`` from the specification below, checking every quote
against ../shared/data.

Each claim's citation is written ``[[REF|QUOTE]]``; the builder finds QUOTE in the text of REF
(a section, subsection or judgment, read with the standard library by ``bench.legal_text``),
allowing only differences of white space and quote marks, and writes the source's own
characters (curly apostrophes and all) into a ``<cite ref=… quote=…>`` tag. A quote that is
not verbatim stops the build. Prose citations ("section 21 of the Housing Act 1988") are left
as written. Re-run after editing:

    python -m bench.tools.build_verification_claims [--check]
"""

# ruff: noqa: E501 -- the specification is a table of one claim per line; wrapping hides it.
from __future__ import annotations

import argparse
import json
import re
import sys
from pathlib import Path

from bench.legal_text import judgments, provisions

OUT = Path(__file__).resolve().parents[1] / "verification_claims.jsonl"
_CITE = re.compile(r"\[\[(?P<ref>[^|]+?)\|(?P<quote>[^\]]+)\]\]")
"""``[[REF|QUOTE]]``; a neutral citation's own brackets may be part of REF."""
_QUOTE_CLASS = {"'": "['‘’]", '"': '["“”]'}

HA = "ukpga/2004/34/section/"
HA88 = "ukpga/1988/50/section/21"
D2M, UEFA, YZ = "[2017] EWHC 3409 (Admin)", "[2017] EWHC 3414 (Ch)", "[2017] EWFC 83"
CORB, HOLY = "[2017] EWHC 3364 (Admin)", "[2017] EWHC 3397 (Ch)"

# Quotes used more than once.
Q213_3 = "within the period of 30 days beginning with the date on which it is received"
Q213_3L = ("the initial requirements of an authorised scheme must be complied with by the "
           "landlord in relation to the deposit")
Q214_4 = "not less than the amount of the deposit and not more than three times the amount of the deposit"
Q214_1 = ("the tenant or any relevant person (as defined by section 213(10)) may make an "
          "application to the county court")
Q3_1 = "A local housing authority must keep the housing conditions in their area under review"
Q12 = "the authority may serve an improvement notice under this section in respect of the hazard"
Q13_3 = ("The notice may not require any remedial action to be started earlier than the 28th "
         "day after that on which the notice is served.")
Q61_1 = "Every HMO to which this Part applies must be licensed under this Part unless"
Q62_4 = "for the period of 3 months beginning with the date on which it is served"
Q67_1 = "A licence may include such conditions as the local housing authority consider appropriate"
Q68_4 = "That period must not end more than 5 years after"
Q72_1 = ("A person commits an offence if he is a person having control of or managing an HMO "
         "which is required to be licensed under this Part")
Q80_1 = "A local housing authority may designate either"
Q139_3 = "The authority must, at least 7 days before serving an overcrowding notice"
Q212_1 = ("The appropriate national authority must make arrangements for securing that one or "
          "more tenancy deposit schemes are available")
Q249A_1 = "The local housing authority may impose a financial penalty on a person"
Q21_1 = "not less than two months’ notice in writing stating that he requires possession of the dwelling-house"
Q21_1B = "not less than six months' notice in writing"
Q217_1 = ("The Secretary of State must take reasonable steps to ensure that by 2010 the general "
          "level of energy efficiency of residential accommodation in England has increased by "
          "at least 20 per cent")

# (category, label, expected_issue, jurisdiction, text); ids are given in order per category.
F, R = "fabricated", "real"
CU, RP = "claim_unsupported", "repealed"
E, W = "england", "wales"
SPEC: list[tuple[str, str, str | None, str, str]] = [
    # wrong_subject: a real quote from a provision about something else.
    ("wrong_subject", F, CU, E, f"A landlord must protect a tenancy deposit within 30 days of receiving it [[{HA}61|{Q61_1}]]."),
    ("wrong_subject", F, CU, E, f"A tenant whose deposit was not protected can recover up to three times its amount [[{HA}72|{Q72_1}]]."),
    ("wrong_subject", F, CU, E, f"An HMO licence may last for no more than five years [[{HA}213|{Q213_3}]]."),
    ("wrong_subject", F, CU, E, f"A local housing authority must keep the housing conditions in its area under review [[{HA}254|A building or a part of a building meets the standard test if]]."),
    ("wrong_subject", F, CU, E, f"An authority must warn occupiers at least 7 days before serving an overcrowding notice [[{HA}60|That time must be no later than five years after the date on which the designation comes into force.]]"),
    ("wrong_subject", F, CU, E, f"A licence holder who breaches a condition of an HMO licence commits an offence [[{HA}139|The local housing authority may serve an overcrowding notice on one or more relevant persons]]."),
    ("wrong_subject", F, CU, E, f"A council may designate an area for selective licensing where it is an area of low housing demand [[{HA}56|as subject to additional licensing in relation to a description of HMOs specified in the designation]]."),
    ("wrong_subject", F, CU, E, f"Students living in a shared house during a full-time course are treated as occupying it as their only or main residence [[{HA}258|Persons are to be regarded as not forming a single household unless]]."),
    ("wrong_subject", F, CU, E, f"Anyone who obstructs a council officer inspecting premises commits an offence [[{HA}236|A person commits an offence if he fails to do anything required of him by a notice under section 235.]]"),
    ("wrong_subject", F, CU, E, f"An emergency prohibition order imposes prohibitions on the use of premises with immediate effect [[{HA}40|the taking by the authority of emergency remedial action under this section in respect of the hazard]]."),
    ("wrong_subject", F, CU, E, f"A landlord must give the tenant prescribed information about the scheme protecting the deposit [[{HA}215|no section 21 notice may be given in relation to the tenancy at a time when the deposit is not being held in accordance with an authorised scheme]]."),
    ("wrong_subject", F, CU, E, f"A landlord must fit a smoke alarm on every storey of a rented home [[{HA}2|any risk of harm to the health or safety of an actual or potential occupier of a dwelling or HMO]]."),
    ("wrong_subject", F, CU, E, f"The court may suspend a secure tenant's right to buy because of anti-social behaviour [[{HA}191|grounds for withholding consent to assignment by way of exchange]]."),
    ("wrong_subject", F, CU, E, f"The qualifying period for the right to buy was extended from two years to five [[{HA}179|the trial period is extended by 6 months]]."),
    # duty_vs_power: "may" claimed as "must" and the reverse, then faithful ones.
    ("duty_vs_power", F, CU, E, f"A local housing authority must serve an improvement notice whenever it is satisfied that a category 2 hazard exists [[{HA}12|{Q12}]]."),
    ("duty_vs_power", F, CU, E, f"Every local housing authority is required to designate its district as subject to additional licensing [[{HA}56/1|A local housing authority may designate either]]."),
    ("duty_vs_power", F, CU, E, f"The local housing authority must impose a financial penalty whenever a relevant housing offence is committed in England [[{HA}249A/1|{Q249A_1}]]."),
    ("duty_vs_power", F, CU, E, f"Where an excessive number of people live in an unlicensed HMO, the authority is obliged to serve an overcrowding notice [[{HA}139/2|The local housing authority may serve an overcrowding notice on one or more relevant persons]]."),
    ("duty_vs_power", F, CU, E, f"A local housing authority may, if it chooses, keep the housing conditions in its area under review [[{HA}3/1|{Q3_1}]]."),
    ("duty_vs_power", F, CU, E, f"Whether to take enforcement action about a category 1 hazard is left to the authority's discretion [[{HA}5/1|they must take the appropriate enforcement action in relation to the hazard]]."),
    ("duty_vs_power", F, CU, E, f"A local housing authority may disregard the national guidance about inspections and enforcement if it wishes [[{HA}9/2|A local housing authority must have regard to any guidance for the time being given under this section.]]"),
    ("duty_vs_power", F, CU, E, f"Every HMO licence must include conditions regulating the management, use and occupation of the house [[{HA}67/1|{Q67_1}]]."),
    ("duty_vs_power", R, None, E, f"Where it is satisfied that a category 2 hazard exists, the authority has a power, not a duty, to serve an improvement notice [[{HA}12|{Q12}]]."),
    ("duty_vs_power", R, None, E, f"A local housing authority must keep the housing conditions in its area under review [[{HA}3/1|{Q3_1}]]."),
    ("duty_vs_power", R, None, E, f"An authority may make a prohibition order where it is satisfied that a category 2 hazard exists [[{HA}21|the authority may make a prohibition order under this section in respect of the hazard]]."),
    ("duty_vs_power", R, None, E, f"The local housing authority must take all reasonable steps to secure that licence applications are made for HMOs that should be licensed but are not [[{HA}61/4|The local housing authority must take all reasonable steps to secure that applications for licences are made to them]]."),
    ("duty_vs_power", R, None, E, f"An HMO licence may include the conditions the authority considers appropriate for regulating the management, use and occupation of the house [[{HA}67/1|{Q67_1}]]."),
    ("duty_vs_power", R, None, E, f"A local housing authority may designate all or part of its district as subject to selective licensing [[{HA}80/1|{Q80_1}]]."),
    # numbers_in_words: the number written differently from the source, wrong then right.
    ("numbers_in_words", F, CU, E, f"The court may order a landlord to pay the applicant up to ten times the amount of the deposit [[{HA}214/4|{Q214_4}]]."),
    ("numbers_in_words", F, CU, E, f"A landlord must comply with the initial requirements of an authorised scheme within fourteen days of receiving the deposit [[{HA}213/3|{Q213_3}]]."),
    ("numbers_in_words", F, CU, E, f"An improvement notice cannot require remedial action to start before the fourteenth day after it is served [[{HA}13/3|{Q13_3}]]"),
    ("numbers_in_words", F, CU, E, f"An HMO licence may remain in force for up to ten years [[{HA}68/4|{Q68_4}]]."),
    ("numbers_in_words", F, CU, E, f"A temporary exemption notice is in force for six months from the date it is served [[{HA}62/4|{Q62_4}]]."),
    ("numbers_in_words", F, CU, E, f"The authority must give at least fourteen days' warning before serving an overcrowding notice [[{HA}139/3|{Q139_3}]]."),
    ("numbers_in_words", F, CU, E, f"A financial penalty for a relevant housing offence may be as much as fifty thousand pounds [[{HA}249A/4|must not be more than £30,000]]."),
    ("numbers_in_words", F, CU, E, f"An appeal against emergency remedial action must be made within fourteen days [[{HA}45/3|within the period of 28 days beginning with]]."),
    ("numbers_in_words", R, None, E, f"The court may order a landlord to pay the applicant between one and three times the amount of the deposit [[{HA}214/4|{Q214_4}]]."),
    ("numbers_in_words", R, None, E, f"A landlord must comply with the initial requirements of an authorised scheme within thirty days of receiving the deposit [[{HA}213/3|{Q213_3}]]."),
    ("numbers_in_words", R, None, E, f"An improvement notice may not require remedial action to start before the twenty-eighth day after it is served [[{HA}13/3|{Q13_3}]]"),
    ("numbers_in_words", R, None, E, f"An HMO licence may not last more than five years [[{HA}68/4|{Q68_4}]]."),
    ("numbers_in_words", R, None, E, f"A temporary exemption notice is in force for three months from the date it is served [[{HA}62/4|{Q62_4}]]."),
    ("numbers_in_words", R, None, E, f"The authority must give at least seven days' warning before serving an overcrowding notice [[{HA}139/3|{Q139_3}]]."),
    ("numbers_in_words", R, None, E, f"The authority must serve notice of emergency remedial action within 7 days of starting it [[{HA}40/7|Within the period of seven days beginning with the date when the authority start taking emergency remedial action]]."),
    # wrong_party: the duty or right given to the wrong person, then the right one.
    ("wrong_party", F, CU, E, f"The tenant must comply with the initial requirements of an authorised scheme within 30 days of paying the deposit [[{HA}213/3|{Q213_3L}]]."),
    ("wrong_party", F, CU, E, f"The landlord may apply to the county court if a tenant's deposit has not been protected [[{HA}214/1|{Q214_1}]]."),
    ("wrong_party", F, CU, E, f"The Secretary of State must keep the housing conditions in every district under review [[{HA}3/1|{Q3_1}]]."),
    ("wrong_party", F, CU, E, f"A tenant commits an offence by living in an HMO that should be licensed but is not [[{HA}72/1|{Q72_1}]]."),
    ("wrong_party", F, CU, E, f"Each local housing authority must make arrangements for tenancy deposit schemes to be available [[{HA}212/1|{Q212_1}]]."),
    ("wrong_party", F, CU, E, f"The court may order the local housing authority to repay the deposit to the tenant [[{HA}214/3A|The court may order the person who appears to the court to be holding the deposit to repay all or part of it to the applicant]]."),
    ("wrong_party", F, CU, E, f"A landlord may designate the area around its properties as subject to selective licensing [[{HA}80/1|{Q80_1}]]."),
    ("wrong_party", F, CU, E, f"The First-tier Tribunal may impose a financial penalty for a relevant housing offence in England [[{HA}249A/1|{Q249A_1}]]."),
    ("wrong_party", F, CU, E, f"The Secretary of State may make an interim empty dwelling management order for a wholly unoccupied dwelling [[{HA}133/1|A local housing authority may make an interim EDMO in respect of a dwelling if]]."),
    ("wrong_party", R, None, E, f"The tenant, or a person who paid the deposit on the tenant's behalf, may apply to the county court where the deposit rules were not complied with [[{HA}214/1|{Q214_1}]]."),
    ("wrong_party", R, None, E, f"In relation to England, the appropriate national authority is the Secretary of State [[{HA}261/1|in relation to England, the Secretary of State]]."),
    ("wrong_party", R, None, E, f"It is the landlord who must comply with the initial requirements of the scheme when it receives a deposit [[{HA}213/3|{Q213_3L}]]."),
    ("wrong_party", R, None, E, f"The local housing authority may impose a financial penalty for a relevant housing offence in England [[{HA}249A/1|{Q249A_1}]]."),
    ("wrong_party", R, None, E, f"Once an interim management order is in force, the authority must first take any immediate steps needed to protect the occupiers' health, safety or welfare [[{HA}106/2|The authority must first take any immediate steps which they consider to be necessary for the purpose of protecting the health, safety or welfare of persons occupying the house]]."),
    # paraphrased_real: faithful paraphrase, verbatim quote.
    ("paraphrased_real", R, None, E, f"Councils have to keep an eye on housing conditions in their area to see whether they need to act [[{HA}3/1|{Q3_1}]]."),
    ("paraphrased_real", R, None, E, f"If the council thinks a home ought to be inspected for category 1 or 2 hazards, it has to arrange the inspection [[{HA}4/1|the authority must arrange for such an inspection to be carried out]]."),
    ("paraphrased_real", R, None, E, f"An HMO licence cannot be handed on to somebody else [[{HA}68/6|A licence may not be transferred to another person.]]"),
    ("paraphrased_real", R, None, E, f"When it receives an HMO licence application the council has two options: grant a licence or refuse one [[{HA}64/1|the authority must either]]."),
    ("paraphrased_real", R, None, E, f"Whoever controls or manages an HMO that needs a licence but has none is committing an offence [[{HA}72/1|{Q72_1}]]."),
    ("paraphrased_real", R, None, E, f"Occupiers count as separate households unless they are all one family or fall within circumstances set by regulations [[{HA}258/2|Persons are to be regarded as not forming a single household unless]]."),
    ("paraphrased_real", R, None, E, f"Students living somewhere while on a full-time further or higher education course are treated as living there as their only or main residence [[{HA}259/2|as the person's residence for the purpose of undertaking a full-time course of further or higher education]]."),
    ("paraphrased_real", R, None, E, f"A landlord cannot ask for a deposit in the form of goods rather than money for a shorthold tenancy [[{HA}213/7|No person may, in connection with a shorthold tenancy, require a deposit which consists of property other than money.]]"),
    ("paraphrased_real", R, None, E, f"Getting in the way of a council officer doing their work under Parts 1 to 4 is an offence [[{HA}241/1|A person who obstructs a relevant person in the performance of anything which, by virtue of any of Parts 1 to 4 or this Part, that person is required or authorised to do commits an offence.]]"),
    ("paraphrased_real", R, None, E, f"Knowingly or recklessly giving the council false or misleading information in connection with its housing functions is an offence [[{HA}238/1|he knows that it is false or misleading or is reckless as to whether it is false or misleading]]."),
    ("paraphrased_real", R, None, E, f"An additional licensing designation lasts at most five years from when it comes into force [[{HA}60/2|That time must be no later than five years after the date on which the designation comes into force.]]"),
    ("paraphrased_real", R, None, E, f"A person cannot be fined twice under section 249A for the same conduct [[{HA}249A/3|Only one financial penalty under this section may be imposed on a person in respect of the same conduct.]]"),
    ("paraphrased_real", R, None, E, "Section 263 of the Housing Act 2004 treats the person who receives the rack-rent of premises, a rent of at least two-thirds of their full net annual value, as the person having control of them."),
    # quote_of_subsection: the citation is the subsection, the quote from it, the claim faithful.
    ("quote_of_subsection", R, None, E, f"Part 2 licensing applies to any HMO in the district that falls within a prescribed description [[{HA}55/2|any HMO in the authority's district which falls within any prescribed description of HMO]]."),
    ("quote_of_subsection", R, None, E, f"Part 2 also applies to HMOs of a description specified in an additional licensing designation [[{HA}55/2|if an area is for the time being designated by the authority under section 56 as subject to additional licensing]]."),
    ("quote_of_subsection", R, None, E, f"Every HMO to which Part 2 applies must be licensed unless an exemption notice or management order is in force [[{HA}61/1|{Q61_1}]]."),
    ("quote_of_subsection", R, None, E, f"The standard test for an HMO starts with accommodation that is not a self-contained flat [[{HA}254/2|it consists of one or more units of living accommodation not consisting of a self-contained flat or flats]]."),
    ("quote_of_subsection", R, None, E, f"A deposit paid for a shorthold tenancy must be dealt with under an authorised scheme from the moment it is received [[{HA}213/1|must, as from the time when it is received, be dealt with in accordance with an authorised scheme]]."),
    ("quote_of_subsection", R, None, E, f"No section 21 notice may be given while the deposit is not held in an authorised scheme [[{HA}215/1|no section 21 notice may be given in relation to the tenancy at a time when the deposit is not being held in accordance with an authorised scheme]]."),
    ("quote_of_subsection", R, None, E, f"A category 1 hazard is one that scores at or above a prescribed amount under the prescribed method [[{HA}2/1|\"category 1 hazard\" means a hazard of a prescribed description]]."),
    ("quote_of_subsection", R, None, E, f"The work an improvement notice requires must at least ensure that the hazard stops being a category 1 hazard [[{HA}11/5|must, as a minimum, be such as to ensure that the hazard ceases to be a category 1 hazard]]."),
    ("quote_of_subsection", R, None, E, f"Contravening an overcrowding notice is an offence [[{HA}139/7|A person who contravenes an overcrowding notice commits an offence]]."),
    ("quote_of_subsection", R, None, E, f"A rack-rent is a rent of at least two-thirds of the full net annual value of the premises [[{HA}263/2|\"rack-rent\" means a rent which is not less than two-thirds of the full net annual value of the premises]]."),
    ("quote_of_subsection", R, None, E, f"An authorised officer may enter premises at any reasonable time to survey or examine them [[{HA}239/3|may enter the premises in question at any reasonable time for the purpose of carrying out a survey or examination of the premises]]."),
    ("quote_of_subsection", R, None, E, f"When applying the overcrowding requirement about sleeping arrangements, children under 10 are disregarded [[{HA}141/2|children under the age of 10 are to be disregarded]]."),
    ("quote_of_subsection", R, None, E, f"Failing to comply with an operative improvement notice is an offence [[{HA}30/1|Where an improvement notice has become operative, the person on whom the notice was served commits an offence if he fails to comply with it.]]"),
    # repealed_as_current: repealed or omitted law stated as the law now.
    ("repealed_as_current", F, RP, E, f"A landlord in England can recover possession of a dwelling let on an assured shorthold tenancy by giving the tenant two months' notice [[{HA88}/1|{Q21_1}]]."),
    ("repealed_as_current", F, RP, E, "Under section 21 of the Housing Act 1988, landlords in England can end an assured shorthold tenancy without giving any reason."),
    ("repealed_as_current", F, RP, E, f"A private registered provider can end a fixed-term assured shorthold tenancy of two years or more by giving six months' notice [[{HA88}/1B|{Q21_1B}]]."),
    ("repealed_as_current", F, RP, E, f"In England, a landlord cannot give a section 21 notice in the first four months of a tenancy [[{HA88}/4B|within the period of four months beginning with the day on which the tenancy began]]."),
    ("repealed_as_current", F, RP, E, "Possession proceedings on a section 21 notice in England must be started within six months of the notice (Housing Act 1988, s. 21(4D))."),
    ("repealed_as_current", F, RP, E, f"The Secretary of State is under a duty to improve the energy efficiency of homes in England by at least 20 per cent [[{HA}217/1|{Q217_1}]]."),
    ("repealed_as_current", F, RP, E, "Section 155 of the Housing Act 2004 requires a person marketing a home for sale to have a home information pack."),
    ("repealed_as_current", F, RP, E, "Under section 225 of the Housing Act 2004, every local housing authority in England must assess the accommodation needs of gypsies and travellers in its district."),
    ("repealed_as_current", F, RP, E, "Section 3 of the Sale of Offices Act 1809 makes it a misdemeanour to buy or sell a public office."),
    ("repealed_as_current", F, RP, W, "Section 202 of the Housing Act 2004 gives assured tenants in Wales a right to acquire their dwelling."),
    ("repealed_as_current", F, RP, E, "Under section 167 of the Housing Act 2004, an enforcement officer can require a seller's agent to produce a home information pack."),
    ("repealed_as_current", F, RP, E, f"A court must make an order for possession of a periodic assured shorthold tenancy once the landlord has given the required notice [[{HA88}/4|a court shall make an order for possession of a dwelling-house let on an assured shorthold tenancy which is a periodic tenancy]]."),
    # repealed_as_history: the same law, correctly described as past.
    ("repealed_as_history", R, None, E, f"Until it was omitted on 1 May 2026, section 21 of the Housing Act 1988 let a landlord in England recover possession after giving not less than two months' notice [[{HA88}/1|{Q21_1}]]."),
    ("repealed_as_history", R, None, E, "Before it was omitted from 1 May 2026 by the Renters' Rights Act 2025, section 21(4B) of the Housing Act 1988 stopped a section 21 notice being given in the first four months of an assured shorthold tenancy of a dwelling-house in England."),
    ("repealed_as_history", R, None, E, f"Before 1 May 2026, a private registered provider letting on a fixed term of at least two years had to give six months' notice before the court could order possession [[{HA88}/1B|{Q21_1B}]]."),
    ("repealed_as_history", R, None, E, f"Section 217 of the Housing Act 2004, which ceased to have effect on 21 March 2012, had required the Secretary of State to take reasonable steps to raise energy efficiency in England by at least 20 per cent by 2010 [[{HA}217/1|{Q217_1}]]."),
    ("repealed_as_history", R, None, E, "Section 155 of the Housing Act 2004, which imposed the duty to have a home information pack, was repealed with the rest of Part 5 by the Localism Act 2011 with effect from 15 January 2012."),
    ("repealed_as_history", R, None, E, "Section 225 of the Housing Act 2004, on the accommodation needs of gypsies and travellers, was omitted on 12 July 2016 by the Housing and Planning Act 2016."),
    ("repealed_as_history", R, None, W, "Section 202 of the Housing Act 2004 was repealed on 26 January 2019 by the Abolition of the Right to Buy and Associated Rights (Wales) Act 2018."),
    ("repealed_as_history", R, "pre_1963", E, "The Sale of Offices Act 1809, whose section 3 had made buying or selling offices a misdemeanour, was repealed on 31 January 2013 by the Statute Law (Repeals) Act 2013."),
    ("repealed_as_history", R, None, E, "Before 1 May 2026, section 21(4ZA) of the Housing Act 1988 removed, for dwelling-houses in England, the requirement that the date in a section 21(4) notice be the last day of a period of the tenancy."),
    ("repealed_as_history", R, None, E, f"Until its omission from 1 May 2026, section 21(8) of the Housing Act 1988 allowed the Secretary of State to prescribe the form of a section 21 notice for dwelling-houses in England [[{HA88}/8|The Secretary of State may by regulations made by statutory instrument prescribe the form of a notice under subsection (1) or (4)]]."),
    ("repealed_as_history", R, None, E, f"Before 1 May 2026, section 21 possession proceedings in England generally had to begin within six months of the notice [[{HA88}/4D|may not be begun after the end of the period of six months beginning with the date on which the notice was given]]."),
    # judgment_paraphrase: what a judgment decided, faithfully; judgment_outcome: wrongly.
    ("judgment_paraphrase", R, None, E, f"In D2M Solutions Ltd v Secretary of State for Communities and Local Government, Holgate J refused the application for judicial review [[{D2M}|For all these reasons, I refuse the application for judicial review.]]"),
    ("judgment_paraphrase", R, None, E, f"A main issue in D2M Solutions was whether the Planning Inspectorate's ex gratia compensation scheme covers loss of profits [[{D2M}|whether, as a matter of interpretation, the ex gratia scheme for paying financial compensation for errors made by PINS includes a claim for loss of profits or earnings]]."),
    ("judgment_paraphrase", R, None, E, f"In UEFA v British Telecommunications plc the court held that it had jurisdiction to make the blocking order and that it was appropriate to make it [[{UEFA}|I am satisfied that the Court has jurisdiction to make the order sought and that it is appropriate to do so]]."),
    ("judgment_paraphrase", R, None, E, f"The UEFA blocking order was to run from 13 February 2018 to 26 May 2018 [[{UEFA}|The order will take effect on 13 February 2018 and last until 26 May 2018.]]"),
    ("judgment_paraphrase", R, None, E, f"In Y v Z the court declined to make Z pay all of Y's costs but ordered him to pay half of those referable to the declaration application [[{YZ}|I therefore refuse the application for Z to pay all of the costs but consider that he should pay half of Y's costs referable to the declaration application]]."),
    ("judgment_paraphrase", R, None, E, f"In R (Corbiere Ltd) v Secretary of State for Justice the claim was dismissed [[{CORB}|Accordingly this claim is dismissed.]]"),
    ("judgment_paraphrase", R, None, E, f"In Corbiere the judge accepted that keeping Mr Xu's passport to stop him leaving the UK would be using the power for an unlawful purpose [[{CORB}|would be an exercise of the power under s.17 for an unlawful purpose]]."),
    ("judgment_paraphrase", R, None, E, f"In Holyoake v Candy the judge found none of the claims of Mr Holyoake and Hotblack established and dismissed the claim [[{HOLY}|It follows that I dismiss the claim.]]"),
    ("judgment_paraphrase", R, None, E, "In Y v Z [2017] EWFC 83 the court said that, although costs orders are unusual in children cases, there is no presumption against making one."),
    ("judgment_outcome", F, CU, E, f"In D2M Solutions the court quashed the Planning Inspectorate's decision and awarded the claimant its lost profits [[{D2M}|For all these reasons, I refuse the application for judicial review.]]"),
    ("judgment_outcome", F, CU, E, f"In Y v Z the court ordered Z to pay all of Y's costs of the declaration application [[{YZ}|I therefore refuse the application for Z to pay all of the costs]]."),
    ("judgment_outcome", F, CU, E, f"In UEFA v British Telecommunications plc, TalkTalk opposed the blocking application [[{UEFA}|TalkTalk neither supports nor opposes the application.]]"),
    ("judgment_outcome", F, CU, E, f"In R (Corbiere Ltd) v Secretary of State for Justice the court quashed the deportation order made against Mr Xu [[{CORB}|Accordingly this claim is dismissed.]]"),
    ("judgment_outcome", F, CU, E, f"In Holyoake v Candy the court upheld Mr Holyoake's claims against the lenders [[{HOLY}|It follows that I dismiss the claim.]]"),
]

# Added later, written from ../shared/data before the checks they exercise were changed;
# their ids carry the prefix vc2.
SPEC_ADDED: list[tuple[str, str, str | None, str, str]] = [
    ('wrong_subject', F, CU, E, 'A landlord must give the tenant prescribed information about the deposit scheme [[ukpga/2004/34/section/68/4|That period must not end more than 5 years after]].'),
    ('wrong_subject', F, CU, E, 'A council may charge a fee when a landlord applies for a selective licence for a house [[ukpga/2004/34/section/142/1|must refrain from]].'),
    ('wrong_subject', F, CU, E, 'Children under ten are disregarded when deciding whether a tenancy deposit has been protected [[ukpga/2004/34/section/213/3|within the period of 30 days beginning with the date on which it is received]].'),
    ('wrong_subject', F, CU, E, 'An overcrowding notice must be served at least 7 days before a prohibition order is made on a flat [[ukpga/2004/34/section/20/1|making a prohibition order under this section in respect of the hazard is a course of action available to the authority]].'),
    ('wrong_subject', F, CU, E, 'A tenant can apply to the county court if the landlord has not protected the deposit in an authorised scheme [[ukpga/2004/34/section/63/1|An application for a licence must be made to the local housing authority.]].'),
    ('wrong_subject', F, CU, E, 'An empty dwelling management order lets the authority take over a home that has been left unoccupied [[ukpga/2004/34/section/139/2|The local housing authority may serve an overcrowding notice on one or more relevant persons]].'),
    ('wrong_subject', F, CU, E, 'A licence holder commits an offence by failing to comply with a condition of a selective licence [[ukpga/2004/34/section/30/1|the person on whom the notice was served commits an offence if he fails to comply with it]].'),
    ('wrong_subject', F, CU, E, 'The authority must consult the fire and rescue authority before taking enforcement action about a fire hazard in an HMO [[ukpga/2004/34/section/235/3|The notice must include information about the possible consequences of not complying with the notice.]].'),
    ('wrong_party', F, CU, E, 'A tenant who receives a tenancy deposit must comply with the initial requirements of an authorised scheme within 30 days [[ukpga/2004/34/section/213/3|the initial requirements of an authorised scheme must be complied with by the landlord in relation to the deposit within the period of 30 days]].'),
    ('wrong_party', F, CU, E, 'An application for an HMO licence must be made to the tribunal [[ukpga/2004/34/section/63/1|An application for a licence must be made to the local housing authority.]].'),
    ('wrong_party', F, CU, E, 'The landlord may serve an overcrowding notice on the occupiers of an HMO [[ukpga/2004/34/section/139/2|The local housing authority may serve an overcrowding notice on one or more relevant persons]].'),
    ('wrong_party', F, CU, E, 'The tribunal may revoke an HMO licence with the agreement of the licence holder [[ukpga/2004/34/section/70/1|The local housing authority may revoke a licence]].'),
    ('wrong_party', F, CU, E, "A magistrates' court may order the local housing authority to permit the intended action to be taken on the premises [[ukpga/2004/34/section/35/2|a magistrates' court may order the occupier to permit to be done on the premises anything which the court considers is necessary]]."),
    ('wrong_party', F, CU, E, 'The tenant must give the landlord information about the authorised scheme that applies to the deposit [[ukpga/2004/34/section/213/5|A landlord who has received such a tenancy deposit must give the tenant and any relevant person such information]].'),
    ('duty_vs_power', F, CU, E, 'The local housing authority must revoke an HMO licence when the licence holder agrees [[ukpga/2004/34/section/70/1|The local housing authority may revoke a licence]].'),
    ('duty_vs_power', F, CU, E, 'The authority must serve a temporary exemption notice whenever a person notifies it that they intend to stop the house needing a licence [[ukpga/2004/34/section/62/2|The authority may, if they think fit, serve on that person a notice under this section]].'),
    ('duty_vs_power', F, CU, E, 'An HMO licence may be transferred to another person [[ukpga/2004/34/section/68/6|A licence may not be transferred to another person.]].'),
    ('duty_vs_power', F, CU, E, 'The authority may choose whether to inform every relevant person in writing before serving an overcrowding notice [[ukpga/2004/34/section/139/3|The authority must, at least 7 days before serving an overcrowding notice]].'),
    ('numbers_in_words', F, CU, E, 'A temporary exemption notice lasts for six months from the date it is served [[ukpga/2004/34/section/62/4|for the period of 3 months beginning with the date on which it is served]].'),
    ('numbers_in_words', F, CU, E, 'An HMO licence can last for up to ten years [[ukpga/2004/34/section/68/4|That period must not end more than 5 years after]].'),
    ('numbers_in_words', F, CU, E, 'Children under the age of twelve are disregarded when applying the rule on opposite sexes sharing a room [[ukpga/2004/34/section/142/3|children under the age of 10 are to be disregarded]].'),
    ('numbers_in_words', F, CU, E, 'After conviction for using premises in breach of a prohibition order, a further fine of up to fifty pounds a day can be imposed [[ukpga/2004/34/section/32/2|to a further fine not exceeding £20 for every day or part of a day]].'),
    ('judgment_outcome', F, CU, E, 'In D2M Solutions Ltd v Secretary of State for Communities and Local Government the application for judicial review was granted [[[2017] EWHC 3409 (Admin)|For all these reasons, I refuse the application for judicial review.]].'),
    ('judgment_outcome', F, CU, E, 'In R (Corbiere Ltd) v Secretary of State for Justice the claim succeeded [[[2017] EWHC 3364 (Admin)|Accordingly this claim is dismissed.]].'),
    ('judgment_outcome', F, CU, E, "In Holyoake v Candy the judge found Mr Holyoake's claims established and allowed the claim [[[2017] EWHC 3397 (Ch)|I have now considered all Mr Holyoake’s and Hotblack’s claims and found none of them established. It follows that I dismiss the claim.]]."),
    ('judgment_outcome', F, CU, E, 'In UEFA v British Telecommunications plc the court held that it had no jurisdiction to make the blocking order [[[2017] EWHC 3414 (Ch)|I am satisfied that the Court has jurisdiction to make the order sought and that it is appropriate to do so]].'),
    ('judgment_outcome', F, CU, E, 'In Y v Z the court refused to make any order for costs against Z [[[2017] EWFC 83|consider that he should pay half of Y’s costs referable to the declaration application]].'),
    ('judgment_outcome', F, CU, E, 'In Corbiere the court refused permission on every ground [[[2017] EWHC 3364 (Admin)|I am persuaded that the other grounds of challenge are arguable. I therefore grant permission.]].'),
    ('judgment_outcome', F, CU, E, 'In D2M Solutions the Defendant refused to concede that the planning decision should be quashed [[[2017] EWHC 3409 (Admin)|the Defendant conceded that the decision should be quashed on one of the Claimant’s four grounds of challenge, ground 2]].'),
    ('judgment_paraphrase', R, None, E, 'In Corbiere the judge granted permission on the arguable grounds but found that none of them was made out [[[2017] EWHC 3364 (Admin)|I therefore grant permission. However, for the reasons I have given, none of the grounds are made out.]].'),
    ('judgment_paraphrase', R, None, E, 'In Corbiere permission was refused on the Article 6 ground [[[2017] EWHC 3364 (Admin)|Permission is therefore refused on the Article 6 ground.]].'),
    ('judgment_paraphrase', R, None, E, "In D2M Solutions the Secretary of State conceded that the Inspector's decision should be quashed on ground 2 [[[2017] EWHC 3409 (Admin)|the Defendant conceded that the decision should be quashed on one of the Claimant’s four grounds of challenge, ground 2]]."),
    ('judgment_paraphrase', R, None, E, 'In Holyoake v Candy the claim failed because none of the claims was established [[[2017] EWHC 3397 (Ch)|found none of them established. It follows that I dismiss the claim.]].'),
    ('judgment_paraphrase', R, None, E, "In Y v Z the judge did not consider Z's conduct reprehensible [[[2017] EWFC 83|I do not consider that Z’s conduct is such that it was reprehensible]]."),
    ('paraphrased_real', R, None, E, "A landlord who takes a deposit for a shorthold tenancy has 30 days from receiving it to meet the scheme's initial requirements [[ukpga/2004/34/section/213/3|the initial requirements of an authorised scheme must be complied with by the landlord in relation to the deposit within the period of 30 days beginning with the date on which it is received]]."),
    ('paraphrased_real', R, None, E, 'HMO licences cannot be handed on to someone else [[ukpga/2004/34/section/68/6|A licence may not be transferred to another person.]].'),
    ('paraphrased_real', R, None, E, 'Before serving an overcrowding notice the council has to tell every relevant person in writing at least seven days in advance [[ukpga/2004/34/section/139/3|The authority must, at least 7 days before serving an overcrowding notice]].'),
    ('paraphrased_real', R, None, E, 'A temporary exemption notice is in force for three months from the day it is served [[ukpga/2004/34/section/62/4|for the period of 3 months beginning with the date on which it is served]].'),
    ('paraphrased_real', R, None, E, 'Someone convicted of failing to comply with an improvement notice faces a fine of up to level 5 on the standard scale [[ukpga/2004/34/section/30/3|is liable on summary conviction to a fine not exceeding level 5 on the standard scale]].'),
    ('paraphrased_real', R, None, E, "The council can, with the licence holder's agreement, revoke an HMO licence [[ukpga/2004/34/section/70/1|The local housing authority may revoke a licence]]."),
    ('paraphrased_real', R, None, E, 'Children younger than 10 are ignored when deciding whether people of opposite sexes would have to share a bedroom [[ukpga/2004/34/section/142/3|children under the age of 10 are to be disregarded]].'),
    ('paraphrased_real', R, None, E, "A magistrates' court can order an occupier who is blocking the works to let them be carried out [[ukpga/2004/34/section/35/2|a magistrates' court may order the occupier to permit to be done on the premises anything which the court considers is necessary]]."),
    ('paraphrased_real', R, None, E, 'The licence application goes to the local housing authority, which can ask for a fee with it [[ukpga/2004/34/section/63/3|The authority may, in particular, require the application to be accompanied by a fee fixed by the authority.]].'),
    ('repealed_as_current', F, RP, E, 'A private landlord in England can serve a section 21 notice to end an assured shorthold tenancy after the fixed term [[ukpga/1988/50/section/21/1|the landlord or, in the case of joint landlords, at least one of them has given to the tenant not less than two months’ notice in writing stating that he requires possession of the dwelling-house]].'),
    ('repealed_as_history', R, None, E, "Section 21 of the Housing Act 1988 used to let a landlord in England obtain possession once the fixed term had ended and two months' notice had been given [[ukpga/1988/50/section/21/1|not less than two months’ notice in writing stating that he requires possession of the dwelling-house]]."),
]


def source_text(ref: str) -> str:
    """The text a citation points at: a provision (any level) or a whole judgment."""
    if ref in judgments():
        return judgments()[ref].text
    provision = provisions().get(ref)
    if provision is None:
        raise SystemExit(f"no such source in ../shared/data: {ref}")
    return provision.text


def verbatim(quote: str, source: str) -> str:
    """The source's own characters for ``quote``, allowing only white space and quote marks
    to differ; stops the build when the quote is not in the source."""
    pattern = "".join(
        _QUOTE_CLASS.get(ch, r"\s+" if ch.isspace() else re.escape(ch)) for ch in quote.strip())
    found = re.search(pattern, source)
    if found is None:
        raise SystemExit(f"not verbatim: {quote!r}")
    return found.group(0)


def render(text: str) -> str:
    def tag(m: re.Match[str]) -> str:
        quote = verbatim(m["quote"], source_text(m["ref"])).replace('"', "&quot;")
        return f'<cite ref="{m["ref"]}" quote="{quote}">1</cite>'

    return _CITE.sub(tag, text)


def items() -> list[dict[str, object]]:
    return _items(SPEC, "vc") + _items(SPEC_ADDED, "vc2")


def _items(spec: list[tuple[str, str, str | None, str, str]],
           prefix: str) -> list[dict[str, object]]:
    out: list[dict[str, object]] = []
    counts: dict[str, int] = {}
    for category, label, issue, jurisdiction, text in spec:
        counts[category] = counts.get(category, 0) + 1
        item: dict[str, object] = {
            "id": f"{prefix}-{category.replace('_', '-')}-{counts[category]:02d}",
            "text": render(text), "jurisdiction": jurisdiction, "label": label,
            "category": category, "expected_issue": issue,
        }
        if issue == "pre_1963":
            item["expected_status"] = "pre_1963_digitised"
        out.append(item)
    return out


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--check", action="store_true", help="fail if the file is out of date")
    args = p.parse_args()
    lines = "".join(json.dumps(i, ensure_ascii=False) + "\n" for i in items())
    if args.check:
        if OUT.read_text() != lines:
            sys.exit(f"{OUT} is out of date: run python -m bench.tools.build_verification_claims")
        return
    OUT.write_text(lines)
    print(f"{len(lines.splitlines())} items written to {OUT}")


if __name__ == "__main__":
    main()
