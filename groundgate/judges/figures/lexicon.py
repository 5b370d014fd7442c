"""The words figures are written with, by language: units, currencies, the words that give a number a role,
and the everyday equivalents no library lists. Weekday and month names come from CLDR through babel, not
from lists of our own. Everything here is data; ``units``, ``times`` and ``rewrite`` turn it into patterns."""

from __future__ import annotations

from decimal import Decimal
from functools import cache

from babel import Locale

LATIN = ("en", "fr", "de", "es", "pt", "it", "nl")
CJK = ("zh", "ja", "ko")  # written without spaces between words: patterns there need no word boundaries

# Function words that tell the four Latin-script languages apart (a text's language is the one whose words
# it uses most; English when none).
STOPWORDS = {
    "en": [
        "the", "and", "you", "your", "is", "are", "of", "to", "for", "with", "within", "in", "on", "we", "our",
        "it", "be", "can", "will", "has", "have", "at", "from", "by", "this", "that", "if", "not", "get", "any",
    ],
    "fr": [
        "le", "les", "des", "du", "et", "vous", "votre", "vos", "est", "sont", "une", "pour", "dans", "sous",
        "avec", "nous", "notre", "au", "aux", "sur", "ou", "être", "peut", "pas", "ce", "cette", "qui", "ne",
    ],
    "de": [
        "der", "die", "das", "den", "dem", "des", "und", "sie", "ihr", "ihre", "ist", "sind", "ein", "eine",
        "einer", "für", "mit", "bei", "wir", "unser", "nicht", "von", "zu", "im", "am", "auf", "ab", "bis", "wird",
        "werden", "können",
    ],
    "es": [
        "el", "los", "las", "del", "y", "usted", "su", "sus", "es", "son", "un", "una", "para", "con", "por",
        "nuestro", "nuestra", "se", "lo", "al", "puede", "tiene", "está", "más", "como", "hasta", "desde",
    ],
    "pt": [
        "o", "os", "as", "do", "da", "dos", "das", "você", "seu", "sua", "é", "são", "um", "uma", "para", "com",
        "no", "na", "nos", "em", "não", "pelo", "pela", "até", "ao", "aos", "pode", "tem", "está", "mais", "como",
    ],
    "it": [
        "il", "lo", "la", "gli", "le", "di", "del", "della", "dei", "che", "è", "sono", "un", "una", "per", "con",
        "nel", "nella", "non", "si", "ai", "al", "alla", "può", "ha", "entro", "più", "come", "dal", "dalla",
    ],
    "nl": [
        "de", "het", "een", "en", "van", "voor", "met", "is", "zijn", "niet", "u", "uw", "je", "wij", "we", "ons",
        "onze", "op", "bij", "naar", "binnen", "kunt", "wordt", "worden", "tot", "dan", "ook", "als", "deze",
    ],
}  # fmt: skip

