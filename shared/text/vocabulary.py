"""Housing vocabulary: how people ask, how the sources say it, and what a question is about.

Officers write "HMO", "s.21", "kicked out" or "Awaab's Law"; statutes and policies write
"house in multiple occupation", "section 21 of the Housing Act 1988", "possession" and
"hazards in social housing". Full-text search only meets the sources' own words, so a search
query is the question plus the words for what it mentions (``expand``), in both directions:
an abbreviation adds its full form and a full form adds its abbreviation, since a policy may
use either. ``topics`` names the housing subjects a text mentions and ``subjects`` adds the
Acts, sections, policies and cases it names: what a question is about, for the router's
rewrite of follow-up questions and the summary of a long conversation.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from shared.text import statute_wording as _wording
from shared.text.terms import STOP_WORDS, stem, terms

__all__ = ["ACTIONS", "Expansion", "expand", "expand_statutory", "expansions", "spelt_out",
           "statutory_abbreviations", "subjects", "topics", "unexpanded"]


@dataclass(frozen=True)
class _Entry:
    said: re.Pattern[str]
    """How people say it (matched case-insensitively, at word boundaries)."""
    means: str
    """The words the sources use for it."""


def _entry(said: str, means: str) -> _Entry:
    # The group: an alternation's boundaries must hold for every alternative, not the outer two
    # ("s.21" must not match the start of "s.213").
    return _Entry(re.compile(rf"(?<![\w'])(?:{said})(?![\w'])", re.IGNORECASE), means)


def _both_ways(short: str, long: str, *, long_said: str | None = None) -> tuple[_Entry, ...]:
    """An abbreviation and its full form, each adding the other."""
    return (_entry(rf"{short}s?", long), _entry(long_said or re.escape(long), short))


_NEUTRAL = r"neutral (?:third party|person|party|someone|outsider)|someone neutral"
_DISPUTE = (r"disputes?|disputing|neighbours?|settle[sd]?|settling|complain\w*|fall(?:s|en|ing)? "
            r"out|fell out|argu\w*")
_WARMTH = r"pipes?|homes?|heating|heaters?|cold|boilers?|radiators?"
_OWED = ("rent", "payment", "payments", "benefit", "benefits", "credit", "wages", "salary",
         "pay", "money")
_NOT_OWED = "".join(rf"(?<!{n} {link})" for n in _OWED
                    for link in ("", "is ", "are ", "was ", "'s ", "’s "))
"""Money running late is arrears, not work running late ("my rent will be late")."""

_LAY: tuple[_Entry, ...] = (
    # How tenants and officers describe a housing concept in everyday words, one way: the
    # policies and statutes name the concept, not the symptom ("a smell of rotten eggs" is a
    # suspected gas leak). Broad by design: every common way of saying each concept.
    # Gas and heating.
    _entry(r"rotten eggs?|(?:smell|smells|smelling|whiff|stench|odou?r)s? (?:of|like) gas|"
           r"gas (?:leak|smell)s?|leak(?:ing|s)? gas|smells? gas", "smells gas suspected gas leak"),
    _entry(r"(?:boiler|heating|radiators?)(?: has| have| is| are|'s)? (?:broken|broke|"
           r"packed up|conked out|stopped working|not working|gone off|cold)|no (?:heating|"
           r"hot water)", "loss of heating or hot water"),
    _entry(r"fumes|headaches? from the (?:boiler|fire)|CO poisoning",
           "carbon monoxide"),
    # Electrics.
    _entry(r"electrics|wiring|sockets?|fuse ?box(?:es)?|consumer units?|tripping|trip switch"
           r"|sparking", "electrical installation EICR"),
    # Water and leaks.
    _entry(r"dripping|water (?:coming|pouring|leaking) (?:in|through|down)|burst pipes?|"
           r"flood(?:ed|ing)?|leaky|leaking (?:roof|ceiling|pipe|tap)s?", "leak repair"),
    # A ceiling, roof or wall that has given way: what the repairs policies call collapsed.
    _entry(r"(?:ceilings?|roofs?|walls?)(?: has| have| had|'s)? (?:come|came|fallen|fell|"
           r"caved|given way|gave way)(?: (?:down|in))?|caved in", "collapsed ceiling"),
    # Damp and mould in other words, and how bad it is.
    _entry(r"fung(?:us|al|i)|mildew|musty|black stuff|streaming windows|wet walls?",
           "damp and mould"),
    _entry(r"all over|everywhere|covered in|spreading|widespread|extensive|really bad",
           "severe"),
    # Who acts: the statute's "local housing authority".
    _entry(r"town hall", "council"),
    # Danger to health: what the statute calls a hazard.
    _entry(r"seriously (?:injure|hurt|harm)\w*|could (?:kill|injure|hurt|harm)|death ?traps?|"
           r"danger(?:ous)? to (?:health|life)|unsafe", "hazard"),
    # Crime and getting in an officer's way: what the statute calls an offence and
    # obstruction.
    _entry(r"crimes?|criminal(?:ly)?|illegal|against the law", "offence"),
    _entry(r"gets? in (?:the|their|his|her) way|getting in (?:the|their|his|her) way|"
           r"stand(?:s|ing)? in (?:the|their|his|her) way|hinder\w*|"
           r"(?:block|stop|prevent)(?:s|ed|ping|ing)? (?:\w+ ){0,2}(?:from )?"
           r"(?:entering|inspecting|getting in)", "obstruct obstruction"),
    # Pests.
    _entry(r"rats?|mice|mouse|cockroach(?:es)?|bed ?bugs?|fleas|wasps?|ants|squirrels|"
           r"pigeons|droppings", "pests vermin infestation"),
    # Noise, nuisance, harassment and hate.
    _entry(r"(?:loud|blasting|blaring|booming) (?:music|tv|telly|stereo)|"
           r"racket|shouting|banging|stamping|noise|noisy|"
           r"(?:house|all-night|late-night|noisy) parties|"
           r"partying", "noise nuisance anti-social behaviour"),
    # ("Threatened with eviction" is no harassment: threats to a person only.)
    _entry(r"harass\w*|intimidat\w*|threatening (?:behaviou?r|messages|letters|notes)|"
           r"threats? (?:of violence|to (?:kill|hurt|harm))|bully\w*|drug dealing|dealing drugs",
           "harassment anti-social behaviour"),
    _entry(r"racis[mt]\w*|racial(?:ly)?(?: \w+)? abuse|racial slurs?|homophobi\w*|"
           r"transphobi\w*|disablist|sectarian|hate crimes?|targeted because of",
           "hate incident"),
    # Damage, recharges and repairs.
    _entry(r"kicked (?:in|down|through)|smashed|vandal\w*|deliberate(?:ly)? damage\w*|"
           r"damaged on purpose|broke(?:n)? on purpose|trashed",
           "damage caused deliberately recharge"),
    _entry(r"bill (?:someone|them|the tenant|the resident|residents?)|charge (?:them|"
           r"the tenant|the resident|residents?|someone) for|make (?:them|the tenant) pay",
           "recharge the cost"),
    _entry(r"broken", "repair"),
    _entry(r"falling apart|in a (?:terrible|bad|right) state|run[- ]down|dilapidated",
           "disrepair"),
    # Warning in advance: what the policies and statutes call notice.
    _entry(r"how far (?:ahead|in advance)|how much warning|advance warning|heads[- ]up|"
           r"warn(?:s|ed|ing)? (?:\w+ ){0,2}(?:before|in advance|ahead)", "notice"),
    # Moving out for works.
    _entry(r"(?:mov(?:e|es|ed|ing)|shift(?:ing)?|relocat\w+|put) (?:\w+ ){0,2}(?:out|"
           r"elsewhere)(?: \w+){0,3} (?:works|builders|repairs|refurbish\w*)|"
           r"temporary (?:move|rehousing|accommodation) (?:during|for|while) (?:the )?works",
           "decant temporary move while works are carried out"),
    # Visits: an officer "going round" to see how a household is "getting on" is what the
    # policies call a visit to check how they are settling in; a household that has just
    # moved in is a new resident at the start of their tenancy.
    _entry(r"(?:go|goes|going|pop|pops|popping|call|calls|calling) round|"
           r"(?:drop|drops|dropping|check|checks|checking) in on", "visit"),
    _entry(r"how (?:they|he|she)(?:'re|’re|'s|’s| are| is) (?:getting on|doing|coping)|"
           r"settl(?:e|es|ed|ing) in", "settling in"),
    _entry(r"new (?:family|families|household|households|tenants?)|(?:just )?moved in",
           "new resident start of tenancy"),
    # An electrician's report on a home's wiring is its EICR.
    _entry(r"electrical (?:safety )?reports?|electrician'?s? report",
           "electrical installation condition report EICR"),
    # Overcrowding.
    _entry(r"shar(?:e|es|ing) (?:a |one |the )?(?:bed)?rooms?|shared (?:bed)?rooms?|"
           r"sleep(?:s|ing)? (?:in|on) the (?:living room|lounge|kitchen|sofa|floor)|"
           r"too many (?:people|folk|persons|occupants|residents|tenants|of us|kids|children)|"
           r"kipping|not enough (?:bed)?rooms|cramped|"
           r"squashed in|bedroom shortfall", "overcrowding"),
    # Rent and money.
    _entry(r"(?:can'?t|cannot|unable to|struggling to) (?:afford|pay)(?: the| their)? rent|"
           r"owes? (?:\w+ )?rent|missed (?:rent )?payments?|unpaid rent", "rent arrears"),
    _entry(r"rent (?:going up|rises?|hikes?)|(?:put|putting) (?:the )?rent up|"
           r"raise (?:the )?rent", "rent increase"),
    # Losing or passing on the home.
    _entry(r"get rid of (?:a |the |our )?(?:tenant|resident)s?|take (?:the )?"
           r"(?:house|home|flat|property) back", "possession"),
    _entry(r"(?:tenant|partner|mum|dad|mother|father|husband|wife|parent|gran\w*)"
           r"(?: has)? (?:died|passed away|passed on)|death of (?:a |the )?tenant|"
           r"take over (?:the|her|his|their) tenancy|inherit\w* (?:the |a )?"
           r"(?:tenancy|home|house|flat)", "succession when a tenant dies"),
    _entry(r"swap (?:homes|houses|flats)|home swap|house swap", "mutual exchange"),
    _entry(r"moving (?:someone|somebody|a friend|a lodger) in|lodgers?|sub-?let\w*",
           "subletting lodger"),
    _entry(r"rent(?:s|ed|ing)? (?:\w+ ){0,4}out(?: to (?:someone|somebody|others?|another)"
           r"(?: \w+)?)?", "subletting"),
    _entry(r"let(?:s|ting)? out (?:(?:the|their|his|her|our|a|part|whole|of|spare)\s+){0,4}"
           r"(?:home|flat|house|room)s?", "subletting"),
    # Empty homes: what the statute calls unoccupied (not its own "empty dwelling").
    _entry(r"(?:stood|standing|been|lying|left|sitting|sat|gone) empty|empty (?:homes?|houses?|"
           r"flats?|propert(?:y|ies))", "unoccupied"),
    # Taking longer than a timescale: what the policies call an extension.
    _entry(r"take (?:any )?longer|(?:more|extra) time|go(?:es|ing)? over (?:the|that|our) "
           r"(?:time|deadline|timescale)", "extension"),
    # Getting rid of graffiti or a mess: what the policies call removing it.
    _entry(r"(?:clean|scrub|wash|paint)(?:s|ed|ing|bed|bing)? (?:\w+ ){0,2}(?:off|over)",
           "remove"),
    # Adaptations.
    *_both_ways("OT", "occupational therapist", long_said=r"occupational therapists?"),
    _entry(r"through[- ]floor lifts?|ramps?|wheelchair access|level[- ]access|"
           r"wet rooms?|lever taps?|hoists?", "adaptations"),
    # Complaints.
    _entry(r"moan\w*|grumble|not happy|unhappy with|dissatisfied|fed up with|"
           r"take (?:it|this) further|go over (?:your|their) heads?", "complaint"),
    # Fire safety and communal areas.
    _entry(r"landings?|corridors?|stairwells?|hallways?|communal (?:stairs|hall)",
           "communal areas escape routes"),
    _entry(r"dumped|junk|clutter|rubbish left|bikes?|prams?|mobility scooters?",
           "items left in communal areas"),
    _entry(r"fire doors? (?:propped|wedged)|propped open|wedged open", "fire doors"),
    # Lights that stay on in a power cut are emergency lighting; getting out in a fire is
    # escaping it.
    _entry(r"(?:back-?up|power[- ]cut|battery) lights?|lights? (?:\w+ ){0,6}(?:when|if|in) "
           r"(?:the|a) (?:power|electric(?:ity|s)?) (?:goes|go|went|is|fails|cuts?|cut)"
           r"(?: (?:off|out))?", "emergency lighting"),
    _entry(r"(?:get|gets|getting|got)(?: (?:her|him|them|herself|himself|themselves))? out"
           r"(?: of (?:the|her|his|their) (?:flat|building|block|home))? (?:[\w'’]+ ){0,3}"
           r"(?:fire|blaze)|(?:get|gets|getting|got) (?:\w+ )?out in time", "escape in a fire"),
    # A bulb to change, a missed visit, a supply cut off, a lodger and a rent rise, as tenants
    # say them.
    _entry(r"(?:chang|replac|put)(?:e|es|ed|ing)? (?:in )?(?:a |the |her |his |their )?"
           r"(?:\w+ )?(?:light ?)?bulbs?", "replacing light bulbs minor repairs"),
    _entry(r"(?:didn'?t|did not|never|failed to|doesn'?t|does not) (?:turn|show)(?:s|ed)? up|"
           r"no[- ]shows?|stood (?:her|him|them|me|us) up", "miss an appointment"),
    _entry(r"(?:cut|turn|switch)(?:s|ting|ed|ing)? (?:\w+ )?(?:gas|supply) off|"
           r"(?:cut|turn|switch)(?:s|ting|ed|ing)? off (?:\w+ )?(?:gas|supply)",
           "gas supply capped"),
    _entry(r"(?:rent|renting|let|letting|lets) (?:out )?(?:a|her|his|their|the|my|our) "
           r"(?:spare |back |box |empty )?(?:room|bedroom)|(?:take|taking|took) in (?:a )?"
           r"(?:paying )?(?:guest|student|lodger)s?", "lodgers"),
    _entry(r"rent(?:'s| is| has)? (?:going|gone|went|put) up|(?:rent|service charge) "
           r"(?:increase|rise)s?|(?:put|putting|puts) (?:the |her |his |their )?rent up",
           "change to their rent or service charge"),
    # Clearing things away is removing them; "do we owe her anything?" after a failure of ours
    # asks about compensation.
    _entry(r"(?:get|gets|getting|got) rid of|clear(?:s|ed|ing)? (?:\w+ )?(?:away|out)",
           "removed"),
    _entry(r"(?:do|does|did) (?:we|they|you|the \w+) owe (?:her|him|them|me|us) (?:anything|"
           r"something|money)|(?:is|are) (?:she|he|they) (?:owed|due) (?:anything|something|"
           r"money)", "compensation"),
    # Round seventeen of answers: words sprayed or scrawled on a wall, an appliance a tenant
    # bought, worn out with use, an adaptation taken off by the tenant, and a home's way in
    # made wider.
    _entry(r"(?:spray(?:s|ed|ing)?|spray-?paint(?:s|ed|ing)?|scrawl(?:s|ed|ing)?|"
           r"daub(?:s|ed|ing)?) (?:[\w'’]+ ){0,8}(?:on|over|across) (?:[\w'’]+ ){0,3}"
           r"(?:walls?|doors?|fences?|windows?|cars?)", "offensive graffiti"),
    _entry(r"(?:cooker|fire|heater|hob|appliance)s? (?:that )?(?:she|he|they|the tenant|the "
           r"resident) (?:bought|buys|owns|installed|fitted|put in)(?: (?:herself|himself|"
           r"themselves))?|(?:her|his|their) own (?:gas )?(?:cooker|fire|heater|hob|appliance)s?",
           "residents' own gas appliances"),
    _entry(r"(?:worn|wore|wearing|wears) out|(?:worn|wore) away|normal (?:use|wear)",
           "fair wear and tear"),
    _entry(r"(?:unscrew(?:s|ed|ing)?|tak(?:e|es|ing|en)|took|rip(?:s|ped|ping)?|"
           r"pull(?:s|ed|ing)?)(?: (?:off|out|down|away))? (?:(?:the|her|his|their|a|an|that|"
           r"this) )?(?:grab ?rails?|stair ?rails?|hand ?rails?|ramps?|stair ?lifts?|hoists?|"
           r"through[- ]floor lifts?)", "remove adaptation"),
    _entry(r"widen(?:s|ed|ing)? (?:\w+ ){0,2}(?:door(?:way)?s?|hall(?:way)?s?)|"
           r"(?:door(?:way)?s?|hall(?:way)?s?) widen(?:ed|ing)", "door widening major adaptation"),
    # A decision with nothing after it, a pet boarded, belongings kept elsewhere, a partner's
    # violence told as a story, and a problem that has come back.
    _entry(r"last word|final say|final answer|end of the road", "final decision"),
    _entry(r"kennels?|catter(?:y|ies)|board(?:s|ed|ing)? (?:\w+ ){0,2}(?:dogs?|cats?|pets?)",
           "kennelling or cattery costs"),
    _entry(r"stor(?:e|es|ed|ing) (?:\w+ ){0,3}(?:furniture|belongings|things|stuff|"
           r"possessions)|(?:furniture|belongings|things|stuff|possessions) (?:that )?"
           r"(?:won'?t|will not|doesn'?t|does not|can'?t|cannot) fit", "secure storage belongings"),
    _entry(r"(?:fled|fleeing|flee|gone|went|moved) (?:to |into )?(?:a |the )?(?:women'?s )?"
           r"refuge|(?:partner|ex|husband|wife|boyfriend|girlfriend)(?:'s| (?:was|is|has been|had "
           r"been|got))? (?:violent|abusive|violence)", "domestic abuse"),
    # "It's back", "it has come back": a be or a come before "back", never "offer it back".
    _entry(r"(?:it|mould|damp|the damp|the mould)(?:(?:'s| is| has| have)? (?:come|came|coming)"
           r"|'s| is) back|(?:mould|damp)(?: has| have)? (?:returned|reappeared|come back)",
           "returned reopened"),
    # Round eighteen of answers: a door that will not shut or lock, a box for the key, lights
    # that come on by themselves in a power cut, the arm that pulls a door shut, drugs sold, and
    # a lung condition by its name.
    _entry(r"(?:front|back|external|outside|entrance) doors? (?:[\w'’]+ ){0,8}(?:won'?t|will "
           r"not|doesn'?t|does not|can'?t|cannot) (?:shut|close|lock)", "insecure external door"),
    _entry(r"(?:key )?lock ?box(?:es)?|key ?box(?:es)?|key ?safes?", "key safes"),
    _entry(r"lights? (?:[\w'’]+ ){0,12}?(?:come|comes|came|stay|stays|stayed|go|goes|switch|"
           r"switches) on (?:by (?:itself|themselves) |on (?:its|their) own )?(?:when|if|in) "
           r"(?:the|a) (?:power|electric(?:ity|s)?)", "emergency lighting"),
    _entry(r"(?:springy|spring|sprung|metal|hydraulic) (?:arm|bar|thing|hinge)s?|(?:makes?|"
           r"making|made) (?:the |his |her |their )?(?:front )?door (?:slam|shut|close)",
           "door closers"),
    _entry(r"(?:sell|sells|selling|sold|deal|deals|dealing|dealt) (?:\w+ ){0,2}drugs|drugs "
           r"(?:are |is |were |being )+(?:sold|dealt)", "drug dealing"),
    _entry(r"asthma\w*|COPD|emphysema|bronchitis|cystic fibrosis|(?:breathing|chest|lung) "
           r"(?:problems?|conditions?|disease)", "respiratory condition"),
    # Tenancy deposits.
    _entry(r"(?:deposit|bond) back|kept (?:my|the|their) deposit", "tenancy deposit"),
    # What a council does to a building, a licence or a record, in the statute's words.
    _entry(r"(?:knock|pull|tear)(?:s|ed|ing)? (?:\w+ ){0,3}down|bulldoz\w*|raz(?:e|es|ed|ing)",
           "demolish demolition"),
    _entry(r"(?:tak(?:e|es|ing|en)|took) (?:[\w'’]+ ){0,2}licen[cs]es? away|"
           r"(?:take|takes|taking|taken|took) away (?:[\w'’]+ ){0,2}licen[cs]es?|"
           r"strip(?:s|ped|ping)? (?:[\w'’]+ ){0,2}of (?:[\w'’]+ ){0,2}licen[cs]es?", "revoke"),
    _entry(r"(?:public|official|online) (?:list|record|database)s?|"
           r"lists? of (?:all )?(?:\w+ )?(?:licen[cs]\w*|landlords?|HMOs?|properties)",
           "register"),
    _entry(r"say-?so|go-?ahead|green light|sign-?off|permission", "authorisation approval"),
    _entry(r"(?:get|gets|getting|got|claw|claws|clawing|clawed) (?:\w+ ){0,2}(?:money|costs?|"
           r"outlay|it) back|recoup\w*", "recover recovery"),
    _entry(r"let off|excused? from|waiv(?:e|es|ed|ing)|do without|dispens\w+",
           "dispense with"),
    _entry(r"e-?mail(?:s|ed|ing)?|electronically|online|digital(?:ly)?",
           "electronic means"),
    _entry(r"out of pocket|los(?:e|es|ing|t) out|(?:get|gets|getting|got) paid (?:anything|"
           r"something|for (?:it|that|their loss))|paid for (?:their|the|any) loss",
           "compensation"),
    # The Housing Act 2004's concepts, from its headings and definitions, as a tenant or an
    # officer says them (round six of legal retrieval: docs/BENCHMARKS.md).
    _entry(r"(?:property |local |land )?searches|conveyanc\w*", "local land charge"),
    _entry(r"buy(?:s|ing)? (?:their|his|her|my|your|our) (?:own )?(?:council )?(?:home|house|"
           r"flat)|buy(?:s|ing)? (?:the|a) council (?:home|house|flat)|(?:bought|buy|buying) "
           r"(?:\w+ ){0,3}from (?:the|their|a) (?:council|landlord|housing association)",
           "right to buy"),
    _entry(r"(?:money|amount|cash) knocked off|knocked off (?:the )?price|money off|"
           r"(?:cheaper|reduced|lower) price|reduction (?:in|on|off) (?:the )?price",
           "discount"),
    _entry(r"rent back|refund (?:of|on) (?:the |their |my )?rent|"
           r"reclaim(?:s|ed|ing)? (?:the |their |my )?rent", "rent repayment order"),
    _entry(r"whole (?:street|road|estate|block|area|neighbourhood|terrace|row)s?|"
           r"(?:streets?|rows?|terraces?) of (?:\w+ )?(?:houses|homes)|slums?",
           "clearance area"),
    _entry(r"kicks? in|kicking in|(?:start|starts|begin|begins) to (?:bind|apply|count|bite)|"
           r"(?:from|on) (?:what|which) (?:day|date)|(?:becomes?|is) (?:binding|enforceable)",
           "operative operation"),
    _entry(r"repairs? (?:notice|demand|order)s?|make (?:me|us|them|the landlord|him|her) "
           r"(?:fix|repair|do (?:the )?(?:work|repairs))", "improvement notice"),
    _entry(r"(?:won'?t|will not|wouldn'?t|would not|refus\w* to) let (?:\w+ ){0,3}in|"
           r"refus\w* (?:access|entry)|den(?:y|ies|ied|ying) (?:\w+ ){0,2}(?:access|entry)",
           "preventing permit allow access"),
    # Letting the workers in: what the policies and the Act call giving access.
    _entry(r"let (?:your |the |their |our |any )?(?:contractors?|workmen|workers|builders?|"
           r"engineers?|tradesmen|tradespeople|plumbers?|electricians?|surveyors?|repairers?|"
           r"operatives) in(?:to)?", "give access"),
    # A neutral go-between helping neighbours settle a dispute: what the policies call
    # mediation.
    # A go-between stands between two sides; neutral alone is no dispute ("someone neutral
    # to value the flat"), only beside one.
    _entry(rf"go[- ]betweens?|(?:{_NEUTRAL})(?:\W+[\w'’]+){{0,8}}?\W+(?:{_DISPUTE})|"
           rf"(?:{_DISPUTE})(?:\W+[\w'’]+){{0,8}}?\W+(?:{_NEUTRAL})", "mediation"),
    _entry(r"how many (?:people |persons |occupants |residents |of us )?(?:can |may )?"
           r"(?:live|living|stay|sleep)|head ?counts?|(?:count|counts|counted|counting) (?:as )?"
           r"(?:a )?(?:full |whole |half )?(?:heads?|persons?|people)",
           "calculation of numbers of persons"),
    _entry(r"bab(?:y|ies)|toddlers?|infants?|young children", "persons under a particular age"),
    _entry(r"papers|paperwork", "documents"),
    _entry(r"shred\w*|tear up|tore up|torn up|(?:burn|burns|burnt|burned|burning|destroy\w*|"
           r"get rid of) (?:the |his |her |their )?(?:papers|documents|records|files|evidence)",
           "destroys suppresses document"),
    _entry(r"hand(?:s|ed|ing)? (?:\w+ ){0,2}over|turn(?:s|ed|ing)? over (?:the |his |her |"
           r"their )?(?:papers|documents|records|files)", "produce documents information"),
    _entry(r"(?:couldn'?t|could not|can'?t|cannot) wait|too urgent to wait|there and then",
           "emergency"),
    _entry(r"shor(?:e|ed|ing) (?:\w+ ){0,2}up|propp(?:ed|ing) (?:\w+ ){0,2}up|"
           r"(?:did|do|does|doing|done|carried out|carry out) (?:the )?(?:work|works|repairs?|it) "
           r"(?:ourselves|themselves|itself)", "remedial action"),
    _entry(r"appl(?:y|ies|ying|ied) for|send(?:s|ing)? (?:\w+ ){0,2}in|sent in|"
           r"fill(?:s|ed|ing)? in (?:a |an |the )?form|submit\w*", "application"),
    _entry(r"charge (?:\w+ ){0,2}for (?:it|this|that|applying|an? application|an? licen[cs]e)|"
           r"how much (?:does|will|would) (?:it|that|an? licen[cs]e) cost", "fee"),
    _entry(r"caus(?:e|es|ed|ing) (?:\w+ ){0,2}trouble|trouble ?makers?|troublesome",
           "anti-social behaviour"),
    _entry(r"lift(?:s|ed|ing)? (?:the |an? |that )?(?:order|notice|ban)|"
           r"cancel\w* (?:the |an? |that )?(?:order|notice|licen[cs]e)", "revoke revocation"),
    _entry(r"(?:letting|managing) agents?|landlord'?s agents?", "person managing"),
    _entry(r"empty (?:homes?|houses?|flats?|propert\w+)|(?:stood|standing|left|lying) empty",
           "empty dwelling"),
    _entry(r"ban(?:s|ned|ning)? (?:\w+ ){0,2}from (?:letting|renting|being a landlord)|"
           r"rogue landlords?", "banning order"),
    _entry(r"park homes?|mobile homes?|static caravans?|caravan sites?",
           "mobile home protected site"),
    _entry(r"starter tenanc(?:y|ies)|probationary tenanc(?:y|ies)|trial tenanc(?:y|ies)",
           "introductory tenancy"),
    _entry(r"shut (?:\w+ ){0,2}down|clos(?:e|es|ed|ing) (?:\w+ ){0,2}down|"
           r"ban(?:s|ned|ning)? (?:\w+ ){0,2}from (?:living|using|sleeping)|"
           r"(?:stop|stops|stopped|stopping) (?:\w+ ){0,2}from (?:living|using|sleeping)",
           "prohibition order"),
    # And the policies' concepts in the same way.
    _entry(r"(?:real|serious|immediate|grave) danger|in danger|at risk of (?:serious )?harm",
           "high risk"),
    _entry(r"(?:put|putting) (?:\w+ ){0,2}up (?:somewhere|elsewhere)|somewhere else (?:during|"
           r"while|for) (?:the )?(?:works|repairs)", "decant temporary accommodation"),
    _entry(r"(?:violent|abusive|controlling) (?:partner|ex|husband|wife|boyfriend|girlfriend)s?|"
           r"(?:partner|ex|husband|wife|boyfriend|girlfriend) (?:hit|hits|beat|beats|hurt|hurts|"
           r"attacked|attacks)", "domestic abuse"),
    _entry(r"breakages?", "damage"),
    # Round eleven of answers: everyday words for a policy's concepts.
    _entry(r"(?:kids|children|child|toddlers?) (?:\w+ ){0,2}(?:running|playing|stamping|jumping|"
           r"crying)(?: about| around)?|footsteps|doors? (?:closing|slamming|banging)",
           "everyday living noise children playing"),
    _entry(r"(?:money|payment|compensation|something) for (?:losing|the loss of) (?:their|"
           r"your|his|her|a|the) (?:home|house|flat)|los(?:e|es|ing|t) (?:their|your|his|her) "
           r"(?:home|house|flat)", "home loss payment"),
    _entry(r"(?:mov(?:e|es|ed|ing)|rehous\w+) (?:\w+ ){0,2}(?:out )?for good|for good|"
           r"(?:mov(?:e|es|ed|ing)|rehous\w+) (?:\w+ ){0,2}permanently", "permanent moved "
           "permanently"),
    _entry(r"back(?:s|ed|ing)? off|hold(?:s|ing)? off|ease(?:s|d)? off|breathing space|"
           r"(?:put|putting) (?:\w+ ){0,2}on hold", "pause recovery action"),
    _entry(r"(?:wife|husband|partner|mum|dad|mother|father|son|daughter|child|parent)(?: has)? "
           r"(?:died|passed away|passed on)|bereave\w*|lost (?:his|her|their) (?:wife|husband|"
           r"partner|mum|dad|mother|father|son|daughter|child)", "bereavement"),
    _entry(r"lent|lend(?:s|ing)?|borrow(?:s|ed|ing)?", "loan"),
    # Round fourteen of retrieval: a room let in one's own home, and living elsewhere while
    # the builders are in.
    _entry(r"(?:rent|rents|renting|let|lets|letting)(?: out)? (?:my|our|a|the|their|his|her) "
           r"(?:spare |box |back |extra |second )?(?:bed)?rooms?|spare (?:bed)?rooms?",
           "lodger"),
    _entry(r"(?:staying|living|sleeping|put up) (?:somewhere else|elsewhere)|(?:builders?|"
           r"workmen|contractors) (?:are |is )?(?:in|round)|while (?:the )?(?:builders?|"
           r"workmen|works?) (?:are |is )?(?:in|on|going on|being done)",
           "decant temporary accommodation"),
    # Round sixteen of retrieval: telling the landlord for someone else, a yearly write-up,
    # and grumbles in the plural.
    _entry(r"(?:for|instead of) (?:my|our|his|her|their|an?) (?:elderly |old |disabled |"
           r"vulnerable |frail )?(?:mum|mother|dad|father|parents?|neighbours?|friends?|"
           r"relatives?|gran\w*|son|daughter)|instead of (?:her|him|them) (?:ringing|calling|"
           r"phoning|reporting|getting in touch)", "on behalf of someone else"),
    _entry(r"write-?ups?|round-?ups?", "report"),
    _entry(r"yearly|once a year", "annual"),
    _entry(r"grumbles|gripes?|moans", "complaint"),
    # Round nineteen of answers: a boiler that has given up, music played loud, hearing back,
    # a friend paying towards the bills, a door that sticks, an alarm that beeps, taken to court,
    # a chair up the stairs, a flat swapped, a yes or no, saying no, furniture put
    # in, getting out when the alarm goes off and a home without electricity.
    _entry(r"(?:boiler|heating)(?: has| have| is|'s)? (?:packed in|given up|gave up|died|"
           r"bust|kaput|on the blink|playing up|gone)", "loss of heating or hot water"),
    _entry(r"(?:music|tv|telly|stereo|radio|speakers?) (?:[\w'’]+ ){0,3}(?:loud|blasting|"
           r"blaring|booming)", "noise nuisance anti-social behaviour"),
    _entry(r"(?:get|gets|getting|got) back to (?:me|us|her|him|them)|(?:ring|call|phone)"
           r"(?:s|ed|ing)? (?:me|us|her|him|them) back|hear(?:d)? back", "contact"),
    _entry(r"(?:mate|friend|pal|cousin|someone|somebody)s? (?:[\w'’]+ ){0,8}?(?:pay|pays|"
           r"paying|give|gives|giving|chip|chips|chipping) (?:(?:me|us|her|him|them) )?"
           r"(?:in|a bit|something|some money|rent|towards)", "lodgers"),
    _entry(r"doors? (?:[\w'’]+ ){0,4}(?:stick|sticks|sticking|stuck|jams|jamming|jammed)",
           "sticking doors routine repairs"),
    _entry(r"smoke alarms? (?:[\w'’]+ ){0,5}(?:beep\w*|bleep\w*|chirp\w*|going off|not "
           r"working|broken|faulty)", "smoke alarm fault"),
    _entry(r"take (?:me|us|her|him|them|the tenant) to court", "court proceedings"),
    _entry(r"chairs? (?:that|which|to) (?:takes?|carr(?:y|ies)|goes|go) (?:you |her |him |"
           r"them |me )?up(?: the stairs)?|stair ?chairs?|chair ?lifts?",
           "stairlifts major adaptation"),
    _entry(r"swap(?:s|ped|ping)? (?:our|my|her|his|their|the) (?:home|house|flat|place)s?",
           "mutual exchange"),
    _entry(r"yes or no|either way", "decision"),
    _entry(r"(?:say|says|said|saying) no(?: to)?", "refuse"),
    _entry(r"(?:put|puts|putting|fit|fits|fitting) (?:furniture|furnishings|beds?|carpets?|"
           r"curtains|white goods)(?: (?:and|or) \w+)? (?:in|into)\b",
           "supply furniture"),
    _entry(r"(?:fire|alarm)s? (?:[\w'’]+ ){0,12}?(?:get|gets|getting|got) (?:\w+ )?out",
           "escape in a fire"),
    _entry(r"(?:lost|los(?:e|es|ing)|no|without) (?:all )?(?:(?:its|their|her|his|the) )?"
           r"(?:electric(?:ity|s)?|power supply)", "total loss of electricity"),
    # Round twenty of answers: a winter month, a night or a weekend, a temporary place, a pet,
    # moving out for works, a trial made longer, a risk check that came out high, a flat owned
    # on a lease, whose job it is, mould come back, and a removal van.
    _entry(r"(?:it's|its|it is) (?:the )?(?:middle of |end of |start of )?(?:october|november|"
           r"december|january|february)(?! \d)|(?:it's|its|it is) (?:mid-?)?winter",
           "winter"),
    _entry(r"(?:\d{1,2}(?::\d\d)? ?(?:pm|am|o'?clock)?|late|ten|eleven|midnight) (?:at|in the) "
           r"night|late at night|(?:in )?the middle of the night|overnight|(?:at|over) the "
           r"weekend|on a (?:saturday|sunday)|bank holidays?|after (?:\d{1,2} ?pm|office hours)",
           "out of hours"),
    _entry(r"temp (?:flat|place|home|house|accommodation)|temporary (?:place|flat|house)",
           "temporary accommodation"),
    _entry(r"(?:our|my|her|his|their|the|a) (?:cats?|dogs?|kittens?|pupp(?:y|ies)|pets?)",
           "pets"),
    _entry(r"(?:move|moved|moves|moving) out (?:\w+ ){0,2}(?:for|while|during) (?:the |our |my "
           r"|her |his |their )?(?:building |repair |roof |major )?(?:works?|repairs)",
           "decant temporary accommodation"),
    _entry(r"(?:his|her|my|their|your) (?:trial|probation(?:ary)?)(?: period| tenancy)?",
           "starter tenancy"),
    _entry(r"make (?:\w+ ){0,3}longer|lengthen(?:s|ed|ing)?", "extend"),
    _entry(r"risk (?:check|thing|form|questions|score|list)s?", "risk assessment"),
    _entry(r"(?:came|come|comes|coming) (?:out|back) (?:as )?high|scored? (?:\w+ )?high",
           "high risk"),
    _entry(r"(?:own|owns|bought|buy|buying) (?:my|our|the|her|his|their) (?:flat|home|house|"
           r"maisonette) (?:on|with) a lease|on a lease", "leaseholders"),
    _entry(r"(?:down|up) to (?:me|us|them|her|him|you)(?: to (?:sort|fix|pay|deal)\w*)?|"
           r"(?:my|our|their|her|his) (?:job|problem|look-?out) to (?:sort|fix|deal)\w*",
           "responsible"),
    _entry(r"(?:mou?ld|damp|it)(?: has| have| is|'s)? (?:\w+ ){0,6}?(?:come|came|coming|comes|"
           r"grown|grew|growing) back|(?:mou?ld|damp) (?:\w+ ){0,2}(?:back again|returned|"
           r"returning|reappeared)", "returned reopened"),
    _entry(r"removal (?:vans?|men|firms?|company|lorry|lorries)|(?:man|men) (?:and|with) a van",
           "removals costs of moving"),
    _entry(r"(?:someone|somebody|anyone|an engineer|a plumber|a man) (?:to )?(?:come|comes|"
           r"coming) (?:out|round|over)", "attend"),
    # Frozen rent or a frozen charge is no cold home: only beside a pipe, a heater or cold.
    _entry(rf"(?:freezing|frozen)(?:\W+[\w'’]+){{0,4}}?\W+(?:{_WARMTH})|"
           rf"(?:{_WARMTH})(?:\W+[\w'’]+){{0,4}}?\W+(?:freezing|frozen)", "heating"),
    # Running late: what the policies call not completed on time, and escalated.
    _entry(rf"{_NOT_OWED}(?:going to be|will be|running) (?:\w+ )?late"
           r"(?! (?:with|on|paying|in paying) )|"
           r"(?:miss|misses|"
           r"missed|missing) (?:the|its|their|our) deadline|(?:can't|cannot|can not|couldn't|"
           r"won't) (?:\w+ ){0,2}(?:finish|finished|done|complete|completed) (?:\w+ ){0,2}"
           r"(?:on|in) time", "cannot be completed on time escalated"),
    # Too late to ask: what the policies call a time limit.
    _entry(r"too late|out of time|left it too long", "time limit"),
)


_GENERAL: tuple[_Entry, ...] = (
    # Abbreviations, both ways.
    *_both_ways("HMO", "house in multiple occupation",
                long_said=r"houses? in multiple occupation"),
    *_both_ways("ASB", "anti-social behaviour", long_said=r"anti-?\s?social behaviou?r"),
    *_both_ways("DFG", "disabled facilities grant", long_said=r"disabled facilities grants?"),
    *_both_ways("EICR", "electrical installation condition report",
                long_said=r"electrical installation condition reports?"),
    *_both_ways("RSH", "Regulator of Social Housing"),
    *_both_ways("HHSRS", "Housing Health and Safety Rating System"),
    *_both_ways("FTT", "First-tier Tribunal", long_said=r"first[- ]tier tribunal"),
    *_both_ways("TSM", "tenant satisfaction measures",
                long_said=r"tenant satisfaction measures?"),
    *_both_ways("AST", "assured shorthold tenancy", long_said=r"assured shorthold tenanc(?:y|ies)"),
    *_both_ways("NOSP", "notice of seeking possession",
                long_said=r"notices? of seeking possession"),
    *_both_ways("NTQ", "notice to quit", long_said=r"notices? to quit"),
    *_both_ways("EPC", "energy performance certificate",
                long_said=r"energy performance certificates?"),
    *_both_ways("RTB", "right to buy", long_said=r"right[- ]to[- ]buy"),
    *_both_ways("ALMO", "arm's length management organisation",
                long_said=r"arm'?s[- ]length management organi[sz]ations?"),
    _entry(r"(?:CP12|LGSR)s?|gas (?:safety )?(?:certificates?|certs?|checks?)|"
           r"landlord'?s gas safety records?", "gas safety record"),
    _entry(r"gas safety records?", "CP12 LGSR"),
    _entry(r"s\.?\s?21|section 21(?! of)(?: notices?)?|no[- ]fault evictions?",
           "section 21 Housing Act 1988 possession"),
    _entry(r"s\.?\s?8|section 8(?! of)(?: notices?)?", "section 8 Housing Act 1988 possession"),
    _entry(r"SHRA|Awaab'?s law", "hazards in social housing Social Housing (Regulation) Act 2023"),
    _entry(r"LTA(?: 1985)?", "Landlord and Tenant Act 1985"),
    _entry(r"HOS", "Housing Ombudsman"),
    # Everyday words, one way.
    _entry(r"shared (?:house|home|flat)s?|house ?shares?|flat ?shares?|bedsits?",
           "house in multiple occupation HMO"),
    _entry(r"kicked out|chucked out|thrown out|turfed out|evict\w*", "possession"),
    _entry(r"mou?ld\w*|damp|condensation|black spots?", "damp and mould"),
    _entry(r"(?:home |house )?adaptations?|stair ?lifts?|grab rails?",
           "disabled facilities grant"),
    # A walk-in shower or a wet room is what tenants call a level-access shower: a major
    # adaptation, which a landlord funds itself below a band; not in itself a grant.
    _entry(r"walk-in showers?|wet rooms?", "level-access shower major adaptation"),
    _entry(r"electrical (?:safety )?(?:checks?|inspections?|certificates?|tests?)",
           "electrical installation condition report EICR"),
    _entry(r"(?:unfit|not fit) (?:to live in|for (?:human )?habitation)|uninhabitable",
           "fitness for human habitation"),
    # Two duties, though one set of regulations treats both: a question about smoke alarms
    # is no question about carbon monoxide alarms.
    _entry(r"smoke (?:alarm|detector)s?", "smoke alarm detector"),
    _entry(r"(?:carbon monoxide|CO) (?:alarm|detector)s?", "carbon monoxide alarm detector"),
    _entry(r"noisy neighbours?|nuisance neighbours?|neighbour disputes?",
           "anti-social behaviour ASB nuisance"),
    _entry(r"rent arrears|behind (?:on|with) (?:the |their )?rent", "rent arrears possession"),
    _entry(r"swap(?:s|ped|ping)? (?:(?:their|our|his|her|a|the) )?(?:homes?|houses?|flats?|"
           r"tenanc(?:y|ies))|(?:home|house|flat) ?swaps?", "mutual exchange"),
    _entry(r"students?|universit(?:y|ies)|college", "full-time course further or higher education"),
)


_POLICY_WORDING: tuple[_Entry, ...] = (
    # How quickly: the policies put timescales under "how quickly we respond".
    _entry(r"how (?:fast|soon|quick(?:ly)?|long)|when will|by when|get (?:someone|"
           r"somebody|anyone|a surveyor|an engineer) (?:round|out|over)|get back to",
           "how quickly we respond"),
    # Money still owed once the tenancy is over: the policies' former tenant arrears.
    _entry(r"(?:leave|leaves|left|leaving|move out|moved out|moving out) owing|"
           r"after (?:i|we|they|he|she)(?:'ve|’ve|'s|’s| have| has) (?:gone|left|moved out)",
           "former tenant arrears"),
)
"""Everyday words read as a landlord's policies word them, not as a statute does: a statute
says for what period a licence lasts, never how quickly "we" respond, and those words move a
legal query's embedding towards nothing in the statute book (``legal=True`` leaves them out)."""

