"""What a figure is per, read from the words beside it: the period of a rate ('£9 a month', 'monatlich',
'每月') and what else it is per ('per seat', 'per passenger, each way', '1인당', '150元/套')."""

from __future__ import annotations

import re
import unicodedata
from decimal import Decimal, InvalidOperation
from functools import cache

from groundgate.judges.figures import lexicon, phrases
from groundgate.judges.figures import qualifier_words as words
from groundgate.judges.figures.quantity import dimension


@cache
def _per(lang: str) -> re.Pattern[str]:
    if lang in lexicon.CJK:
        return re.compile(
            "(?!)"
        )  # CJK says what it is per before the figure ('kWh당', '每箱', '1泊あたり'): ``_cjk_per``
    per = words.PER_WORDS.get(lang, "") + ("|" + words.PER_WORDS["en"] if lang != "en" else "")
    # a word is one only whole ('a month', not the 'a' of 'aansluitkosten'); a sign or an elision may be glued
    return re.compile(rf"^\s*,?\s*(?:(?P<word>{per})(?:(?<=[/'’.])\s*|\s+)(?P<noun>[^\W\d_][\w'.-]*(?:\s(?:way|trip))?))", re.IGNORECASE)  # fmt: skip


@cache
def things() -> tuple[dict[str, str], re.Pattern[str]]:
    sense = {phrase.lower(): name for name, phrases in words.PER_THINGS.items() for phrase in phrases.split("|")}
    alternatives = "|".join(re.escape(p) for p in sorted(sense, key=len, reverse=True))
    return sense, re.compile(rf"(?<![^\W\d_])(?:for the |for a |pour l'|pour un |für die |para el |para a |per il )?(?P<thing>{alternatives})(?![^\W\d_])", re.IGNORECASE)  # fmt: skip


_NOT_EACH = frozenset({"a", "an", "and", "the", "l'", "la", "le", "el", "o", "il", "lo", "al", "ao", "à", "de", "het", "een", "die", "der", "das"})  # fmt: skip
_TOTAL = re.compile(words.TOTAL, re.IGNORECASE)
# What a price is per said right before it, as a column's header is ('Prijs per persoon € 30,00', 'Price per person:
# £45'): only a thing the tables know, and nothing but a colon between it and the amount.
_HEADER_BASES = frozenset({"person", "seat", "group", "room", "stay", "booking", "pair"})
_PER_SAID_BEFORE = re.compile(r"(?<![^\W\d_])(?:per|pro|je|par|por)\s+([^\W\d_]+)\s*:?\s*$", re.IGNORECASE)
_HEAD_BEFORE = re.compile(r"(?<![^\W\d_])(?:pro|per|je|par|por|a)\s+(?:person|personne|persona|pessoa|persoon|teilnehmer|participant|head|tête|cabeza|kopf|gast|guest)\w*", re.IGNORECASE)  # fmt: skip
_TOTAL_BEFORE = re.compile(rf"(?<![^\W\d_])(?:{words.TOTAL})\s*(?:de|von|van|of|di|:)?\s*$", re.IGNORECASE)
_WHOLE = re.compile(rf"^\s*,?\s*(?:\(\s*)?((?:{words.WHOLE}))(?![^\W\d_])", re.IGNORECASE)
_CHARGED = re.compile(r"charged|billed|payable|paid|due|factur|prélev|berechnet|fällig|abgebucht|cobrad|cargad|addebitat|in rekening|afgeschreven", re.IGNORECASE)  # fmt: skip
_EVERY = re.compile(
    r"(?:every|each|per|a|an|chaque|par|pro|je|jeden|jede|cada|por|al|ogni|elke|iedere|todos os|tous les|alle)\s",
    re.IGNORECASE,
)
_TAIL = re.compile(r"[^\d,;:.()\n]{0,40}")  # the words after an amount up to a figure or a mark, at most 40 characters
_AND_THING = re.compile(r"^\s+(?:und|and|et|y|e|en)\s+([^\W\d_]+)", re.IGNORECASE)
_ITEM_END = re.compile(r"[,;，；、]|\s(?:and|or|y|o|und|oder|et|ou|e|en|of)\s", re.IGNORECASE)
_JOURNEY = re.compile(r"way|trip|retour|vuelta|volta|ritorno|terug|rückfahrt|zurück|andata|ida|sens|单程|往|片道|편도|왕복", re.IGNORECASE)  # fmt: skip


