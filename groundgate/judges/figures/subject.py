"""What a figure is said of: the words of its part of the sentence (cut where a comma, a colon or a conjunction
parts it, or where another figure stands), and the label its sentence starts with ('Handbagage: …', '감면: …').

A claim the context backs is said of something else when its words are those of another part of the context
and none of the part that states its value ('Cancellation cover pays up to £500' against 'Cancellation cover
pays up to £5,000. Personal belongings are insured up to £500.'; '5 ans sur la main-d'œuvre' against '5 ans
sur les pièces et 2 ans sur la main-d'œuvre'). Words both parts hold (a shared label, 'shipping') tell nothing:
at least one of the claim's words must be the other part's alone, and none the backer's alone. A hedge is
weighed the same way: 'more than three-quarters of customers' is said of the 71% of customers, not of the
96.4% of claims paid, of which it would be true."""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Callable, Sequence
from functools import cache

from groundgate.judges.figures import lexicon
from groundgate.judges.figures import qualifier_words as qualifier
from groundgate.judges.figures.compare import size
from groundgate.judges.figures.figure import Figure
from groundgate.judges.figures.function_words import FUNCTION_WORDS
from groundgate.judges.figures.qualifiers import clauses

_WORD = re.compile(r"[^\W\d_]{3,}")
_HANGUL_RUN = re.compile(r"[\uac00-\ud7a3]{2,}")
_HAN_KANA_RUN = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]{2,}")
# What parts a sentence: a comma, a colon, a semicolon, a conjunction of the text's language (a bracket does
# not: '장애인 차량(본인 탑승 시) 80%'; nor a comma between digits, nor the colon of '5:00').
_CONJUNCTIONS = {
    "en": "and|but|or|plus|while|whereas|whilst", "fr": "et|mais|ou|tandis que|alors que",
    "de": "und|aber|oder|sowie|während", "es": "y|pero|o|mientras", "pt": "e|mas|ou|enquanto",
    "it": "e|ma|o|mentre", "nl": "en|maar|of|terwijl",
}  # fmt: skip


# Korean joins clauses by a verb's ending ('좌석은 250석 정도 되고 하루 평균 …'): the common ones part them.
_KO_AND = r"(?<![가-힣])[가-힣]*(?:되고|있고|하고|이고|내고|받고|없고|않고|되며|있으며|하며|이며|지만|는데)(?=\s)"


@cache
def _parting(lang: str) -> re.Pattern[str]:
    words = _CONJUNCTIONS.get(lang)
    conjunctions = rf"|\s(?:{words})\s" if words else r"|而且|并且|但是|但"
    conjunctions += rf"|\s{_KO_AND}" if lang == "ko" else ""
    slash = (
        r"|(?<=[\u3040-\u9fff\uac00-\ud7a3\s])/(?=[\u3040-\u9fff\uac00-\ud7a3\s])"  # '1億円／傷害治療費用' ('€/kWh' no)
    )
    dash = r"|(?<=[^\W\d]{3})\s[–—]\s(?!\d)"  # 'etwa 47 Tage – in Bayern mit 41 Tagen' ('Mo – Fr', '9 – 17 Uhr' no)
    return re.compile(rf",(?!\d)|，|、|;|:(?!\d)|：|／|\|{slash}{dash}{conjunctions}", re.IGNORECASE)


_NEAR_PART = re.compile(rf",|;|:|\(|\)|\s(?:and|but|or|while|whereas|et|mais|ou|und|aber|oder|y|pero|o|e|mas|ma|en|maar|of)\s|{_KO_AND}", re.IGNORECASE)  # fmt: skip
_COLON = re.compile(r":(?!\d)|：")
_UNIT_ENDS = re.compile(r"\d\s?[hmlgs]$")
_GLUED_END = re.compile(r";(?=[\u3040-\u9fff\uac00-\ud7a3])")
_ENDS = (". ", "! ", "? ", "; ", ".\n", "\n", "。", "！", "？", "；")
STEM = 5  # letters a word is compared by ('refund', 'refunds', 'refunded')
QUOTE = 90  # characters of the other clause quoted, at most
CLAUSE = 400  # characters a sentence runs on either side of its figure, at most
OTHERS = 12  # the context's other figures of a claim's kind weighed, at most


