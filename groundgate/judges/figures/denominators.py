"""A compound unit's denominators ('mg/dL', 'µmol/L', 'ml/min/1.73 m²', 'L/100 km', 'mg per kg', '14,9 kWh
ogni 100 km'): the pattern after a number's unit, and the denominator in its short form. Data and one pattern;
``units`` reads them."""

from __future__ import annotations

import re

# A compound unit's denominators: 'mg/dL', 'µmol/L', 'ml/min/1.73 m²', 'mg per kg'; spelled out or
# abbreviated in a language's own words ('km/u', 'mg par kilo', 'Euro pro Stunde' is money, not read here).
DENOMINATOR_WORDS = {
    "u": "h",
    "uur": "h",
    "heure": "h",
    "hora": "h",
    "ora": "h",
    "stunde": "h",
    "hour": "h",
    "minute": "min",
    "minuut": "min",
    "minuto": "min",
    "minuta": "min",
    "second": "s",
    "seconde": "s",
    "segundo": "s",
    "secondo": "s",
    "sekunde": "s",
    "kilo": "kg",
    "kilogramme": "kg",
    "kilogramm": "kg",
    "kilogram": "kg",
    "kilogramo": "kg",
    "quilo": "kg",
    "chilo": "kg",
    "litre": "l",
    "liter": "l",
    "litro": "l",
    "millilitre": "ml",
    "milliliter": "ml",
    "mililitro": "ml",
    "millilitro": "ml",
    "kilometre": "km",
    "kilometres": "km",
    "kilometer": "km",
    "kilometers": "km",
    "kilomètres": "km",
    "kilómetros": "km",
    "quilómetros": "km",
    "quilômetros": "km",
    "chilometri": "km",
    "kilometern": "km",
    "litres": "l",
    "liters": "l",
    "litros": "l",
    "litri": "l",
    "升": "l",
    "毫升": "ml",
    "公斤": "kg",
    "千克": "kg",
    "公里": "km",
    "リットル": "l",
    "キログラム": "kg",
    "리터": "l",
    "킬로그램": "kg",
    # square and cubic metres spelled out ('510 gramos por metro cuadrado')
    "square metre": "m2",
    "square meter": "m2",
    "mètre carré": "m2",
    "quadratmeter": "m2",
    "metro cuadrado": "m2",
    "metro quadrado": "m2",
    "metro quadrato": "m2",
    "vierkante meter": "m2",
    "cubic metre": "m3",
    "cubic meter": "m3",
    "mètre cube": "m3",
    "kubikmeter": "m3",
    "metro cúbico": "m3",
    "metro cubo": "m3",
    "kubieke meter": "m3",
    "平方米": "m2",
    "平方メートル": "m2",
    "제곱미터": "m2",
}


def _short(part: str) -> str:
    """A denominator in its short form: 'kilometres' is 'km', '100 kilometres' is '100 km'."""
    count, _, word = part.rpartition(" ")
    return (
        f"{count} {DENOMINATOR_WORDS.get(word, word)}".strip() if count.isdigit() else DENOMINATOR_WORDS.get(part, part)
    )


COMPOUND = re.compile(
    r"(?:\s(?:di|de|d'|d’|of|du|des|van|an)\s?[^\W\d_]{3,}(?:\s[^\W\d_]{3,}){0,2}(?=\s(?:per|pro|par|por|je)\s)"  # '12 milligrammi di nitrati per litro'
    r"|\s(?-i:[A-ZÄÖÜ])[^\W\d_]{3,}(?=\s(?-i:pro)\s))?"  # a German noun: '1,8 Gramm Restzucker pro Liter'
    r"\s?(?:/|\s?(?:per|pro|par|por cada|por|je|ogni|per ogni|a cada|cada|aux|op|every)\s|\s(?:all['’]|a l['’]|à l['’])(?=(?:ora|heure|hora)(?![^\W\d_]|\s(?:de|di|del|della|du|des|d['’]|prévue|prevista|exacte)))|\s(?:al|a la|à la|a|an)\s(?=(?:minute|minuto|minuut|second|segundo|secondo|hora|hour)(?![^\W\d_]|\s(?:de|di|del|du|d['’]|prévue))))\s?(?P<den>(?:1[.,]73\s?m[²2]|(?:[1-9]\d{0,3}\s?)?(?=[a-zA-Zµμ])(?:d[lL]|[mµμu]?[lL]|km|kg|m[²2³3])(?![²³23])|d[lL]|[mµμu]?[lL]|min|hr|h|s|kg|g|m[²2³3]|km|d|(?:[1-9]\d{0,3}\s)?(?:"
    + "|".join(sorted(DENOMINATOR_WORDS, key=len, reverse=True))
    + r"))(?:\s?(?:/|\s(?:per|pro|par|por|je)\s)\s?(?:1[.,]73\s?m[²2]|min|hr|h|kg|d[lL]|[lL]|d))*)(?![A-Za-zÀ-ÿ])(?!\s(?:day|week|month|year|time|giorno|settimana|mese|anno|volta|día|semana|mes|año|vez|jour|semaine|mois|an|fois|dag|maand|jaar|keer|tag|woche|monat|jahr|mal|piano|floor|étage|planta|andar|verdieping|stock)(?![^\W\d_]))",  # 'every second day'
    re.IGNORECASE,
)


_PER = re.compile(
    r"\s?(?:/|\s(?:per|pro|par|por cada|por|je|ogni|per ogni|a cada|cada|aux|op|every)\s)\s?", re.IGNORECASE
)


def denominator(match: re.Match[str]) -> str:
    """A compound's denominator as one writes it short: 'per litre' is 'l', 'pro 100 Kilometer' '100 km'."""
    said = re.sub(r"\s+", " ", _PER.sub("/", match.group("den").strip())).lower().replace("μ", "µ")
    return "/".join(_short(part) for part in said.split("/"))