_PER_DATA = re.compile(r"\s?/\s?([MGKT]o)(?![^\W\d_])")  # French bytes: 'Mo', 'Go' ('/mo' is English's month)


# Taxes said between an amount and what it is per ('45 € HT par déménageur et par heure', '12 € netto pro Stunde').
_TAX = re.compile(r"\s*(?:HT|TTC|H\.T\.|T\.T\.C\.|netto|brutto|bruto|brut|lordo|(?:inkl\.|zzgl\.|incl\.|excl\.)\s*(?:MwSt\.?|VAT|btw|IVA)|\+\s?(?:IVA|MwSt\.?|BTW|VAT))(?![^\W\d_])")  # fmt: skip
_PRICE_PER = re.compile(r"\((?:prix|price|preis|precio|preço|prezzo|prijs|tarif|tarifa)\s+(?:par|per|pro|por|je)\s+([^\W\d_]+)\)", re.IGNORECASE)  # fmt: skip


def rate(before: str, after: str, kind: str, lang: str) -> tuple[str, frozenset[str], str]:
    """The period a figure is per ('a month', 'monthly fee of'), what else it is per ('per seat'), and the words
    after what it read."""
    period = ""
    per: set[str] = set()
    after = after[taxed.end() :] if kind == "money" and (taxed := _TAX.match(after)) is not None else after
    rest = after
    sense, listed = things()
    if kind == "money" and (bracket := _PRICE_PER.search(after[:60])) is not None:
        per.add(sense.get(bracket.group(1).lower()) or bracket.group(1).lower())  # '38 € … (prix par bateau)'
    if (
        kind == "money" and (each := _PER_PERSON.match(after)) is not None
    ):  # '€ 45 p.p.', '49 € p. P.', '£30 pp': per person
        per.add("person")
        rest = after[each.end() :]
    for step in range(4):  # 'per seat per month', 'per passenger, each way', '€/kW día', 'por puesto y año'
        if lang == "fr" and (data := _PER_DATA.match(rest)) is not None:
            per.add(data.group(1).lower().replace("o", "b"))  # '9,90 €/Mo' is per megabyte, never a month
            rest = rest[data.end() :]
            continue
        if not period:
            head = rest.lstrip(" (" if lang in lexicon.CJK else " ,(")  # '연 4.2%, 월 상환액': past a comma, another's
            if lang in lexicon.CJK:
                match = phrases.pattern("period", lang).match(head)
                started = (str(match.lastgroup), match.end()) if match is not None else None
            else:
                started = phrases.starting(head, "period")
                if (
                    started is None and step == 0 and kind == "percent" and (of := _OF_THE.match(head))
                ):  # '7 % van de adviesprijs per jaar'
                    started = phrases.starting(head[of.end() :], "period")
                    started = (started[0], of.end() + started[1]) if started is not None else None
                if started is None and step == 0 and kind == "money" and not _per(lang).match(head) and (named := _NOUN.match(head)):  # fmt: skip
                    for noun_end in sorted({named.end(), head.find(" ", 0, named.end())} - {-1}):  # one word or two
                        gap = len(head[noun_end:]) - len(head[noun_end:].lstrip())
                        started = phrases.starting(head[noun_end + gap :], "period")  # '€ 20 aansluitkosten per jaar'
                        if started is not None:
                            started = (started[0], noun_end + gap + started[1])
                            break
            if started is not None:
                period, rest = started[0], head[started[1] :]
                continue
        match = _per(lang).match(rest)
        if match is None and step and (per or period) and (joined := _AND_THING.match(rest)) is not None:
            thing = sense.get(joined.group(1).lower()) or _period_of(joined.group(1).lower(), lang)
            if thing:  # 'pro Fahrrad und Fahrt', 'per person and night': a second thing of one 'per'
                if thing in words.PERIODS:
                    period = period or thing
                else:
                    per.add(thing)
                rest = rest[joined.end() :]
                continue
        if match is not None and not (kind == "money" and _WHOLE.match(rest)):  # 'en total' is no 'per total'
            noun, noun_end = match.group("noun").lower().rstrip("."), match.end()
            longer = listed.match(rest, match.start("noun"))  # 'por metro cúbico', 'per cubic metre': its words
            if longer is not None and longer.end() > noun_end:
                noun, noun_end = longer.group("thing").lower(), longer.end()
            thing = sense.get(noun) or sense.get(noun.rstrip("s")) or _period_of(noun, lang)
            word = (match.group("word").lower().split() or [""])[-1]
            after_noun = rest[noun_end:]
            bare = _bare_period(after_noun, lang)
            if thing in words.JOURNEY_SENSES and word in _NOT_EACH and not (lang == "it" and word == "a"):
                break  # '£9 and a return is £16': the next item's journey, not this fare's
            if thing in words.PERIODS:
                period = period or thing
            elif thing or word == "/" or (word in ("per", "pro", "je", "par", "por") and noun not in _NOT_PER and (lang in ("en", "de", "nl") or noun not in _ARTICLES)) or _unit(noun) or bare:  # fmt: skip
                per.add(thing or noun.rstrip("s"))
            else:
                break
            rest = after_noun
            if bare is not None and not period:  # '€/kW día', 'por puesto y año': a period said by its noun alone
                period, rest = bare[0], rest[bare[1] :]
            continue
        own = _ITEM_END.split(rest[:24], maxsplit=1)[0]  # past a comma, the next item's ('12 €, ida y vuelta 20 €')
        if kind == "money" and not per & {"whole", "total"} and (whole := _WHOLE.match(rest)) is not None and (whole.start(1) <= len(own) or not rest[: whole.start(1)].strip(" ,(")):  # fmt: skip
            total = _TOTAL.fullmatch(whole.group(1)) is not None  # '79 € au total'
            spanned = _period_of(whole.group(1).split()[-1].lower(), lang)  # 'for the whole year': its period
            if spanned:
                period = period or spanned
            else:
                per.add("total" if total else "whole")  # '290 € pauschal', '€ 90 voor het hele examen'
            rest = rest[whole.end() :]
            continue
        # a journey's words may hold a conjunction ('für Hin- und Rückfahrt', 'voor heen en terug'): read past it
        thing_match = listed.search(rest[:40]) if _JOURNEY.search(rest[:40]) else None
        thing_match = thing_match if thing_match is not None and thing_match.start() < len(own) else None
        if thing_match is not None and _journey(thing_match.group("thing"), sense):
            per.add(sense[thing_match.group("thing").lower()])
            rest = rest[thing_match.end() :]
            continue
        break
    if kind == "money" and not per & {"whole", "total"} and _TOTAL_BEFORE.search(before[-24:]):
        per.add("total")  # 'kostet insgesamt 210 €', 'kost in totaal € 189'
    if kind == "money" and not per and lang not in lexicon.CJK and (said := _PER_SAID_BEFORE.search(_own_cell(before[-40:]))):  # fmt: skip
        noun = said.group(1).lower()
        thing_said = sense.get(noun) if not (noun.endswith("s") or (lang == "it" and noun.endswith("i"))) else None
        per |= {thing_said} if thing_said in _HEADER_BASES else set()  # 'Tariffa per gruppi': for groups, no basis
    if "total" in per and "person" not in per and _HEAD_BEFORE.search(before[-40:]):
        per = (per - {"total"}) | {"person"}  # 'pro Person kostet der Kurs 45 € insgesamt': all in, per head
    if lang in lexicon.CJK and kind in ("money", "percent", "measure", "duration", "count"):
        cjk_period, cjk_per = _cjk_per(before, after)
        period = period or cjk_period
        per |= cjk_per
    if not period and kind == "money" and lang not in lexicon.CJK and (tail := _TAIL.match(after)) is not None:
        own_tail = _ITEM_END.split(tail.group(), maxsplit=1)[0]  # up to the next item ('… und einmal im Jahr')
        later = [p for p in phrases.anywhere(own_tail, "period") if _EVERY.match(own_tail, p[1]) and p[0] != "once" and _CHARGED.search(own_tail, 0, p[1])]  # fmt: skip
        period = later[0][0] if later else ""  # '£45 admin fee charged every month': said past its noun
    if not period and kind in ("money", "percent"):
        if lang in lexicon.CJK:
            if (single := _CJK_PERIOD_BEFORE.search(before[-3:])) is not None:
                period = _ONE_PERIOD[single.group(1) or single.group(2)]  # '年611円', '月70万円', '월 3만 원'
            else:  # a period's one character right before the amount first: '年間契約なら1人あたり月1,360円'
                match = phrases.pattern("period", lang).search(_own_cell(before[-32:]))
                period = str(match.lastgroup) if match is not None else ""

        else:
            window = _own_cell(before[-32:])
            periods = phrases.anywhere(window, "period")
            period = periods[-1][0] if periods and not _PLUS.match(window, periods[-1][2]) else ""
    return period, frozenset(unit_thing(thing, lang) for thing in per), rest