def _capitals(short: str, long: str, long_said: str) -> tuple[_Entry, ...]:
    """An abbreviation matched in capitals only ("TA", not "ta"), and its full form, each
    adding the other."""
    return (_entry(rf"(?-i:{short}s?)", long), _entry(long_said, short))


def _alike(*members: tuple[str, str], also: str = "") -> tuple[_Entry, ...]:
    """Words that mean the same thing here, each adding the others' (and ``also``): "fine"
    adds "penalty" and "penalty" adds "fine", so either covers the other. Each member is
    (how it is said, its words); a word only sometimes a synonym is matched in that sense only.
    """
    return tuple(_entry(said, " ".join([*(w for _, w in members if w != words), also]).strip())
                 for said, words in members)


_NOTICE_AHEAD = r"(?= (?:\w+ ){0,3}notices?(?![\w']))"
"""Followed by a notice within three words: "serve the tenant a notice"."""
_AN_AGREEMENT = (r"(?= (?:a|an|the|their|his|her|my|our|this|that|your) (?:\w+ )?"
                 r"(?:tenancy|tenancies|lease|licence|agreement|contract)(?![\w']))")

_RECORD_AHEAD = r"(?= (?:\w+ ){0,2}(?:registers?|records?|lists?|accounts?)(?![\w']))"
"""Followed by a register or record within three words: "keep a public register"."""

