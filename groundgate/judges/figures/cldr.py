"""The written forms CLDR (through babel's public API) knows for units and large numbers, per language: every
long, short and narrow display name of a unit in every plural form ('Mikrogramm', 'metri', 'km/u', '千卡'),
and every short and long compact form of a thousand, a million, a billion and a trillion ('Mio.', 'mln.',
'Md', 'Mln', 'mil millones'). A lexicon derived from the locale data covers the forms nobody listed by hand;
the hand lists in ``lexicon`` stay first where both say something (a word CLDR gives one unit and a language
another, such as 'pound', keeps the hand list's reading)."""

from __future__ import annotations

import re
from decimal import Decimal
from functools import cache

# CLDR's unit ids, to the units the extraction names (``lexicon.UNITS``; compound ones pint reads).
_UNITS = {
    "mass-kilogram": "kg", "mass-gram": "g", "mass-milligram": "mg", "mass-microgram": "µg", "mass-ounce": "oz",
    "length-kilometer": "km", "length-meter": "m", "length-centimeter": "cm", "length-millimeter": "mm",
    "length-mile": "mi", "length-foot": "ft", "length-inch": "in", "length-yard": "yd",
    "volume-liter": "l", "volume-milliliter": "ml", "volume-centiliter": "cl", "volume-deciliter": "dl",
    "volume-gallon": "gal", "power-watt": "W", "power-kilowatt": "kW", "energy-kilowatt-hour": "kwh",
    "energy-kilocalorie": "kcal", "temperature-celsius": "°C", "temperature-fahrenheit": "°F",
    "concentr-percent": "%", "digital-kilobyte": "KB", "digital-megabyte": "MB", "digital-gigabyte": "GB",
    "digital-terabyte": "TB", "digital-petabyte": "PB", "duration-second": "second", "duration-minute": "minute", "duration-hour": "hour",
    "duration-day": "day", "duration-week": "week", "duration-month": "month", "duration-year": "year",
    "speed-kilometer-per-hour": "km/h", "area-square-meter": "m²", "concentr-milligram-ofglucose-per-deciliter": "mg/dl",
    "concentr-millimole-per-liter": "mmol/l",
}  # fmt: skip
_COUNTS = (Decimal(1), Decimal(2), Decimal(5), Decimal("1.5"), Decimal(21))  # one of each plural form
_LETTERS = re.compile(r"^[^\W\d_][^\d{}]*$")


@cache
def unit_words(lang: str) -> dict[str, str]:
    """A language's unit names after a number, lowercased, to the unit: CLDR's long, short and narrow forms.
    A name of one letter is left out ('d', 'j', 'T': a letter after a number is more often something else)."""
    from babel.numbers import format_decimal
    from babel.units import format_unit

    words: dict[str, str] = {}
    for unit_id, unit in _UNITS.items():
        for length in ("long", "short", "narrow"):
            for count in _COUNTS:
                written = format_unit(count, unit_id, length, locale=lang)
                number = format_decimal(count, locale=lang)
                if not written.startswith(number):
                    continue  # '每小时1公里', '시속 1킬로미터': the unit before the number, not read here
                name = " ".join(written[len(number) :].split()).lower()
                if len(name) > 1 and _LETTERS.match(name) and name.count(" ") <= 1 and name not in _function_words():
                    words.setdefault(name, unit)
    return words


@cache
def _function_words() -> frozenset[str]:
    """Words of any language read that are also a unit's abbreviation somewhere ('in', 'to', 'once', 'mi'):
    after a number they are more often the sentence's than a unit's."""
    from groundgate.judges.figures.function_words import FUNCTION_WORDS
    from groundgate.judges.figures.lexicon import STOPWORDS

    words = {word for table in STOPWORDS.values() for word in table}
    words |= {word for text in FUNCTION_WORDS.values() for word in text.split()}
    return frozenset(words | {"mi", "m."})


_POWERS = (3, 6, 9, 12)


@cache
def scale_words(lang: str) -> dict[str, int]:
    """A language's compact forms of large numbers, to what they multiply by: the short forms as written
    ('Mio.', 'Md', 'M': case tells 'M' from the metre's 'm'), the long ones lowercased ('millones')."""
    from babel.numbers import format_compact_decimal

    words: dict[str, int] = {}
    for power, first in ((power, first) for power in _POWERS for first in (1, 2, 5)):  # each plural form
        for form in ("short", "long"):
            written = format_compact_decimal(first * 10**power, format_type=form, locale=lang)
            for zeros in range(4):
                number = str(first) + "0" * zeros
                if written.startswith(number) and not written[len(number) :][:1].isdigit():
                    name = " ".join(written[len(number) :].split())
                    scale = 10 ** (power - zeros)
                    if name and scale >= 1000:
                        words.setdefault(name if form == "short" else name.lower(), scale)
                    break
    return words


def all_scale_words(languages: tuple[str, ...]) -> frozenset[str]:
    """Every compact form of the languages (for the number pattern: which value each has is the row's language's)."""
    return frozenset(word for lang in languages for word in scale_words(lang))


