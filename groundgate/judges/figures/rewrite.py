"""A text as the figure patterns read it: its numbers in digits. Number words become digits
(text2num for English, French, German and Spanish: 'fünfundvierzig' is 45; cn2an for CJK numerals:
'三十' is 30), and everyday equivalents their figures ('a dozen' 12, 'twice' 2 times, 'a fortnight' 14
days, 'half an hour' 30 minutes). Every replaced piece remembers where it stood, so a figure found in the
rewritten text is quoted as the original writes it, and known to be written in words."""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from decimal import Decimal
from functools import cache

from text_to_num import find_numbers

from groundgate.judges.figures import cldr, lexicon
from groundgate.judges.figures.equivalents import equivalents, triggers
from groundgate.judges.figures.shares import TENTHS, ratios, shares

_WORD = re.compile(r"[^\W\d_]+")
Edit = tuple[int, int, str]  # replace text[start:end] with the string


@dataclass(frozen=True, slots=True)
class _Segment:
    new: int  # where it starts in the rewritten text
    old: int  # where it starts in the original text
    old_end: int
    replaced: bool
    words: bool = False  # a replaced piece written without digits ('forty-five', 'a dozen', 'noon')
    approximate: bool = False  # a share said as a ratio ('one in five' is about 20%, 'a third' about 33.33%)


class Rewritten:
    """A text with some pieces replaced, and the way back: ``old(start, end)`` is where a span of the
    rewritten text stands in the original, ``worded(start, end)`` whether it covers a replaced piece."""

    def __init__(self, text: str) -> None:
        self.original = text
        self.text = text
        self._segments = [_Segment(0, 0, len(text), False)]
        self._starts = [0]

    def apply(self, edits: Iterable[Edit], approximate: bool = False) -> None:
        """Replace spans of the current text (sorted, not overlapping); a replacement that cuts into an earlier
        one's piece takes the whole of it. ``approximate``: the replacements are about their value."""
        edits = list(edits)
        if not edits:
            return
        parts: list[str] = []
        segments: list[_Segment] = []
        size = last = 0
        for start, end, replacement in edits:
            if start < last:
                continue
            size = self._copy(last, start, parts, segments, size)
            old_start, old_end = self.old(start, end)
            words = not any(c.isdigit() for c in self.original[old_start:old_end])
            segments.append(_Segment(size, old_start, old_end, True, words, approximate))
            parts.append(replacement)
            size += len(replacement)
            last = end
        self._copy(last, len(self.text), parts, segments, size)
        self.text = "".join(parts)
        self._segments = segments or [_Segment(0, 0, 0, False)]
        self._starts = [s.new for s in self._segments]

    def _copy(self, start: int, end: int, parts: list[str], segments: list[_Segment], size: int) -> int:
        """Keep the current text's [start, end) as it is, segment by segment; the new size."""
        at = start
        while at < end:
            index = self._index(at)
            segment = self._segments[index]
            stop = min(end, self._end(index))
            if segment.replaced:
                segments.append(_Segment(size, segment.old, segment.old_end, True, segment.words, segment.approximate))
            else:
                old = segment.old + (at - segment.new)
                segments.append(_Segment(size, old, old + (stop - at), False))
            parts.append(self.text[at:stop])
            size += stop - at
            at = stop
        return size

    def _index(self, at: int) -> int:
        return max(0, bisect_right(self._starts, at) - 1)

    def _end(self, index: int) -> int:
        return self._segments[index + 1].new if index + 1 < len(self._segments) else len(self.text)

    def old(self, start: int, end: int) -> tuple[int, int]:
        """Where the rewritten text's [start, end) stands in the original: replaced pieces count whole."""
        if len(self._segments) == 1 and not self._segments[0].replaced:  # nothing replaced: where it stands
            return start, max(start, end)
        first = self._segments[self._index(start)]
        if end <= start:
            at = first.old if first.replaced else first.old + (start - first.new)
            return at, at
        last = self._segments[self._index(end - 1)]
        old_start = first.old if first.replaced else first.old + (start - first.new)
        old_end = last.old_end if last.replaced else last.old + (end - last.new)
        return old_start, max(old_start, old_end)

    def approximate(self, start: int, end: int) -> bool:
        """Whether [start, end) of the rewritten text covers a share said as a ratio ('one in five')."""
        if len(self._segments) == 1:
            return self._segments[0].approximate
        return any(s.approximate for s in self._segments[self._index(start) : self._index(max(start, end - 1)) + 1])

    def worded(self, start: int, end: int) -> bool:
        """Whether [start, end) of the rewritten text covers a piece written in words."""
        if len(self._segments) == 1:
            return False
        return any(s.words for s in self._segments[self._index(start) : self._index(max(start, end - 1)) + 1])