_A_CLAUSE = (r"(?= (?:that )?(?:a|an|the|someone|somebody|there|they|he|she|it|our|their|his|"
             r"her)(?![\w']))")
"""Followed by a clause: "we suspect a tenant has died" (not "a suspect")."""

_ALIKE: tuple[_Entry, ...] = (
    # Words of the same meaning, by kind. Each group's words are all added for any of them,
    # so two questions in different words of one group cover each other.
    # Actions.
    # ("fixed-term" and "fixed penalty" are no repairs.) One way: "fix" and "mend" each add
    # the sources' "repair" only, since every word added to a question moves its embedding.
    _entry(r"fix(?:es|ing)?|fixed(?![- ](?:term|penalt|price|rate|date|sum))|mend(?:ed|ing|s)?",
           "repair"),
    *_alike((r"install(?:s|ed|ing|ation|ations)?", "install"),
            # Not "fit for human habitation", "fit to live in", "fit and proper".
            (r"fit(?:s|ted|ting)?(?! (?:for|to|and|as|person|persons|enough)(?![\w']))", "fit")),
    *_alike((r"ask(?:s|ed|ing)?(?! (?:about|whether|if|why|how|what|when|where|who)(?![\w']))",
             "ask"), (r"request(?:s|ed|ing)?", "request")),
    *_alike((r"serv(?:e|es|ed|ing)" + _NOTICE_AHEAD, "serve"),
            (r"g(?:ive|ives|iving|ave|iven)" + _NOTICE_AHEAD, "give"),
            (r"issu(?:e|es|ed|ing)" + _NOTICE_AHEAD, "issue")),
    *_alike((r"terminat(?:e|es|ed|ing|ion)", "terminate"),
            (r"end(?:s|ed|ing)?" + _AN_AGREEMENT, "end"),
            (r"(?:bring|brings|bringing|brought|come|comes|came) (?:\w+ ){0,3}to an end",
             "bring to an end")),
    *_alike((r"evict(?:s|ed|ing|ion|ions)?", "evict"),
            (r"(?:recover|regain)(?:s|ed|ing|y of)? possession|repossess(?:es|ed|ing|ion)?",
             "recover possession")),
    *_alike((r"notif(?:y|ies|ied|ying|ication)", "notify"), (r"inform(?:s|ed|ing)?", "inform")),
    # A register or record is "kept" by a landlord and "maintained" by a statute.
    *_alike((r"(?:keep|keeps|keeping|kept)" + _RECORD_AHEAD, "keep"),
            (r"maintain(?:s|ed|ing)?" + _RECORD_AHEAD, "maintain")),
    *_alike((r"refund(?:s|ed|ing)?", "refund"),
            (r"repa(?:y|ys|id|ying)|pa(?:y|ys|id|ying) (?:\w+ ){0,2}back", "repay")),
    *_alike((r"liab(?:le|ility)", "liable"), (r"to blame|blamed?", "blame"),
            (r"(?:at|whose|my|your|his|her|its|our|their|\w+'s|\w+s') fault", "fault"),
            also="responsible"),
    *_alike((r"with(?:hold|holds|holding|held) (?:\w+ )?rent", "withhold rent"),
            (r"stop(?:s|ped|ping)? paying (?:\w+ )?rent", "stop paying rent")),
    # Money.
    # ("Fine" as in "all right" is no penalty: only a fine imposed.) One way, which covers
    # both for the cache: "penalty" adding "fine" pulls every provision ending "liable on
    # summary conviction to a fine" into a legal search about any penalty.
    _entry(r"fines|fined|fining|(?:a|an|the|any|maximum|max|unlimited|large|heavy|hefty|"
           r"level \d) fine|fine (?:of|for|up to)|fine(?= (?:a|an|the|them|us|him|her|someone|"
           r"landlords?|tenants?|agents?)(?![\w']))", "penalty"),
    *_alike((r"fees?", "fee"),
            # Not a service charge, nor being in charge.
            (r"(?<!service )(?<!in )charg(?:e|es|ed|ing)(?! of(?![\w']))", "charge")),
    *_alike((r"compensat(?:e|es|ed|ing|ion)", "compensation"),
            (r"(?:pay|pays|paid|paying|award|awarded|awarding|claim|claims|claiming) damages",
             "damages")),
    # People: the landlord's other names (the tenant's are one party for the cache already).
    *_alike((r"housing providers?|(?:private )?registered providers?", "housing provider"),
            (r"housing associations?", "housing association"),
            (r"(?:registered )?social landlords?", "social landlord"), also="landlord"),
    # Time.
    *_alike((r"(?:come|comes|came|coming) into (?:force|effect)|in force", "come into force"),
            (r"(?:take|takes|took|taken|taking) effect|effective date|becom\w* effective",
             "take effect")),
    # The common "start" adds nothing: in a legal search it would pull every provision on
    # when anything begins; each rarer word adds it.
    *_alike((r"commenc(?:e|es|ed|ing|ement)", "commence"),
            (r"begin(?:s|ning)?|began|begun", "begin"), also="start"),
    # The sector's abbreviations, both ways (capitals only where the letters make a word).
    *_both_ways("DHP", "discretionary housing payment",
                long_said=r"discretionary housing payments?"),
    *_capitals("PEEP", "personal emergency evacuation plan",
               r"personal emergency evacuation plans?"),
    *_capitals("EV", "electric vehicle", r"electric vehicles?"),
    *_capitals("UC", "Universal Credit", r"universal credit"),
    *_capitals("HB", "housing benefit", r"housing benefits?"),
    *_capitals("SAR", "subject access request", r"subject access requests?"),
    *_capitals("FRA", "fire risk assessment", r"fire risk assessments?"),
    *_capitals("RTA", "right to acquire", r"right[- ]to[- ]acquire"),
    *_capitals("PRS", "private rented sector", r"private rented sectors?"),
    *_capitals("JP", "justice of the peace", r"justices? of the peace"),
    *_capitals("RSL", "registered social landlord", r"registered social landlords?"),
    *_capitals("RPT", "residential property tribunal", r"residential property tribunals?"),
    *_capitals("SoS", "Secretary of State", r"secretar(?:y|ies) of state"),
    *_capitals("TDP", "tenancy deposit protection", r"tenancy deposit protection"),
    *_capitals("TA", "temporary accommodation", r"temporary accommodation"),
    *_capitals("MEES", "minimum energy efficiency standards",
               r"minimum energy efficiency standards?"),
    *_capitals("HRB", "higher-risk building", r"higher[- ]risk buildings?"),
    *_capitals("BSR", "Building Safety Regulator", r"building safety regulator"),
    # The anti-social behaviour tools' abbreviations, as officers write them.
    *_capitals("CPN", "community protection notice", r"community protection notices?"),
    *_capitals("PSPO", "public spaces protection order", r"public spaces? protection orders?"),
    *_capitals("ABC", "acceptable behaviour contract", r"acceptable behaviou?r contracts?"),
    _entry(r"antisocial", "anti-social"),
    # Actions and states, each matched only in its sense; one way, to the commoner word, where
    # the other word is the statute book's own ("challenge", "refuse", "vary"): a question
    # saying it, and a legal search for it, is left as it was.
    _entry(r"disput(?:e|es|ed|ing)|contest(?:s|ed|ing)?(?= (?:a|an|the|their|his|her|our|"
           r"this|that)(?![\w']))", "challenge"),
    *_alike((r"experienc(?:e|es|ed|ing)(?= (?:\w+ )?(?:abuse|violence|harassment|"
             r"homelessness|hardship|discrimination))", "experience"),
            (r"suffer(?:s|ed|ing)?", "suffer"),
            (r"(?:go|goes|going|went|gone) through(?= (?:\w+ )?(?:abuse|violence|harassment|"
             r"homelessness|hardship|discrimination))", "go through")),
    *_alike((r"perpetrators?", "perpetrator"), (r"abusers?", "abuser")),
    *_alike((r"convert(?:s|ed|ing)?(?= (?:\w+ ){0,3}(?:to|into)(?![\w']))", "convert"),
            (r"chang(?:e|es|ed|ing)(?= (?:\w+ ){0,3}(?:to|into)(?![\w']))", "change")),
    _entry(r"(?:bear|bears|bore|borne|bearing|meet|meets|met|meeting|cover|covers|covered|"
           r"covering) the (?:\w+ )?costs?|foot(?:s|ed|ing)? the bill", "pay for"),
    _entry(r"(?:take|takes|taking|took|taken) (?:\w+ ){0,2}down|"
           r"(?:take|takes|taking|took|taken) off", "remove"),
    *_alike((r"(?:think|thinks|thought)" + _A_CLAUSE, "think"),
            (r"(?:believe|believes|believed)" + _A_CLAUSE, "believe"),
            (r"(?:suspect|suspects|suspected)" + _A_CLAUSE, "suspect")),
    *_alike((r"cut(?:s|ting)? (?:\w+ )?back", "cut back"), (r"prun(?:e|es|ed|ing)", "prune"),
            (r"trim(?:s|med|ming)?", "trim")),
    *_alike((r"affect(?:s|ed|ing)?", "affect"),
            (r"(?:effect|impact)s?(?= (?:(?:\w+ ){0,5}(?:have|has|had) )?on(?![\w']))", "effect"),
            (r"impact(?:s|ed|ing)?(?= (?:a|an|the|their|his|her|our|my|this|that|on)(?![\w']))",
             "impact")),
    _entry(r"declin(?:e|es|ed|ing)|turn(?:s|ed|ing)? (?:\w+ ){0,3}down|"
           r"reject(?:s|ed|ing|ion)?", "refuse"),
    *_alike((r"mid-?year|in-?year", "mid-year"),
            (r"part ?way through the year|during the year", "part way through the year")),
    *_alike((r"(?:move|moves|moved|moving) into", "move into"),
            (r"(?:is|are|was|were|be|being) admitted to", "admitted to")),
    # Help as a thing given, not "can you help me": the words are common, each added to a
    # search moves it.
    *_alike((r"(?:what|any|more|extra|some|financial|practical) help", "help"),
            (r"(?:what|any|more|extra|some|financial|practical) support", "support"),
            (r"(?:what|any|more|extra|some|financial|practical) assistance", "assistance")),
    _entry(r"(?:amend(?:s|ed|ing|ment|ments)?|chang(?:e|es|ed|ing))(?= (?:\w+ ){0,2}(?:terms?|"
           r"agreements?|contracts?|tenanc(?:y|ies)|conditions?|clauses?)(?![\w']))", "vary"),
    *_alike((r"stop(?:s|ped|ping)? working|(?:is|are|has|have) not working", "stop working"),
            (r"(?:break|breaks|breaking|broke|broken) down|(?:packs?|packed|packing) up|"
             r"conk(?:s|ed|ing)? out", "break down")),
    # Not "stay in force": the statute's own phrase, left as it is for a legal search.
    _entry(r"stay(?:s|ed|ing)?(?= (?:in|at|on)(?![\w']))(?! in force)", "remain"),
    _entry(r"discount(?:s|ed)?(?= (?:on|off|in|for)(?![\w']))|rebates?", "reduction"),
    _entry(r"without (?:\w+ )?(?:permission|consent|authorisation|approval)", "unauthorised"),
    _entry(r"(?:rais(?:e|es|ed|ing)|put(?:s|ting)? up)(?= (?:\w+ ){0,2}(?:rents?|charges?|"
           r"fees?|prices?|costs?)(?![\w']))|(?:put|putting|puts) (?:the )?(?:rent|charge|"
           r"service charge|fee|price)s? up|(?:rents?|charges?|fees?|prices?) (?:\w+ ){0,2}"
           r"rais(?:e|es|ed|ing)", "increase"),
)
"""Words of one meaning, each adding the others: what the cache's guard reads as synonyms."""