# unit -> (dimension, size in the dimension's base). Units of one dimension convert exactly (a week is 7
# days, a year 12 months, a kilogram 1,000 grams); units of two dimensions never (pounds are not kilograms,
# a month is not 30 days, a business day is not a day of 24 hours).
UNITS: dict[str, tuple[str, Decimal]] = {
    "second": ("time", Decimal(1)), "minute": ("time", Decimal(60)), "hour": ("time", Decimal(3600)),
    "day": ("time", Decimal(86400)), "week": ("time", Decimal(604800)),
    "business day": ("business day", Decimal(1)),
    "month": ("month", Decimal(1)), "year": ("month", Decimal(12)),
    "mg": ("mass", Decimal("0.001")), "g": ("mass", Decimal(1)), "kg": ("mass", Decimal(1000)),
    "lb": ("mass-lb", Decimal(16)), "oz": ("mass-lb", Decimal(1)),
    "mm": ("length", Decimal(1)), "cm": ("length", Decimal(10)), "m": ("length", Decimal(1000)),
    "km": ("length", Decimal(1_000_000)),
    "in": ("length-in", Decimal(1)), "ft": ("length-in", Decimal(12)), "yd": ("length-in", Decimal(36)),
    "mi": ("length-in", Decimal(63360)),
    "ml": ("volume", Decimal(1)), "cl": ("volume", Decimal(10)), "l": ("volume", Decimal(1000)),
    "gal": ("volume-gal", Decimal(1)), "fl oz": ("volume-floz", Decimal(1)),
    "KB": ("data-KB", Decimal(1)), "MB": ("data-MB", Decimal(1)), "GB": ("data-GB", Decimal(1)),
    "TB": ("data-TB", Decimal(1)), "PB": ("data-PB", Decimal(1)),
    "W": ("power", Decimal(1)), "kW": ("power", Decimal(1000)),
    "°C": ("temp-C", Decimal(1)), "°F": ("temp-F", Decimal(1)), "°": ("temp", Decimal(1)),
    "%": ("percent", Decimal(1)), "times": ("times", Decimal(1)), "pp": ("percentage points", Decimal(1)),
}  # fmt: skip
# Units read through pint (``quantity``): alone, or as a compound's numerator ('4.5 mg/dL', '80 µmol/L').
PINT_UNITS = frozenset({"µg", "ng", "µmol", "mmol", "nmol", "mol", "dl", "kwh", "wh", "mwh", "kcal", "mmhg", "iu", "miu", "meq", "mbps", "gbps", "mbit", "gbit", "kbit", "m²", "m³", "hpa", "kpa", "mpa", "mbar", "bar"})  # fmt: skip
DURATIONS = frozenset({"second", "minute", "hour", "day", "week", "business day", "month", "year"})
SAID = {
    "second": "second",
    "minute": "minute",
    "hour": "hour",
    "day": "day",
    "week": "week",
    "month": "month",
    "year": "year",
    "business day": "business day",
    "times": "time",
}  # units said with a plural

