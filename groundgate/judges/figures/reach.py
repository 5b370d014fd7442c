"""What a figure is said with further off than its own words (issue 46, round six): the patterns and the small
readers ``qualifiers.Reader`` uses past a figure's neighbours: a clause that goes on from an amount past a
comma ('12,50 €, che verrà accreditato'), a fare's journey in its list item ('Single £12, Return £20'), a
CJK span before a price ('3か月 51,730円'), a period in a payment's compound noun ('Semesterbeitrag'). Data and
pure functions; each bounded, so reading stays linear."""

from __future__ import annotations

import re
from functools import cache

from groundgate.judges.figures import lexicon
from groundgate.judges.figures import qualifier_words as words

JOINED = re.compile(r"\s(?:and|but|while|whereas|et|mais|und|aber|y|pero|e|mas|ma|en|maar|then|puis|dann|luego|depois|poi|dan)\s|[并但而]", re.IGNORECASE)  # fmt: skip
COMMA = re.compile(r"[,，、]")
SPAN_JOINS = frozenset({"", "で", "なら", "だと", "이면", "共计", "合计", "合計", "で合計", "总共", "一共"})
FIRST_SPAN = re.compile(
    r"(?:最初の|はじめの|初めの|初回|前|首|头|頭|첫|처음|최초)\s?$"
)  # '最初の3か月は980円': the first months' monthly price
SPAN_BEFORE = re.compile(r"(\d{1,2})\s?(か月|ヶ月|カ月|ケ月|个月|個月|개월|年間|年|년|週間|周|주|日間|天)")
NAMED_SPANS = {(3, "month"): "quarter", (6, "month"): "half_year", (12, "month"): "year", (7, "day"): "week", (24, "hour"): "day"}  # fmt: skip
CJK_SPANS = {"か月": "month", "ヶ月": "month", "カ月": "month", "ケ月": "month", "个月": "month", "個月": "month", "개월": "month", "年間": "year", "年": "year", "년": "year", "週間": "week", "周": "week", "주": "week", "日間": "day", "天": "day" }  # fmt: skip
# A period inside a German or Dutch compound noun of a payment beside a price ('Semesterbeitrag', 'Jahresgebühr',
# 'maandbedrag'; not a 'Tagesticket', which is bought once).
COMPOUND_PERIOD = re.compile(r"(?<![^\W\d_])(jahres|monats|wochen|tages|semester|quartals|jaar|maand|week|dag|kwartaal)(?:beitrag|beiträge|gebühr|gebühren|miete|preis|kosten|rate|abo|abonnement|tarif|pauschale|bedrag|premie|huur|prijs|contributie|termijn|abonnementsprijs)(?![^\W\d_])", re.IGNORECASE)  # fmt: skip
COMPOUND_PERIODS = {"jahres": "year", "monats": "month", "wochen": "week", "tages": "day", "semester": "half_year", "quartals": "quarter", "jaar": "year", "maand": "month", "week": "week", "dag": "day", "kwartaal": "quarter"}  # fmt: skip
NOUN_AFTER = re.compile(
    r"[A-ZÄÖÜ][^\W\d_]{3,}|[a-z][^\W\d_]{5,}(?:kosten|bedrag|premie|huur|prijs|contributie)(?![^\W\d_])"
)
AFTER_WORD = re.compile(
    r"(?<![^\W\d_])(?:after|nach|après|dopo|después|após|na)(?![^\W\d_])|후|後|后", re.IGNORECASE
)  # '(nach Gutschrift)'
BRACKET_AFTER = re.compile(r"\s*[(（]([^)）]{1,16})[)）]")
REST_END = re.compile(r"[;；。！？!?\n(（]|\.(?=\s|$)")
# What goes on from an amount to say what becomes of it: a relative pronoun, or a verb's auxiliary ('che verrà
# accreditato', 'se cargará', 'wordt … teruggestort', 'will be credited'), in CJK a particle.
GOES_ON = re.compile(r"^[\s,]*(?:(?:che|qui|que|which|that|die|dat|welche|welcher|der|das|cui|se|si|sera|seront|será|serán|serão|sarà|saranno|wird|werden|wordt|worden|will|is|are|verrà|verranno|viene|vengono|vous|le|lui|les|te|ti|gli|lhe|lhes|u|je|ihnen|dir|sono|est|sont|ha|hat|heeft|zal|kommt|komt)(?![^\W\d_])|[会将已는은이가을를에はがを])", re.IGNORECASE)  # fmt: skip
ONE_BEFORE = re.compile(r"[1一]\s?([\u3040-\u9fff가-힣]{1,2})")
DENIED = re.compile(r"(?<![^\W\d_])(?:not|no longer|never|non|nicht|kein\w*|niet|geen|pas|plus|não|deixa de|deja de|no|nunca|nessun\w*)(?![^\W\d_])|不|없|않|ない", re.IGNORECASE)  # fmt: skip
LIST_SEP = re.compile(r"[,，;；、]|\s(?:and|or|y|o|und|oder|et|ou|e|en|of)\s", re.IGNORECASE)  # one item of a list


