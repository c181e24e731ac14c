"""The slugs that name problems: what a slug may be, and the slug a title makes.

A slug names a problem's table in problems.toml, its solution's module and its files
(``solutions/<slug>.py``, ``dist/<slug>.py``, ``tests/test_<slug>.py``), so it is an identifier:
a lower-case letter, then lower-case letters, digits and '_', ``SLUG_MAX`` at most; not a Python
keyword, nor ``shared`` (``solutions/shared.py`` would hide the helpers' package).
``check_slug`` says in one line which rule a slug breaks. ``shadowed_module`` names the module a
slug's files would be imported in place of (``dist/heapq.py`` for ``import heapq``), which
``new`` refuses and the build notes. ``slug_from`` makes a slug of a problem's title, for
``new``: Cyrillic in Latin letters, accents dropped, a leading number moved to the end.
"""

from __future__ import annotations

import keyword
import re
import unicodedata

from kit.errors import BuildError
from kit.judges.profiles import profile_for
from kit.judges.stdlib import is_stdlib

SLUG_MAX = 64  # characters: it names files (tests/test_<slug>.py), which have a length limit
SLUG_RULE = (
    f"a slug is a lower-case letter, then lower-case letters, digits and '_', {SLUG_MAX} at most"
)
# names a slug may not take: it names the solution's module, which cannot be a keyword, and
# solutions/shared.py would hide the helpers' package from a solution run from its source
RESERVED_RULE = "a slug may not be a Python keyword nor 'shared' (it names the solution's module)"


def is_slug(text: str) -> bool:
    """Whether ``text`` keeps SLUG_RULE (it names the solution's module and files, so it must
    be an identifier)."""
    pattern = r"[a-z][a-z0-9_]*"
    return (
        len(text) <= SLUG_MAX and re.fullmatch(pattern, text) is not None and not is_reserved(text)
    )


def is_reserved(text: str) -> bool:
    return keyword.iskeyword(text) or keyword.issoftkeyword(text) or text == "shared"


def shadowed_module(slug: str, judge: str) -> str | None:
    """What module ``slug`` names, when its files would be imported in that module's place by
    the programs beside them (``python3 dist/other.py``, as ``oj t`` runs a bundle, imports
    ``dist/heapq.py`` for ``import heapq``): a standard module, one the judge installs
    (AtCoder's ``numpy``), or the kit itself (``python -m kit``); else None. Standard: of
    any Python from 3.8 on (``kit.judges.stdlib``), whichever Python runs the kit (3.13's
    lacks ``cgi``, 3.11's ``symbol``, both standard under the judges' 3.8)."""
    if is_stdlib(slug):
        return "a standard module"
    if slug == "kit":
        return "the kit's own module (python -m kit)"
    profile = profile_for(judge)
    installed = profile.modules if profile is not None else None
    if installed is not None and slug in {*installed.cpython, *installed.pypy}:
        return f"a module {profile.name} installs"
    return None


def check_slug(slug: str, where: str, judge: str = "") -> None:
    """Raise a one-line BuildError, starting with ``where``, when ``slug`` breaks SLUG_RULE;
    a name that starts with a digit is suggested after the ``judge`` named with it, as a page's
    title of no letters is slugged (``1900A`` with Codeforces: ``codeforces_1900a``)."""
    if is_reserved(slug):
        raise BuildError(f"{where}: {RESERVED_RULE}")
    if not is_slug(slug):
        raise BuildError(f"{where}: {SLUG_RULE}{_suggestion(slug, judge.lower())}")


def _suggestion(text: str, judge: str = "") -> str:
    """The end of SLUG_RULE's line for a name that breaks it but makes a slug as a title would:
    ``(did you mean 'two_sum'?)`` for "Two-Sum"; "" when it makes none ("2sum" without a
    judge, whose name it would follow)."""
    made = slug_from(text, judge if is_slug(judge) else "")
    return f" (did you mean {made!r}?)" if made and made != text and is_slug(made) else ""


# Russian Cyrillic in Latin letters, as a passport spells it (ICAO 9303's table, the one
# Russian passports use since 2014): "Задача" -> "zadacha"; ъ and ь are dropped
_CYRILLIC = {
    "а": "a", "б": "b", "в": "v", "г": "g", "д": "d", "е": "e", "ё": "e", "ж": "zh", "з": "z",
    "и": "i", "й": "i", "к": "k", "л": "l", "м": "m", "н": "n", "о": "o", "п": "p", "р": "r",
    "с": "s", "т": "t", "у": "u", "ф": "f", "х": "kh", "ц": "ts", "ч": "ch", "ш": "sh",
    "щ": "shch", "ъ": "", "ы": "y", "ь": "", "э": "e", "ю": "iu", "я": "ia", "і": "i", "ї": "i",
    "є": "ie", "ґ": "g", "ў": "u",
}  # fmt: skip
# Latin letters that Unicode does not decompose into a letter and its accents (NFKD would
# drop them: "Straße" was "strae")
_LETTERS = {"ß": "ss", "ẞ": "ss", "æ": "ae", "œ": "oe", "ø": "o", "ł": "l", "đ": "d", "ð": "d"}
_LETTERS |= {"þ": "th", "ı": "i"}
_LOWER = {**_CYRILLIC, **_LETTERS}
_LATIN = str.maketrans(
    {**_LOWER, **{k.upper(): v for k, v in _LOWER.items() if len(k.upper()) == 1 and k != "ı"}}
)


def slug_from(title: str, fallback: str = "") -> str | None:
    """A slug made of a problem's title ("Checker's Check" -> "checkers_check", "Ло" -> "lo"):
    Cyrillic in Latin letters (``_CYRILLIC``), accents and apostrophes dropped, every other run
    of non-alphanumerics one '_', lower case; the title slugged after ``fallback`` when it
    starts with a digit, and without one its leading words that start with a digit moved to
    its end ("2048 Game" -> "game_2048"); ``fallback`` alone when nothing of it is left (a
    title in Chinese, "2048"); None when there is no fallback either."""
    text = unicodedata.normalize("NFKD", title.translate(_LATIN))
    text = text.encode("ascii", "ignore").decode()
    text = re.sub(r"['`]", "", text).lower()
    slug = re.sub(r"[^a-z0-9]+", "_", text).strip("_")
    if slug and not slug[0].isalpha():
        slug = f"{fallback}_{slug}" if fallback else _number_last(slug)
    return slug[:SLUG_MAX].rstrip("_") or fallback or None


def _number_last(slug: str) -> str:
    """``slug``'s leading words that start with a digit after the rest ("" when every word
    does: "2048" names nothing)."""
    words = slug.split("_")
    lead = next((i for i, word in enumerate(words) if word[0].isalpha()), len(words))
    return "_".join(words[lead:] + words[:lead]) if lead < len(words) else ""