def _own_cell(window: str) -> str:
    """The words before an amount back to the cell it stands in: a laid-out row's cells are apart ('时长费
    0.3元/分钟 · 里程费 1.2元/公里': the minute is the first cell's); an amount that stands alone in its cell
    is the cell before's, its label's ('Annual · £200', '年费 | 365元')."""
    separators = list(_CELL.finditer(window))
    if not separators:
        return window
    own = window[separators[-1].end() :]
    if own.strip():
        return own
    return window[separators[-2].end() :] if len(separators) > 1 else window


_CELL = re.compile(r" · |\|")


# A period followed by 'plus' and an amount is the amount before's ('25p a minute plus £1 to unlock').
_PLUS = re.compile(r"\s*(?:plus|\+|más|mais|più|zuzüglich|en plus de)\s*$", re.IGNORECASE)


# After 'per', 'par', 'por' in the Romance languages: an article makes it 'for' or 'by', not 'each' ('per il
# parcheggio'); so do some nouns ('por favor', 'par exemple', '15 por ciento').
_ARTICLES = frozenset(words.ROMANCE_ARTICLES.split("|"))
# ... and in every language, what a thing is sent or paid by ('per E-Mail', 'per Überweisung', 'por correo').
_NOT_PER = frozenset(words.NOT_PER.split("|"))
_PER_PERSON = re.compile(r"\s*(?:p\.\s?p\.|p\.\s?P\.|pp|pppn)(?![^\W\d_])")