@cache
def _ignored() -> frozenset[str]:
    """Words that say nothing of what a figure is about (whole words: 'contra' is, 'controle' is not): function
    words, units, the words of bounds, hedges and periods, and the adjectives a measure is said with ('long')."""
    found = {w for words in lexicon.STOPWORDS.values() for w in words}
    for table in lexicon.UNIT_WORDS.values():
        found |= {w.lower() for w in table if w.isalpha()}
    for phrases in (qualifier.BEFORE, qualifier.AFTER, qualifier.PERIODS):
        for by_language in phrases.values():
            for code in lexicon.LATIN:
                found |= {w.lower() for w in _WORD.findall(by_language.get(code, ""))}
    found |= {w for words in FUNCTION_WORDS.values() for w in words.split()}
    found |= {"about", "around", "over", "under", "more", "less", "than", "least", "most", "only", "just", "also", "then", "this", "that", "these", "those", "there", "their", "they", "them", "you", "your", "our", "ours", "will", "would", "should", "could", "must", "may", "might", "each", "every", "per", "plus", "minus", "within", "after", "before", "until", "from", "into", "onto", "upon", "which", "what", "when", "where", "whose", "who", "whom", "been", "being", "does", "done", "make", "made", "like", "such", "very", "much", "many", "some", "other", "another", "same", "both", "either", "neither", "here", "long", "longer", "wide", "wider", "high", "higher", "tall", "deep", "heavy", "large", "lang", "breit", "hoch", "schwer", "haut", "largo", "ancho", "alto", "lungo", "breed", "hoog", "zwaar", "lange", "total", "cost", "costs", "price", "fee", "fees",
              # the words of a comparison: 'contre 3 815 € pour une crémation' compares, it names nothing
              "coûte", "coûtent", "coûtera", "revient", "cuesta", "cuestan", "costará", "custa", "custam", "costa", "costano", "kostet", "kosten", "kostete", "bedraagt", "beträgt", "asciende", "ammonta",
              "contre", "versus", "compared", "against", "gegen", "gegenüber", "vergleich", "verglichen", "frente", "contra", "comparado", "comparada", "comparación", "contro", "rispetto", "confronto", "tegen", "tegenover", "vergeleken", "vergelijking"}  # fmt: skip
    return frozenset(found)


@cache
def _ignored_cjk() -> frozenset[str]:
    """The character pairs of CJK qualifier phrases ('最高', 'まで', '以内', '이내'): they say how, not of what."""
    found: set[str] = set()
    for table in (qualifier.BEFORE, qualifier.AFTER, qualifier.PERIODS):
        for by_language in table.values():
            for code in lexicon.CJK:
                for phrase in by_language.get(code, "").split("|"):
                    found |= {phrase[i : i + 2] for i in range(len(phrase) - 1)}
    return frozenset(found)


def words_of(text: str) -> set[str]:
    """The words of a piece of text that say what it is about, each by its first letters; Korean by its words'
    first two syllables; Chinese and Japanese by their pairs of characters."""
    lowered = text.lower()
    ignored = _ignored()
    if lowered.isascii():
        return {_stem(w) for w in lowered.translate(_NOT_LETTERS).split() if len(w) > 2 and w not in ignored}
    found = {_stem(w) for w in _LATIN_RUN.findall(lowered) if w not in ignored}  # 'LDLが98' says 'ldl'
    cjk = _ignored_cjk()
    found |= {run[:2] for run in _HANGUL_RUN.findall(text) if run[:2] not in cjk}
    for run in _HAN_KANA_RUN.findall(text):
        found |= {pair for i in range(len(run) - 1) if (pair := run[i : i + 2]) not in cjk}
    return found


_NOT_LETTERS = str.maketrans({c: " " for c in map(chr, range(128)) if not c.isalpha()})


def _stem(word: str) -> str:
    """A word by its first letters, a plural's 's' dropped ('suvs' is 'suv', 'bikes' 'bike', 'refunds' 'refun')."""
    if len(word) > 3 and word[-1] == "s" and word[-2] != "s":
        word = word[:-1]
    return word[:STEM]