# Unit words after a number, lowercased ('°c' is matched case-insensitively), by language; "*" is every language.
_EN_UNITS = {
    "second": "second", "seconds": "second", "sec": "second", "secs": "second",
    "minute": "minute", "minutes": "minute", "min": "minute", "mins": "minute",
    "hour": "hour", "hours": "hour", "hr": "hour", "hrs": "hour", "h": "hour",
    "day": "day", "days": "day", "week": "week", "weeks": "week", "wk": "week", "wks": "week",
    "fortnight": "fortnight", "fortnights": "fortnight",
    "month": "month", "months": "month", "year": "year", "years": "year", "yr": "year", "yrs": "year",
    "kilogram": "kg", "kilograms": "kg", "kilogramme": "kg", "kilogrammes": "kg", "kilo": "kg", "kilos": "kg",
    "gram": "g", "grams": "g", "gramme": "g", "grammes": "g", "pound": "lb?", "pounds": "lb?",
    "ounce": "oz", "ounces": "oz", "metre": "m", "metres": "m", "meter": "m", "meters": "m",
    "centimetre": "cm", "centimetres": "cm", "centimeter": "cm", "centimeters": "cm",
    "millimetre": "mm", "millimetres": "mm", "millimeter": "mm", "millimeters": "mm",
    "kilometre": "km", "kilometres": "km", "kilometer": "km", "kilometers": "km",
    "inch": "in", "inches": "in", "foot": "ft", "feet": "ft", "yard": "yd", "yards": "yd", "mile": "mi",
    "miles": "mi", "tonne": "t", "tonnes": "t", "litre": "l", "litres": "l", "liter": "l", "liters": "l", "millilitre": "ml",
    "millilitres": "ml", "milliliter": "ml", "milliliters": "ml", "gallon": "gal", "gallons": "gal",
    "watt": "W", "watts": "W", "kilowatt": "kW", "kilowatts": "kW",
    "degree": "°", "degrees": "°", "percent": "%", "per cent": "%", "pct": "%", "times": "times", "time": "times",
}  # fmt: skip
UNIT_WORDS: dict[str, dict[str, str]] = {
    '*': {
        'kg': 'kg', 'g': 'g', 'mg': 'mg', 'lb': 'lb', 'lbs': 'lb', 'oz': 'oz', 'mm': 'mm', 'cm': 'cm', 'm': 'm',
        'km': 'km', 'ft': 'ft', 'mi': 'mi', 'ml': 'ml', 'cl': 'cl', 'l': 'l', 'gal': 'gal', 'fl oz': 'fl oz',
        'kb': 'KB', 'mb': 'MB', 'gb': 'GB', 'tb': 'TB', 'pb': 'PB', 'petabyte': 'PB', 'petabytes': 'PB', 'w': 'W', 'kw': 'kW', 'kwp': 'kW', '°c': '°C', '°f': '°F', '℃': '°C',
        '℉': '°F', '°': '°', '%': '%', 'x': 'times', '"': 'in', '″': 'in',
        'µg': 'µg', 'μg': 'µg', 'mcg': 'µg', 'ug': 'µg', 'ng': 'ng', 'µmol': 'µmol', 'μmol': 'µmol', 'umol': 'µmol',
        'mmol': 'mmol', 'nmol': 'nmol', 'mol': 'mol', 'dl': 'dl', 'kwh': 'kwh', 'wh': 'wh', 'mwh': 'mwh',
        'hpa': 'hpa', 'kpa': 'kpa', 'mpa': 'mpa', 'mbar': 'mbar', 'bar': 'bar',
        'kcal': 'kcal', 'mmhg': 'mmhg', 'iu': 'iu', 'ui': 'iu', 'miu': 'miu', 'mui': 'miu', 'meq': 'meq', 'mbps': 'mbps', 'gbps': 'gbps', 'mbit': 'mbit', 'gbit': 'gbit', 'kbit': 'kbit', 'm²': 'm²',
        'm2': 'm²', 'm³': 'm³', 'm3': 'm³', 'km2': 'km²', 'cm3': 'cm³', 'cm2': 'cm²', 'pp': 'pp', 'p.p.': 'pp', 'percentage points': 'pp', 'percentage point': 'pp',
        'prozentpunkte': 'pp', 'prozentpunkten': 'pp', 'prozentpunkt': 'pp', 'puntos porcentuales': 'pp',
        'pontos percentuais': 'pp', 'punti percentuali': 'pp', 'procentpunt': 'pp', 'procentpunten': 'pp',
        '个百分点': 'pp', '%p': 'pp', '퍼센트포인트': 'pp',
    },
    "en": _EN_UNITS,
    'fr': {
        'pétaoctet': 'PB', 'pétaoctets': 'PB', 'gigaoctet': 'GB', 'gigaoctets': 'GB',
        'mégaoctet': 'MB', 'mégaoctets': 'MB', 'kwc': 'kW',
        'seconde': 'second', 'secondes': 'second', 'minute': 'minute', 'minutes': 'minute', 'min': 'minute',
        'heure': 'hour', 'heures': 'hour', 'h': 'hour', 'jour': 'day', 'jours': 'day', 'semaine': 'week',
        'semaines': 'week', 'mois': 'month', 'an': 'year', 'ans': 'year', 'année': 'year', 'années': 'year',
        'kilo': 'kg', 'kilos': 'kg', 'kilogramme': 'kg', 'kilogrammes': 'kg', 'gramme': 'g', 'grammes': 'g',
        'mètre': 'm', 'mètres': 'm', 'centimètre': 'cm', 'centimètres': 'cm', 'kilomètre': 'km', 'kilomètres': 'km',
        'litre': 'l', 'litres': 'l', 'tonne': 't', 'tonnes': 't', 'degré': '°', 'degrés': '°', 'pour cent': '%', 'pourcent': '%', 'fois': 'times',
        'watts': 'W',
    },
    'de': {
        'sekunde': 'second', 'sekunden': 'second', 'minute': 'minute', 'minuten': 'minute', 'min': 'minute',
        'stunde': 'hour', 'stunden': 'hour', 'std': 'hour', 'tag': 'day', 'tage': 'day', 'tagen': 'day',
        'tages': 'day', 'werktag': 'business day', 'werktage': 'business day', 'werktagen': 'business day',
        'arbeitstag': 'business day', 'arbeitstage': 'business day', 'arbeitstagen': 'business day', 'woche': 'week',
        'kalendertag': 'day', 'kalendertage': 'day', 'kalendertagen': 'day',  # calendar days (``qualifiers``)
        # the adjectives of a length ('eine 60-minütige Stunde': 60 minutes, of a lesson called an hour)
        'minütig': 'minute', 'minütige': 'minute', 'minütigen': 'minute', 'minütiger': 'minute', 'minütiges': 'minute',
        'stündig': 'hour', 'stündige': 'hour', 'stündigen': 'hour', 'stündiger': 'hour', 'stündiges': 'hour',
        'tägig': 'day', 'tägige': 'day', 'tägigen': 'day', 'tägiger': 'day', 'tägiges': 'day',
        'wöchig': 'week', 'wöchige': 'week', 'wöchigen': 'week', 'wöchiger': 'week', 'wöchiges': 'week',
        'wochen': 'week', 'monat': 'month', 'monate': 'month', 'monaten': 'month', 'monats': 'month', 'jahr': 'year',
        'jahre': 'year', 'jahren': 'year', 'jahres': 'year', 'kilo': 'kg', 'kilogramm': 'kg', 'gramm': 'g',
        'meter': 'm', 'zentimeter': 'cm', 'kilometer': 'km', 'kilometern': 'km', 'liter': 'l', 'litern': 'l', 'gallone': 'gal', 'gallonen': 'gal', 'tonne': 't', 'tonnen': 't', 'metern': 'm', 'grad': '°', 'prozent': '%',
        'mal': 'times',
    },
    'es': {
        'segundo': 'second', 'segundos': 'second', 'minuto': 'minute', 'minutos': 'minute', 'min': 'minute',
        'hora': 'hour', 'horas': 'hour', 'h': 'hour', 'día': 'day', 'días': 'day', 'dia': 'day', 'dias': 'day',
        'semana': 'week', 'semanas': 'week', 'mes': 'month', 'meses': 'month', 'año': 'year', 'años': 'year',
        'kilo': 'kg', 'kilos': 'kg', 'kilogramo': 'kg', 'kilogramos': 'kg', 'gramo': 'g', 'gramos': 'g',
        'metro': 'm', 'metros': 'm', 'centímetro': 'cm', 'centímetros': 'cm', 'kilómetro': 'km', 'kilómetros': 'km',
        'litro': 'l', 'litros': 'l', 'galón': 'gal', 'galones': 'gal', 'tonelada': 't', 'toneladas': 't', 'grado': '°', 'grados': '°', 'por ciento': '%', 'vez': 'times',
        'veces': 'times',
    },
    'pt': {
        'segundo': 'second', 'segundos': 'second', 'minuto': 'minute', 'minutos': 'minute', 'hora': 'hour',
        'horas': 'hour', 'dia': 'day', 'dias': 'day', 'semana': 'week', 'semanas': 'week', 'mês': 'month',
        'meses': 'month', 'ano': 'year', 'anos': 'year', 'quilo': 'kg', 'quilos': 'kg', 'quilograma': 'kg',
        'quilogramas': 'kg', 'grama': 'g', 'gramas': 'g', 'metro': 'm', 'metros': 'm', 'centímetro': 'cm',
        'centímetros': 'cm', 'quilômetro': 'km', 'quilômetros': 'km', 'quilómetro': 'km', 'quilómetros': 'km',
        'litro': 'l', 'litros': 'l', 'galão': 'gal', 'galões': 'gal', 'tonelada': 't', 'toneladas': 't', 'grau': '°', 'graus': '°', 'por cento': '%', 'vez': 'times', 'vezes': 'times',
    },
    'it': {
        'secondo': 'second', 'secondi': 'second', 'minuto': 'minute', 'minuti': 'minute', 'ora': 'hour',
        'ore': 'hour', 'giorno': 'day', 'giorni': 'day', 'settimana': 'week', 'settimane': 'week', 'mese': 'month',
        'mesi': 'month', 'anno': 'year', 'anni': 'year', 'chilo': 'kg', 'chili': 'kg', 'chilogrammo': 'kg',
        'chilogrammi': 'kg', 'grammo': 'g', 'grammi': 'g', 'metro': 'm', 'metri': 'm', 'centimetro': 'cm',
        'centimetri': 'cm', 'chilometro': 'km', 'chilometri': 'km', 'litro': 'l', 'litri': 'l', 'gallone': 'gal', 'galloni': 'gal', 'tonnellata': 't', 'tonnellate': 't', 'grado': '°',
        'gradi': '°', 'per cento': '%', 'percento': '%', 'volta': 'times', 'volte': 'times',
    },
    'nl': {
        'seconde': 'second', 'seconden': 'second', 'minuut': 'minute', 'minuten': 'minute', 'uur': 'hour',
        'uren': 'hour', 'dag': 'day', 'dagen': 'day', 'werkdag': 'business day', 'werkdagen': 'business day',
        'kalenderdag': 'day', 'kalenderdagen': 'day',
        'week': 'week', 'weken': 'week', 'maand': 'month', 'maanden': 'month', 'jaar': 'year', 'jaren': 'year',
        'kilo': 'kg', "kilo's": 'kg', 'kilogram': 'kg', 'gram': 'g', 'meter': 'm', 'centimeter': 'cm',
        'kilometer': 'km', 'liter': 'l', 'gallon': 'gal', 'ton': 't', 'tonnen': 't', 'graden': '°', 'procent': '%', 'keer': 'times', 'maal': 'times',
    },
    'zh': {
        '秒': 'second', '秒钟': 'second', '分钟': 'minute', '小时': 'hour', '个小时': 'hour', '天': 'day', '日': 'day',
        '个工作日': 'business day', '工作日': 'business day', '个自然日': 'day', '自然日': 'day', '个日历日': 'day', '日历日': 'day', '周': 'week', '个星期': 'week', '星期': 'week', '个月': 'month',
        '年': 'year', '公斤': 'kg', '千克': 'kg', '克': 'g', '磅': 'lb', '米': 'm', '厘米': 'cm', '公里': 'km', '升': 'l',
        '毫升': 'ml', '毫克': 'mg', '微克': 'µg', '摄氏度': '°C', '华氏度': '°F', '度': '°', '次': 'times', '倍': 'times',
    },
    'ja': {
        '秒': 'second', '分': 'minute', '分間': 'minute', '時間': 'hour', '日': 'day', '日間': 'day', '営業日': 'business day',
        '週': 'week', '週間': 'week', 'か月': 'month', 'ヶ月': 'month', 'カ月': 'month', 'ヵ月': 'month', 'ケ月': 'month',
        '箇月': 'month', '年': 'year', '年間': 'year', 'キロ': 'kg', 'キログラム': 'kg', 'グラム': 'g', 'メートル': 'm', 'センチ': 'cm',
        'キロメートル': 'km', 'リットル': 'l', 'ミリグラム': 'mg', 'マイクログラム': 'µg', 'mg': 'mg', '度': '°', 'パーセント': '%', '回': 'times', '倍': 'times',
    },
    'ko': {
        '초': 'second', '분': 'minute', '시간': 'hour', '일': 'day', '영업일': 'business day', '주': 'week', '주일': 'week',
        '개월': 'month', '달': 'month', '년': 'year', '킬로그램': 'kg', '킬로': 'kg', '그램': 'g', '미터': 'm', '센티미터': 'cm',
        '킬로미터': 'km', '세제곱미터': 'm³', '제곱미터': 'm²', '리터': 'l', '밀리그램': 'mg', '마이크로그램': 'µg', '도': '°', '퍼센트': '%', '회': 'times', '번': 'times', '배': 'times',
    },
}  # fmt: skip
# Qualifiers that make a day a business day, before ('5 business days') or after ('5 jours ouvrés') it.
# Counters after a CJK number: it counts things ('3个', '2개'), a count like '3 items'.
# CJK counters: what a number counts, read as its noun ('14泊', '3곳', '55세', '2粒'); nights and ages included.
COUNTERS = ("周岁", "週歳", "个", "個", "件", "点", "點", "개", "명", "名", "位", "台", "本", "枚", "款", "种", "種", "家", "人", "가지", "店", "軒", "泊", "歳", "室", "冊", "곳", "세", "박", "장", "권", "대", "건", "晚", "岁", "粒", "张", "間", "间", "册", "병", "잔", "杯")  # fmt: skip
BUSINESS_BEFORE = ("business", "working", "work", "bank")
BUSINESS_AFTER = ("ouvré", "ouvrés", "ouvrable", "ouvrables", "hábil", "hábiles", "habiles", "laborable", "laborables", "úteis", "útil", "uteis", "lavorativi", "lavorativo", "feriali", "working")  # fmt: skip
# Qualifiers that say a day is a calendar day ('30 calendar days', '30 jours calendaires', '30 Kalendertage').
CALENDAR = ("calendar", "calendaires", "calendaire", "calendario", "naturales", "naturais", "corridos", "corridos", "solari", "kalenderdagen", "calendrier")  # fmt: skip
CENTS = frozenset(
    {
        "cent",
        "cents",
        "centime",
        "centimes",
        "céntimos",
        "cêntimos",
        "centavos",
        "centesimi",
        "eurocent",
        "ct",
        "ct.",
        "p",
        "銭",
        "分钱",
    }
)  # hundredths of the currency
SCALE_WORDS = {"duizend": 1_000, "tausend": 1_000, "mila": 1_000, "milhões": 1_000_000, "milhão": 1_000_000, "milioni": 1_000_000, "milione": 1_000_000, "miljoen": 1_000_000, "mln": 1_000_000, "mld": 1_000_000_000, "miljard": 1_000_000_000, "mil milhões": 1_000_000_000, "mi": 1_000_000, "bi": 1_000_000_000, "b": 1_000_000_000, "thousand": 1_000, "million": 1_000_000, "billion": 1_000_000_000, "k": 1_000, "m": 1_000_000, "bn": 1_000_000_000, "mil": 1_000, "millones": 1_000_000, "millions": 1_000_000, "mille": 1_000, "millionen": 1_000_000, "mio": 1_000_000, "mrd": 1_000_000_000}  # fmt: skip