ACTIONS: frozenset[str] = frozenset(stem(w) for w in """withhold govern regulate evict install
    enforce terminate deduct refuse withdraw prevent remove replace serve issue owe collect raise
    reduce pay inspect fix mend give impose obtain seek recover demand protect keep allow move
    sublet notify inform refund repay ask prosecute apply meet carry""".split())
"""Stems of verbs that qualify no thing: "withhold rent" is no kind of rent."""


def _statutory(*pairs: tuple[str, str]) -> tuple[_Entry, ...]:
    return tuple(_Entry(re.compile(pattern, re.IGNORECASE), words) for pattern, words in pairs)


_STATUTORY_WORDS = _statutory(*_wording.WORDS)
_STATUTORY_PLAIN = _statutory(*_wording.PLAIN)
_STATUTORY_LAY = _statutory(*_wording.LAY)
_STATUTORY_SITUATIONS = _statutory(*_wording.SITUATIONS)
_STATUTORY_DEALINGS = _statutory(*_wording.DEALINGS)
_STATUTORY_DEGREES = _statutory(*_wording.DEGREES)
_STATUTORY_OTHERS = _statutory(*_wording.OTHERS)
_STATUTORY_CONDUCT = _statutory(*_wording.CONDUCT)
_STATUTORY_PROCEDURE = _statutory(*_wording.PROCEDURE)
_STATUTORY_SPOKEN = _statutory(*_wording.SPOKEN)
_STATUTORY_CIRCUMSTANCES = _statutory(*_wording.CIRCUMSTANCES)
_STATUTORY_TERMS = _statutory(*_wording.TERMS)
_STATUTORY_ABBREVIATIONS = _statutory(*_wording.ABBREVIATIONS)
"""Each table is ``shared.text.statute_wording``'s, compiled; what each holds is said there."""
_STATUTORY = (*_STATUTORY_WORDS, *_STATUTORY_PLAIN, *_STATUTORY_LAY, *_STATUTORY_SITUATIONS,
              *_STATUTORY_DEALINGS, *_STATUTORY_DEGREES, *_STATUTORY_OTHERS,
              *_STATUTORY_CONDUCT, *_STATUTORY_PROCEDURE, *_STATUTORY_SPOKEN,
              *_STATUTORY_CIRCUMSTANCES, *_STATUTORY_TERMS, *_STATUTORY_ABBREVIATIONS)