@cache
def journeys() -> re.Pattern[str]:
    """The journey words, each side a group, the longest first (a CJK word needs no edge)."""
    groups = []
    for sense, phrases_ in words.JOURNEYS.items():
        alternatives = "|".join(re.escape(p) for p in sorted(phrases_.split("|"), key=len, reverse=True))
        groups.append(f"(?P<{sense}>{alternatives})")
    return re.compile(rf"(?:(?<![^\W\d_])|(?=[\u3400-\u9fff\uac00-\ud7af\u3040-\u30ff]))(?:{'|'.join(groups)})(?:(?![^\W\d_])|(?<=[\u3400-\u9fff\uac00-\ud7af\u3040-\u30ff]))(?!\s+(?:payment|fee|charge|room|bed|dose|use|user|occupancy|supplement|purchase|transaction|sum|instalment|installment|policy|date|address|label)s?\b)", re.IGNORECASE)  # fmt: skip


def going_on(rest: str, lang: str) -> str:
    """The words of a clause that goes on from an amount, to read its balance in, past a comma or a duration
    ('12,50 €, che verrà accreditato', '€ 84,10 wordt binnen 10 werkdagen teruggestort'): up to the clause's end, a bracket, a
    conjunction ('€30 is kept … and the rest is refunded') or the next amount; only a clause that starts with a
    relative pronoun or a verb's auxiliary (not '…, le montant retenu'), and not one that denies it ('deixa de
    ser devolvido')."""
    rest = rest[:120].lstrip(" ,")
    rest = rest[: comma.start()] if (comma := COMMA.search(rest)) is not None else rest  # one clause on, no more
    for cut in (REST_END.search(rest), JOINED.search(rest)):
        rest = rest[: cut.start()] if cut is not None else rest
    if DENIED.search(rest):
        return ""
    if GOES_ON.match(rest):
        return rest
    first = (
        rest.split(" ", 1)[0] if lang not in lexicon.CJK else ""
    )  # a participle right after it: '…, remboursé par virement'
    return first


def item(window: str, last: bool) -> list[str]:
    """The journeys said in a window's last list item (``last``) or its first: a separator inside a journey's
    words ('ida y vuelta', 'hin und zurück') parts nothing."""
    found = list(journeys().finditer(window))
    cuts = [m for m in LIST_SEP.finditer(window) if not any(j.start() <= m.start() < j.end() for j in found)]
    if last:
        begin = cuts[-1].end() if cuts else 0
        return [str(j.lastgroup) for j in found if j.start() >= begin]
    stop = cuts[0].start() if cuts else len(window)
    return [str(j.lastgroup) for j in found if j.end() <= stop]


# A price for a span of time said right after it ('14,99 € für 7 Tage', '€45 for 3 days', '6,99 € per 7
# giorni'): the span is its period (a week; '3 day' where no period names it).
FOR_SPAN = re.compile(r"\s*,?\s*(?:for|für|pour|por|per|voor|para|durante|pelo|pela|valable|valid for|gültig für)\s+(?:(?:the|les|die|de|los|las|i|le)\s+)?", re.IGNORECASE)  # fmt: skip
_SPAN_TEXT = re.compile(r"(\d{1,3})\s*([^\W\d_]+)")


def span_period(span: str, lang: str) -> str:
    """The period a span of time written in digits names ('7 Tage': 'week', '30 jours': '30 day'), or ''."""
    from groundgate.judges.figures.lexicon import UNIT_WORDS

    match = _SPAN_TEXT.fullmatch(span.strip())
    if match is None:
        return ""
    word = match.group(2).lower()
    unit = UNIT_WORDS.get(lang, {}).get(word) or UNIT_WORDS["en"].get(word, "")
    if unit not in ("day", "week", "month", "year", "hour"):
        return ""
    count = int(match.group(1))
    return unit if count == 1 else NAMED_SPANS.get((count, unit), f"{count} {unit}")


# A period word between two amounts that is the second's label: after a comma, or said with 'every'
# ('abbonamento mensile 55 €, trimestrale 150 €', '€ 2.601 elke maand € 260,10').
LABEL_GAP = re.compile(r"\s*,\s*[^\W\d_]+\s*|\s*,?\s*(?:every|each|elke|ieder|iedere|chaque|jeden|jede|jedes|cada|ogni)\s+[^\W\d_]+\s*", re.IGNORECASE)  # fmt: skip
