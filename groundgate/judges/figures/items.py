"""Which item of a list an answer's figure is said of, when the context lists several items of its kind.

Readings, each of a value the context states once, of one item:

- A list in one sentence ('Basic, 100 GB a 1,99 €; Standard, 500 GB a 4,99 €'): an item is named by the words
  of its part before its figure (else by those that lead to it from the figure of its kind before it, inside
  its bracket when it stands in one); its name is what no other item's words hold. 'Il piano Standard da 500 GB
  costa 1,99 €' names Standard in the claim's own part, and not Basic: said of Standard (4,99 € there). A part
  that names no item is given none: the item named before it may be the one ruled out ('Since your son is no
  longer a student, he pays $18').
- Records (a sentence, or a semicolon's part, of the context each stating one item's figures: '宝骏E100每分钟
  0.2元、每公里0.8元；荣威Ei5每分钟0.3元、每公里1.2元'): a record is named by the words it starts with, before its
  figures of the claim's kind. An answer's figure is said of the record it names right after it, else nearest
  before it in its sentence: '荣威Ei5按每分钟0.3元、每公里0.8元' says 0.8元 a kilometre of the Ei5 (1.2元 there). Only
  records that state the same attribute (the words before the figure: 每公里) are weighed; the lines of a list
  ('Day pass: €15', a table's row as layout.py writes it) by their key, the words after the colon ('Monthly').
  A name said right after an earlier figure of the answer is that figure's ('$18 for adults, $9 for kids').

Short names are read as written ('Tarif L', 'Plus', 'Pro', 'A套餐'). None is read where the answer sets items
side by side (a comparison, 'respectively', a move from one item to another, an item found too small), for a
range's end, an operand of a sum or a breakdown in a bracket ('€ 51,45 (€ 32,95 + € 18,50)'), for a claim two
items are named for ('Giacca e pantalone insieme fanno 15 €'), on the far side of a comparison ('frente a los
160 €'), or for who comes along ('with an adult'); and a backer without a name of its own ('bis 9 Stunden
täglich 238 €', after 'Betreuung bis 7 Stunden täglich 186 €') leaves nothing to tell it from the item named."""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from functools import lru_cache

from groundgate.judges.figures import lexicon
from groundgate.judges.figures.ends import range_end
from groundgate.judges.figures.figure import Figure
from groundgate.judges.figures.function_words import FUNCTION_WORDS
from groundgate.judges.figures.subject import Subjects, kind_of, part, without, words_of