# What a CJK figure is per: before it ('kWh당 347.2원', '1인 35,000원', '每箱12元', '1米ドルあたり25銭', '1旅行につき'),
# or after it ('12元/单', '3元/GB').
_CJK_PER_BEFORE = re.compile(
    r"(?:(?P<person>お一人様|お1人様|お一人|一名様|1名様|お1人|1人あたり|一人あたり|1名あたり|大人1名|大人1人)|(?:^|(?<=[\s\d]))(?P<one>인|명|박|실|건|개|室)|(?P<ko>[가-힣A-Za-z\u3380-\u33ff]+[23²³]?)(?:\s?(?:하나|한\s?개|1\s?개))?당|每(?P<zh>[\u4e00-\u9fff]{1,2}?)|1?(?P<ja>[\u3040-\u9fffA-Za-z\u3380-\u33ff]+?[23²³]?)(?:あたり|当たり|につき)|(?:1\s?|일|한\s?)(?P<koe>년|개월|달|주|주일|일|시간)에)(?:(?<=당)\s?(?:월|연))?\s*$"
)
# not '1,000円/子ども500円' nor '15,000원 / 왕복 요금: …': a noun the next item's label, not what it is per
# ... or said after it as what it is counted by ('每小时60元，按车计算': per vehicle).
_CJK_PER_AFTER = re.compile(
    r"^\s*(?:[/／]\s*(?P<noun>[\u3040-\u30ff\u4e00-\u9fff가-힣A-Za-z\u3380-\u33ff]{1,4}[23²³]?)(?=\s*(?:$|[,.;:!?，。；：、)）·|]|[(（]))|[，,]?\s*按(?P<by>[\u4e00-\u9fff]{1,2}?)(?:计算|计费|收费|计收|计))"
)
_CJK_PERIOD = {"个月": "month", "週間": "week", "年間": "year", "か月": "month", "ヶ月": "month", "カ月": "month", "日間": "day", "개월": "month", "주일": "week", "달": "month", "시간": "hour", "時間": "hour", "小时": "hour", "박": "night", "泊": "night", "晚": "night", "夜": "night", "天": "day", "日": "day", "일": "day", "月": "month", "월": "month", "年": "year", "년": "year", "周": "week", "週": "week", "주": "week"}  # fmt: skip