# Time zones a support answer names, each by CLDR's names in every language read: its metazone's generic name
# ('Pacific Time', 'ora del Pacifico USA'), standard and summer names ('한국 표준시', 'British Summer Time'),
# its region's ('Ora Regno Unito', '英国时间') and its city's with the language's word for a time ('ora di
# Londra', 'heure de Montréal', 'ロンドン時間').
_ZONES = (
    "Etc/UTC", "Europe/London", "Europe/Lisbon", "Europe/Dublin", "Europe/Paris", "Europe/Berlin", "Europe/Rome",
    "Europe/Madrid", "Europe/Amsterdam", "Europe/Brussels", "Europe/Zurich", "Europe/Vienna", "Europe/Athens",
    "Europe/Helsinki", "Europe/Moscow", "Asia/Dubai", "Asia/Kolkata", "Asia/Shanghai", "Asia/Hong_Kong",
    "Asia/Singapore", "Asia/Taipei", "Asia/Tokyo", "Asia/Seoul", "Australia/Sydney", "America/Sao_Paulo",
    "America/New_York", "America/Toronto", "America/Montreal", "America/Chicago", "America/Mexico_City",
    "America/Denver", "America/Los_Angeles", "America/Vancouver",
)  # fmt: skip
_CITY_TIME = {
    "en": ("{} time",), "fr": ("heure de {}", "heure d'{}"), "de": ("{} Zeit",), "es": ("hora de {}",),
    "pt": ("horário de {}", "hora de {}"), "it": ("ora di {}",), "nl": ("{} tijd", "tijd in {}"),
    "zh": ("{}时间",), "ja": ("{}時間",), "ko": ("{} 시간", "{}시간"),
}  # fmt: skip


def zone_names() -> dict[str, tuple[int, bool]]:
    """Every name of the zones above in the ten languages, lowercased, to (its offset from UTC in minutes, whether
    the name fixes it: a standard or a summer name does, a place's may be in summer time)."""
    return _zone_table()[0]


@cache
def _zone_table() -> tuple[dict[str, tuple[int, bool]], frozenset[str]]:
    """(``zone_names``, the summer names among them)."""
    from datetime import datetime
    from zoneinfo import ZoneInfo

    from babel.dates import get_timezone_location, get_timezone_name

    names: dict[str, tuple[int, bool]] = {}
    summers: set[str] = set()

    def add(name: str, offset: int, fixed: bool) -> None:
        name = " ".join(name.lower().split())
        if len(name) > 3 and "(" not in name and "（" not in name:
            names.setdefault(name, (offset, fixed))

    for zone in _ZONES:
        info = ZoneInfo(zone)
        offsets = {int(datetime(2025, month, 15, tzinfo=info).utcoffset().total_seconds()) // 60 for month in (1, 7)}  # type: ignore[union-attr]
        standard, summer = min(offsets), max(offsets)
        for lang in _CITY_TIME:
            add(get_timezone_name(zone, "long", locale=lang, zone_variant="standard"), standard, True)
            if summer != standard:
                daylight = get_timezone_name(zone, "long", locale=lang, zone_variant="daylight")
                add(daylight, summer, True)
                summers.add(" ".join(daylight.lower().split()))
            if zone == "Etc/UTC":
                continue
            add(get_timezone_name(zone, "long", locale=lang, zone_variant="generic"), standard, False)
            add(get_timezone_location(zone, locale=lang), standard, False)
            city = get_timezone_location(zone, locale=lang, return_city=True)
            for form in _CITY_TIME[lang]:
                add(form.format(city), standard, False)
    return names, frozenset(summers)


# Summer times' abbreviations: a time said in one is said in summer.
_SUMMER_ABBREVIATIONS = frozenset({"bst", "cest", "mesz", "eest", "west", "edt", "cdt", "mdt", "pdt", "aedt"})


def summer_name(name: str) -> bool:
    """Whether a zone's name is a summer time's ('BST', 'CEST', 'British Summer Time', 'heure d’été d’Europe centrale')."""
    return name in _SUMMER_ABBREVIATIONS or name in _zone_table()[1]


@cache
def zones() -> dict[str, int]:
    """Every zone name read, to its offset from UTC in minutes: the hand table first, then CLDR's."""
    from groundgate.judges.figures.qualifier_words import ZONES

    return {**{name: offset for name, (offset, _) in zone_names().items()}, **ZONES}


def place_zone(place: str) -> str:
    """The zone name of a place as the tables write it in any language ('Canarias': 'hora de canarias', 'New
    York': 'new york time'), or '' when no zone is named after it."""
    place = " ".join(place.lower().split())
    table = zones()
    if place in table:
        return place
    return next(
        (name for forms in _CITY_TIME.values() for form in forms if (name := form.format(place).lower()) in table), ""
    )


@cache
def fixed_zones() -> frozenset[str]:
    """CLDR's zone names that fix their offset (standard and summer names: '한국 표준시', 'British Summer Time')."""
    return frozenset(name for name, (_, fixed) in zone_names().items() if fixed)