# --- number words ---------------------------------------------------------------------------------

_SENTENCE = re.compile(r"[^.!?;:\n]+[.!?;:\n]*")
_TOKEN = re.compile(r"[^\W\d_]+(?:['’-][^\W\d_]+)*|\d+|\S")
# Ordinals that are also units or other words: 'a second', 'la seconde fois', 'el segundo'.
_NOT_ORDINALS = frozenset({"second", "seconde", "secondes", "segundo", "segunda", "seconds", "quarto", "quarta"})
_ONCE_AFTER = frozenset({"tantum", "seule", "sola", "única", "só", "solo"})
# An article before 'a little' counts nothing: 'un peu plus de 150 km', 'un poco más', 'um pouco', 'un po''.
_A_LITTLE = frozenset({"peu", "poco", "pouco", "po", "bisschen", "wenig", "beetje", "tantino"})
_PERCENT_WORD = frozenset({"cent", "ciento", "cien"})  # 'pour cent', 'por ciento' are 'percent', not 100


# The number words of each language, as a filter before text2num (which reads them): a text holding none
# of them skips it. It need not be exact, only never miss one; German compounds them, so any German text may.
_VOCABULARY = {
    "en": """zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen
        seventeen eighteen nineteen twenty thirty forty fifty sixty seventy eighty ninety hundred thousand million
        billion first second third fourth fifth sixth seventh eighth ninth tenth eleventh twelfth thirteenth
        fourteenth fifteenth sixteenth seventeenth eighteenth nineteenth twentieth thirtieth fortieth fiftieth
        sixtieth seventieth eightieth ninetieth hundredth thousandth""",
    "fr": """zéro un une deux trois quatre cinq six sept huit neuf dix onze douze treize quatorze quinze seize vingt
        vingts trente quarante cinquante soixante cent cents mille million millions milliard milliards premier
        première premiers premières""",
    "es": """cero uno una un dos tres cuatro cinco seis siete ocho nueve diez once doce trece catorce quince
        dieciséis dieciseis diecisiete dieciocho diecinueve veinte veintiuno veintiuna veintidós veintidos
        veintitrés veintitres veinticuatro veinticinco veintiséis veintiseis veintisiete veintiocho veintinueve
        treinta cuarenta cincuenta sesenta setenta ochenta noventa cien ciento doscientos doscientas trescientos
        trescientas cuatrocientos cuatrocientas quinientos quinientas seiscientos seiscientas setecientos
        setecientas ochocientos ochocientas novecientos novecientas mil millón millones primero primera primer
        segundo segunda tercero tercera tercer cuarto cuarta quinto quinta sexto sexta séptimo séptima octavo
        octava noveno novena décimo décima""",
    "pt": """zero um uma dois duas três tres quatro cinco seis sete oito nove dez onze doze treze catorze quatorze
        quinze dezesseis dezasseis dezessete dezassete dezoito dezenove dezanove vinte trinta quarenta cinquenta
        sessenta setenta oitenta noventa cem cento duzentos duzentas trezentos trezentas quatrocentos quinhentos
        seiscentos setecentos oitocentos novecentos mil milhão milhões primeiro primeira segundo segunda terceiro
        terceira quarto quarta quinto quinta""",
}
_ORDINAL_ENDINGS = ("ième", "ieme")