_KINDS = frozenset({"money", "percent", "measure", "duration", "count"})  # a time or a date names no item
_SIBLINGS = 12  # other figures of a list weighed, at most
_KANA = re.compile(r".*[\u3040-\u309f].*")
_OPERAND = re.compile(r"[+=×*(（]")  # a sum's operand, or a breakdown in a bracket ('55 € (30 € für die erste …')
_SENTENCE_END = re.compile(r"[.!?](?:\s|$)|[。！？\n]")
_RECORD_END = re.compile(r"[.!?](?:\s|$)|[;。！？；\n]")
_LEAD_START = re.compile(r"[.!?;:](?:\s|$)|[。！？；：\n(（]|:(?!\d)")
_CUT = re.compile(
    r"[,;:.!?，、；。！？]|\s(?:and|but|or|while|et|mais|ou|und|aber|oder|y|pero|o|e|ma|mas|en|maar|of)\s"
)
# What sets items side by side in an answer's sentence: a comparison, 'respectively', an item described by its
# rank against another ('the cheaper plan', '更便宜的车型'), a move from one to another ('upgrading', '바꿀'), one
# found too small ('not enough', '足りない'): the nearest name need not be the figure's item.
_CONTRAST = re.compile(
    r"(?i:(?<![^\W\d_])(?:than|respectively|compared|versus|vs|unlike|cheaper|smaller|larger|bigger|bzw|beziehungsweise|verglichen|vergleich|gegenüber|günstiger|teurer|kleinere|kleineren|größere|größeren|statt|anstatt|respectivement|comparé|rapport|dessous|respectivamente|respetivamente|comparado|comparación|comparação|frente|rispettivamente|rispetto|confronto|invece|respectievelijk|vergeleken|tegenover|goedkoper|duurder"
    r")(?![^\W\d_])|(?<![^\W\d_])(?:upgrad|switch|wechsel(?!geld)|umsteig|passer|passez|changer|changez|cambi|pasar|pasa(?!jer)|mudar|muda|passa|overstap)[^\W\d_]*"
    r"|[^\W\d_]{3,}er\s+(?:als|dan)(?![^\W\d_])|(?<![^\W\d_])(?:meer|minder|mehr|weniger)\s+(?:als|dan)(?![^\W\d_])"
    r"|(?<![^\W\d_])(?:más|menos|plus|moins|mais|più|meno)(?:\s+[^\W\d_]+)?\s+(?:(?:que|do que|di|del|della|dei|che)(?![^\W\d_])|qu['’]|dell['’])"
    r"|not enough|isn't enough|too (?:small|little|slow)|nicht (?:genug|reicht|ausreicht)|zu (?:klein|wenig)|pas assez|trop (?:petit|peu)|no (?:es suficiente|basta|alcanza)|demasiado pequeñ|não (?:é suficiente|chega|basta)|pequeno demais|non (?:basta|è sufficiente)|troppo piccol|niet genoeg|te klein)"
    r"|比(?!如|例)|相比|分别|分別|更|较|較|対して|(?<![日時月年])より|それぞれ|ほど|比べ|보다|각각|비해|대비"
    r"|升级|换成|改为|업그레이드|변경|전환|바꾸|바꿀|바꿔|アップグレード|変更|切り替え|乗り換え|不够|太小|足りな|부족|모자라"
)
# The far side of a comparison _CONTRAST does not already stop the sentence on ('against 26.1p', 'contre 30 €').
_COMPARED = re.compile(r"(?<![^\W\d_])(?:against|contre|face|gegen|contra|tegen)(?![^\W\d_])")


def said_of_another(answer: str, at: int, said: Sequence[Figure], subjects: Subjects, same: Sequence[Figure]) -> bool:
    """Whether ``said[at]``, backed by the one context figure ``same``, is said of another item of its list."""
    claim = said[at]
    if claim.kind not in _KINDS or len(same) != 1 or range_end(said, at):  # its ends may be two items' own
        return False
    if _OPERAND.search(answer[max(0, claim.start - 3) : claim.start] + " " + answer[claim.end : claim.end + 3]):
        return False
    begin, _ = _sentence(answer, claim.start)
    clause_end = _RECORD_END.search(answer, claim.end, claim.end + 400)
    if _CONTRAST.search(answer, begin, clause_end.start() if clause_end else min(len(answer), claim.end + 400)):
        return False  # 'Saver is much cheaper than Unlimited, with … 5 GB', '… 5 GB and 50 GB respectively'
    reading = _Reading(subjects, same[0], claim)
    return reading.in_its_part(answer, at, said) or reading.in_its_record(answer, at, said)