# Currencies: signs and codes before or after an amount, and words after it. '¥' is yen or yuan.
CURRENCY_SIGNS = {
    'us$': ('USD',), '$': ('USD',), '€': ('EUR',), '£': ('GBP',), '¥': ('JPY', 'CNY'), '₩': ('KRW',),
    'usd': ('USD',), 'eur': ('EUR',), 'gbp': ('GBP',), 'jpy': ('JPY',), 'cny': ('CNY',), 'rmb': ('CNY',),
    'krw': ('KRW',), 'chf': ('CHF',), 'cad': ('CAD',), 'aud': ('AUD',), 'ca$': ('CAD',), 'a$': ('AUD',),
    'r$': ('BRL',), 'brl': ('BRL',), 'sek': ('SEK',), 'nok': ('NOK',), 'dkk': ('DKK',), 'pln': ('PLN',),
    'inr': ('INR',), '₹': ('INR',), 'mxn': ('MXN',), 'hk$': ('HKD',), 'hkd': ('HKD',), 's$': ('SGD',), 'sgd': ('SGD',),
}  # fmt: skip
CURRENCY_WORDS = {
    "dollar": ("USD",), "dollars": ("USD",), "dólar": ("USD",), "dólares": ("USD",), "euro": ("EUR",),
    "euros": ("EUR",), "pound": ("GBP",), "pounds": ("GBP",), "livres": ("GBP",), "franken": ("CHF",),
    "francs": ("CHF",), "yen": ("JPY",), "yuan": ("CNY",), "cent": ("USD", "EUR"), "cents": ("USD", "EUR"), "centime": ("EUR", "CHF"), "centimes": ("EUR", "CHF"), "cêntimos": ("EUR",), "ct": ("EUR",), "ct.": ("EUR",),
    "céntimos": ("EUR",), "real": ("BRL",), "reais": ("BRL",), "centavos": ("BRL", "EUR"), "centesimi": ("EUR",),
    "eurocent": ("EUR",), "franchi": ("CHF",), "francos": ("CHF",), "sterline": ("GBP",), "libras": ("GBP",),
    "pond": ("GBP",), "d'euros": ("EUR",), "d’euros": ("EUR",), "de euros": ("EUR",), "di euro": ("EUR",),
    "de dólares": ("USD",), "de reais": ("BRL",), "円": ("JPY",), "元": ("CNY",), "块": ("CNY",), "块钱": ("CNY",), "원": ("KRW",), "달러": ("USD",), "유로": ("EUR",), "엔": ("JPY",), "위안": ("CNY",), "美元": ("USD",), "欧元": ("EUR",), "英镑": ("GBP",), "日元": ("JPY",), "ドル": ("USD",), "ユーロ": ("EUR",),
    "銭": ("JPY",), "分钱": ("CNY",), "p": ("GBP",),
}  # fmt: skip

