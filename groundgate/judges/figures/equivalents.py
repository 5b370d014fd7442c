"""Everyday equivalents, by language: the written forms a text says a figure in that mean another written
form ('an hour and a quarter' is 75 minutes, '시속 25 km' is 25 km/h, '24/7' is every hour of every day), as
rules on the text after its number words are digits. Data and their patterns; ``rewrite`` applies them."""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import cache

from groundgate.judges.figures import lexicon

_UNIT_NOUN = {
    "en": "seconds?|minutes?|hours?|days?|weeks?|fortnight|months?|years?|quarter",
    "fr": "secondes?|minutes?|heures?|jours?|semaines?|mois|ans?|années?",
    "de": "Sekunden?|Minuten?|Stunden?|Tag(?:e|en|es)?|Wochen?|Monat(?:e|en|s)?|Jahr(?:e|en|es)?",
    "es": "segundos?|minutos?|horas?|días?|semanas?|mes(?:es)?|años?",
}


# A CJK measure said per a unit before it ('리터당 0.4밀리그램', '每升12毫克', '1リットルあたり12mg'): mg/L
_PER_VOLUME = (
    r"(?:(?P<ko>리터|ℓ|L|데시리터|dL|킬로그램|kg)당|每(?P<zh>升|公斤|千克|分升)|1?(?P<ja>リットル|L|ℓ|デシリットル|dL|キログラム|kg)(?:あたり|当たり))"
    r"\s?(?P<n>\d+(?:[.,]\d+)?(?:\s?[〜~～]\s?\d+(?:[.,]\d+)?)?)\s?(?P<u>밀리그램|마이크로그램|그램|毫克|微克|克|ミリグラム|マイクログラム|グラム|mg|㎎|µg|μg|g)"
)
_CJK_UNIT = {"밀리그램": "mg", "마이크로그램": "µg", "그램": "g", "毫克": "mg", "微克": "µg", "克": "g", "ミリグラム": "mg", "マイクログラム": "µg", "グラム": "g", "㎎": "mg", "μg": "µg", "리터": "L", "ℓ": "L", "데시리터": "dL", "킬로그램": "kg", "升": "L", "公斤": "kg", "千克": "kg", "分升": "dL", "リットル": "L", "デシリットル": "dL", "キログラム": "kg"}  # fmt: skip


def _per_volume(match: re.Match[str]) -> str:
    den = match.group("ko") or match.group("zh") or match.group("ja")
    unit = match.group("u")
    return f"{match.group('n')} {_CJK_UNIT.get(unit, unit)}/{_CJK_UNIT.get(den, den)}"


# A clock time, not a length: 'à une heure et demie' is 1:30 (or 13:30), not 90 minutes
_NOT_AT_FR = r"(?<!à )(?<!vers )(?<!dès )(?<!avant )(?<!après )(?<!jusqu'à )(?<!jusqu’à )"
_DE_ONES = ("zwei", "drei", "vier", "fünf", "sechs", "sieben", "acht", "neun", "zehn", "elf", "zwölf")
_NL_ONES = ("twee", "drie", "vier", "vijf", "zes", "zeven", "acht", "negen", "tien", "elf", "twaalf")


def _and_a_half(ones: tuple[str, ...]) -> Callable[[re.Match[str]], str]:
    """'zweieinhalb Stunden', 'tweeënhalf uur': the number word's value and a half, in its unit."""
    return lambda match: f"{ones.index(match.group(1).lower()) + 2}.5 {match.group(2)}"


# Half a million or a billion, said in words: half the scale, once number words are digits ('half a 1000000',
# 'einer halben 1000000', 'medio 1000000', 'un demi-million', 'een half miljoen'); never the half of 'one and a
# half million', 'twee en een half miljoen'.
_HALF_WORDS = {
    "en": r"(?<!and a )(?<!and 1 )(?<!and )half (?:an? )?", "fr": r"(?:un )?demi-", "de": r"(?:eine |einer |einen |1 )?halben? ",
    "es": r"medio ", "pt": r"meio ", "it": r"mezzo ", "nl": r"(?<!en )(?<!en 1 )(?<!en een )(?:een |1 )?half ",
}  # fmt: skip
_HALF_TRIGGER = {"en": "half", "fr": "demi", "de": "halb", "es": "medio", "pt": "meio", "it": "mezzo", "nl": "half"}
_SCALES = {"million": 10**6, "milliard": 10**9, "billion": 10**9, "milione": 10**6, "miljoen": 10**6, "miljard": 10**9}