@dataclass(frozen=True)
class Expansion:
    """One thing a question mentions and the words the sources use for it."""

    said: str
    means: str


def expansions(question: str, *, lay: bool = True, excluded: bool = False,
               legal: bool = False) -> list[Expansion]:
    """What ``question`` mentions in other words, each once, leaving out what it already says.

    ``lay=False`` leaves out the everyday descriptions (``_LAY``): a statute's heading is in
    the sources' words already, and "fixed penalty" is no repair. ``excluded``: also what the
    question excludes ("not an HMO"), for a text that must read the same whichever words it
    uses (the semantic cache's, whose guard compares negation itself), not for a search.
    ``legal`` leaves out the policies' own wording (``_POLICY_WORDING``): a query for the
    statute book.
    """
    present = terms(question)
    out: list[Expansion] = []
    seen: set[str] = set()
    policy = () if legal else _POLICY_WORDING
    for entry in (*_GENERAL, *_LAY, *_ALIKE, *policy) if lay else _GENERAL:
        match = _mentioned(entry, question, excluded=excluded)
        if match is None or entry.means in seen:
            continue
        if terms(entry.means) - present:
            seen.add(entry.means)
            out.append(Expansion(said=match.group(0), means=entry.means))
            present |= terms(entry.means)
    return out