class _Reading:
    """The backer's list: the other figures of the claim's kind, and the words each is named by."""

    def __init__(self, subjects: Subjects, backer: Figure, claim: Figure) -> None:
        self.context, self.stated, self.backer, self.lang = subjects.context, subjects.stated, backer, subjects.lang
        self.memo = subjects.memo  # each context figure's words, read once a row
        self.kind = kind_of(claim)
        self.index, self.starts = subjects.index, subjects.starts
        self.others = [f for f in self.stated if f is not backer and not f.bare and f.value != claim.value and subjects.kind(f) == self.kind]  # fmt: skip

    def words(self, figure: Figure, before_only: bool = False, last: bool = False) -> set[str]:
        key = ("entry", figure.start, figure.end, before_only, last)
        if key not in self.memo:
            index = self.index[(figure.start, figure.end)]
            self.memo[key] = entry(self.context, self.stated, index, self.lang, self.starts, before_only, last)
        return self.memo[key]

    def in_its_part(self, answer: str, at: int, said: Sequence[Figure]) -> bool:
        """Whether the claim's part names another item of the backer's sentence's list, and not the backer."""
        begin, end = _sentence(self.context, self.backer.start)
        siblings = [f for f in self.others if begin <= f.start < end][:_SIBLINGS]
        if not siblings:
            return False
        claimed = entry(answer, said, at, self.lang, [f.start for f in said], answer=True)
        first = min(siblings, key=lambda f: f.start)
        heads = {id(first)} if first.start < self.backer.start else set()  # a list's first item carries its head
        theirs = self.words(self.backer)
        own = theirs - set().union(*(self.words(f, last=id(f) in heads) for f in siblings))
        if not own or claimed & own:
            return False
        sentence = self.context[begin:end]
        names = {
            id(f): {w for w in self.words(f, True, id(f) in heads) - theirs if _count(w, sentence) == 1} for f in siblings
        }  # fmt: skip
        named = [f for f in siblings if claimed & names[id(f)]]
        if named:
            return len(named) == 1  # two named: a sum of them, or a comparison
        return False  # a part that names no item is not given the item named before it: 'Since your son is no
        # longer a student, he pays $18', 'sinon c'est 18 €' name an item to rule it out (hostile71)

    def in_its_record(self, answer: str, at: int, said: Sequence[Figure]) -> bool:
        """Whether the record the answer names right after the claim, else nearest before it in its sentence,
        is another record stating the backer's attribute, and not the backer's."""
        attribute = self.words(self.backer, before_only=True)
        spans = _records(self.context)
        home = _record_of(spans, self.backer)
        lined = not attribute and home >= 0 and self._line(spans[home])
        if not attribute and not lined:
            return False  # a prose record's attribute tells which records are alike; a list's lines say it by key
        key = self._key(spans[home], self.backer) if lined else ""
        rivals: dict[int, set[object]] = {}  # a record weighed, and the values of its figures of the attribute
        for f in self.others[: 2 * _SIBLINGS]:
            if lined:
                where = _record_of(spans, f)
                if where < 0 or not self._line(spans[where], f) or self._key(spans[where], f) != key:
                    continue  # 'Adults: Monthly €40' weighs 'Students: Monthly €25', not 'Adults: Annual €400'
            elif 2 * len(attribute & self.words(f, before_only=True)) < len(attribute):
                continue
            rivals.setdefault(_record_of(spans, f), set()).add(f.value)
        rivals.pop(home, None)
        rivals.pop(-1, None)
        if not rivals or home < 0:
            return False
        names = self._names(spans, home, rivals)
        if not names[home]:
            return False
        lowered = answer.lower()
        claim = said[at]
        following = next((f.start for f in said[at + 1 :] if f.start >= claim.end), len(answer))
        cut = _CUT.search(lowered, claim.end, following)
        after = min(((p, i) for i, ws in names.items() for w in ws for p in _positions(w, answer, claim.end, cut.start() if cut else following)), default=None)  # fmt: skip
        if after is not None:
            return after[1] in rivals  # 'against 26.1p on Flex': named right after it
        begin = max((m.end() for m in _RECORD_END.finditer(answer, 0, claim.start)), default=0)
        if _COMPARED.search(lowered, max(begin, claim.start - 40), claim.start):
            return False  # 'frente a los 160 €': the far side of a comparison
        before = max(((p, i) for i, ws in names.items() for w in ws for p in _positions(w, answer, begin, claim.start) if not _follows(lowered, said, at, p)), default=None)  # fmt: skip
        if before is None or before[1] not in rivals:
            return False
        spent = rivals[before[1]]  # 'You earn 1 point per $1 spent, and every 100 points gives you a $5 reward':
        return not any(before[0] < f.start < claim.start and f.value in spent for f in said)  # the name was the $1's

    def _line(self, span: tuple[int, int], figure: Figure | None = None) -> bool:
        """Whether a record is a whole line naming its item before a colon ('Day pass: €15', a bullet or a
        table's row as layout.py writes it): the lines of a list are alike by their key, whatever their words."""
        a, b = span
        text = self.context
        at = (figure or self.backer).start
        ends = b >= len(text) or text[b] == "\n" or (text[b] in ".。" and text[b + 1 : b + 2] in ("", "\n"))
        if (a and text[a - 1] != "\n") or not ends:
            return False
        colon = _last_colon(text, a, at)
        return colon > a and not any(a <= f.start < colon and kind_of(f) == self.kind for f in self.stated)

    def _key(self, span: tuple[int, int], figure: Figure) -> str:
        """What a line states its figure as: its words after the last colon or figure before it ('Monthly' of
        'Adults: Monthly €40', 'data' of 'Plus: €20/month, data 5 GB'; none in 'Day pass: €15')."""
        colon = _last_colon(self.context, span[0], figure.start)
        start = max([colon + 1] + [f.end for f in self.stated if span[0] <= f.end <= figure.start])
        return " ".join(self.context[start : figure.start].lower().strip(" ,;·/").split())

    def _names(self, spans: list[tuple[int, int]], home: int, rivals: Iterable[int]) -> dict[int, set[str]]:
        """Each record's name: the words it starts with, before its first figure of the claim's kind, that no
        other record weighed holds (a heading before a colon, shared by the list a semicolon parts, names none)."""
        lowered = self.context.lower()
        starting: dict[int, set[str]] = {}
        for i in (home, *rivals):
            a, b = spans[i]
            first = min((f.start for f in self.stated if a <= f.start < b and kind_of(f) == self.kind), default=b)
            colon = lowered.rfind(":", a, first)
            if colon >= 0 and self.context[b : b + 1] in (";", "；"):
                a = colon + 1  # 'Franchigie: ricovero con intervento 1.000 €; ricovero senza …'
            starting[i] = names_of(self.context[a:first])
        return {
            i: {
                w
                for w in words
                if all(_count(w, self.context[spans[j][0] : spans[j][1]]) == 0 for j in starting if j != i)
            }
            for i, words in starting.items()
        }