def _half(match: re.Match[str]) -> str:
    scale = match.group(1).lower()
    return str((int(scale) if scale.isdigit() else _SCALES[scale]) // 2)


Rule = tuple[
    str | tuple[str, ...], str, str | Callable[[re.Match[str]], str]
]  # (what the text must hold, lowercased; the pattern; its replacement)


@cache
def equivalents(lang: str) -> list[tuple[tuple[str, ...], re.Pattern[str], str | Callable[[re.Match[str]], str]]]:
    """The everyday equivalents of a language, on the text after its number words are digits."""
    rules: list[Rule] = []
    if lang == "en":
        rules += [
            ("half", r"\b(\d+) (hours?|days?|weeks?|months?|years?) and a half\b", "\\1.5 \\2"),
            ("half", r"\b(\d+) and a half (hours?|days?|weeks?|months?|years?)\b", "\\1.5 \\2"),
            ("quarter", r"\b(\d+) and a quarter (hours?)\b", "\\1.25 \\2"),
            ("half", r"\b(?:an?|1) (hour|day|week|month|year) and a half\b", "1.5 \\1s"),
            ("half", r"\bhalf an? (hour|day|year)\b", "0.5 \\1"),
            ("quarter", r"\ba quarter of an hour\b", "15 minutes"),
            ("quarter", r"\b(?:three|3) quarters of an hour\b", "45 minutes"),
            ("quarter", r"\b(?:an|1|one) hour and a quarter\b", "75 minutes"),
            ("quarter", r"\b(\d+) hours and a quarter\b", "\\1.25 hours"),
            ("fortnight", r"\b(?:a|one) fortnight\b|\bfortnight\b", "14 days"),
            ("dozen", r"\bhalf (?:a )?dozen\b", "6"),
            ("dozen", r"\b(?:a|one) dozen\b|\bthe dozen\b", "12"),
            ("half", r"\bhalf(?:-| )price\b|\bhalf off\b", "50% off"),
            (("third off", "3th off"), r"\ba (?:third|3th) off\b", "33.33% off"),
            ("quarter", r"\ba quarter off\b", "25% off"),
            ("once", r"\bonce\b(?= (?:a|per|every|only|or twice)\b)", "1 times"),
            ("twice", r"\btwice\b", "2 times"),
            ("half", r"\btime and a half\b", "1.5 times"),
            ("thrice", r"\bthrice\b", "3 times"),
        ]
    elif lang == "fr":
        rules += [
            (
                "demi",
                rf"{_NOT_AT_FR}\b(\d+) (heures?) et demie?\b(?!-)(?!\s(?:du|de l'|de la)\s?(?:matin|soir|après-midi|nuit))",
                "\\1.5 \\2",
            ),
            (
                "demi",
                r"\b(\d+) (jours?|semaines?|mois|ans?) et demie?\b(?!-)",
                "\\1.5 \\2",
            ),  # no clock's: 'à 63 ans et demi'
            ("quart", rf"{_NOT_AT_FR}\b(\d+) heures? (?:et )?(?:trois|3) quarts\b(?! d)", "\\1.75 heures"),
            ("demi", r"\b(?:une?|1) demi-(heure|journée|année)\b", "0.5 \\1"),  # 'une' may be a digit by now
            ("moitié", r"\b(?:à )?moitié prix\b", "50 % de réduction"),
            ("demi-tarif", r"\bdemi-tarif\b", "50 % de réduction"),
            ("quart", r"\bun quart d'heure\b", "15 minutes"),
            ("quart", r"\b(?:trois|3) quarts d'heure\b", "45 minutes"),
            ("quart", rf"{_NOT_AT_FR}\b(\d+) heures? et quart\b", "\\1.25 heures"),
            ("demi", r"\bune heure et demie\b", "90 minutes"),
            ("quart", r"\bune heure et quart\b", "75 minutes"),
            ("douzaine", r"\b(?:une|par|la) douzaine\b", "12"),
        ]
    elif lang == "de":
        rules += [
            ("halb", r"\b(?:eineinhalb|anderthalb) (Stunden?|Tage|Wochen|Monate|Jahre)\b", "1.5 \\1"),
            ("einhalb", r"\b(\d+)einhalb (Stunden?|Tage|Wochen|Monate|Jahre)\b", "\\1.5 \\2"),
            (
                "einhalb",
                rf"\b({'|'.join(_DE_ONES)})einhalb (Stunden?|Tage|Wochen|Monate|Jahre)\b",
                _and_a_half(_DE_ONES),
            ),
            ("halbe", r"\b(?:eine(?:r|n)?|1) halbe(?:n)? (Stunde)\b", "0.5 \\1"),
            ("halbes", r"\b(?:ein|einem|eines|1) halbe[sn]? (Jahr)(?:e?s)?\b", "0.5 \\1"),
            ("vierteljahr", r"\b(?:ein|einem|eines|1) Vierteljahr(?:e?s)?\b", "3 Monate"),
            ("viertel", r"\b(?:eine )?[Dd]reiviertel ?[Ss]tunde\b", "45 Minuten"),
            ("viertel", r"\beine(?:r|n)? [Vv]iertelstunde\b", "15 Minuten"),
            ("viertel", r"\beineinviertel (Stunden)\b", "1.25 \\1"),
            ("preis", r"\bhalben Preis\b|\bhalbe(?:n)? Preis(?:es)?\b", "50 % Rabatt"),
            ("dutzend", r"\b(?:ein|im|das|pro) Dutzend\b", "12"),
            ("er-", r"\b(\d+)er-(?:Karton|Packung|Pack|Set)\b", "\\1"),
            ("ein", r"\b(?:ein|eine|einer|eines|einem|einen) (" + _UNIT_NOUN["de"] + r")\b", "1 \\1"),
        ]
        rules += [(word, rf"\b{word}\b", f"{times} Mal") for word, times in lexicon.TWICE.items()]
    elif lang == "es":
        rules += [
            ("media", r"\b(\d+) (horas?|días?|semanas?|mes(?:es)?|años?) y media?\b", "\\1.5 \\2"),
            ("media", r"\bmedia (hora)\b", "0.5 \\1"),
            ("media", r"\buna hora y media\b", "90 minutos"),
            ("cuarto", r"\buna hora y cuarto\b", "75 minutos"),
            (("cuarto", "4th"), r"\b(\d+) horas y (?:cuarto|4th)\b", "\\1.25 horas"),
            ("4th", r"\b(?:una|1) hora y 4th\b", "75 minutos"),
            ("cuarto", r"\b(?:tres|3) cuartos de hora\b", "45 minutos"),
            ("cuarto", r"\bun cuarto de hora\b", "15 minutos"),
            ("medio", r"\bmedio (día|año)\b", "0.5 \\1"),
            ("mitad", r"\b(?:a )?mitad de precio\b", "50 % de descuento"),
            ("docena", r"\b(?:una|por|la) docenas?\b", "12"),
        ]
    elif lang == "pt":
        rules += [
            ("meia", r"\b(\d+) (horas?|dias?|semanas?|meses|anos?) e meia?\b", "\\1.5 \\2"),
            ("meia", r"\buma hora e meia\b", "90 minutos"),
            ("quarto", r"\b(?:uma|1) hora e (?:um|1) quarto\b", "75 minutos"),
            ("quarto", r"\b(\d+) horas e (?:um|1) quarto\b", "\\1.25 horas"),
            ("meia", r"\b1 hora e meia\b", "90 minutos"),
            ("quarto", r"\b(?:três|3) quartos de hora\b", "45 minutos"),
            ("quarto", r"\bum quarto de hora\b", "15 minutos"),
            ("meia", r"\bmeia hora\b", "30 minutos"),
            ("dúzia", r"\b(?:uma|por|a) dúzias?\b", "12"),
        ]
    elif lang == "it":
        rules += [
            (
                "mezz",
                r"\b(\d+) (ore|giorni|settimane|mesi|anni|ora|giorno|settimana|mese|anno) e mezz[ao]\b",
                "\\1.5 \\2",
            ),
            (("quarti", "4th"), r"\bun['’]ora e (?:tre|3) (?:quarti|4th)\b", "105 minuti"),
            (("quarti", "4th"), r"\b(\d+) ore e (?:tre|3) (?:quarti|4th)\b", "\\1.75 ore"),
            ("mezz", r"\bun['’]ora e mezz[ao]\b", "90 minuti"),
            ("quarto", r"\bun['’]ora e (?:un|1) quarto\b", "75 minuti"),
            ("quarto", r"\b(\d+) ore e (?:un|1) quarto\b", "\\1.25 ore"),
            (("quart", "4th"), r"\b(?:tre|3) (?:quarti|4th) d['’]ora\b", "45 minuti"),
            ("quarto", r"\b(?:un|1) quarto d['’]ora\b", "15 minuti"),
            ("mezz", r"\bmezz'ora\b|\bmezza ora\b|\bmezz’ora\b", "30 minuti"),
            ("dozzina", r"\b(?:una|alla|la) dozzin[ae]\b", "12"),
        ]
    elif lang == "nl":
        rules += [
            ("anderhalf", r"\banderhalf (uur|dag|week|maand|jaar)\b", "1.5 \\1"),
            ("half", r"\b(\d+) en (?:een|1) half (uur|dag|week|maand|jaar)\b", "\\1.5 \\2"),  # 'zes en een half uur'
            ("half", r"\b(?:een )?half uur\b", "30 minuten"),
            ("half", r"\b(?:een )?half jaar\b", "6 maanden"),
            (
                _NL_ONES,
                rf"\b({'|'.join(_NL_ONES)})[eë]nhalf (uur|dag|dagen|week|weken|maand|maanden|jaar)\b",
                _and_a_half(_NL_ONES),
            ),
            ("kwartier", r"\b(?:drie|3) kwartier\b", "45 minuten"),
            ("kwartier", r"\b(?:een|1) kwartier\b", "15 minuten"),
            ("kwartier", r"\b(\d+) uur en een kwartier\b", "\\1.25 uur"),
            ("dozijn", r"\b(?:een|per|het) dozijn\b", "12"),
        ]
    elif lang == "zh":
        rules += [
            ("半", r"半价|半價", "50%折扣"), ("半", r"半(个小时|小时|年|天)", "0.5\\1"), ("半", r"一年半", "1.5年"),
            ("半", r"两年半", "2.5年"), ("半", r"(\d+)年半", "\\1.5年"), ("半", r"一个半月", "1.5个月"),
            ("半", r"(\d+)个半月", "\\1.5个月"), ("半", r"(\d+)(天|周|个星期|个工作日)半", "\\1.5\\2"),
            ("半", r"(\d+)个半(小时|钟头|星期)", "\\1.5个\\2"),
        ]  # fmt: skip
    elif lang == "ja":
        rules += [
            ("度", r"(?:一|1)度(?=だけ|も|に|は|、|の|で)", "1回"),  # '一度だけ': once, no degree
            ("半", r"半額", "50%オフ"), ("半", r"(\d+)時間半", "\\1.5時間"), ("半", r"半年", "0.5年"),
            ("半", r"(\d+)年半", "\\1.5年"), ("半", r"(\d+)(か|ヶ|カ)月半", "\\1.5\\2月"),
        ]  # fmt: skip
    elif lang == "ko":
        rules += [
            ("반", r"반값|반액", "50% 할인"), ("일주일", r"일주일", "1주일"), ("하루", r"하루", "1일"),
            ("이틀", r"이틀", "2일"), ("반", r"(\d+)시간 반", "\\1.5시간"), ("반", r"(\d+)년 반", "\\1.5년"),
            ("반", r"(\d+)개월 반", "\\1.5개월"),
        ]  # fmt: skip
    if (half := _HALF_WORDS.get(lang)) is not None:  # 'half a million', 'einer halben Million', 'meio milhão'
        rules.append((_HALF_TRIGGER[lang], rf"(?i)(?<![^\W\d_]){half}(1000000|1000000000|million|milliard|billion|milione|miljoen|miljard)(?![\w])", _half))  # fmt: skip
    if lang in lexicon.LATIN:  # a speed in words: '100 chilometri orari', '90 kilomètres-heure', '50 Stundenkilometer'
        rules.append(
            (
                ("orari", "heure", "hour", "hora", "stunde", "stundenkilometer", "uur", "ora"),
                r"(\d+(?:[.,]\d+)?)\s?(?:chilometri (?:orari|all['’]ora|l['’]ora|per ora)|kilomètres?[- ](?:heure|par heure|à l['’]heure)|kilomet(?:re|er)s? (?:per|an|a) hour|kilómetros (?:por|a la) hora|quil[óô]metros (?:por|à) hora|[Ss]tundenkilometer[n]?|[Kk]ilometer (?:pro|je|in der) [Ss]tunde|kilometer per uur|km (?:per|an|a) hour|km (?:par|à l['’]) ?heure|km (?:por|a la) hora|km all['’]ora|km orari|km pro [Ss]tunde|km per uur)",
                "\\1 km/h",
            )
        )
    if lang == "zh":  # '0.52元一度', '30元一个': a price for one of a thing is a price per it ('0.52元/度')
        rules.append(
            (
                ("元", "块"),
                r"(?<=[元块])\s?[一1](?=度|个(?!月|小时|星期|钟头|季度)|張|张|次|天|晚|人|位|斤|瓶|份|件|小时|公里|公斤|千克|吨)",
                "/",
            )
        )
    if lang in lexicon.CJK:  # '시속 25 km', '时速120公里', '초속 15m': a speed, said before its length
        rules += [
            (
                ("公里/小时", "公里每小时", "千米/小时", "千米每小时"),
                r"(\d+(?:[.,]\d+)?)\s?(?:公里|千米)(?:/|每)小时",
                "\\1 km/h",
            ),
            (
                ("시속", "時速", "时速", "每小时", "毎時"),
                r"(?:시속|時速|时速|每小时|毎時)\s?(\d+(?:[.,]\d+)?)\s?(?:km|킬로미터|킬로|公里|千米|キロメートル|キロ)(?!\s?/)",
                "\\1 km/h",
            ),
            (("당", "每", "あたり", "当たり"), _PER_VOLUME, _per_volume),
            (
                ("초속", "秒速"),
                r"(?:초속|秒速)\s?(\d+(?:[.,]\d+)?)\s?(?:m(?![a-z])|미터|米|メートル)(?!\s?/)",
                "\\1 m/s",
            ),
        ]
    rules += [
        (("/7", "/ 7"), r"(?<![\d/])24\s?/\s?7(?![\d/])", "24 hours 7 days"),
        (("h/24", "h / 24", "h /24", "h/ 24"), r"(?<![\d/])24\s?h\s?/\s?24(?![\d/])", "24 heures"),
        (("j/7", "j / 7", "j /7", "j/ 7"), r"(?<![\d/])7\s?j\s?/\s?7(?![\d/])", "7 jours"),
        (("×", "x24", "x 24", "*24", "* 24"), r"(?<!\d)7\s?[×x*]\s?24(?:\s?小时)?", "7天24小时"),
        ("⁄", r"(\d+)\s?1⁄2", "\\1.5"),
        ("⁄", r"(?<![\d.])1⁄2", "0.5"),
    ]
    flags = 0 if lang == "de" else re.IGNORECASE
    return [
        ((trigger,) if isinstance(trigger, str) else trigger, re.compile(pattern, flags), replacement)
        for trigger, pattern, replacement in rules
    ]


@cache
def triggers(lang: str) -> frozenset[str]:
    return frozenset(word for trigger, _, _ in equivalents(lang) for word in trigger)