# Words before a number that give it a role: it names something, it does not count it.
ROLE_BEFORE = {
    "section": "section", "sections": "section", "§": "section", "§§": "section", "article": "section",
    "art.": "section", "clause": "section", "paragraph": "section", "chapter": "section", "artikel": "section",
    "abschnitt": "section", "ziffer": "section", "absatz": "section", "abs.": "section", "cláusula": "section",
    "artículo": "section", "apartado": "section", "sección": "section", "chapitre": "section",
    "room": "room", "salle": "room", "raum": "room", "zimmer": "room", "sala": "room", "habitación": "room",
    "suite": "room", "office": "room", "bureau": "room", "gate": "room", "door": "room", "floor": "room",
    "étage": "room", "stock": "room", "planta": "room", "aisle": "room", "platform": "room",
    "version": "version", "versión": "version", "v": "version", "ver.": "version", "release": "version",
    "app-version": "version", "ios": "version", "android": "version", "windows": "version", "macos": "version",
    "step": "step", "étape": "step", "schritt": "step", "paso": "step", "page": "page", "seite": "page",
    "página": "page", "p.": "page", "no.": "number", "nr.": "number", "n°": "number", "nº": "number",
    "number": "number", "numéro": "number", "nummer": "number", "número": "number", "model": "model",
    "modèle": "model", "modell": "model", "modelo": "model", "bus": "line", "line": "line", "ligne": "line",
    "bay": "room", "box": "room", "unit": "room", "desk": "room", "counter": "room", "guichet": "room",
    "hall": "room", "halle": "room", "level": "room",
}  # fmt: skip
ROLE_BEFORE_CJK = {"バージョン": "version", "ver": "version", "版本": "version", "버전": "version", "部屋": "room", "房间": "room", "会议室": "room", "会議室": "room", "룸": "room"}  # fmt: skip
ROLE_AFTER_CJK = {"版本": "version", "版": "version", "号室": "room", "호실": "room", "番地": "street", "丁目": "street", "번지": "street", "층": "room", "階": "room", "楼": "room"}  # fmt: skip
# Street names: a number after one of these ('Hauptstraße 45', 'Calle Mayor 45', '中山路45号', '세종대로 45'),
# or before a street word ('45 Main Street', '45 rue de la République').
STREET_SUFFIXES_DE = ("straße", "strasse", "str.", "weg", "gasse", "platz", "allee", "damm", "ring", "ufer")
STREET_BEFORE = ("calle", "avenida", "av.", "avda.", "plaza", "paseo", "carrera", "camino", "travesía")
STREET_AFTER = (
    'street', 'st', 'st.', 'road', 'rd', 'rd.', 'avenue', 'ave', 'ave.', 'lane', 'ln', 'boulevard', 'blvd', 'drive',
    'dr', 'way', 'place', 'square', 'court', 'rue', 'avenue', 'boulevard', 'bd', 'allée', 'chemin', 'impasse',
    'place', 'quai', 'cours', 'route',
)  # fmt: skip
STREET_CJK_BEFORE = ("路", "街", "道", "巷", "弄", "大道", "로", "길", "대로", "通り", "町")
PHONE_WORDS = (
    'call', 'phone', 'tel', 'tel.', 'telephone', 'hotline', 'fax', 'appelez', 'téléphone', 'tél', 'tél.', 'appeler',
    'rufen', 'telefon', 'telefonisch', 'anrufen', 'unter', 'llame', 'llamar', 'llamando', 'teléfono', 'tlf',
    'whatsapp', 'sms', 'text', 'number', 'numéro', 'nummer', 'número',
)  # fmt: skip
PHONE_CJK = ("电话", "拨打", "致电", "热线", "電話", "전화", "연락", "고객센터", "お問い合わせ", "フリーダイヤル")