def entry(
    text: str, figures: Sequence[Figure], index: int, lang: str, starts: Sequence[int],
    before_only: bool = False, last: bool = False, answer: bool = False,
) -> set[str]:  # fmt: skip
    """The words an item is named by: those of its part (between the commas, colons and conjunctions that part
    its sentence), before its figure and after it; the lead's to it when its part says nothing before it.
    ``last``: only the word nearest its figure on either side (the head of a list rides on its first item:
    'Betreuung bis 7 Stunden täglich 186 €'); ``answer``: the part's words only."""
    figure = figures[index]
    begin, end = _sentence(text, figure.start)
    end = max(end, figure.end)
    window = text[begin:end]  # its part is found in its sentence alone
    shifted = [at - begin for at in starts if begin <= at < end]
    _, low, high, _, _ = part(window, figure.start - begin, figure.end - begin, lang, shifted)
    low = _opened(text, begin + low, figure.start)  # a list in a bracket is named inside it, its head outside
    before = without(text, figures, low, figure.start)
    after = without(text, figures, figure.end, begin + high)
    if answer:
        return names_of(before + " " + after)
    if not names_of(before):
        before = lead(text, figures, index)
    if last:
        before, after = _last(before), _last(after)
    return names_of(before if before_only else before + " " + after)