# A word's letters outside the CJK scripts: a Latin word glued to a particle ('LDLが', 'ALT는') is still a word.
_LATIN_RUN = re.compile(r"[^\W\d_\u1100-\u11ff\u3040-\u9fff\uac00-\ud7a3\uff00-\uffef]{3,}")


def _sentence(text: str, start: int, end: int) -> tuple[int, int]:
    """The sentence (or the part a semicolon or a line break makes) holding text[start:end]; the full stop of an
    abbreviation ('L. 104/1992', 'Ref. 0,5', 'ca. 60') ends none."""
    low, high = max(0, start - CLAUSE), min(len(text), end + CLAUSE)
    begin = low
    for mark in _ENDS:
        at = text.rfind(mark, low, start)
        while at >= 0 and mark[0] == "." and _abbreviation(text, at):
            at = text.rfind(mark, low, at)
        begin = max(begin, at + len(mark)) if at >= 0 else begin
    finish = high
    for mark in _ENDS:
        at = text.find(mark, end, high)
        while at >= 0 and mark[0] == "." and _abbreviation(text, at):
            at = text.find(mark, at + 1, high)
        finish = min(finish, at + 1) if at >= 0 else finish
    if ";" in text[low:high]:  # a CJK text's '；', folded to ';' as the answer is shown: no space after it
        for glued in _GLUED_END.finditer(text, low, high):
            if glued.end() <= start:
                begin = max(begin, glued.end())
            elif glued.start() >= end:
                finish = min(finish, glued.start() + 1)
                break
    return begin, finish


_ABBREVIATIONS = frozenset(["ref", "nr", "no", "ca", "approx", "incl", "excl", "inkl", "zzgl", "bzw", "ggf", "vs", "etc", "tel", "fig", "vol", "art", "abs", "st", "dr", "mr", "mrs", "ms", "p", "pp", "min", "max"])  # fmt: skip


def _abbreviation(text: str, at: int) -> bool:
    """Whether the full stop at ``at`` ends an abbreviation (a letter alone, or a short word listed)."""
    word = text[max(0, at - 8) : at].rsplit(None, 1)[-1].lstrip("(").lower() if at else ""
    if len(word) == 1 and _UNIT_ENDS.search(text, max(0, at - 4), at) and text[at + 1 : at + 3].strip()[:1].isupper():
        return False  # 'el convencional 4 h. Billete …': a unit after its number ends the sentence ('200 m. de la playa' no)
    return word.isalpha() and (len(word) == 1 or word in _ABBREVIATIONS)


def _cuts(text: str, begin: int, finish: int, lang: str, starts: Sequence[int]) -> list[tuple[int, int, bool]]:
    """Where the sentence text[begin:finish] is parted: (start, end, by a conjunction). A conjunction parts it only
    after a figure ('5 ans sur les pièces et 2 ans', not 'Für SUVs und Premiumfahrzeuge liegt … bei 25 Jahren')."""
    found: list[tuple[int, int, bool]] = []
    last = begin
    for match in _parting(lang).finditer(text, begin, finish):
        joins = match.group()[0].isspace() or match.group() in _JOINING
        following = bisect_right(starts, last - 1)
        if joins and not (following < len(starts) and starts[following] < match.start()):
            continue
        found.append((match.start(), match.end(), joins))
        last = match.end()
    return found


def part(
    text: str, start: int, end: int, lang: str, starts: Sequence[int] = ()
) -> tuple[int, int, int, tuple[int, int], list[tuple[int, int, bool]]]:
    """The part of its sentence that text[start:end] stands in, between the commas, colons, semicolons and
    conjunctions that part it (``starts``: where the text's figures start): (where the sentence starts, where
    the part starts, where it ends, where the sentence's label stands, the cuts before the part)."""
    while end > start + 1 and text[end - 1] in ".!?;。！？；" and not text[end - 2].isdigit():
        end -= 1  # 'Monday to Saturday.' ends its sentence ('03.07.' does not)
    begin, finish = _sentence(text, start, end)
    cuts = _cuts(text, begin, finish, lang, starts)
    before = [cut for cut in cuts if cut[1] <= start]
    after = [cut for cut in cuts if cut[0] >= end]
    low = before[-1][1] if before else begin
    high = after[0][0] if after else finish
    return begin, low, high, _label(text, begin, start), before


