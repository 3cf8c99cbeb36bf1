"""Russian grammar for what the daemon says: names in the case a sentence needs, numbers that agree
with their nouns, verbs that agree with a name's gender and number.

The forms come from pymorphy3 with its OpenCorpora dictionary (shipped in the package, offline),
not from hand-written endings: a dictionary knows «Китай → Китаю», «Тверь → Твери», «Римляне →
Римлянам», and its predictor handles words it has not seen. What it gets wrong or cannot know
(«Туров» read as the plural of «тур», «США» that never changes, a people's name) a ruleset fixes
in its data file as `Forms`: any case of any name, and a name's gender.

Case names are the Russian school abbreviations: им, род, дат, вин, твор, пред.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import cache
from typing import TYPE_CHECKING, Literal

if TYPE_CHECKING:  # the analyzer is imported and its dictionary read when a word is first asked for
    import pymorphy3
    from pymorphy3.analyzer import Parse

CASES: dict[str, str] = {
    "им": "nomn",
    "род": "gent",
    "дат": "datv",
    "вин": "accs",
    "твор": "ablt",
    "пред": "loct",
}
Gender = Literal["м", "ж", "с", "мн"]  # masculine, feminine, neuter, plural
_GENDERS: dict[str, Gender] = {"masc": "м", "femn": "ж", "neut": "с"}
_WORD = re.compile(r"[А-Яа-яЁё]+")


@dataclass(frozen=True)
class Forms:
    """A ruleset's own forms of its names, from its data file, where the dictionary is wrong:
    `cases[name][case]` (case: им…пред), `genders[name]` (м, ж, с, мн) and `places[name]`, the
    preposition of being there when it is not «в» («на Корсике», «на Балеарах»); and `english`,
    each name as English text says it (the data's `en`: «Римляне» → Romans)."""

    cases: Mapping[str, Mapping[str, str]] = field(default_factory=dict)
    genders: Mapping[str, Gender] = field(default_factory=dict)
    places: Mapping[str, str] = field(default_factory=dict)
    english: Mapping[str, str] = field(default_factory=dict)
    common: frozenset[str] = frozenset()  # names that prose writes in lowercase: peoples («римляне»)

    @property
    def names(self) -> set[str]:
        """Every name these forms speak of (their Russian forms; the English ones name them all)."""
        return {*self.cases, *self.genders, *self.places, *self.common}

    def merged(self, other: Forms) -> Forms:
        return Forms(
            {**self.cases, **other.cases},
            {**self.genders, **other.genders},
            {**self.places, **other.places},
            {**self.english, **other.english},
            self.common | other.common,
        )

    def prose(self, name: str, said: str) -> str:
        """`said` (a form of `name`) as a sentence writes it: a people in lowercase, «римлян»."""
        return said[:1].lower() + said[1:] if name in self.common else said

    def in_english(self, text: str) -> str:
        """A name, or names joined by «, » or « – » (each maybe with its number: «Россия 2»), as
        English text says them; any other text as it is."""
        one = self._counted(text)
        if one is not None:
            return one
        for joint in (", ", " – ", " → "):  # a list, a path, a route
            parts = [self._counted(part) for part in text.split(joint)]
            if len(parts) > 1 and all(part is not None for part in parts):
                return joint.join(part for part in parts if part is not None)
        return text

    def _counted(self, part: str) -> str | None:
        """«Россия», «Россия 2» or «Тверь 0+2» in English; None for anything else."""
        name, _, count = part.rpartition(" ")
        if part in self.english:
            return self.english[part]
        counted = count.replace("+", "").isdigit()
        return f"{self.english[name]} {count}" if counted and name in self.english else None


NO_FORMS = Forms()


@cache
def _morph() -> pymorphy3.MorphAnalyzer:
    import pymorphy3

    return pymorphy3.MorphAnalyzer()


@cache
def _nominative(word: str) -> Parse | None:
    """The word's reading as a noun or adjective in the nominative (names are given so), a
    proper name or place first when it is capitalized (a lowercase «пара» is no river Пара);
    None when the dictionary and predictor have none."""
    readings = [p for p in _morph().parse(word) if p.tag.case == "nomn" and p.tag.POS in ("NOUN", "ADJF")]
    capital = word[:1].isupper()
    proper = [p for p in readings if capital and {"Geox", "Name", "Surn", "Orgn"} & set(p.tag.grammemes)]
    return (proper or readings or [None])[0]


@cache
def _adjective(word: str, noun: Parse) -> Parse | None:
    """`word` read as an adjective agreeing with the noun after it, if it can be one: a
    capitalized «Красные» before «Волки» is no plural of the place «Красное»."""
    number, gender = noun.tag.number, noun.tag.gender
    agreeing = (
        p
        for p in _morph().parse(word)
        if p.tag.POS == "ADJF"
        and p.tag.case == "nomn"
        and p.tag.number == number
        and (number == "plur" or p.tag.gender == gender)
    )
    return next(agreeing, None)


def _readings(words: list[str]) -> list[Parse | None]:
    """Each word's reading within the name: a word that can be an adjective agreeing with the
    noun after it is read so («Красные Волки», «Белые Совы»), else as the word alone."""
    readings = [_nominative(word) for word in words]
    for i in range(len(words) - 1):
        this, after = readings[i], readings[i + 1]
        if this is not None and this.tag.POS == "NOUN" and after is not None and after.tag.POS == "NOUN":
            readings[i] = _adjective(words[i], after) or this
    return readings


def _head(words: list[str]) -> Parse | None:
    """The noun a name agrees with: its first noun («Высокоточное Оружие» → оружие)."""
    return next((p for p in _readings(words) if p is not None and p.tag.POS == "NOUN"), None)


def _inflected(parse: Parse, grammemes: set[str], head: Parse | None) -> str | None:
    if "Fixd" in parse.tag.grammemes:
        return None
    wanted = set(grammemes)
    number = next((g for g in ("sing", "plur") if g in wanted), None)
    if head is not None and parse.tag.POS == "ADJF":
        number = number or head.tag.number or "sing"
        wanted.add(number)
        if number == "sing" and head.tag.gender:
            wanted.add(head.tag.gender)
        if "accs" in wanted and head.tag.animacy and (number == "plur" or head.tag.gender == "masc"):
            wanted.add(head.tag.animacy)  # «Красных Волков»: living beings take the genitive's form
    elif number is None and parse.tag.number:
        wanted.add(parse.tag.number)
    form = parse.inflect(wanted)
    return None if form is None else str(form.word)


def _same_capitals(model: str, word: str) -> str:
    if model.isupper() and len(model) > 1:
        return word.upper()
    return word[:1].upper() + word[1:] if model[:1].isupper() else word


def _noun_phrase(phrase: str, grammemes: set[str]) -> str:
    """Each Russian word of a name inflected, agreeing with the name's head noun; after the head,
    only the adjectives that follow it agree («Новгород-Северский» → «Новгорода-Северского»), and
    from the first other word on all stays («Компенсация ущерба» → «Компенсации ущерба»)."""
    return _each_word(phrase, lambda parse, head: _inflected(parse, grammemes, head))


def _each_word(phrase: str, change: Callable[[Parse, Parse | None], str | None]) -> str:
    """`phrase` with its words changed by `change` (None: as written) up to where the name's own
    noun phrase ends, keeping the capitals and everything between the words."""
    words = _WORD.findall(phrase)
    readings = _readings(words)
    head = next((p for p in readings if p is not None and p.tag.POS == "NOUN"), None)
    out, last, past_head, frozen = [], 0, False, False
    for match, parse in zip(_WORD.finditer(phrase), readings, strict=True):
        word = match.group()
        if parse is None or (past_head and parse.tag.POS != "ADJF"):
            frozen = frozen or past_head
        changed = None if frozen or parse is None else change(parse, head)
        out += [phrase[last : match.start()], word if changed is None else _same_capitals(word, changed)]
        last = match.end()
        if head is not None and parse is head:
            past_head = True
    out.append(phrase[last:])
    return "".join(out)


def inflect(name: str, case: str, forms: Forms = NO_FORMS) -> str:
    """`name` in `case` (им, род, дат, вин, твор, пред): the ruleset's own form if it gives one,
    else the dictionary's. Latin names and numbers come back as they are."""
    own = forms.cases.get(name, {}).get(case)
    if own is not None:
        return own
    if case == "им" or not _WORD.search(name):
        return name
    return _cached_inflect(name, CASES[case])


@cache
def _cached_inflect(name: str, grammeme: str) -> str:
    return _noun_phrase(name, {grammeme})


def singular(name: str, case: str) -> str | None:
    """A plural name in the singular, in `case` (им, род, …): players count a stratum or a people
    one by one («3 охотника» of «Охотники»); None for a name whose head noun is not plural."""
    head = _head(_WORD.findall(name))
    if head is None or head.tag.number != "plur":
        return None
    return _cached_singular(name, CASES[case])


@cache
def _cached_singular(name: str, grammeme: str) -> str:
    return _noun_phrase(name, {grammeme, "sing"})


PLACE_PREPOSITIONS = ("в", "во", "на")


def located(name: str, forms: Forms = NO_FORMS, case: str = "пред") -> str:
    """Where something happens, «в Кампании», «во Владимире», «на Корсике» (a name whose data says
    «на»), or with case вин where to, «в Киев», «во Владимир», «на Корсику»: в, and во before в or
    ф and a consonant, as Russian writes it."""
    place = inflect(name, case, forms)
    vo = len(place) > 1 and place[0] in "ВвФф" and place[1].lower() not in "аеёиоуыэюя"
    return f"{forms.places.get(name) or ('во' if vo else 'в')} {place}"


def gender(name: str, forms: Forms = NO_FORMS) -> Gender:
    """What a verb agrees with: «Россия ответила», «Китай ответил», «Римляне ответили»."""
    own = forms.genders.get(name)
    if own is not None:
        return own
    words = _WORD.findall(name)
    # no noun: an adjective standing for one agrees as it is («Сохатые ответили», «Рыжая ответила»)
    head = _head(words) or (_nominative(words[-1]) if words else None)
    if head is None:
        return "м"
    if head.tag.number == "plur" or "Pltm" in head.tag.grammemes:
        return "мн"
    return _GENDERS.get(str(head.tag.gender), "м")


def person_gender(name: str) -> Gender | None:
    """A person's gender from their first name («Анна Петрова» → ж, «Иван» → м); None when the
    first word is no first name the dictionary knows or serves both («Саша», «Игрок1», "Anna"):
    then a sentence must not agree with it."""
    words = _WORD.findall(name.split()[0]) if name.split() else []
    if len(words) != 1 or words[0] != name.split()[0]:
        return None
    names = [p for p in _morph().parse(words[0]) if "Name" in p.tag.grammemes and p.tag.case == "nomn"]
    kinds = {str(p.tag.gender) for p in names}
    if len(kinds) != 1 or not kinds <= {"masc", "femn"}:
        return None
    return _GENDERS[kinds.pop()]


def by_gender(name: str, choices: str, forms: Forms = NO_FORMS) -> str:
    """One of «ответил|ответила|ответило|ответили» (masculine, feminine, neuter, plural) for `name`."""
    options = choices.split("|")
    if len(options) != 4:
        raise ValueError(f"four forms wanted (м|ж|с|мн), got {choices!r}")
    return options[("м", "ж", "с", "мн").index(gender(name, forms))]


def agree(number: int, noun: str, case: str = "им") -> str:
    """`number` and `noun` as a Russian reader expects: «1 монета», «4 монеты», «51 победное очко»,
    «5 очков исследований» (the words after the head noun stay); in `case` when the sentence
    governs one («передаёт 1 монету», «к 5 монетам»). `noun` may instead give the three forms
    itself, «монета|монеты|монет» (for 1, 2–4 and 5 or more; nominative only)."""
    return f"{number} {plural(number, noun, case)}"


def plural(number: int, noun: str, case: str = "им") -> str:
    """The form of `noun` that goes with `number`, without the number."""
    if "|" in noun:
        one, few, many = noun.split("|")
        return (one, few, many)[_plural_class(number)]
    if case == "им" or (case == "вин" and _plural_class(number) > 0):
        return _agreed(abs(number), noun)
    grammemes = {CASES[case], "sing" if _plural_class(number) == 0 else "plur"}
    return _each_word(noun, lambda parse, head: _inflected(parse, grammemes, head))


def _plural_class(number: int) -> int:
    n = abs(number)
    if n % 10 == 1 and n % 100 != 11:
        return 0
    if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14:
        return 1
    return 2


@cache
def _agreed(number: int, noun: str) -> str:
    def change(parse: Parse, head: Parse | None) -> str | None:
        if head is not None and parse.tag.POS == "ADJF":
            form = _adjective_with(parse, head, number)
        else:
            form = parse.make_agree_with_number(number)
        return None if form is None else str(form.word)

    return _each_word(noun, change)


def _adjective_with(adjective: Parse, head: Parse, number: int) -> Parse | None:
    """An adjective before a counted noun: «1 победное очко», «2 победных очка», «5 победных очков»;
    with 2–4 a masculine or neuter noun takes the adjective in the genitive plural."""
    kind = _plural_class(number)
    if kind == 0:
        return adjective.inflect({"sing", "nomn", str(head.tag.gender or "masc")})
    if kind == 1 and head.tag.gender == "femn":
        return adjective.inflect({"plur", "nomn"})
    return adjective.inflect({"plur", "gent"})


MOST_FORM = 60  # characters of a form a data file gives: a name's, in one case


def forms_from(table: Mapping[str, Mapping[str, object]]) -> Forms:
    """`Forms` from a data file's `[forms."Имя"]` tables: a form per case (им…пред), `пол`
    (м, ж, с, мн), `где`, the preposition of place (в, во, на), and `строчная = true` for a name
    prose writes in lowercase (a people: «победили римляне»). An unknown key is a mistake in the
    file, said as such, as is anything but a table of tables of words."""
    cases: dict[str, dict[str, str]] = {}
    genders: dict[str, Gender] = {}
    places: dict[str, str] = {}
    common: set[str] = set()
    if not isinstance(table, Mapping):
        raise ValueError('a table [forms."Имя"] of names is needed')
    for name, entry in table.items():
        if not isinstance(entry, Mapping):
            raise ValueError(f"forms.{name}: a table of forms is needed")
        for key, value in entry.items():
            if key == "строчная":
                if value is not True:
                    raise ValueError(f"forms.{name}.строчная: only true is meaningful")
                common.add(name)
                continue
            if not isinstance(value, str) or len(value) > MOST_FORM:
                raise ValueError(f"forms.{name}.{key}: a quoted form of at most {MOST_FORM} characters")
            if key == "где":
                if value not in PLACE_PREPOSITIONS:
                    raise ValueError(f"forms.{name}.где: {value!r} is not one of в, во, на")
                places[name] = value
            elif key == "пол":
                if value not in ("м", "ж", "с", "мн"):
                    raise ValueError(f"forms.{name}.пол: {value!r} is not one of м, ж, с, мн")
                genders[name] = value  # type: ignore[assignment]  # checked just above
            elif key in CASES:
                cases.setdefault(name, {})[key] = value
            else:
                raise ValueError(
                    f"forms.{name}.{key}: not a case (им, род, дат, вин, твор, пред), пол, где nor строчная"
                )
    return Forms(cases, genders, places, common=frozenset(common))


# Russian letters in Latin as Russian passports write them (ICAO Doc 9303, the 2013 rules)
_LATIN = dict(
    zip(
        "абвгдеёжзийклмнопрстуфхцчшщъыьэюя",
        [
            "a",
            "b",
            "v",
            "g",
            "d",
            "e",
            "e",
            "zh",
            "z",
            "i",
            "i",
            "k",
            "l",
            "m",
            "n",
            "o",
            "p",
            "r",
            "s",
            "t",
            "u",
            "f",
            "kh",
            "ts",
            "ch",
            "sh",
            "shch",
            "ie",
            "y",
            "",
            "e",
            "iu",
            "ia",
        ],
        strict=True,
    )
)


def latin(name: str) -> str:
    """A person's name for an English text: «Анна» → Anna, «Глеб» → Gleb, «Щукин» → Shchukin;
    Latin letters stay as they are."""
    out = []
    for char in name:
        low = char.lower()
        if low in _LATIN:
            spelt = _LATIN[low]
            out.append(spelt.capitalize() if char != low else spelt)
        else:
            out.append(char)
    return "".join(out)


def english_plural(number: int, forms: str) -> str:
    """«coin|coins» for `number` in English."""
    one, many = forms.split("|")
    return one if abs(number) == 1 else many


# A perfective verb's imperfective partner, by the stem alternations Russian uses («вложить →
# вкладывать», «передать → передавать», «защитить → защищать»): the dictionary has no aspect
# pairs, so candidates are made here and only those it knows as imperfective infinitives are kept.
_IMPERFECTIVES = (
    ("ложить", "кладывать"),
    ("ложить", "лагать"),
    ("дать", "давать"),
    ("нять", "нимать"),
    ("ыть", "ывать"),
    ("очь", "огать"),
    ("брать", "бирать"),
    ("звать", "зывать"),
    ("слать", "сылать"),
    ("нуть", "гать"),
    ("асть", "адать"),
    ("ести", "осить"),
    ("йти", "ходить"),
    ("орвать", "рывать"),
    ("жать", "живать"),
    ("стить", "скать"),
    ("тить", "щать"),
    ("вить", "влять"),
    ("ить", "ать"),
    ("ить", "ять"),
    ("ить", "ивать"),
    ("ить", "ывать"),
)


def order_verbs(infinitive: str) -> tuple[str, ...]:
    """The forms a player gives an order with, for a verb keyword in the infinitive: first person
    and imperative of the verb and of its imperfective partner («вложу», «вложи», «вкладываю»,
    «вкладываем», «вкладывайте»); none for a word that is no infinitive."""
    return _order_verbs(infinitive.casefold().replace("ё", "е"))


@cache
def _order_verbs(word: str) -> tuple[str, ...]:
    forms = {
        str(form.word)
        for verb in _aspects(word)
        for form in verb.lexeme
        if ("1per" in form.tag and "indc" in form.tag) or ("impr" in form.tag and "excl" in form.tag)
    }
    return tuple(sorted(forms - {word}))


@cache
def _aspects(word: str) -> tuple[Parse, ...]:
    """The infinitive `word` and, for a perfective one, its imperfective partners; none for a word
    that is no infinitive. A candidate partner the dictionary does not hold is not parsed (its
    predictor is the slow part, and would only guess)."""
    verb = next((p for p in _morph().parse(word) if p.tag.POS == "INFN"), None)
    if verb is None:
        return ()
    verbs = [verb]
    if verb.tag.aspect == "perf":
        for ending, partner in _IMPERFECTIVES:
            candidate = word[: -len(ending)] + partner
            if word.endswith(ending) and _morph().word_is_known(candidate):
                verbs += [
                    p
                    for p in _morph().parse(candidate)
                    if p.tag.POS == "INFN" and p.tag.aspect == "impf" and p.word == candidate and p.is_known
                ]
    return tuple(verbs)


def spoken_forms(word: str) -> tuple[str, ...]:
    """Every form a player may write a word of an order's wording in (lowercase, ё as е): a verb
    given as infinitive in its infinitives, first and third persons («Рим влияет») and
    imperatives, both aspects («нанять» → «нанимать», «найму», «нанимаю», «найми»…); a noun,
    adjective or participle in every case and number («войну» → «война», «войны», «войной»…), a word the
    dictionary lacks as the noun it guesses («обаятор» → «обаятором»); any other word (a
    preposition, an abbreviation such as «ВС») as written."""
    return _spoken_forms(word.casefold().replace("ё", "е"))


@cache
def _spoken_forms(word: str) -> tuple[str, ...]:
    verbs = _aspects(word)
    if verbs:  # one pass over each lexeme, by the tag's cached fields (a grammeme lookup is slow)
        found = {word, *(str(v.word) for v in verbs)}
        for verb in verbs:
            for form in verb.lexeme:
                tag = form.tag
                if (tag.mood == "indc" and tag.person in ("1per", "3per")) or (
                    tag.mood == "impr" and tag.involvement == "excl"
                ):
                    found.add(str(form.word))
        return tuple(sorted(form.replace("ё", "е") for form in found))
    # a game's own coinage («обаятор») declines as the dictionary guesses a noun like it would
    guessed = len(word) > 3 and not _morph().word_is_known(word)
    noun = next(
        (
            p
            for p in _morph().parse(word)
            if p.tag.POS in ("NOUN", "ADJF", "PRTF")
            and (p.is_known or guessed)
            and not {"Fixd", "Abbr"} & set(p.tag.grammemes)
        ),
        None,
    )
    if noun is None or len(word) < 3:
        return (word,)
    return tuple(sorted({word, *(str(form.word).replace("ё", "е") for form in noun.lexeme)}))


def known_word(word: str) -> bool:
    """Whether the dictionary holds `word` (its other forms are then its, not guessed)."""
    return bool(_morph().word_is_known(word.casefold().replace("ё", "е")))


def is_infinitive(word: str) -> bool:
    return bool(_aspects(word.casefold().replace("ё", "е")))