@cache
def _vocabulary(lang: str) -> frozenset[str]:
    return frozenset(_VOCABULARY[lang].split())


def _may_count(text: str, lang: str, words: set[str] | None) -> bool:
    """Whether the text may hold a number word."""
    if lang in ("de", "it", "nl"):  # they compound number words ('fünfundvierzig', 'trentacinque', 'vijftig')
        return True
    tokens = words if words is not None else set(_WORD.findall(text.lower()))
    if not _vocabulary(lang).isdisjoint(tokens):
        return True
    return lang == "fr" and any(token.endswith(_ORDINAL_ENDINGS) for token in tokens)


class _Token:
    __slots__ = ("word",)

    def __init__(self, word: str) -> None:
        self.word = word

    def text(self) -> str:
        return self.word

    def nt_separated(self, previous: _Token) -> bool:
        return False

    def not_a_number_part(self) -> bool:
        return False


def _number_words(text: str, lang: str) -> list[Edit]:
    """Number words as digits, by text2num; ordinals marked 'th' whatever the language."""
    from text_to_num import alpha2digit

    edits: list[Edit] = []
    vocabulary = _vocabulary(lang) if lang in _VOCABULARY else None
    for sentence in _SENTENCE.finditer(text):
        chunk = sentence.group()
        tokens_lower = _WORD.findall(chunk.lower()) if vocabulary is not None else []
        if (
            vocabulary is not None
            and vocabulary.isdisjoint(tokens_lower)
            and (lang != "fr" or not any(w.endswith(_ORDINAL_ENDINGS) for w in tokens_lower))
        ):
            continue  # no number word in this sentence: text2num is not asked
        if not any(c.isalpha() for c in chunk) or alpha2digit(chunk, lang, 0.0) == chunk:
            continue  # no number word: most sentences, at the cost of one call
        tokens = list(_TOKEN.finditer(chunk))
        for found in find_numbers([_Token(t.group()) for t in tokens], lang, 0.0):
            first, last = tokens[found.start], tokens[found.end - 1]
            words = chunk[first.start() : last.end()]
            if found.is_ordinal and (words.lower() in _NOT_ORDINALS or words.lower() in lexicon.CENTS):
                continue  # '55 centesimi' are cents, not the hundredth
            following = tokens[found.end].group().lower() if found.end < len(tokens) else ""
            if words.lower() == "prima" and following.startswith(("del", "di", "dei", "degli", "che")):
                continue  # 'prima delle 11:00' is before it, not the first
            if words.lower() in ("una", "une", "uma", "un") and following in _ONCE_AFTER:
                continue  # 'una tantum', 'une seule fois': once, a period, not a count of one
            if words.lower() in ("un", "um", "ein", "een", "uno") and following.rstrip("'’") in _A_LITTLE:
                continue
            if words.lower() in _PERCENT_WORD and found.start > 0 and tokens[found.start - 1].group().lower() in ("pour", "por"):  # fmt: skip
                continue
            if any(c.isdigit() for c in words):
                continue
            after = tokens[found.end].group() if found.end < len(tokens) else ""
            if (
                words.lower() in _hedge_words()
                and after
                and (after[0].isdigit() or alpha2digit(after, lang, 0.0) != after)
            ):
                continue  # 'unos 1.150 €', 'uns 20 dias': a hedge on the number after it, not a number
            scale = words.lower() in lexicon.SCALE_WORDS or words.lower() in _cldr_scales()
            if scale and found.start > 0 and tokens[found.start - 1].group()[-1:].isdigit():
                continue  # '$1.2 million': the scale of the amount before it
            value = found.value
            digits = str(int(value)) if value == int(value) else repr(value)
            start = sentence.start() + first.start()
            edits.append((start, start + len(words), digits + ("th" if found.is_ordinal else "")))
    return edits