def one_span(noun: str) -> str:
    """The period a CJK count of one names ('1日', '1か月', '1泊', '一个月'), never a month's name ('1月': January)."""
    return _CJK_PERIOD.get(noun, "") if noun not in ("月", "월") else ""


ONE_SPAN_AFTER = re.compile(r"\s?[一1]\s?(个月|天|年|晚|周|小时)(?![\u4e00-\u9fff])")  # '1288元一个月': a month's price


_CJK_ONE = frozenset({"인", "명", "박", "실", "건", "개", "室"})
CJK_THINGS = {
    "千瓦时": "kwh",
    "度": "kwh",
    "度电": "kwh",
    "千瓦時": "kwh",
    "様": "person",
    "名様": "person",
    "人様": "person",
    "单": "booking",
    "单位": "item",
    "箱": "box",
    "盒": "box",
    "실": "room",
    "방": "room",
    "室": "room",
    "건": "transaction",
    "개": "item",
    "车": "vehicle",
    "辆": "vehicle",
    "车辆": "vehicle",
    "cbm": "m3",  # a cubic metre, as freight is priced
    "m³": "m3",
    "세제곱미터": "m3",
}


def _cjk_per(before: str, after: str) -> tuple[str, set[str]]:
    """(the period, what else) a CJK figure is per, read before and after it."""
    sense, _ = things()
    period, per = "", set()
    tail = before[-12:]
    first = _CJK_PER_BEFORE.search(tail)
    second = _CJK_PER_BEFORE.search(tail[: first.start()]) if first is not None and first.start() else None
    for match in (first, second, _CJK_PER_AFTER.match(after[:12])):  # '每人每年380元': per person, per year
        if match is None or match.groupdict().get("noun") in _TIERS:
            continue  # '大人1,000円/子ども（小学生以下）500円': the next tier's label, not what this is per
        if match.groupdict().get("person"):
            per.add("person")  # 'お一人様18,700円'
            continue
        noun = next(group for group in match.groups() if group)
        lowered = _PERSON_WORDS.sub("人様", noun.lower())  # 'お一人様につき' is per person
        if lowered not in sense and lowered not in CJK_THINGS and lowered not in _CJK_PERIOD:
            lowered = next((lowered[:n] for n in range(len(lowered) - 1, 0, -1) if lowered[:n] in CJK_THINGS), lowered)  # '/度计收': per kWh  # fmt: skip
        if lowered in _CJK_PERIOD:
            period = period or _CJK_PERIOD[lowered]
        elif lowered.rstrip("月") and lowered in sense:
            per.add(sense[lowered])
        elif lowered in CJK_THINGS:
            per.add(CJK_THINGS[lowered])
        elif match is not first or lowered not in _CJK_ONE:
            per.add(
                lowered
            )  # a noun not known ('/套', '每项'): a claim's is not weighed, a source's disagrees with a known one
    return period, per