_JOINING = frozenset({"而且", "并且", "但是", "但"})


def _label(text: str, begin: int, start: int) -> tuple[int, int]:
    """Where what a sentence's parts before ``start`` are said under stands: the words before its last colon,
    from the colon before it ('policy.md: System requirements: 1 GB of RAM' is said under 'System
    requirements'); (start, start) when it has none."""
    colons = list(_COLON.finditer(text, begin, start))
    if not colons:
        return start, start
    return colons[-2].end() if len(colons) > 1 else begin, colons[-1].start()


class Subjects:
    """What the context's figures are said of, read when a claim asks (a context's figures mostly never are)."""

    def __init__(self, context: str, stated: Sequence[Figure], lang: str) -> None:
        self.context, self.stated, self.lang = context, stated, lang
        self.lowered = context.lower()
        self.starts = [f.start for f in stated]
        self._of: dict[tuple[int, int], tuple[set[str], set[str], tuple[int, int]]] = {}
        self._kinds: dict[tuple[int, int], object] = {}
        self.memo: dict[tuple[object, ...], set[str]] = {}  # what other readers of this context keep (items.py)
        self.index = {(f.start, f.end): i for i, f in enumerate(stated)}

    def of(self, figure: Figure) -> tuple[set[str], set[str], tuple[int, int]]:
        """What the context states ``figure`` of: (its part's words, its sentence's label's, where they stand)."""
        key = (figure.start, figure.end)
        if key not in self._of:
            index = self.index.get(key, 0)
            self._of[key] = said_of(self.context, self.stated, index, self.lang, starts=self.starts)
        return self._of[key]

    def rivals(self, kind: object, backers: Sequence[Figure]) -> bool:
        """Whether the context states a figure of ``kind`` other than the backers (without one, no claim is said
        of something else, and its words need not be read)."""
        backing = {(b.start, b.end) for b in backers}
        return any(not f.bare and (f.start, f.end) not in backing and self.kind(f) == kind for f in self.stated)

    def kind(self, figure: Figure) -> object:
        """A context figure's kind (``kind_of``), read once a row."""
        key = (figure.start, figure.end)
        if key not in self._kinds:
            self._kinds[key] = kind_of(figure)
        return self._kinds[key]

    def elsewhere(self, claim: set[str], kind: object, backers: Sequence[Figure], others: Sequence[Figure] | None = None, lead: str = "") -> bool:  # fmt: skip
        """Whether the claim's words are those of another figure of its ``kind`` in the context, and none of its
        backers' own. ``others``: the figures to weigh (a hedge false of them); None: the context's figures of
        its kind whose sentences hold one of the claim's words. ``lead``: the answer's words right before the
        claim (a name there alone may place it: 'le patatine 4 €')."""
        if not claim or not backers:
            return False
        said = []
        common: set[str] = set()
        for backer in backers:
            words, label, where = self.of(backer)
            common |= claim & (words - label)
            if len(common) >= 2:
                return self._sibling(
                    claim, words | label, kind, backers, label
                )  # else it names what the context states it of
            said.append((words, label, where))
        theirs = set().union(*(words | label for words, label, _ in said))
        if others is None:
            backing = {(b.start, b.end) for b in backers}
            looked_for = common or claim  # the other figure's words must hold the one the claim shares with them
            others = [
                f
                for f in self.stated
                if (f.start, f.end) not in backing
                and not f.bare
                and self.kind(f) == kind
                and self._holds(f, looked_for)
            ][:OTHERS]
        return any(
            _enough(claim, words | label, theirs, words - label, lambda own: self._once(own, lead))
            for f in others
            for words, label, _ in (self.of(f),)
        )

    def _sibling(self, claim: set[str], backer_words: set[str], kind: object, backers: Sequence[Figure], backer_label: set[str]) -> bool:  # fmt: skip
        """Whether the words the claim shares with its backer are shared by a sibling of its kind too (the head of
        their list: 'tossina botulinica zona fronte 280 €, zampe di gallina 250 €'), and the claim names the
        sibling's own words (two or more) and none of the backer's own: said of the sibling."""
        rest = {word for word in claim - backer_words if not _han_or_kana(word)}
        if len(rest) < 2:
            return False  # the claim names no two words its backer's do not: no sibling can be named (most claims)
        backing = {(b.start, b.end) for b in backers}
        shared = claim & backer_words
        for figure in self.stated:
            if (figure.start, figure.end) in backing or figure.bare or self.kind(figure) != kind or not self._holds(figure, rest):  # fmt: skip
                continue
            words, label, _ = self.of(figure)
            theirs = words | label
            named = {word for word in (claim & theirs) - backer_words if not _han_or_kana(word)}  # a pair of Han
            if (
                shared <= theirs and len(named) >= 2 and not claim & (backer_words - theirs)
            ):  # characters may be the next item's
                return True
            if shared <= theirs and named & (label - backer_label) and backer_label - label and not claim & (backer_words - theirs):  # fmt: skip
                return True  # two rows of one table: the claim names the other row's label ('porte médio'), not its own
        return False

    def nearer(self, claim: set[str], backers: Sequence[Figure], others: Sequence[Figure]) -> bool:
        """Whether the claim shares a word with another figure's part and none with any backer's (a hedge, true of
        many values, is true of a figure of something else only by chance: 'ruim twee derde van onze klanten' of
        '98% van Nederland', beside '62% van onze klanten')."""
        if not claim or any(claim & (words | label) for b in backers for words, label, _ in (self.of(b),)):
            return False
        return any(claim & (words - label) for f in others[:OTHERS] for words, label, _ in (self.of(f),))

    def _once(self, words: set[str], lead: str) -> bool:
        """Whether each of the words (stems) stands once in the context (a name, not a common noun: 'colis'), and
        right before the claim in the answer (``lead``)."""
        lead = lead.lower()
        return all(
            word in lead
            and (
                self.lowered.count(word) == 1
                if _han_or_kana(word)  # a pair of Han or kana characters: no word boundary to look for
                else len(re.findall(rf"(?<![^\W\d_]){re.escape(word)}", self.lowered)) == 1
            )
            for word in words
        )

    def _holds(self, figure: Figure, words: set[str]) -> bool:
        """Whether the figure's sentence holds one of the words (as the start of a word of it, or inside one)."""
        begin, finish = _sentence(self.lowered, figure.start, figure.end)
        return any(self.lowered.find(word, begin, finish) >= 0 for word in words)