_CJK_DIGITS = "〇零一二两兩三四五六七八九十百千万萬亿億"
_A_BIT = frozenset("多少快慢早晚高低大小长短远近好")  # before '一点': a bit (more, later, …)
_CJK_NUMERAL = re.compile(rf"(?<![{_CJK_DIGITS}上下同每统唯])(第)?([{_CJK_DIGITS}]+(?:点[〇零一二三四五六七八九]+)?)")
# A CJK numeral counts only where a unit or counter follows it (or 第 before it): '三十日', '五次', '第一';
# not in words that hold a numeral ('一律', '统一', '星期一').
_CJK_COUNTERS = "天日年月周週个個次回件位名元円块倍折割号點点时時分秒小公千克磅米升度岁歳%％カヶケか箇週间間营営工成"
_HANGUL_DIGITS = {"일": 1, "이": 2, "삼": 3, "사": 4, "오": 5, "육": 6, "칠": 7, "팔": 8, "구": 9}
_HANGUL_NUMERAL = re.compile(
    r"(?<![가-힣])([일이삼사오육칠팔구]?십[일이삼사오육칠팔구]?)(?=\s?(?:일|개월|년|시간|분|원|퍼센트|%))"
)
_NATIVE_KOREAN = {"한": 1, "두": 2, "세": 3, "네": 4, "다섯": 5, "여섯": 6, "일곱": 7, "여덟": 8, "아홉": 9, "열": 10}
_NATIVE = re.compile(
    r"(?<![가-힣])(한|두|세|네|다섯|여섯|일곱|여덟|아홉|열)(?=\s?(?:번(?!째)|달(?!에)|시(?![간작])|개|주(?!에)|명|가지))"
)


def _cjk_numerals(text: str, lang: str) -> list[Edit]:
    import cn2an

    edits: list[Edit] = []
    for match in _CJK_NUMERAL.finditer(text):
        after = text[match.end() : match.end() + 1]
        if (
            not match.group(1)
            and (not after or after not in _CJK_COUNTERS)
            and not any(c in match.group(2) for c in "万萬亿億")
        ):
            continue  # '三十五万' alone is a figure; '一律', '统一' hold a numeral, not a number
        if match.group(2) in ("一", "十") and after in "分":  # '十分' is 'enough', '一分' a bit
            continue
        if match.group(2) == "一" and after in "点些" and text[match.start() - 1 : match.start()] in _A_BIT:
            continue  # '多一点', '晚一点': a bit more, a bit later; not one o'clock
        try:
            value = cn2an.cn2an(match.group(2), "smart")
        except (ValueError, KeyError):
            continue
        number = str(int(value)) if float(value) == int(value) else str(value)
        edits.append((match.start(2), match.end(2), number))
    if lang == "ko":
        for match in _HANGUL_NUMERAL.finditer(text):
            word = match.group(1)
            tens, _, ones = word.partition("십")
            value = _HANGUL_DIGITS.get(tens, 1) * 10 + _HANGUL_DIGITS.get(ones, 0)
            edits.append((match.start(1), match.end(1), str(value)))
        for match in _NATIVE.finditer(text):
            edits.append((match.start(1), match.end(1), str(_NATIVE_KOREAN[match.group(1)])))
    return sorted(edits)


# --- everyday equivalents (their rules: equivalents.py) -------------------------------------------

_MARKS = frozenset("/*×⁄x")
_ONE_UNITS = frozenset({"hour", "day", "week", "month", "year"})


def _one_unit(lowered: str) -> Iterator[tuple[int, int, str]]:
    """Where the text says 'a day', 'an hour', 'one year' (found by substring, faster than a pattern)."""
    for unit in ("hour", "day", "week", "month", "year"):
        for article in ("a ", "an ", "one "):
            phrase = article + unit
            at = lowered.find(phrase)
            while at >= 0:
                end = at + len(phrase)
                if (at == 0 or not lowered[at - 1].isalnum()) and (end == len(lowered) or not lowered[end].isalnum()):
                    yield at, end, unit
                at = lowered.find(phrase, end)