# A short name a list gives its items, read as written: 'S', 'XL', 'Plus', 'Pro', 'A套餐', 'Lプラン' (a word reader
# drops letters and function words); never at a sentence's start unless glued to CJK ('A battery …' names none).
_CODE = re.compile(r"(?<![A-Za-z\u00c0-\u024f'’])([A-Z]{1,3}|[A-Z][a-z]{1,3})(?![A-Za-z\u00c0-\u024f'’])")
_STARTS = re.compile(r"(?:^|[.!?:;]\s+|[。！？：；\n])\s*$")


_PRO_RATE = re.compile(
    r"\s+(?:\d|(?:Monat|Jahr|Woche|Tag|Nacht|Stunde|Person|Kopf|Stück|Kind|Erwachsene[rn]?|maand|jaar|week|dag|nacht|uur|persoon|kind|mese|anno|giorno|notte|ora|persona)\b)"
)


def _last_colon(text: str, low: int, high: int) -> int:
    """Where the last colon (either width) of text[low:high] stands, or -1."""
    return max(text.rfind(":", low, high), text.rfind("：", low, high))


def _follows(lowered: str, said: Sequence[Figure], at: int, where: int) -> bool:
    """Whether a name at ``where`` stands right after an earlier figure of the answer, in its part ('$18 for
    adults, $9 for kids': adults is the $18's, not the $9's)."""
    earlier = [f for f in said[:at] if f.end <= where]
    return bool(earlier) and not _CUT.search(lowered, earlier[-1].end, where)


@lru_cache(maxsize=4096)
def _stopped(word: str) -> bool:
    return any(word in words for words in lexicon.STOPWORDS.values()) or any(
        word in words.split() for code, words in FUNCTION_WORDS.items() if code != "en" or word != "plus"
    )


# Who comes along names no item the figure is of: 'Kids get in for $10 when they come with an adult' (or
# 'accompanying an adult'), 'paiera 8 €
# s'il est accompagné d'un adulte', 'in Begleitung eines Erwachsenen', '由成人陪同', '성인과 함께'.
_COMPANION = re.compile(
    r"(?i:(?<![^\W\d_])(?:accompanied by|accompanying|accompagnée?s?|accompagnant|in begleitung|begleitet von|acompañad[oa]s?|acompanhad[oa]s?|accompagnat[oa]|onder begeleiding van)"
    r"(?:\s+[^\s.,;:!?]+){1,3}"
    r"|(?<![^\W\d_])(?:with|avec|mit|con|com|met)(?:\s+(?:a paying|an?|their|your|un|une|una|uno|um|uma|een|einem|einer|eines)\s+|\s{3,})"
    r"(?:adult|parent|guardian|grown|erwachsen|eltern|elternteil|begleit|adulte|parent|tuteur|adulto|padre|madre|tutor|responsável|responsavel|genitore|accompagnatore|volwassene|ouder|begeleider)[^\W\d_]*)"
    r"|由\S{1,4}?陪同|\S{1,4}?[과와]\s?함께|和\S{1,4}?一起"
)


def _blanked(text: str) -> str:
    """The text with who comes along blanked, each character kept in its place."""
    return _COMPANION.sub(lambda m: " " * len(m.group()), text)


_unaccompanied = lru_cache(maxsize=64)(_blanked)  # an answer's, read once a text


def names_of(text: str) -> set[str]:
    """The words that may name an item: the words of the text, and its short names as written ('#L', '#Pro');
    never the one who comes along ('with an adult')."""
    text = _blanked(text)
    found = _named(words_of(text))
    for code in _CODE.finditer(text):
        word = code.group(1)
        following = text[code.end() : code.end() + 2].lstrip()
        glued = bool(following) and _cjk(following[0])  # 'Lプラン', 'L 요금제', 'A套餐
        if word.lower() in ("plus", "pro"):  # a plan's name, but no 'Pro Monat', 'Pro Person', 'Plus 19 % MwSt.'
            if not _PRO_RATE.match(text, code.end()):
                found.add("#" + word)
        elif not _stopped(word.lower()) and (glued or not _STARTS.search(text, 0, code.start())):
            found.add("#" + word)
    return found