def _enough(
    claim: set[str],
    words: set[str],
    theirs: set[str],
    own: set[str] | None = None,
    once: Callable[[set[str]], bool] = lambda words: False,
) -> bool:
    """Whether a part's words are enough to say the claim is of it: two of the claim's words (a Chinese or
    Japanese pair of characters counts two thirds, and every pair of the part's own name, ``own``, is enough),
    one of them not the backers' (a shared label tells nothing), and none of the backers' own."""
    shared = claim & words
    if not shared - theirs or claim & (theirs - words):
        return False
    pairs = sum(1 for w in shared if _han_or_kana(w))
    if pairs >= 2 and pairs == len(shared) and own and shared >= own:
        return True  # every pair of the other item's own name: '入学金が40,000円' names '入学金 50,000円'
    if len(claim) <= 2 and own and shared >= own and len(own) <= 2 and once(own):
        return True  # every word of the other item's own name, named nowhere else: 'le patatine 4 €' names 'patatine 4,50 €', '坚果20元' '坚果 35元'
    if len(claim) < 2:
        return False  # one word of the claim's names nothing else
    return 3 * (len(shared) - pairs) + 2 * pairs >= 6


def _han_or_kana(word: str) -> bool:
    return any("\u3040" <= c <= "\u9fff" for c in word)


_JOINED = re.compile(r"\s*(?:-|–|—|~|〜|～|/|to|through|à|a|au|bis|hasta|até|al|fino a|tot|t/m|至|到|から|부터)?\s*(?:de|à|a|las|le|les|h)?\s*", re.IGNORECASE)  # fmt: skip


_CHAIN = 8  # figures a span's ends are looked for across, at most: a list of amounts is no span


