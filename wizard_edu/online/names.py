"""Pupils' names at the class tables: as typed, as recognised when a pupil joins again, as the projector shows them."""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable

from .errors import PupilNameError

MAX_NAME = 20
NAME_STYLES = ("full", "first", "initials")


def clean_name(name: object) -> str:
    """A pupil's name as shown: spaces tidied; 1 to :data:`MAX_NAME` characters."""
    text = " ".join(str(name).split()) if isinstance(name, str) else ""
    if not text or len(text) > MAX_NAME or not text.isprintable():
        raise PupilNameError(f"Type your name (1 to {MAX_NAME} letters), then press Join.")
    return text


#: Cyrillic and Greek letters that look like Latin ones, folded before names are compared, so "Мia"
#: (a Cyrillic М) is the same name as "Mia". A short list of the letters a child can type on a phone
#: or tablet keyboard: what matters is that a look-alike name cannot pass for a classmate's.
LOOK_ALIKES = str.maketrans(
    "АВЕЅІЈКМНОРСТХУҮҺӀ" "аеѕіјорсухүһӏԁԛԝкмнтвёї"
    "ΑΒΕΖΗΙΚΜΝΟΡΤΥΧ" "αοριυνκχτ",
    "ABESIJKMHOPCTXYYHI" "aesijopcyxyhldqwkmhtbëï"
    "ABEZHIKMNOPTYX" "aopiuvkxt")


def name_key(name: str) -> str:
    """How a returning pupil is recognised: their name folded (:func:`fold_name`).

    >>> name_key(" mia ") == name_key("MIA") == name_key("Mi\N{CYRILLIC SMALL LETTER A}") == name_key("Mia\u00a0")
    True
    """
    return "name:" + fold_name(name)


def fold_name(name: str) -> str:
    """A name as it is compared: Unicode NFKC, look-alike letters folded, no case, no spaces."""
    text = unicodedata.normalize("NFKC", name).translate(LOOK_ALIKES)
    return "".join(unicodedata.normalize("NFKC", text.casefold()).split())


def distinct_names(names: list[str]) -> list[str]:
    """The seats' names with repeats numbered ("Free seat", "Free seat 2"): a game's players need names of their own."""
    seen: dict[str, int] = {}
    out = []
    for name in names:
        key = name.strip().casefold()
        seen[key] = seen.get(key, 0) + 1
        out.append(name if seen[key] == 1 else f"{name} {seen[key]}")
    return out


def _initials(name: str, letters: int = 1) -> str:
    """Each word's first ``letters`` letters, each with a full stop: "Mia Lee", 2 -> "M.i. L.e."."""
    return " ".join("".join(ch + "." for ch in word[0].upper() + word[1:letters].lower()) for word in name.split())


def shown_names(names: Iterable[str], style: str) -> dict[str, str]:
    """Each name as the projector shows it (:func:`shown_name`); initials two pupils would share are
    lengthened, for those pupils only, until they differ.

    >>> shown_names(["Mia", "Max", "Ben"], "initials")
    {'Mia': 'M.i.', 'Max': 'M.a.', 'Ben': 'B.'}
    """
    names = list(dict.fromkeys(names))
    out = {name: shown_name(name, style) for name in names}
    if style != "initials":
        return out
    groups: dict[str, list[str]] = {}
    for name in names:
        if not name.startswith("Computer "):
            groups.setdefault(out[name].casefold(), []).append(name)
    for group in groups.values():
        if len(group) < 2:
            continue
        longest = max(len(word) for name in group for word in name.split())
        for letters in range(2, longest + 1):
            tried = {name: _initials(name, letters) for name in group}
            if len({text.casefold() for text in tried.values()}) == len(group):
                break
        out.update(tried)
    return out


def shown_name(name: str, style: str) -> str:
    """A name as the projector shows it: ``full``, ``first`` (first word) or ``initials``.

    >>> shown_name("Ann Lee", "first"), shown_name("Ann Lee", "initials"), shown_name("Computer 2", "initials")
    ('Ann', 'A. L.', 'Computer 2')
    """
    if style == "first" or name.startswith("Computer "):
        return name if name.startswith("Computer ") else name.split()[0]
    if style == "initials":
        return _initials(name)
    return name



__all__ = ["MAX_NAME", "NAME_STYLES", "LOOK_ALIKES", "clean_name", "name_key", "fold_name", "shown_name",
           "shown_names", "distinct_names"]