# What makes 'a week' a rate, not a figure: a number or unit before it ('$12 a month', '24 hours a day'),
# or a frequency ('twice a week', 'once a day', 'per', 'every').
_RATE = re.compile(
    r"(?:\d[\d.,]*(?:\s*[^\s\d]{1,12}){0,3}|\b(?:per|every|each|once|twice|times|thrice))\s*$", re.IGNORECASE
)
_MYRIAD = re.compile(
    r"(?<![\d,.])(?P<n>\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?)\s?(?P<sub>[千천百백])?(?P<unit>[万萬만億亿억兆조])"
    r"(?:\s?(?P<n2>\d{1,3}(?:,\d{3})+|\d+)\s?(?:(?P<sub2>[千천百백])(?P<unit2>[万萬만億亿억])?|(?P<unit3>[万萬만億亿억])|(?=\s?[원円元])|(?<=[万萬만億亿억]\d{3})(?=[^\d\s,.．])|(?<=[万萬만億亿억]\d,\d{3})(?=[^\d\s,.．])|(?<=[万萬만億亿억]\d{4})(?=[^\d\s,.．])|(?<=[万萬만億亿억]\s\d{3})(?=\s?(?:[명원개대건人名円元]|[a-zA-Z]{1,3}(?![a-zA-Z])))|(?<=[万萬만億亿억]\s\d{4})(?=\s?(?:[명원개대건人名円元]|[a-zA-Z]{1,3}(?![a-zA-Z])))))?"
    r"|(?<![\d.])(?P<thousands>\d+)\s?[千천](?=(?:多|余|여)?\s?(?:[원円元명개건석면회번人名件個席]|[a-zA-Z]{1,3}(?![a-zA-Z])))"
)
_SUB = {"千": 1000, "천": 1000, "百": 100, "백": 100}
_SIZE = {**dict.fromkeys("万萬만", 10_000), **dict.fromkeys("億亿억", 100_000_000), **dict.fromkeys("兆조", 10**12)}
# '8천4백만', '3千5百万': thousands, hundreds and tens of one myriad, written digit by digit
_WITHIN = re.compile(
    r"(?<![\d.,])(?P<a>\d)\s?[千천](?:\s?(?P<b>\d)\s?[百백])?(?:\s?(?P<c>\d)\s?[十십])?(?=\s?[万萬만億亿억원円元])"
)


def _within(text: str) -> list[Edit]:
    """'8천4백만' is 8,400만: the digits of one myriad group written with their places, as one number."""
    return [
        (m.start(), m.end(), str(int(m.group("a")) * 1000 + int(m.group("b") or 0) * 100 + int(m.group("c") or 0) * 10))
        for m in _WITHIN.finditer(text)
        if m.group("b") or m.group("c")
    ]


def _myriads(text: str) -> list[Edit]:
    """'5만 원' is 50,000 won, '1万2千円' 12,000 yen, '1,000万円' ten million, '3천만 원' thirty million, '1억5천만'
    a hundred and fifty million: the CJK myriad and thousand after digits."""
    edits: list[Edit] = []
    for match in _MYRIAD.finditer(text):
        if match.group("thousands"):
            value = int(match.group("thousands")) * 1000
        else:
            size = _SIZE[match.group("unit")]
            value = int(Decimal(match.group("n").replace(",", "")) * _SUB.get(match.group("sub") or "", 1) * size)
            if match.group("n2"):
                rest = int(match.group("n2").replace(",", "")) * _SUB.get(match.group("sub2") or "", 1)
                smaller = _SIZE.get(match.group("unit2") or match.group("unit3") or "", 1)
                value += rest * smaller if smaller < size else 0
        edits.append((match.start(), match.end(), str(value)))
    return edits


# A second day of one month, its month left unsaid ('4月6日と13日', '4月6日（日）・13日', '4월 6일과 13일'): a date
# (not 13 days), unless a length is said ('4月6日から13日間').
_MONTH_CARRIED = re.compile(
    r"(?P<m>\d{1,2})\s?[月월]\s?(?P<first>\d{1,2})\s?[日号일](?:\s?[（(][^）)]{1,4}[）)])?\s?(?:と|・|、|和|及|或|至|到|から|や|과|와|및|부터|~|〜|～|-|–)\s?"
    r"(?P<d>(?P<day>\d{1,2})\s?[日号일])(?!\s?(?:間|间|간|동안|以内|内|之内|以上|後|后|前|이내|안|후|전|이상|無理由|无理由))"
)