def said_of(
    text: str,
    figures: Sequence[Figure],
    index: int,
    lang: str,
    topic: bool = True,
    starts: Sequence[int] = (),
    opening: bool = True,
) -> tuple[set[str], set[str], tuple[int, int]]:
    """What ``figures[index]`` is said of: (the words of its part, of its sentence's label, where they stand),
    the figures in it left out. A range's ends stand in one part ('available 9am-5pm'); a part that starts with
    its figure says it of what the part before it does ('closes 45 minutes before departure for foot passengers
    and 60 minutes before departure for vehicles'); ``topic``: and a context's figure is said of what the parts
    of its sentence before it say, up to one that states a figure of its kind."""
    first = last = index
    while first > 0 and index - first < _CHAIN and _joined(text, figures[first - 1], figures[first]):
        first -= 1
    while last + 1 < len(figures) and last - index < _CHAIN and _joined(text, figures[last], figures[last + 1]):
        last += 1
    starts = starts or [f.start for f in figures]
    begin, low, high, (label_start, label_end), cuts = part(text, figures[first].start, figures[last].end, lang, starts)
    head = ""
    if cuts and cuts[-1][2] and not words_of(text[low : figures[first].start]):
        head = _head(text, figures, first, cuts)
    if topic:  # a context's figure: what the parts before it say, and what its sentence starts by saying
        low = _topic(figures, first, begin, low, cuts)
        if opening and low > begin and label_end <= label_start:
            head += " " + without(text, figures, begin, cuts[0][0] if cuts else low)
    words = words_of(without(text, figures, low, high) + " " + head)
    if not words and low > begin:  # nothing of its own: what its sentence says before it
        low = begin
        words = words_of(without(text, figures, low, high))
    label = words_of(without(text, figures, label_start, label_end)) if label_end > label_start else set()
    return words, label, (low, high)


def _head(text: str, figures: Sequence[Figure], first: int, cuts: list[tuple[int, int, bool]]) -> str:
    """What a part that starts with its figure after a conjunction leaves unsaid: the words the part before it
    says before its first figure, when that is of the same kind ('closes 45 minutes before departure for foot
    passengers and 60 minutes before departure for vehicles')."""
    previous = cuts[-2][1] if len(cuts) > 1 else _sentence(text, cuts[-1][0], cuts[-1][0])[0]
    kind = kind_of(figures[first])
    inside = [f for f in figures[:first] if previous <= f.start < cuts[-1][0] and kind_of(f) == kind]
    return text[previous : inside[0].start] if inside else ""


def _topic(figures: Sequence[Figure], first: int, begin: int, low: int, cuts: list[tuple[int, int, bool]]) -> int:
    """Where what a figure is said of starts: its part, and the parts of its sentence before it up to one that
    states a figure of its kind ('随身携带的手提行李每人限1件，重量不超过5公斤': the 5 kg are the hand luggage's;
    'exemption: small cars 50%, disabled drivers 80%': the 80% are not the small cars')."""
    if low <= begin:
        return low
    kind = kind_of(figures[first])
    at = first - 1
    for cut in [begin, *(end for _, end, _ in cuts)][::-1]:
        while at >= 0 and figures[at].start >= cut:
            if figures[at].end <= low and kind_of(figures[at]) == kind:
                return low  # an earlier part states a figure of this kind: it is said of its own thing
            at -= 1
        low = cut
    return low


def kind_of(figure: Figure) -> object:
    """A figure's kind, as a hedge weighs it: its dimension (money: its currencies), else its kind ('time')."""
    dimension = size(figure)
    return dimension[0] if dimension is not None and dimension[0] != "n" else figure.kind


def without(text: str, figures: Sequence[Figure], low: int, high: int) -> str:
    """text[low:high] with the figures in it blanked (a weekday's name, a unit, says nothing of what it is about)."""
    pieces, at = [], low
    for figure in figures:
        if figure.end <= at or figure.start < low:
            continue
        if figure.start >= high:
            break
        pieces.append(text[at : figure.start])
        at = max(at, figure.end)
    pieces.append(text[at:high])
    return " ".join(pieces)


def _joined(text: str, a: Figure, b: Figure) -> bool:
    """Whether two figures are one span ('9am-5pm', '1-3 business days', the days of 'Monday to Saturday')."""
    if b.start < a.end:
        return b.start >= a.start  # the same span, or one inside the other
    return b.start - a.end <= 8 and _JOINED.fullmatch(text, a.end, b.start) is not None