_NEGATED = re.compile(r"(?:\bnot|\bother than|\bexcept|\bexcluding|\brather than)"
                      r"\s+(?:an?\s+|the\s+)?$", re.IGNORECASE)
"""What makes a mention an exclusion: "a house in a selective licensing area (not an HMO)"
asks about everything but HMOs, and their words would pull the search towards them."""


def _mentioned(entry: _Entry, question: str, *, excluded: bool = False
               ) -> re.Match[str] | None:
    """The first mention of ``entry`` in ``question`` that the question does not exclude
    (with ``excluded``, the first mention)."""
    return next((m for m in entry.said.finditer(question)
                 if excluded or not _NEGATED.search(question, 0, m.start())), None)


def expand(question: str, *, lay: bool = True, excluded: bool = False,
           legal: bool = False) -> str:
    """The question followed by the other words for what it mentions: a search query
    (``lay``, ``excluded``, ``legal``: as ``expansions``)."""
    return " ".join([question, *(e.means for e in expansions(
        question, lay=lay, excluded=excluded, legal=legal))])


def expand_statutory(question: str) -> str:
    """``expand``, plus the statute book's words for what the question asks about: a query
    for legislation search."""
    extra = [entry.means for entry in _STATUTORY if _mentioned(entry, question)]
    return " ".join([expand(question, legal=True), *extra])