def _month_carried(text: str) -> list[Edit]:
    """Each later day of the month a date names ('4月6日と13日'); a day before it is a count ('6月18日、7日')."""
    return [(m.start("d"), m.end("d"), f"{m.group('m')}{'월 ' if '일' in m.group('d') else '月'}{m.group('d')}") for m in _MONTH_CARRIED.finditer(text) if int(m.group("day")) > int(m.group("first"))]  # fmt: skip


def _everyday(text: str, lang: str, words: set[str] | None = None) -> list[Edit]:
    """``words``: the text's words before its number words became digits (a trigger that is a word is searched
    for only when one of them starts as it does)."""
    edits: list[Edit] = []
    lowered = text.lower()
    rules = equivalents(lang)
    # a trigger that is a word starts one of the text's words (German compounds them: 'dreieinhalb' holds 'einhalb')
    starts = {word[:4] for word in words} if words is not None and lang != "de" else None
    marks = {mark for mark in _MARKS if mark in lowered}  # a trigger of signs needs its sign ('24/7', '7×24')
    present = {
        word
        for word in triggers(lang)
        if (starts is None or not word.isalpha() or word[:4] in starts)
        and (marks or not _MARKS.intersection(word))
        and word in lowered
    }
    for trigger, pattern, replacement in rules if present else ():
        if present.isdisjoint(trigger):
            continue
        for match in pattern.finditer(text):
            said = replacement(match) if callable(replacement) else match.expand(replacement)
            edits.append((match.start(), match.end(), said))
    if lang == "en" and (words is None or not words.isdisjoint(_ONE_UNITS)):  # 'a week' is one week, unless a rate
        for start, end, unit in _one_unit(lowered):
            if not _RATE.search(text[max(0, start - 20) : start]):
                edits.append((start, end, f"1 {unit}"))
    edits.sort(key=lambda edit: (edit[0], -edit[1]))
    kept: list[Edit] = []
    for edit in edits:  # of two that overlap, the first and longest wins
        if not kept or edit[0] >= kept[-1][1]:
            kept.append(edit)
    return kept


def rewritten(text: str, lang: str, words: set[str] | None = None) -> Rewritten:
    """The text with its number words and everyday equivalents in digits; ``words``: its words, lowercased,
    when the caller has them (a text without a word that may be a number word skips text2num)."""
    result = Rewritten(text)
    result.apply(shares(text, lang, words))  # 'a third of', 'drei Viertel des': before they become numbers
    if lang in lexicon.LATIN:
        if _may_count(result.text, lang, words):
            result.apply(_number_words(result.text, lang))
    elif not result.text.isascii():
        result.apply(_cjk_numerals(result.text, lang))
    if lang in lexicon.CJK:
        if any(c in result.text for c in "千천"):
            result.apply(_within(result.text))
        result.apply(_myriads(result.text))
        if "日" in result.text or "일" in result.text or "号" in result.text:
            result.apply(_month_carried(result.text))
    result.apply(ratios(result.text, lang), approximate=True)  # 'uno de cada cinco': about 20%
    if lang in lexicon.CJK and "成" in result.text:
        result.apply([(m.start(), m.end(), f"{int(m.group(1)) * 10}%") for m in TENTHS.finditer(result.text)])
    result.apply(_everyday(result.text, lang, words))
    return result


@cache
def _cldr_scales() -> frozenset[str]:
    """CLDR's long compact forms in any language read, lowercased ('mil millones', 'milliarde', 'miliardo')."""
    return frozenset(word.lower() for word in cldr.all_scale_words(lexicon.LATIN))


@cache
def _hedge_words() -> frozenset[str]:
    """The bound and hedge words of one word ('unos', 'uns'): a number word among them before digits is the hedge."""
    from groundgate.judges.figures.qualifier_words import BEFORE

    return frozenset(
        p for table in BEFORE.values() for phrases in table.values() for p in phrases.split("|") if " " not in p
    )