def _opened(text: str, low: int, at: int) -> int:
    """Where the bracket still open at ``at`` opens, past ``low`` ('Fanclub Plus (€ 4,95 per maand of € 49 per
    jaar)': the items are named inside it); else ``low``."""
    opening = max(text.rfind("(", low, at), text.rfind("（", low, at))
    if opening < 0 or max(text.rfind(")", opening, at), text.rfind("）", opening, at)) >= 0:
        return low
    return opening + 1


def lead(text: str, figures: Sequence[Figure], index: int) -> str:
    """The words that lead to ``figures[index]``: from the figure of its kind before it, or from where its
    sentence (or a semicolon's or a colon's part) starts, whichever is nearer; the other figures blanked."""
    figure = figures[index]
    kind = kind_of(figure)
    low = max(0, figure.start - 160)
    low = max((m.end() for m in _LEAD_START.finditer(text, low, figure.start)), default=low)
    pieces: list[str] = []
    at = low
    for other in figures[:index]:
        if other.end <= low:
            continue
        if kind_of(other) == kind and other.end <= figure.start:
            pieces, at = [], other.end
        elif other.start >= at:
            pieces.append(text[at : other.start])
            at = other.end
    pieces.append(text[at : figure.start])
    return " ".join(pieces)


def _last(text: str) -> str:
    """The last word of a piece of text (its last three characters, in CJK)."""
    cut = text.rstrip(" ,;:()（）、，")
    if _cjk(cut[-3:]):
        return cut[-3:]
    return cut.rsplit(None, 1)[-1] if cut.split() else ""


def _named(words: set[str]) -> set[str]:
    """Words that may name: a pair with a kana is a particle or an ending ('ます', '量は'), never a name."""
    return {w for w in words if not _KANA.fullmatch(w)}


def _sentence(text: str, at: int) -> tuple[int, int]:
    """The sentence around position ``at``, 400 characters either side at most (a list of hundreds of items in
    one sentence is read near the figure, not whole, once a sibling)."""
    begin = max((m.end() for m in _SENTENCE_END.finditer(text, max(0, at - 400), at)), default=max(0, at - 400))
    found = _SENTENCE_END.search(text, at, at + 400)
    return begin, found.start() if found else min(len(text), at + 400)


@lru_cache(maxsize=64)
def _records(text: str) -> list[tuple[int, int]]:
    spans, at = [], 0
    for end in _RECORD_END.finditer(text):
        spans.append((at, end.start()))
        at = end.end()
    spans.append((at, len(text)))
    return [(a, b) for a, b in spans if b > a]


def _record_of(spans: list[tuple[int, int]], figure: Figure) -> int:
    return next((i for i, (a, b) in enumerate(spans) if a <= figure.start < b), -1)


def _cjk(text: str) -> bool:
    return any("\u3040" <= c <= "\u9fff" or "\uac00" <= c <= "\ud7a3" for c in text)


def _positions(word: str, text: str, low: int, high: int) -> list[int]:
    """Where a word (a stem: a word's start; in CJK anywhere) stands in text[low:high]."""
    return [m.start() for m in _pattern(word).finditer(_unaccompanied(text), low, high)]


@lru_cache(maxsize=1024)
def _pattern(word: str) -> re.Pattern[str]:
    if word.startswith("#"):  # a short name as written: a whole token, in its case (no 'Pro Monat')
        rate = f"(?!{_PRO_RATE.pattern})" if word[1:].lower() in ("plus", "pro") else ""
        return re.compile(rf"(?<![A-Za-z\u00c0-\u024f'’]){re.escape(word[1:])}(?![A-Za-z\u00c0-\u024f'’]){rate}")
    return re.compile(re.escape(word) if _cjk(word) else rf"(?<![^\W\d_]){re.escape(word)}", re.IGNORECASE)


def _count(word: str, text: str) -> int:
    return len(_positions(word, text, 0, len(text)))