def spelt_out(question: str, *, lay: bool = True, plain: bool = False) -> str:
    """``expand``, plus the full forms of the statute's abbreviations the question uses, but
    none of its keywords: what a sentence-embedding model is given for legislation search
    (``lay``: as ``expansions``).

    The model does not know "TEN" or "EDMO", but a list of keywords appended to a question
    pulls its vector towards every provision that uses them. ``plain`` adds the Act's own
    words for the everyday phrases the question uses (``_STATUTORY_PLAIN``,
    ``_STATUTORY_LAY``: "emailed" is "electronic communications"): not keywords but what the
    asker means, which a question with no word of the provision leaves the model to guess.
    """
    entries = (*_STATUTORY_TERMS, *_STATUTORY_PLAIN, *_STATUTORY_LAY,
               *_STATUTORY_SITUATIONS, *_STATUTORY_DEALINGS,
               *_STATUTORY_DEGREES, *_STATUTORY_OTHERS,
               *_STATUTORY_CONDUCT, *_STATUTORY_PROCEDURE,
               *_STATUTORY_SPOKEN, *_STATUTORY_CIRCUMSTANCES) if plain else _STATUTORY_TERMS
    extra = [entry.means for entry in entries if _mentioned(entry, question)]
    return " ".join([expand(question, lay=lay, legal=True), *extra])