_TIERS = frozenset({"子ども", "子供", "こども", "小人", "大人", "成人", "儿童", "小孩", "学生", "老人", "长者", "シニア", "幼児", "小学生", "中学生", "高校生", "어린이", "성인", "청소년", "학생", "경로", "유아", "소인", "대인"})  # fmt: skip
_PERSON_WORDS = re.compile(r"^(?:お|ご)?(?:一|1)(?:人|名)(?:様)?$")


# A period's one character right before an amount ('年611円', 'は月70万円', '월 3만 원', '연 4.2%'), not a date's
# month or a year named ('3月5日', '今年', '去年', '来年'), nor the last syllable of a Korean word.
_CJK_PERIOD_BEFORE = re.compile(
    r"(?:(?<![0-9０-９一二三四五六七八九十今去昨来前後后明本当毎每同翌隔半个個かヶカケ])([月年])|(?<![\uac00-\ud7a3])([월연년]))\s?$"
)
_ONE_PERIOD = {"月": "month", "年": "year", "월": "month", "연": "year", "년": "year"}
# What a percentage is of, between it and its period ('7 % van de adviesprijs per jaar', '2% of the balance a month')
_OF_THE = re.compile(r"(?:of the|of your|van de|van het|de la|du|des|de l'|del|de los|de las|da|do|dos|das|della|dello|del|dei|delle|des|der|vom)\s+[^\W\d_]{3,}(?:\s(?!(?:per|pro|par|por|je|each|every|all|jede\w*)\s)[^\W\d_]{3,})?\s+(?=\S)", re.IGNORECASE)  # fmt: skip
_NOUN = re.compile(r"[^\W\d_]{3,}(?:\s(?!(?:und|and|oder|ou|and|plus|sowie|dazu)\b)[^\W\d_]{3,})?(?=\s)")
_BARE_PERIOD = re.compile(r"\s*(?:(?:y|e|et|and|und|en|o)\s+)?(?P<noun>[^\W\d_]+)(?![^\W\d_])", re.IGNORECASE)


def _bare_period(text: str, lang: str) -> tuple[str, int] | None:
    """A period's noun alone after what a figure is per ('/kW día', 'por puesto y año'): (the period, where it
    ends)."""
    match = _BARE_PERIOD.match(text)
    if match is None:
        return None
    period = _period_of(match.group("noun").lower(), lang)
    return (period, match.end()) if period else None


@cache
def _unit_words() -> frozenset[str]:
    from groundgate.judges.figures.lexicon import UNIT_WORDS

    return frozenset(w.lower() for table in UNIT_WORDS.values() for w in table if len(w) > 1)


def _unit(noun: str) -> bool:
    """Whether a noun after 'por', 'par', 'per' is a unit ('por kW', 'par kWh'): what a price is per."""
    return noun in _unit_words() or noun in (
        "kw",
        "kwh",
        "gb",
        "mb",
        "kg",
        "km",
        "m2",
        "m²",
        "m3",
        "m³",
        "l",
        "litro",
        "litre",
        "liter",
    )


def _journey(phrase: str, sense: dict[str, str]) -> bool:
    """'each way', 'for the return trip', 'aller-retour': a journey's extent said without a 'per' word (a phrase
    of two words or more, so 'on its way' and 'return within 30 days' are not)."""
    return sense[phrase.lower()] in words.JOURNEY_SENSES and any(c in phrase for c in " -")


@cache
def _period_words(lang: str) -> dict[str, str]:
    """A period's nouns after a 'per' word ('per month', 'pro Monat', 'por mês'), to the period."""
    found: dict[str, str] = {}
    for name, by_language in words.PERIODS.items():
        for phrase in (by_language.get(lang, "") + "|" + by_language.get("en", "")).split("|"):
            parts = phrase.lower().split()
            if len(parts) == 2:
                found[parts[1]] = name
    return found


def _period_of(noun: str, lang: str) -> str:
    return _period_words(lang).get(noun, "")