# Everyday equivalents: a word that states a number ('a dozen' is 12, 'noon' is 12:00, 'twice' is 2 times).
TWICE = {"zweimal": 2, "dreimal": 3, "viermal": 4, "fünfmal": 5, "sechsmal": 6, "zehnmal": 10}  # German
NOON = {"noon": 720, "midday": 720, "midnight": 0, "midi": 720, "minuit": 0, "mittag": 720, "mittags": 720,
        "mitternacht": 0, "mediodía": 720, "medianoche": 0, "正午": 720, "中午": 720, "午夜": 0, "深夜12時": 0,
        "정오": 720, "자정": 0, "mezzogiorno": 720, "mezzanotte e mezza": 30, "mezzanotte e mezzo": 30, "mezzanotte": 0, "meio-dia": 720, "meia-noite": 0,
        "middernacht": 0, "12 uur 's middags": 720,
        # ... and a quarter or a half past them ('jusqu'à midi et demi' is 12:30, 'meio-dia e meia' too)
        "midi et quart": 735, "midi et demi": 750, "midi et demie": 750, "minuit et quart": 15, "minuit et demi": 30,
        "minuit et demie": 30, "meio-dia e meia": 750, "meio-dia e um quarto": 735, "meia-noite e meia": 30,
        "mezzogiorno e mezza": 750, "mezzogiorno e mezzo": 750, "mezzogiorno e un quarto": 735,
        "mediodía y media": 750, "medianoche y media": 30, "half past noon": 750, "half past midnight": 30}  # fmt: skip