def statutory_abbreviations(question: str) -> list[str]:
    """The Act's abbreviations of the terms ``question`` spells out ("empty dwelling
    management order" → "EDMO"): the words of the headings after the one that defines them."""
    return [entry.means for entry in _STATUTORY_ABBREVIATIONS if _mentioned(entry, question)]


_FIRST_WORDS = frozenset(e.means.split()[0] for e in (*_GENERAL, *_LAY, *_ALIKE,
                                                        *_POLICY_WORDING, *_STATUTORY))


def unexpanded(query: str) -> str:
    """The question ``query`` was expanded from (``expand`` or ``expand_statutory``); a query
    that is no expansion is its own question.

    Full text wants the sources' words; a sentence-embedding model wants the question as
    asked: a list of statute-book keywords appended to it pulls its vector towards every
    passage using those words. A search given only the expanded query (as a Lex tool is)
    recovers the question from it: the shortest prefix that expands to the whole.
    """
    for match in re.finditer(r"\s+(\S+)", query):
        if match.group(1) not in _FIRST_WORDS:
            continue  # an expansion starts with the first word of what it adds
        prefix = query[:match.start()]
        if query in (expand(prefix), expand_statutory(prefix)):
            return prefix
    return query


# Housing subjects, most specific first: a question that names one is about something.
# Parties (tenant, leaseholder), qualities (vulnerable, urgent) and activities (respond,
# inspect) are not subjects: "what if the tenant is vulnerable?" still needs one.
_TOPICS = re.compile(
    r"(?<![\w'])(?:" + "|".join((
        r"stage (?:one|two|1|2) complaints?", r"complaints? (?:handling|procedure|process)",
        r"complaints?", r"damp and mould", r"damp", r"mou?ld", r"condensation",
        r"(?:emergency|urgent|routine) repairs?", r"repairs?", r"disrepair", r"leaks?",
        r"heating", r"hot water", r"boilers?", r"houses? in multiple occupation", r"hmos?",
        r"shared (?:house|home|flat)s?", r"bedsits?",
        r"(?:selective |additional |mandatory )?licen[cs](?:e|es|ing)",
        r"gas safety(?: records?| checks?| certificates?)?", r"cp12s?", r"lgsrs?",
        r"electrical safety", r"eicrs?", r"electrical installation condition reports?",
        r"(?:smoke|carbon monoxide) alarms?", r"fire safety", r"fire risk assessments?",
        r"asbestos", r"legionella", r"anti-?\s?social behaviou?r", r"asb", r"nuisance",
        r"no[- ]fault evictions?", r"evictions?", r"possession(?: orders?| claims?)?",
        r"section (?:21|8) notices?", r"notices? to quit", r"notices? of seeking possession",
        r"rent arrears", r"arrears", r"rent increases?", r"service charges?",
        r"(?:tenancy )?deposits?", r"disabled facilities grants?", r"dfgs?", r"adaptations?",
        r"hhsrs", r"category (?:1|2|one|two) hazards?", r"hazards?", r"excess cold",
        r"improvement notices?", r"prohibition orders?", r"hazard awareness notices?",
        r"emergency (?:remedial|prohibition) (?:action|orders?)", r"demolition orders?",
        r"temporary exemption notices?", r"(?:interim |final )?management orders?",
        r"empty dwelling management orders?", r"(?:interim |final )?edmos?",
        r"rent repayment orders?", r"banning orders?", r"decants?",
        r"financial penalt(?:y|ies)", r"overcrowding notices?",
        r"overcrowding", r"awaab'?s law", r"fitness for human habitation",
        r"tenancy agreements?", r"tenancy (?:sustainment|fraud)",
        r"(?:secure|assured shorthold|assured|flexible|starter|introductory|joint) tenanc(?:y|ies)",
        r"tenanc(?:y|ies)", r"leasehold", r"rent", r"succession",
        r"mutual exchanges?", r"subletting", r"right to buy", r"allocations?",
        r"homelessness", r"tenant satisfaction measures?", r"tsms?",
        r"consumer standards?", r"energy performance certificates?", r"epcs?", r"pests?",
        r"vermin", r"infestations?", r"safeguarding", r"compensation",
    )) + r")(?![\w'])",
    re.IGNORECASE,
)


def topics(text: str) -> list[str]:
    """The housing subjects ``text`` mentions, as written, in order and each once."""
    out: list[str] = []
    for match in _TOPICS.finditer(text):
        phrase = match.group(0)
        if phrase.lower() not in (p.lower() for p in out):
            out.append(phrase)
    return out


# Named instruments: Acts and regulations, sections, the organisation's policies, judgments.
_ACT = re.compile(  # a name starts a word: "20B of the … Act" names no "B of the … Act"
    r"(?<![\w'’])(?:[A-Z][\w'’]*|\([A-Z][^()]*\))(?:\s+(?:[A-Z][\w'’]*|\([A-Z][^()]*\)|and|of|"
    r"for|the|in|on))*\s+(?:Act|Regulations|Order|Rules)\s+\d{4}")
_PROVISION = re.compile(r"(?<![\w'’])(?:(section|regulation|schedule)\s+|s\.\s?|s(?=\d))"
                        r"(\d+[A-Z]?)(?![\w'’])", re.IGNORECASE)
_POLICY = re.compile(
    r"\b(?:our|the|your)\s+((?:(?!(?:our|the|your|a|an|to|for|in|on|with|about|what|is|does)"
    r"\b)[A-Za-z'’-]+\s+){1,4}?(?:polic(?:y|ies)|procedures?))\b", re.IGNORECASE)
_CASE = re.compile(r"\[\d{4}\]\s+[A-Z]+(?:\s+[A-Za-z]+)?\s+\d+(?:\s+\([A-Za-z ]+\))?")


def _act_name(found: str) -> str:
    """An Act's name without the capitalised words that open the sentence before it."""
    words = found.split()
    while len(words) > 3 and words[0].lower() in STOP_WORDS | {"under"}:
        words.pop(0)
    return " ".join(words)


def _instruments(text: str) -> list[tuple[int, str]]:
    found = [(m.start(), _act_name(m.group(0))) for m in _ACT.finditer(text)]
    found += [(m.start(), f"{(m.group(1) or 'section').lower()} {m.group(2)}")
              for m in _PROVISION.finditer(text)]
    found += [(m.start(1), m.group(1)) for m in _POLICY.finditer(text)]
    found += [(m.start(), m.group(0)) for m in _CASE.finditer(text)]
    return sorted(found)


def subjects(text: str) -> list[str]:
    """What ``text`` is about: its named instruments (Acts, sections, policies, cases), then
    its housing topics, each once; a topic inside a named instrument is not named again."""
    out: list[str] = []
    for phrase in [p for _, p in _instruments(text)] + topics(text):
        words = terms(phrase)
        if not any(words <= terms(p) for p in out):
            out.append(phrase)
    return out