# A price per a count of a unit ('42 €/100 kg', '3 € pro 100 g', '0,80 € por cada 10 km').
_PER_COUNT = re.compile(r"\s?(?:/|por cada|por|per|pro|je|par|pour|para cada|per ogni|voor)\s?(\d+(?:[.,]\d+)?)\s?([^\W\d_]+)(?![-\s]+(?!(?:of|de|di|van|von|and|und|et|y|e|en|or|ou|o|oder|of)\b)[^\W\d_]{3,})", re.IGNORECASE)  # fmt: skip


def per_count(text: str, end: int, lang: str) -> str:
    """What a price ending at ``end`` is per when that is a count of a unit ('42 €/100 kg': '100000 mass'), or ''."""
    counted = _PER_COUNT.match(text, end)
    unit = _unit_of(counted.group(2), lang) if counted is not None else ""
    return _count_of(counted.group(1), unit) if counted is not None and unit else ""


_FOR_COUNT = re.compile(r"(?:\s(?:a|an|per|par|pro|la|le|al|por|à|the)\s[^\W\d_]+)?\s?(?:für|pour|for|para|voor|per|pra)\s(?:(?:the|les|die|las|los|os|as|le|de|het)\s)?(\d{1,2})\s([^\W\d_]+)", re.IGNORECASE)  # fmt: skip


def per_people(text: str, end: int) -> str:
    """What a price ending at ``end`` is for when that is a count of people ('160 € für 2 Personen', number words
    read as digits already; past its period, '$240 a night for four guests'): '2 person', never what a price per
    person is per; or ''."""
    counted = _FOR_COUNT.match(text, end)
    if counted is None or int(counted.group(1)) < 2 or things()[0].get(counted.group(2).lower()) != "person":
        return "2 person" if _FOR_PAIR.match(text, end) else ""  # 'für beide zusammen', 'per la coppia'
    return f"{int(counted.group(1))} person"


# A CJK count of people in a bracket right before a price, after a seat, a room, a ticket or a package:
# 'カップルシート（2名）3,600円', '커플석(2인) 32,000원' (never a prize's or a class's: 'A賞（2名）5,000円分').
_PEOPLE_BEFORE = re.compile(
    r"(?:席|석|座|シート|ルーム|룸|房|間|券|권|票|チケット|티켓|세트|セット|套餐|パック|패키지|プラン|요금제|客室|객실)\s*[(（]\s*(\d{1,2})\s*(?:名様?|人|인|명|位)\s*(?:用|分)?\s*[)）]\s*$"
)


# ... or a portion for some people, whatever it is ('盛り合わせ（5〜6名様分）4,800円', '4인분 32,000원', '4人份'):
# its price is theirs together (a range counts its fewest).
_PORTION_BEFORE = re.compile(
    r"(\d{1,2})(?:\s*[〜~～\-–]\s*\d{1,2})?\s*(?:(?:名様?|人)\s*分|人份|인분)\s*[)）]?\s*[:：]?\s*$"
)


def per_people_before(text: str, start: int) -> str:
    """What a price starting at ``start`` is for when a CJK bracket right before it counts people: '2 person'."""
    counted = _PEOPLE_BEFORE.search(text, max(0, start - 18), start) or _PORTION_BEFORE.search(text, max(0, start - 18), start)  # fmt: skip
    return f"{int(counted.group(1))} person" if counted is not None and int(counted.group(1)) >= 2 else ""


def per_whole(text: str, end: int) -> str:
    """What a price ending at ``end`` is for when that is a whole group or room ('£139 per week for the room',
    "32 € pour l'ensemble du groupe", '90 € für die ganze Gruppe'): 'group' or 'room', else ''. A price per head
    said so is no price for the room."""
    whole = _FOR_WHOLE.match(text, end)
    return things()[0].get(whole.group("thing").lower(), "") if whole is not None else ""