WEEKDAY_WORDS = {  # words that state the working week (Monday to Friday) or the weekend
    'weekdays': range(5), 'weekday': range(5), 'en semaine': range(5), 'entre semana': range(5),
    '工作日': range(5), '平日': range(5), '평일': range(5), 'weekends': range(5, 7), 'weekend': range(5, 7),
    '週末': range(5, 7), '周末': range(5, 7), '주말': range(5, 7), 'le week-end': range(5, 7),
    'fin de semana': range(5, 7), 'wochenende': range(5, 7),
}  # fmt: skip
CJK_WEEKDAYS: dict[str, list[tuple[str, ...]]] = {
    'zh': [('周一', '星期一', '礼拜一'), ('周二', '星期二', '礼拜二'), ('周三', '星期三', '礼拜三'), ('周四', '星期四', '礼拜四'), ('周五', '星期五', '礼拜五'), ('周六', '星期六', '礼拜六'), ('周日', '星期日', '星期天', '礼拜天', '周天')],
    'ja': [('月曜日', '月曜'), ('火曜日', '火曜'), ('水曜日', '水曜'), ('木曜日', '木曜'), ('金曜日', '金曜'), ('土曜日', '土曜'), ('日曜日', '日曜')],
    'ko': [('월요일',), ('화요일',), ('수요일',), ('목요일',), ('금요일',), ('토요일',), ('일요일',)],
}  # fmt: skip
CJK_WEEKDAY_LETTERS = {"ja": "月火水木金土日", "ko": "월화수목금토일"}  # in spans only: '月〜金', '월~금'


