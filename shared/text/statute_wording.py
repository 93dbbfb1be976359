"""How the statute book words what people ask: pairs of a pattern (how a question says it,
matched case-insensitively) and the Act's own words for it, one table per kind.

Why a module of its own: the tables are data that grows every round of retrieval work (each
round's fresh questions bring everyday words the Housing Act 2004 words otherwise), while
``shared.text.vocabulary`` holds how they are read. The vocabulary compiles them and says which
search reads which table (full text, the model's query with ``plain``, abbreviations).
"""

from __future__ import annotations

__all__ = ["ABBREVIATIONS", "CIRCUMSTANCES", "CONDUCT", "DEALINGS", "DEGREES", "LAY", "OTHERS",
           "PLAIN", "PROCEDURE", "SITUATIONS", "SPOKEN", "TERMS", "WORDS"]

WORDS: tuple[tuple[str, str], ...] = (
    (r"\bshared (house|home|flat)|\bhouse ?share|\bflat ?share|\bhmos?\b|\bbedsits?\b|"
     r"\b(five|six|seven|[5-9])[- ]bed(room)?",
     "house in multiple occupation"),  # licensing only when asked: not every HMO question
    (r"\blicen[cs]", "licence licensing"),
    (r"\bdamp\b|\bmould\b|\bcold\b|\bhazards?\b", "hazard category 1 improvement notice"),
    (r"\bevict|no[- ]fault", "possession notice"),
    (r"\bcouncil\b", "local housing authority"),
    # The Act's minister for England or Wales, however the asker names them.
    (r"(?-i:\bSoS\b)|\bsecretary of state\b|\bministers?\b", "appropriate national authority"),
    (r"\bdeposits?\b", "tenancy deposit scheme"),
    (r"\bovercrowd", "overcrowding notice"),
    (r"\bpenalt|\bfined?\b|\bprosecut|\bpunish", "offence financial penalty"),
    # Everyday words for what the statute book names in its own terms: full text meets the
    # Act's words only, and each names a kind of thing the Acts regulate, however it is said.
    (r"\bcrimes?\b|\bcriminal\b|\billegal\b|\bagainst the law\b", "offence"),
    (r"\b(?:lie|lies|lied|lying|fib\w*) to\b", "false or misleading"),
    (r"\bcaus\w* (?:trouble|bother|a nuisance)|\btrouble ?makers?|\bmaking trouble|\byob\w*|"
     r"\bhooligan\w*|\browdy\b", "anti-social behaviour"),
    (r"\bhow long\b", "duration period"),  # "last" or "wait": the Act says for what period
    # Irregular participles the stemmer leaves alone, and headings say in the gerund
    # ("Making of interim EDMOs", "Giving of notices").
    (r"\bmade\b", "make"), (r"\bgiven\b", "give"), (r"\btaken\b", "take"),
    (r"\bheld\b", "hold"), (r"\bpaid\b", "pay"), (r"\bbrought\b", "bring"),
    (r"\bsought\b", "seek"), (r"\bkept\b", "keep"), (r"\bsent\b", "send"),
)
"""How the statute book words what a question asks about: keywords for full-text search."""
PLAIN: tuple[tuple[str, str], ...] = (
    # Everyday words for the Act's procedures and terms of art, for legal full text only:
    # each names a kind of thing the Act does, however a tenant, landlord or officer says it.
    # Documents and how they are given.
    (r"\btemplates?\b|\bpro ?formas?\b|\bstandard (?:letters?|wording|layouts?)\b",
     "form prescribe"),
    (r"\b(?:lay|lays|laying|set|sets|setting) down\b", "prescribe"),
    (r"\be-?mail\w*|\bonline\b|\belectronically\b", "electronic communications"),
    (r"\blaps(?:e|es|ed|ing)\b|\bfalls? away\b|\bno longer (?:applies|counts|stands)\b",
     "cease to have effect"),
    (r"\byearly\b|\bonce a year\b", "annual"),
    # What the council does to a house: take over its management, order works, ban its use,
    # knock it down.
    (r"\b(?:tak(?:e|es|ing|en)|took) over (?:the )?(?:running|management|managing|control)\b|"
     r"\b(?:tak(?:e|es|ing|en)|took) over (?:running|managing)\b", "management order"),
    (r"\b(?:order|notice)s? to (?:fix|repair|sort out|put right|do (?:the )?works?)\b",
     "improvement notice"),
    (r"\bban(?:s|ned|ning)? (?:on )?(?:anyone |people )?(?:living|using|use)\b|"
     r"\bstop(?:s|ped|ping)? (?:anyone|people|tenants) (?:from )?living\b", "prohibition order"),
    (r"\b(?:knock|knocks|knocked|knocking|pull|pulls|pulled|pulling) (?:\w+ ){0,3}down\b|"
     r"\bdemolish\w*|\bbulldoz\w*", "demolition order clearance area"),
    (r"\bclear(?:s|ed|ing)? (?:a |an |the )?(?:whole )?(?:area|street|estate)s?\b|\bslums?\b",
     "clearance area"),
    # Licensing schemes in the words of the people they cover.
    (r"\bextra (?:hmo )?licensing\b|\bborough[- ]wide licensing\b|\blicensing schemes?\b",
     "additional licensing designation"),
    # Where a dispute goes, and going on from there.
    (r"\b(?:property|housing|rent) tribunals?\b", "residential property tribunal"),
    (r"\btake (?:it|this|that|the case|my case|the decision) (?:further|higher)\b", "appeal"),
    # Who holds the property: lenders, and buying it back ("paying back" is left out: a
    # discount, a rent repayment order and arrears are all paid back).
    (r"\blenders?\b|\bbuilding societ(?:y|ies)\b|\bmortgage (?:company|provider)s?\b",
     "mortgagee"),
    (r"\bfirst dibs\b|\bfirst (?:option|offer)\b|\boffer (?:it |them )?back\b|"
     r"\bsell (?:it |them )?back\b", "right of first refusal"),
)
"""Everyday words for the Act's procedures and terms, each the Act's own words for what is
meant (lay and spoken questions: a notice "emailed" is one given by electronic
communications; a council that "takes over running" a house has made a management order)."""
LAY: tuple[tuple[str, str], ...] = (
    # More everyday words for the Act's terms of art, for legal full text and the model's
    # query: each names a kind of thing the Act regulates, however an asker says it.
    # Challenging a decision: the Act's word is "appeal" ("dispute" is left out: a deposit
    # dispute is resolved, not appealed).
    (r"\b(?:object(?:s|ed|ing|ions?)?|disagree\w*|challeng\w*|contest(?:s|ed|ing)?)\b",
     "appeal"),
    # Homes let to several households, in the words of those who share them.
    (r"\bmulti[- ]?(?:let|occupied|occupancy)\b|\b(?:flat|house) ?mates?\b",
     "house in multiple occupation"),
    # Rooms and their size: the Act counts sleeping accommodation by floor area.
    (r"\bbedrooms?\b", "sleeping accommodation"),
    (r"\bhow (?:small|big|large)\b|\bsize of\b|\bsquare (?:metres|meters|feet)\b",
     "floor area"),
    # Household goods left in a home the council takes over.
    (r"\b(?:sofas?|settees?|beds|tables|chairs|wardrobes?|furnishings?)\b", "furniture"),
    # A debt secured on a property, and what the council bills for work it does.
    (r"\bsecured (?:against|on)\b|\bagainst the (?:house|property|home|flat)\b",
     "charge on the premises"),
    (r"\b(?:the|a|its|their|his|her|my) bill\b|\binvoice[sd]?\b", "expenses demand"),
    # Homes standing empty, however they are described.
    (r"\babandoned (?:home|house|flat|property)\b|\b(?:lying|standing|left) empty\b|"
     r"\bboarded[- ]up\b|\bvacant (?:home|house|flat|property)\b", "empty dwelling"),
    # The Act's notices by their initials (upper case only: "in" is no notice).
    (r"(?-i:\bINs\b|\bIN\b(?= (?:under|for|on|from|served)\b))", "improvement notice"),
)
"""Round ten's everyday words for the Act's terms (lay paraphrase: no word of the provision
is in the question), for full text and, as the Act's words for what is meant, the model's
query (``spelt_out(..., plain=True)``)."""
SITUATIONS: tuple[tuple[str, str], ...] = (
    # What happens to a property and the people in it, in the words of those it happens to,
    # for legal full text and the model's query: each names a situation the Act provides
    # for (round eleven of legal retrieval: lay, casual and long questions).
    # The property changes hands after a notice or order: the Act's "person liable" changes.
    (r"\bsold (?:up|on|it|(?:the|my|our|his|her|their) (?:house|home|flat|property|building|"
     r"block))\b|\bsell(?:s|ing)? (?:up|on)\b|\b(?:new|next) owners?\b|\bchanged? hands\b",
     "change in person liable ceases"),
    # Several people own one building: the Act lets one owner act on behalf of another.
    (r"\bco-?owners?\b|\bjoint(?:ly)? own\w*|\bother owners?\b|"
     r"\bshar(?:e|es|ed|ing) (?:the )?(?:freehold|ownership)\b", "owner on behalf of another"),
    # Putting a notice or order on hold, and looking at it again.
    (r"\bon hold\b|\bpaus(?:e|es|ed|ing)\b|\bput off\b", "suspended suspension"),
    (r"\blook(?:s|ed|ing)? (?:\w+ ){0,3}again\b|\breconsider\w*|\bre-?examin\w*|"
     r"\bsecond look\b", "review"),
    # Removing the people who live there, or threatening to.
    (r"\b(?:throw|throws|threw|thrown|throwing|kick|kicks|kicked|kicking|turf|turfs|turfed|"
     r"chuck|chucks|chucked) (?:\w+ ){0,3}out\b|\bget (?:\w+ ){0,2}(?:tenants?|occupiers?|"
     r"residents?|lodgers?|them|everyone|people) out\b", "possession evict"),
    (r"\bthreat\w* to (?:evict|throw|kick|turf|remove)\w*", "threat to evict"),
    # Loss to be made good: the Act's compensation.
    (r"\bmake good\b|\b(?:my|our|their|his|her|the|any) loss(?:es)?\b|\breimburs\w*",
     "compensation"),
    # Who may share a room to sleep: the Act's persons of opposite sexes.
    (r"\b(?:a )?(?:man|men|boys?) and (?:a )?(?:woman|women|girls?)\b|\bopposite sex\w*|"
     r"\bmixed[- ]sex\b", "persons of opposite sexes sleeping"),
)
"""Round eleven's everyday words for situations the Act provides for (a house sold after a
notice, owners who share a building, a notice on hold, tenants thrown out, a loss made good),
as ``LAY``: full text, and the model's query with ``plain``."""
DEALINGS: tuple[tuple[str, str], ...] = (
    # What people do with the Act's licences, notices, officers and penalties, in the words
    # of those who do it, for legal full text and the model's query: each names a dealing the
    # Act provides for (round twelve of legal retrieval: lay, landlord's and long questions).
    # A licence by another name ("a permit for a shared house").
    (r"\bpermits? (?:for|to (?:let|rent|run|operate))\b|"
     r"\bpermit (?:rules|schemes?|system|regime)\b", "licence licensing"),
    # Buying a council home, said in the past tense or with "purchase".
    (r"\b(?:bought|purchas\w*) (?:my|our|his|her|their|the|a) (?:own )?council "
     r"(?:house|home|flat|bungalow|maisonette)s?\b", "right to buy"),
    # Keeping an officer out in body: the Act's obstruction.
    (r"\bst(?:an|oo)d\w* in the (?:way|doorway|door)\b|\b(?:would not|wouldn'?t|will not|won'?t|"
     r"refus\w* to) let (?:\w+ ){0,2}(?:look|see|inspect|check|examine|through)\b",
     "obstructs obstruction"),
    # A demand for records ignored: the Act's notice to produce documents, not complied with
    # (any other demand ignored is CIRCUMSTANCES' failure to comply).
    (r"^(?=.*\bignor\w* (?:\w+ ){0,4}(?:letters?|notices?|requests?|demands?)\b)(?=.*\b(?:"
     r"documents?|records?|papers|paperwork|accounts|agreements|certificates|receipts|rent books?|"
     r"information)\b).",
     "fails to comply with notice"),
    (r"\b(?:ask|asks|asked|asking|demand|demands|demanded|demanding) (?:\w+ ){0,2}for "
     r"(?:\w+ ){0,4}(?:documents|records|papers|paperwork|accounts)\b",
     "require documents to be produced information"),
    # A penalty dropped or cut: the Act's withdrawal of a notice or reduction of its amount.
    (r"\b(?:drop|drops|dropped|dropping|cancel\w*|scrap\w*|withdraw\w*|lower\w*|reduc\w*|cut) "
     r"(?:\w+ ){0,3}(?:fines?|penalt\w*|sum|amount)\b|\b(?:fines?|penalt\w*) (?:\w+ ){0,3}"
     r"(?:dropped|cancelled|scrapped|withdrawn|lowered|reduced|cut)\b", "withdraw reduce amount"),
    # People who live together for their faith: the Act's religious community.
    (r"\bmonks?\b|\bnuns?\b|\bfriars?\b|\bconvents?\b|\bmonaster\w*|\bpriory\b|"
     r"\breligious orders?\b", "religious community"),
    # How long at most: the Act's period and duration.
    (r"\b(?:for )?how many (?:years|months|weeks|days)\b", "duration period"),
)
"""Round twelve's everyday words for dealings the Act provides for (a permit, a council home
bought, an officer kept out, a demand for records ignored, a penalty dropped, a religious
community, how many years), as ``LAY``: full text, and the model's query with
``plain``."""
DEGREES: tuple[tuple[str, str], ...] = (
    # How bad, how long, on whose behalf: the degrees and roles the Act distinguishes, in the
    # words of those who ask (round thirteen of legal retrieval: lay and landlord's questions).
    # A danger said to be lesser: the Act's category 2 hazard.
    (r"\b(?:less(?:er)?|minor|small(?:er)?|low(?:er)?)(?:[- ]level)? (?:dangers?|risks?|"
     r"hazards?)\b|\bless serious (?:dangers?|risks?|hazards?|problems?)\b",
     "category 2 hazard"),
    # A house taken over for good or for now: the Act's final and interim management orders.
    (r"\b(?:tak(?:e|es|ing|en)|took) over (?:\w+ ){0,6}(?:for good|permanently|for the long term|"
     r"long[- ]term|for years)\b", "final management order"),
    (r"\b(?:tak(?:e|es|ing|en)|took) over (?:\w+ ){0,6}(?:temporarily|for now|short[- ]term|"
     r"for a while|in the meantime)\b", "interim management order"),
    # Those who deal with a dead person's affairs: the Act's personal representatives.
    (r"\bexecutors?\b|\badministrators? of (?:his|her|their|the) estate\b",
     "personal representatives"),
)
"""Round thirteen's everyday words for the degrees and roles the Act distinguishes (a lesser
danger, a house taken over for good or for now, a dead owner's executors), as
``LAY``: full text, and the model's query with ``plain``."""
OTHERS: tuple[tuple[str, str], ...] = (
    # The other bodies, people and sums the Act brings in, in the words of those who ask
    # (round fourteen of legal retrieval: lay, tenant's and landlord's questions).
    # The fire service, however named: the Act's fire and rescue authority.
    (r"\bfire (?:brigade|service)s?\b|\bfire ?(?:fighters?|m[ae]n)\b|\bbrigades?\b",
     "fire and rescue authority"),
    (r"\bblazes?\b|\bflames?\b|\binfernos?\b", "fire"),
    # Asking someone's view before acting: the Act's consultation.
    # ("what checks must be done first?" asks no one: a check is "with" someone).
    (r"\b(?:ask|asks|asked|asking|talk|talks|speak|speaks) (?:with |to )?(?:\w+ ){0,3}"
     r"(?:first|beforehand)\b|\bcheck(?:s|ed)? with (?:\w+ ){0,3}(?:first|beforehand)\b|"
     r"\bwhat (?:it|they|he|she) thinks?\b|"
     r"\b(?:its|their|his|her|our|my) (?:views?|opinions?) (?:first|before)\b", "consult"),
    # A court's leave to go in: the Act's warrant from a justice of the peace.
    (r"\bmagistrates?\b|(?-i:\bJPs?\b)|\bjustices? of the peace\b|\bsearch warrants?\b",
     "justice of the peace warrant"),
    (r"\b(?:go|goes|get|gets|come|comes|going|getting|coming|went|got|came) in(?:side)? "
     r"(?:\w+ ){0,3}anyway\b|\bforc(?:e|es|ed|ing) (?:their|its|his|her|a|the) way in\b|"
     r"\bforc(?:e|es|ed|ing) entry\b", "warrant to authorise entry"),
    # Untruths on a form or to an officer: the Act's false or misleading information.
    (r"\b(?:lie|lies|lied|lying) (?:on|in)\b|\bfalse (?:details|information|statements?|"
     r"figures)\b|\b(?:fake|forged|bogus|made[- ]up) (?:\w+ )?(?:certificates?|documents?|"
     r"details|forms?|papers?)\b|\bfill(?:s|ed|ing)? (?:\w+ ){0,4}wrong(?:ly)?\b",
     "false or misleading information"),
    # The council's costs put on the owner: the Act's charge for expenses.
    (r"\b(?:bill|bills|billed|billing|charg(?:e|es|ed|ing)) (?:the |a |his |her |their )?"
     r"(?:owners?|landlords?|freeholders?|me|us|him|them)\b|\bmoney (?:off|from) (?:me|us|"
     r"him|her|them)\b|\bpay (?:for|towards) (?:the council'?s|its|their) (?:time|costs?|"
     r"work|paperwork)\b", "charge expenses"),
    # A letter that only tells of a danger: the Act's hazard awareness notice.
    (r"\bwarn(?:s|ed|ing)? (?:\w+ ){0,4}(?:that|about|of)\b|\bwarning (?:letters?|notices?)\b",
     "hazard awareness notice advising"),
    # Danger that cannot wait: the Act's emergency action and imminent risk.
    (r"\b(?:straight|right) away\b|\bimmediately\b|\bat once\b|\bright now\b|"
     r"\bthe same (?:day|night)\b|\btonight\b|\babout to (?:collapse|come down|fall|"
     r"give way|cave in)\b", "emergency imminent risk"),
    # Every house of a kind in one place: the Act's designation of an area.
    (r"\b(?:every|all|each)\b (?:\w+ ){0,3}(?:in|across|throughout) (?:\w+ ){0,2}(?:area|"
     r"neighbourhood|ward|district|borough|part of (?:the )?town|town centre|estate)s?\b",
     "designate area designation"),
    # How many may live there: the Act's particular number of households or persons.
    (r"\b(?:max(?:imum)?|no more than|only|at most|up to|limited to) (?:of )?(?:\d+|one|two|"
     r"three|four|five|six|seven|eight) (?:people|persons|adults|tenants|occupants|occupiers|"
     r"households|families)\b", "particular number of households or persons"),
    # Those linked with a person by work or otherwise: the Act's persons associated.
    (r"\b(?:business|work) partners?\b|\bassociates?\b|\bcolleagues?\b|\bco-?directors?\b",
     "person associated"),
    # The complaints scheme for social landlords, and the nation it does not cover.
    (r"\bombuds(?:man|men|person)\b", "investigation of housing complaints scheme"),
    (r"\bwelsh\b", "Wales"),
)
"""Round fourteen's everyday words for the bodies, people and sums the Act brings in (the
fire service, a magistrate, a false form, the council's bill, a warning letter, danger that
cannot wait, every house in an area, how many may live there, a business partner, the
ombudsman), as ``LAY``: full text, and the model's query with ``plain``."""
CONDUCT: tuple[tuple[str, str], ...] = (
    # How the people the Act deals with act, and what becomes of what they hold, in the words
    # of those who ask (round sixteen of legal retrieval: lay, casual, tenant's, landlord's and
    # long questions).
    # Untrue answers in other words: the Act's false or misleading information.
    (r"\b(?:wrong|incorrect|untrue|inaccurate) (?:details|information|answers?|figures|"
     r"particulars|facts)\b", "false or misleading information"),
    # Papers got rid of, said of the papers by a pronoun or thrown away: the Act's destroying.
    (r"\b(?:destroy\w*|bin(?:s|ned|ning)?|dump(?:s|ed|ing)?|throw(?:s|ing)? away|threw away) "
     r"(?:some |all |most )?(?:of )?(?:them|it|those|these|the (?:papers|documents|records|"
     r"files))\b", "destroys suppresses document"),
    # What an offender faces, asked in spoken English: the Act's offence and its fine.
    (r"\bwhat(?:'s| is| are) (?:he|she|they|we|i|the (?:owner|landlord|agent)) looking at\b|"
     r"\bwhat (?:will|would|could|can) (?:he|she|they|we|i) get\b", "offence liable fine"),
    # The council running a home for its owner: the Act's management order.
    (r"\b(?:council|authority)(?:'s| is| has| has been|'s been| have been) (?:\w+ )?(?:running|"
     r"managing)\b|\b(?:tak(?:e|es|en|ing)|took) charge of (?:the )?(?:running|managing|"
     r"management)\b", "management order"),
    # The council's plan for a home it runs: the Act's management scheme, kept to.
    (r"\b(?:its|their|the council'?s) (?:own )?plans? for (?:running |managing )?(?:it|them|"
     r"the (?:house|home|flats?|block|property))\b|\b(?:its|their) own plans?\b",
     "management scheme"),
    (r"\b(?:stick|sticks|stuck|keep|keeps|kept) to\b|\babid(?:e|es|ing) by\b",
     "in accordance with"),
    # What the people living there pay or are charged, however put: the Act's rents and
    # other payments.
    (r"\bwhat (?:\w+ ){0,4}pay(?:s)? (?:each|every|a|per) (?:week|month)\b|\bmoney "
     r"(?:it|they|the council) (?:takes?|took|collects?|gets?) (?:in )?from (?:the )?"
     r"(?:lodgers|tenants|occupiers|residents|people)\b|\bpocket\w*", "rent other payments"),
    # Whether a notice or order still binds: the Act's ceasing to have effect.
    (r"\bstill (?:stand|stands|apply|applies|count|counts|hold|holds|in force|valid|"
     r"binding)\b", "cease to have effect"),
    # An order or arrangement that ends, and what it made: the Act's termination, leases and
    # licences.
    (r"\bcomes? to an end\b|\bcame to an end\b|\bcoming to an end\b", "termination"),
    (r"\blettings\b|\btenancies (?:it|they|the council) (?:made|granted|gave)\b",
     "lease licence"),
    # A hearing held in the area: the Act's local inquiry.
    (r"\b(?:hearings?|inquir(?:y|ies)|investigations?) (?:\w+ ){0,2}(?:in the (?:area|town|"
     r"borough|district)|locally)\b|\bpublic (?:hearings?|inquir(?:y|ies))\b",
     "local inquiries"),
    # A company's boss, and a boss who looked away: the Act's officers of a body corporate and
    # their consent, connivance or neglect.
    (r"\bboss(?:es)?\b|\bmanaging directors?\b|\bchief executives?\b",
     "director manager officer body corporate"),
    (r"\bturn(?:s|ed|ing)? a blind eye\b|\blook(?:s|ed|ing)? the other way\b|"
     r"\bwent along with\b|\bgo(?:es)? along with\b", "consent connivance neglect"),
    # Making one scheme fit others: the Act's consistency and co-ordinated approach.
    (r"\btie (?:\w+ ){0,2}in with\b|\bjoin(?:ed)?[- ]up\b|\bfit(?:s|ted)? (?:\w+ ){0,2}in "
     r"with\b|\bline (?:\w+ ){0,2}up with\b", "consistent co-ordinated approach"),
    # Every house of a kind near the asker: the Act's designation of an area.
    (r"\b(?:every|all|each)\b (?:\w+ ){0,3}(?:round|around|near) here\b",
     "designate area designation"),
)
"""Round sixteen's everyday words for how the people the Act deals with act (a wrong detail,
papers binned, what an offender faces, the council running a home and keeping to its plan,
what the occupiers pay, an order that still stands or comes to an end, a hearing in the area,
a boss looking away, one scheme tied in with others), as ``LAY``: full
text, and the model's query with ``plain``."""
PROCEDURE: tuple[tuple[str, str], ...] = (
    # What the Act lets be done about its own steps and what it keeps for the people it
    # touches, in the words of those who ask (round seventeen of legal retrieval: lay, casual,
    # tenant's, landlord's and long questions).
    # A step done without: the Act's dispensing with a notice.
    (r"\bskip(?:s|ped|ping)?\b|\bdo(?:es)? without\b|\bgo(?:es)? without\b|"
     r"\bwaiv(?:e|es|ed|ing)\b|\bbypass(?:es|ed|ing)?\b", "dispense with"),
    # Going to court oneself over the same premises: the Act's remedies kept.
    (r"\bsu(?:e|es|ed|ing)\b|\bordinary law\b|\bcommon law\b", "remedy"),
    # Fines raised with prices: the Act's up-rating for a change in the value of money.
    (r"\b(?:bump|bumps|bumped|jack|jacks|jacked|hike|hikes|hiked|put|puts|push|pushes|raise|"
     r"raises|raised) up (?:the )?(?:fines?|penalt\w*|sums?|amounts?)\b|\binflation\b|"
     r"\bmoney(?:'s| is) worth less\b|\bcost of living\b", "up-rate change in the value of money"),
    # Information, shortened, and those who hold it for a scheme: the scheme administrator.
    (r"\binfo\b", "information"),
    (r"\b(?:scheme|deposit) (?:people|company|firm|lot|folks?|provider)\b", "scheme administrator"),
    # Homes swapped between tenants: the Act's mutual exchange, an assignment by way of
    # exchange.
    (r"\bswap(?:s|ped|ping)? (?:\w+ ){0,3}(?:homes?|flats?|houses?|tenanc(?:y|ies))\b|"
     r"\b(?:home|house|flat) ?swaps?\b", "mutual exchange assignment by way of exchange"),
    # Terms put on paper for the occupier: the Act's written statement of the terms.
    (r"\b(?:anything|something|nothing) (?:\w+ ){0,2}in writing\b|\bterms? (?:\w+ ){0,3}"
     r"(?:in writing|written down)\b", "written statement of the terms"),
    # Kept told of what is done: the Act's notice given to an owner.
    (r"\blet (?:me|us|him|her|them|the owners?) know\b|\bkeep (?:me|us|him|her|them) "
     r"(?:informed|posted|updated|in the loop)\b", "give notice informing"),
    # The one living there keeping the workmen out: the Act's occupier preventing action the
    # court may order him to permit (not an officer let in by no one: "won't let them in" is
    # the obstruction of an inspection, its own provision).
    (r"\b(?:refus\w*|den(?:y|ies|ied|ying)) (?:\w+ ){0,2}(?:entry|access)\b|"
     r"\b(?:won'?t|will not|would not|wouldn'?t|refus\w* to) let (?:the |his |her |their )?"
     r"(?:builders?|contractors?|workm[ae]n|workers|tradesm[ae]n) in\b|"
     r"\bchang(?:e|es|ed|ing) the locks\b", "occupier preventing permit action premises"),
    # A loss made up: the Act's compensation.
    (r"\bmake(?:s)? up for\b|\bmade up for\b", "compensation"),
)
"""Round seventeen's everyday words for what the Act lets be done about its own steps and
keeps for those it touches (a step skipped, suing under the ordinary law, fines put up with
prices, info from the scheme people, homes swapped, terms in writing, an owner kept told,
workmen kept out, a loss made up), as ``LAY``: full text, and the model's query with
``plain``."""
SPOKEN: tuple[tuple[str, str], ...] = (
    # What the council or the landlord tells, limits, hands out or takes back, said as the
    # people it happens to say it (round eighteen of legal retrieval: lay, casual, tenant's
    # and long questions).
    # Dangers in a home: the Act's hazards.
    (r"\bdangers?\b|\bdangerous\b", "hazard"),
    # Told to put a home right: the Act's improvement notice.
    (r"\b(?:told|tells|telling|ordered|orders|required|requires) (?:\w+ ){0,3}to (?:fix|repair|"
     r"mend|put right|sort out|do (?:the )?(?:works?|repairs))\b", "improvement notice"),
    # A demand, cap or ban lifted: the Act's revocation.
    (r"\b(?:withdraw\w*|drop(?:s|ped|ping)?|lift(?:s|ed|ing)?|scrap(?:s|ped|ping)?|"
     r"tak(?:e|es|ing) back) (?:\w+ ){0,2}(?:demands?|requirements?|caps?|limits?|bans?|"
     r"restrictions?)\b", "revoke revocation"),
    # How many may sleep in a room, or a room limited to so many: the Act's overcrowding
    # notice and sleeping accommodation.
    (r"\bhow many (?:\w+ ){0,2}(?:may|can|could|should|are allowed to) sleep\b|"
     r"\b(?:limit\w*|cap(?:s|ped|ping)?|restrict\w*) (?:\w+ ){0,3}rooms? to (?:one|two|three|"
     r"\d+) (?:person|people)\b|\bsleepers\b|\b(?:only|no more than|just) (?:one|two|three|\d+) "
     r"(?:person|people) (?:can|may|could|is allowed to|are allowed to) sleep\b",
     "overcrowding notice sleeping accommodation"),
    # An extra permit scheme across a district: the Act's additional licensing designation.
    (r"\bextra (?:\w+ ){0,2}(?:permits?|licen[cs]\w*) (?:schemes?|rules|areas?)\b",
     "additional licensing designation"),
    # Buying the home one rents: the right to buy, and what the landlord must explain first.
    # ("buy my home" is left out: a tenant applying to buy asks about the right's own
    # provisions, and those of a notice that stops it.)
    (r"\bpurchas\w* (?:their|his|her|my|our|your) (?:own )?(?:council )?(?:homes?|houses?|"
     r"flats?)\b", "right to buy"),
    (r"\bleaflets?\b|\bbooklets?\b|\bbrochures?\b|\bfact ?sheets?\b|\bhandouts?\b",
     "information document"),
    (r"\bplain[- ]english\b|\bplain language\b|\bsimple (?:words|language)\b", "simple terms"),
    # A tenancy handed back or passed on, and the landlord buying it first: the Act's
    # disposal by surrender or assignment, and its right of pre-emption.
    # (A house the council hands back after running it is no tenancy given up.)
    (r"\bhand(?:s|ed|ing)? back (?:(?:or|and) \w+ \w+ )?(?:the|their|his|her|my|our) "
     r"(?:homes?|tenanc(?:y|ies)|leases?|flats?|keys)\b|\bhand(?:s|ed|ing)? (?:the|their|his|"
     r"her|my|our) (?:tenanc(?:y|ies)|leases?|keys) back\b|\bpass(?:es|ed|ing)? on (?:the|"
     r"their|his|her|my|our) (?:homes?|tenanc(?:y|ies)|leases?|flats?|houses?)\b",
     "dispose assignment surrender"),
    (r"\b(?:buy|buying|purchas\w*) (?:it|them|the (?:home|flat|house|lease|tenancy)) (?:back )?"
     r"first\b", "pre-emption"),
    # An officer coming round to look, and the warning owed first: the Act's power of entry
    # for a survey or examination, on notice of the intention.
    (r"\bcom(?:e|es|ing) (?:round|over|by) (?:\w+ ){0,2}(?:look|inspect|survey|check)\w*",
     "enter survey examination"),
    (r"\b(?:a |one |24 hours'? |a day'?s'? |advance |prior )warning\b|\bheads[- ]up\b|"
     r"\bforewarn\w*", "notice of intention"),
    # A list of the licensed: the Act's register.
    (r"\blists? (?:\w+ ){0,3}of (?:all |every )?(?:the )?(?:licen[cs]\w*|registered)\b",
     "register"),
    # Told to leave with no reason given: the no-fault notice of section 21.
    (r"\b(?:notice|leave|out|evict\w*)\b(?: \w+){0,5} without (?:giving )?(?:a |any )?"
     r"(?:reasons?|grounds?)\b|\b(?:two|2) months'? notice\b", "section 21 notice possession"),
    # Nobody allowed to live there: the Act's prohibition order; a tenancy from before 1989:
    # the Rent Act's protected tenancy.
    (r"\b(?:nobody|no ?one|no-one) (?:can|may|could|is allowed to|should) (?:live|sleep|stay)\b|"
     r"\bcan(?:'?t|not) be lived in\b", "prohibition order"),
    (r"\b(?:protected|regulated) tenan\w*", "Rent Act 1977"),
    # Too late to act: what the Act allows after the end of the period, for good reason.
    (r"\btoo late\b|\bmissed the (?:deadline|time limit)\b|\bout of time\b",
     "after the end of the period good reason"),
    # Money for what was lost: the Act's compensation.
    (r"\b(?:get|claim|be paid|receive) (?:any |some )?(?:money|cash|something) for (?:this|that|"
     r"it|the (?:loss|damage|disruption|interference|inconvenience))\b", "compensation"),
    # Homes left empty and brought back into use: the Act's empty dwelling management order.
    # (Not "empty homes" alone: a council's empty homes plans, or a home it runs, are no
    # order of this kind.)
    (r"\bstood empty\b|\bback into use\b", "empty dwelling management order"),
    # The owner who must do the works asking what can get him in past the occupier: the
    # court's order to allow the action to be taken (not any getting in: into a bath, for a
    # gas check, in the way of an officer, an obstruction, or in anyway, a warrant).
    (r"\b(?:anything|something|any way|how) (?:\w+ ){0,3}to (?:get|gain) (?:in|inside|access)\b"
     r"(?! anyway|(?: [\w']+){0,2} way\b)|\b(?:get|gain)(?:ting|ing)? (?:in|access) to do "
     r"(?:the )?(?:works?|repairs?)\b", "court order occupier allow action to be taken premises"),
)
"""Round eighteen's everyday words for what a council or landlord tells, limits, hands out or
takes back (dangers, a demand withdrawn, how many may sleep, an extra permit scheme, buying
one's home and the leaflet first, a tenancy handed back, an officer coming round and the
warning owed, a list of the licensed, notice with no reason, nobody allowed to live there, a
protected tenancy, too late, money for a loss, an empty home brought back into use, getting
in to do the works), as ``LAY``: full text, and the model's query with ``plain``."""
CIRCUMSTANCES: tuple[tuple[str, str], ...] = (
    # The circumstances a step is asked about, said as those it happens to say them (round
    # nineteen of legal retrieval: lay, casual, tenant's, landlord's and long questions).
    # Let off a licence for now, or while selling: the Act's temporary exemption notice.
    (r"\bexempt\w* from (?:\w+ ){0,2}licen[cs]\w*|\b(?:avoid|dodge|skip|put off|not need\w*|"
     r"without) (?:\w+ ){0,2}licen[cs]\w* (?:in the meantime|for now|for the time being|while)\b",
     "temporary exemption notice"),
    # The council no longer running a house, or handing it back to its owner: the end of a
    # management order.
    (r"\b(?:stop\w*|ceas\w*|finish\w*|end\w*|giv\w* up) (?:running|managing|the management of|"
     r"its management of)\b|\bhand\w* (?:it|the (?:house|home|flat|property|building)) back to "
     r"(?:the |its )?(?:landlord|owner)s?\b|\bhand\w* back (?:the (?:house|home|flat|property|"
     r"building) )?to (?:the |its )?(?:landlord|owner)s?\b",
     "termination management order cease to have effect"),
    # A tenancy carrying on as it was: the order's effect on the occupiers; not one that
    # carries on after a death, a sale or the end of a fixed term (succession, a new landlord,
    # a periodic tenancy). A question's part may lose the order it names ("Does my tenancy
    # carry on as before?"), so the line excludes the other cases rather than requiring it.
    (r"^(?!.*\b(?:died|dies|death|passed away|widow\w*|bereave\w*|succe\w*|sold|sells|selling|"
     r"sale|buyer|new (?:landlord|owner)s?|fixed[- ]term|end of the term|periodic)\b)(?=.*(?:\b(?:"
     r"tenanc(?:y|ies)|leases?|agreements?) (?:still )?(?:carr(?:y|ies) on|continues?|survives?|"
     r"still stands?)\b|\bcarr(?:y|ies) on as before\b)).", "effect occupiers existing"),
    # A no-fault notice where a licence is in question: the Act's restriction on ending the
    # tenancy of an unlicensed house.
    (r"^(?=.*\blicen[cs])(?=.*(?:\bsection 21\b|\bs\.? ?21\b|\bno[- ]fault\b|\b(?:two|2) months'? "
     r"notice\b|\bwithout (?:giving )?(?:a |any )?reasons?\b)).",
     "restriction on terminating tenancies unlicensed"),
    # An empty home the council would take over, or get someone living in: the Act's empty
    # dwelling management order.
    (r"^(?=.*\b(?:empty|unoccupied|vacant)\b)(?=.*\btak\w* (?:\w+ ){0,2}over\b).|"
     r"\b(?:get|have|put) (?:someone|somebody|people|tenants|a family) (?:living|to live) in\b",
     "empty dwelling management order"),
    # Officers kept out of a house they would inspect: the justice's warrant to authorise entry.
    (r"^(?=.*\b(?:inspect\w*|survey\w*|officers?|environmental health)\b)(?=.*\b(?:refus\w*|"
     r"won'?t|will not|would not|wouldn'?t) (?:to )?let (?:us|them|him|her|the \w+|our \w+) in\b)"
     r".|\b(?:not|never|won'?t) (?:to )?answer the door\b",
     "warrant authorise entry admission refused"),
    # A debt put on a home: the Act's charge on the premises, a local land charge.
    (r"(?:\b(?:a|the|any|its) (?:legal |land )?charge|\bdebts?|\bliens?) (?:on|against) (?:my|the|"
     r"his|her|their|our|your) (?:property|house|home|flat|premises|land|building)\b",
     "charge on the premises local land charge recovery"),
    # Charged or billed for the council's own inspections and notices: its charge for
    # enforcement action.
    (r"\b(?:charg\w*|bill\w*) (?:\w+ ){0,4}for (?:\w+ ){0,3}(?:inspect\w*|notices?|orders?|"
     r"enforc\w*|serving|making)\b", "charge expenses enforcement action"),
    # A demand ignored: the Act's offence of failing to comply.
    (r"\b(?:ignor\w*|disobey\w*|defy\w*|defie\w*|flout\w*) (?:[\w']+ ){0,3}(?:demands?|notices?|"
     r"orders?|requests?|requirements?|letters?)\b", "fails to comply offence"),
    # Urgent works the council does itself: the Act's emergency remedial action (not an urgent
    # repair a landlord or a tenant asks about).
    (r"\b(?:council|authority|it|they) (?:\w+ ){0,2}(?:do|does|did|doing|done|carr\w* out|"
     r"undert\w*) (?:the |some |any )?(?:urgent(?:ly)?|emergency) (?:\w+ )?(?:works?|repairs?|"
     r"action)\b|\b(?:urgent(?:ly)?|emergency) (?:\w+ )?(?:works?|repairs?|action) (?:\w+ ){0,2}"
     r"(?:itself|themselves)\b", "emergency remedial action"),
    # Money to adapt a home for a disabled person: the disabled facilities grant.
    # A wheelchair alone is no grant: only with the money asked about.
    (r"\badapt(?:ing|ed)? (?:it|them|the (?:home|house|flat|caravan|bathroom)|my|his|her|their|"
     r"our)\b|\badaptations?\b|^(?=.*\bwheelchairs?\b)(?=.*\b(?:money|grants?|funds?|funding|"
     r"pay|pays|paid|paying|cost|costs|afford\w*|quotes?)\b).", "disabled facilities grant"),
    # Owners of one building together: the Act's action by one owner on behalf of another.
    (r"\bco-?own\w*|\bjoint(?:ly)?[- ]own\w*|\b(?:another|other|the other) (?:freeholders?|"
     r"co-?owners?)\b", "one owner on behalf of another"),
    # Where someone mainly lives: the Act's only or main residence.
    (r"\bmain homes?\b|\bmain (?:place of )?residence\b", "only or main residence occupying"),
    # Someone else's sign-off before the council acts: the Act's authorisation (a tribunal's).
    (r"\b(?:anyone|anybody|someone|somebody|a court|a judge|a tribunal|the tribunal) "
     r"(?:\w+ ){0,3}(?:approv(?:e|es|ed|ing)|sign(?:s|ed)? (?:it |this |that )?off|"
     r"authori[sz](?:e|es|ed|ing))\b", "authorisation authorise tribunal"),
    # The council's own step taken overnight or on the spot: the Act's emergency measures,
    # with immediate effect (not anything else wanted straight away).
    (r"^(?=.*\b(?:council|authority|officers?|environmental health|inspectors?)\b)(?=.*\b(?:"
     r"notices?|orders?|bann?\w*|barr\w*|clos\w*|shut\w*|step\w* in|do (?:the |any )?works?|"
     r"no ?one can|prohibit\w*|stop\w*)\b)(?=.*\b(?:overn(?:ight|ite)|straight ?away|there and "
     r"then|on the spot)\b).", "emergency immediate effect"),
    # Round twenty (lay, casual, tenant's, landlord's and long questions): how people say
    # that a step must end, what a notice must say, a company's director in the dock, the
    # council running a house for now, a let that counts, a scheme over a whole area.
    # How long a takeover or a scheme may go on, or that it must end: the Act's ceasing to
    # have effect.
    (r"\b(?:has|have|had) to (?:end|stop|come to an end)\b|\bcome to an end\b|"
     r"\b(?:go on|goes on|last|lasts|run|runs|carry on|continue) (?:for ever|forever|"
     r"indefinitely)\b|\bhow long can (?:this|it|that|they) (?:go on|last|continue|carry on)\b",
     "cease to have effect period"),
    # What a notice has to say, or being told what was done or found: what it must specify.
    (r"\bwhat (?:\w+ ){0,4}(?:has|have|had|must|should|ought) (?:to )?(?:have )?(?:say|said|"
     r"state|contain|include)\b|\b(?:tell|told|send|sent|give|given) (?:\w+ ){0,3}(?:saying |"
     r"know )?what (?:they|it|the council|you) (?:did|had done|have done|found)\b|"
     r"\bsaying what (?:they|it|the council) (?:did|had done|found)\b",
     "notice must specify contents"),
    # A company and its director prosecuted too: the Act's offences by bodies corporate.
    (r"^(?=.*\b(?:ltd|limited compan(?:y|ies)|compan(?:y|ies))\b)(?=.*\bdirectors?\b).",
     "director officer body corporate offence"),
    # Being "done for" something: prosecuted for an offence.
    (r"\b(?:get|gets|got|getting|be|been|being) done (?:for|too|as well)\b",
     "offence proceedings conviction"),
    # The council running a house for now: the Act's interim management order.
    (r"\b(?:temporarily|for now|for the time being) (?:running|managing|in charge of)\b|"
     r"\b(?:running|managing) (?:\w+ ){0,3}(?:temporarily|for now|for the time being)\b",
     "interim management order"),
    # A let said to count or not: treated as a lease or licence in law.
    (r"\b(?:proper|real|valid|genuine) (?:tenanc(?:y|ies)|lets?|leases?)\b|"
     r"\bcounts? as (?:a |the )?(?:proper|real|valid|genuine|legal)\b",
     "treated as if legal lease licence"),
    # A scheme over a whole area, however wide: the Act's designation of an area.
    (r"\b(?:area|borough|district|street|town|city|county)[- ]wide\b",
     "designate area designation"),
    # The council's own contractors at work on a house: its remedial action, not the owner's.
    (r"\b(?:council|authority)(?:'s|s'|s)? (?:own )?(?:contractors?|builders?|workmen|workers|"
     r"tradesmen)\b", "remedial action taken by the authority"),
    # Who has to be told, or what published: the Act's notification requirements.
    (r"\bwho (?:do|must|should|shall|will) (?:we|i|they|you|the council) (?:have to |need to )?"
     r"(?:tell|inform|notify|let know)\b|\bwhat (?:do|must|should) (?:we|i|they|you|the council) "
     r"(?:have to |need to )?publish\b", "notification requirements publish notice"),
    # The landlord's contracts and bills while the council runs the house: the order's effect
    # on agreements, the authority in the immediate landlord's place.
    (r"^(?=.*(?:\bmanagement orders?\b|\b(?:tak\w*|took) over (?:the )?(?:running|"
     r"management|managing)\b))(?=.*\b(?:contracts?|invoices?|suppliers?|service agreements?)\b).",
     "agreements rights liabilities immediate landlord"),
)
"""Round nineteen's everyday words for the circumstances a step is asked about (let off a
licence for now, the council no longer running a house, a tenancy carrying on, a no-fault notice
where a licence is in question, an empty home taken over, officers kept out, a debt on a home,
charged for an inspection, a demand ignored, urgent works, money to adapt a home, co-owners,
a main home, someone else's sign-off, done overnight), narrowed in round twenty to the
circumstance each names, and round twenty's (a step that must end, what a notice must say, a
company's director, a house run for now, a let that counts, a scheme area-wide, the council's
own contractors, who must be told, a landlord's contracts under an order), as ``LAY``: full
text, and the model's query with ``plain``."""
TERMS: tuple[tuple[str, str], ...] = (
    (r"\bRROs?\b", "rent repayment order"),
    (r"(?-i:\bTENs?\b)", "temporary exemption notice"),  # not "ten"
    (r"\bE?DMOs?\b", "empty dwelling management order"),
    (r"\bLHAs?\b", "local housing authority"),
    (r"(?-i:\bIMOs?\b)", "interim management order"),  # not "in my opinion"
    (r"(?-i:\bFMOs?\b)", "final management order"),
    (r"\bcat\.?\s?[12]\b", "category hazard"),
    (r"\bHA\s?2004\b", "Housing Act 2004"),
)
"""Abbreviations of the Housing Act 2004's own terms, spelt out."""
ABBREVIATIONS: tuple[tuple[str, str], ...] = (
    (r"\brent repayment orders?\b", "RRO"),
    (r"\btemporary exemption notices?\b", "TEN"),
    (r"\bempty dwelling management orders?\b", "EDMO"),
)
"""The other way: the Act spells a term out once, in the provision that introduces it, and
uses the abbreviation everywhere after ("Making of interim EDMOs"), so a question in full
words must also find the abbreviation."""