_FOR_WHOLE = re.compile(r"(?:\s(?:a|an|per|par|pro|la|le|al|por|à|the)\s[^\W\d_]+)?,?\s?(?:for the (?:whole |entire )?|pour (?:l'ensemble du |l’ensemble du |tout le |toute la |le |la |l'|l’)|für (?:die|das|den) (?:ganze |ganzen )?|para (?:todo el |toda la |todo o |toda a |el |la |o |a )|per (?:tutto il |tutta la |il |la |l'|l’)|voor (?:de|het) (?:hele )?)(?P<thing>group|groupe|gruppe|grupo|gruppo|groep|room|chambre|zimmer|habitación|quarto|camera|kamer)(?:\s(?:todo|toda|inteiro|inteira|entero|entera|entier|entière|intero|intera))?(?![^\W\d_])(?=\s*(?:[.,;:!?)]|$|(?:and|et|und|y|e|en|o|ou|oder|or|so|donc|also|así|quindi|dus)\s))", re.IGNORECASE)  # fmt: skip


# A price for two people named as a pair ('5,20 € für beide zusammen', "28 € all'ora per la coppia").
_FOR_PAIR = re.compile(r"(?:\s(?:(?:a|an|per|par|pro|la|le|al|por|à|the)\s|all'|all’|l'|l’)[^\W\d_]+)?\s?(?:(?:für (?:beide|euch beide|Sie beide)|pour (?:les deux|vous deux|les 2|vous 2)|for (?:both|the two of you|the 2 of you|you two|you 2)|para (?:los (?:dos|2)|las (?:dos|2)|ambos|ambas|os (?:dois|2)|as (?:duas|2))|per (?:entrambi|tutti e (?:due|2)|voi (?:due|2))|voor (?:beiden|jullie beiden|jullie tweeën))(?=\s*(?:zusammen|together|ensemble|juntos|juntas|insieme|samen|[.,;:!?)]|$|(?:pro|per|por|par|je|and|et|und|y|e|en|o|ou|oder|or|of)\s))|(?:für (?:das|ein) Paar|pour (?:le|un) couple|for (?:the|a) couple|para (?:la pareja|o casal|um casal)|per (?:la|una) coppia|voor (?:het|een) stel)(?![^\W\d_]))", re.IGNORECASE)  # fmt: skip


def _count_of(written: str, unit: str) -> str:
    """A count of a unit as written ('1.000 l', '0,5 l') as one key: ``count_key``'s."""
    digits = re.sub(r"[.,](?=\d{3}(?!\d))", "", written).replace(",", ".")
    try:
        value = Decimal(digits)
    except InvalidOperation:
        return f"{written} {unit}"
    return count_key(value, unit)


def count_key(value: Decimal, unit: str) -> str:
    """A count of a unit as one key, in the unit's base ('1000 l' and '1000 litres' alike; '0.5 l' and
    '500 ml' alike): what a price per it is per, and how the count said beside the price is known."""
    name, size = dimension(unit)
    return f"{(value * size).normalize():f} {name}" if name else f"{value.normalize():f} {unit}"


_NOT_A_MEASURE = lexicon.DURATIONS | {"fortnight", "times", "%", "°"}  # a period, a count of times, a share: no unit


def unit_thing(thing: str, lang: str) -> str:
    """What a figure is per, one name for one unit however it is written ('per pound' and '/lb': 'lb'; 'par
    gigaoctet' and '/Go': 'gb'; 'per metre' and '/m': 'm'): a unit's word is its symbol, so two ways of writing
    one unit never disagree and two units always do. A noun that names no measure is kept as it is."""
    unit = _unit_of(unicodedata.normalize("NFKC", thing), lang).rstrip("?")  # '㎥' is 'm3'
    unit = {"m³": "m3", "m²": "m2"}.get(unit, unit)  # the tables' own names of the cubic and the square metre
    return unit.lower() if unit and unit not in _NOT_A_MEASURE else thing


def _unit_of(word: str, lang: str) -> str:
    """The unit a word names in the text's language or English ('kilos': 'kg'), or ''."""
    from groundgate.judges.figures.lexicon import UNIT_WORDS

    word = word.lower()
    return UNIT_WORDS.get(lang, {}).get(word) or UNIT_WORDS["en"].get(word) or UNIT_WORDS["*"].get(word, "")