def claim_words(text: str, figures: Sequence[Figure], index: int, lang: str) -> set[str]:
    """The words an answer says ``figures[index]`` with: its part (and, when that names less than two things,
    the parts of its sentence before it up to one that states a figure of its kind), and its sentence's label."""
    words, label, _ = said_of(text, figures, index, lang, topic=False)
    if len(words) < 2:  # 'Pour un enfant de 4 à 17 ans, l'entrée coûte 4,50 €': a part that says little says it of
        words, label, _ = said_of(text, figures, index, lang, opening=False)  # what its sentence's parts before it do
    begin = _sentence(text, figures[index].start, figures[index].end)[0]
    fronted = _FRONTED.match(text, begin, figures[index].start)  # 'Para um cão de porte médio, o banho … 50 €': what
    if fronted is not None and not any(begin <= f.start < fronted.end() and kind_of(f) == kind_of(figures[index]) for f in figures):  # fmt: skip
        words |= words_of(text[fronted.start("about") : fronted.end()])  # the whole sentence is for
    return words | label


# A sentence's opening phrase that says whom or what all of it is for, up to its comma ('Für Kinder unter 6 Jahren,');
# never one that says with what ('Avec la remise, …' says how, not of what).
_FRONTED = re.compile(r"\s*(?:for|pour|für|para|per|voor)\s(?P<about>[^,，、:;.!?\d]{3,60})[,，、]", re.IGNORECASE)  # fmt: skip


def near(text: str, figures: Sequence[Figure], index: int, clause: tuple[int, int] | None = None) -> str:
    """The words nearest to ``figures[index]`` in its clause (``clause``, when the caller knows it), without
    the figure itself: up to the figures beside it, split where a comma or a conjunction parts them."""
    figure = figures[index]
    start, end = clause if clause and clause != (0, 0) else _clause(text, figure)
    if index > 0 and start < figures[index - 1].end <= figure.start:
        between = text[figures[index - 1].end : figure.start]
        parts = list(_NEAR_PART.finditer(between))
        start = figures[index - 1].end + (parts[-1].end() if parts else _middle(between))
    if index + 1 < len(figures) and figure.end <= figures[index + 1].start < end:
        between = text[figure.end : figures[index + 1].start]
        parts = list(_NEAR_PART.finditer(between))
        end = figure.end + (parts[0].start() if parts else _middle(between))
    return text[start : figure.start] + " " + text[figure.end : end]


def _middle(between: str) -> int:
    """Where words between two figures part, half to each: at the space nearest the middle (a word cut in two
    is no word: 'vous rev|iendra')."""
    middle = len(between) // 2
    left, right = between.rfind(" ", 0, middle + 1), between.find(" ", middle)
    if left < 0 and right < 0:
        return middle
    if left < 0 or (right >= 0 and right - middle < middle - left):
        return right
    return left


def _clause(text: str, figure: Figure) -> tuple[int, int]:
    if figure.clause != (0, 0) and figure.clause[1] <= len(text):
        return figure.clause
    for start, end in clauses(text):
        if start <= figure.start < end:
            return start, end
    return 0, len(text)


class Clauses:
    """A text's clauses, split once, and the one a position stands in (an answer of many figures is split once,
    not once a figure)."""

    def __init__(self, text: str) -> None:
        self.spans = clauses(text)
        self.starts = [start for start, _ in self.spans]

    def of(self, figure: Figure) -> tuple[int, int]:
        return self.spans[max(0, bisect_right(self.starts, figure.start) - 1)]


def quoted(context: str, figure: Figure, clause_of: Callable[[Figure], tuple[int, int]] | None = None) -> str:
    """What the context states ``figure`` of, to quote: its clause, trimmed around it."""
    clause = clause_of(figure) if clause_of is not None else (0, 0)
    start, end = clause if clause != (0, 0) else _clause(context, figure)
    text = " ".join(context[start:end].split()).strip(" ,;:.")
    if len(text) <= QUOTE:
        return text
    at = max(0, min(text.find(figure.text) - QUOTE // 3, len(text) - QUOTE))
    return ("…" if at else "") + text[at : at + QUOTE].strip() + ("…" if at + QUOTE < len(text) else "")