@cache
def weekday_names(lang: str) -> dict[str, int]:
    """A language's weekday names, lowercased, to their index (Monday 0): CLDR's wide and abbreviated forms,
    with the plural and adverbial forms people write ('Saturdays', 'samedis', 'samstags', 'sábados')."""
    if lang not in LATIN:
        return {name: index for index, names in enumerate(CJK_WEEKDAYS[lang]) for name in names}
    locale = Locale(lang)
    names: dict[str, int] = {}
    for context in ("format", "stand-alone"):
        for width in ("wide", "abbreviated"):
            for index, name in locale.days[context][width].items():
                name = name.lower().rstrip(".")
                if len(name) >= 3:
                    names[name] = index
                    names[name + "s"] = index
    if lang == "en":
        names |= {"tues": 1, "weds": 2, "thur": 3, "thurs": 3}
    return names


@cache
def month_names(lang: str) -> dict[str, int]:
    """A Latin-script language's month names, lowercased, to their number: CLDR's wide and abbreviated forms."""
    if lang not in LATIN:
        return {}
    locale = Locale(lang)
    names: dict[str, int] = {}
    for context in ("format", "stand-alone"):
        for width in ("wide", "abbreviated"):
            for index, name in locale.months[context][width].items():
                name = name.lower().rstrip(".")
                if len(name) >= 3:
                    names[name] = index
    if lang == "en":
        names["sept"] = 9
    return names


@cache
def decimal_comma(lang: str) -> bool:
    """Whether the language writes '4,5' for four and a half and '1.200' for twelve hundred (CLDR, via babel)."""
    from babel.numbers import get_decimal_symbol

    return lang in LATIN and get_decimal_symbol(lang) == ","
