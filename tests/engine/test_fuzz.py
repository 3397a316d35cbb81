"""Fuzz the public API: random values of random types; a result or a readable WizardError, every time the same.

Every public function and constructor of ``wizard_edu``, ``wizard_edu.engine.cards``, ``wizard_edu.engine.rules``,
``wizard_edu.simulate.odds``, ``wizard_edu.teach.worksheets`` and ``wizard_edu.teach.exercises`` (their ``__all__``) is called
with values drawn for each of its parameters: None, bools, ints (small, negative, huge), floats
(nan, inf), strings (card-like, rule names, junk), lists, dicts, Card and Ruleset objects.  Each call
must

* return, or raise a :class:`WizardError` (a bare ``TypeError``, ``AttributeError``, ``KeyError``... fails);
* say what went wrong in a sentence (it ends with a full stop or a question mark), never Python's words;
* do the same when called again with equal arguments (the same result, or the same message);
* leave its arguments as they were.

(How long calls take is the benchmarks' business, not a test's.)
"""

from __future__ import annotations

import copy
import importlib
import inspect
import random
import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import wizard_edu
from wizard_edu import Card, WizardError, get_ruleset
from wizard_edu.engine import rules
from wizard_edu.simulate import odds
from wizard_edu.teach import exercises, worksheets

# (wizard_edu.engine.cards is shadowed by the function cards() in the package namespace.)
MODULES = (wizard_edu, importlib.import_module("wizard_edu.engine.cards"), rules, odds, worksheets, exercises)

#: Hardened on other branches (game, players, simulator); the lead adds them here after merging.
NOT_YET = {"Game", "play_game", "make_player", "RandomPlayer", "RuleOfThumbPlayer", "Action", "RoundRecord",
           "SeatView", "TrickRecord"}

CARD_LIKE = ["R3", "r13", "G7", "B1", "Y8", "W", "J", "F", "R14", "R0", "X3", "R3 R3", "W W W W W",
             "R1 R2 R3 R4 R5 R6 R7", "J R3 W", "Juggler:R", "Cloud:B", "Juggler", "Dragon", "Werewolf",
             "Bomb", "Fairy", "", " ", ",", "junior", "classic", "anniversary", "tricks", "legal", "score",
             "odds", "mixed", "trick-winner", "legal-plays", "round-score", "wizard", "wizards", "trumps",
             "colour:R", "above:R:5", "above:R:x", "hand-colour", "canadian", "tournament", "-10", "\u2212",
             "follow", "only-jesters", "jester-lead", "deal", "none", "1/15", "Ada"]
DECK = list(get_ruleset("anniversary").deck()) + [Card("juggler", "R"), Card("cloud", "Y")]
RULESETS = [get_ruleset("junior"), get_ruleset("classic"), get_ruleset("anniversary"),
            get_ruleset("classic", monochrome=True), get_ruleset("classic", schedule="tournament"),
            get_ruleset("classic", bid_rule="canadian", clairvoyance=True)]

scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-3, max_value=25),
    st.integers(min_value=-10**30, max_value=10**30),
    st.floats(allow_nan=True, allow_infinity=True),
    st.sampled_from(CARD_LIKE),
    st.text(max_size=6),
    st.sampled_from(DECK),
    st.sampled_from(RULESETS),
    st.builds(random.Random, st.integers(min_value=0, max_value=9)),
)
values = st.recursive(
    scalars,
    lambda inner: st.one_of(st.lists(inner, max_size=8), st.tuples(inner, inner),
                            st.dictionaries(st.sampled_from(["a", "R3", "rules", "name"]), inner, max_size=3)),
    max_leaves=10,
)
option_names = st.sampled_from(["schedule", "bidding", "bid_rule", "clairvoyance", "monochrome", "colour",
                                "players", "seed", "style", "x"])


def public_callables() -> dict[str, object]:
    """Every public function and class (but the error classes) of the modules, by qualified name."""
    found: dict[str, object] = {}
    for module in MODULES:
        for name in module.__all__:
            obj = getattr(module, name)
            if name in NOT_YET or not callable(obj):
                continue
            if isinstance(obj, type) and issubclass(obj, BaseException):
                continue
            found.setdefault(f"{obj.__module__}.{obj.__qualname__}", obj)
    found["wizard_edu.engine.cards.Card.parse"] = Card.parse
    return found


CALLABLES = public_callables()


@st.composite
def arguments(draw, func) -> tuple[list, dict]:
    """Random values for ``func``'s parameters; optional ones are sometimes left out."""
    args: list = []
    kwargs: dict = {}
    positional_open = True
    params = inspect.signature(func).parameters
    for p in params.values():
        if p.kind is p.VAR_POSITIONAL:
            args += draw(st.lists(values, max_size=2))
            continue
        if p.kind is p.VAR_KEYWORD:  # options by name (never a name the function takes itself)
            kwargs |= draw(st.dictionaries(option_names.filter(lambda k: k not in params), values, max_size=2))
            continue
        if p.default is not p.empty and draw(st.booleans()):
            positional_open = False  # left out: what follows goes by name
            continue
        value = draw(values)
        if p.kind is p.KEYWORD_ONLY or not positional_open:
            kwargs[p.name] = value
        else:
            args.append(value)
    return args, kwargs


def test_the_fuzz_reaches_every_public_module():
    names = set(CALLABLES)
    assert len(names) > 40
    for expected in ("wizard_edu.engine.rules.core.trick_winner", "wizard_edu.simulate.odds.hypergeometric",
                     "wizard_edu.engine.cards.Card", "wizard_edu.engine.rules.rulesets.Ruleset", "wizard_edu.engine.cards.sorted_hand",
                     "wizard_edu.teach.worksheets.make_worksheet", "wizard_edu.teach.exercises.generate",
                     "wizard_edu.engine.scorepad.score_pad"):
        assert expected in names


#: Python's own words, which a teacher should never have to read in a WizardError.
PYTHON_WORDS = ("object is not", "NoneType", "unsupported operand", "not subscriptable", "Traceback",
                "has no attribute", "unhashable")


def outcome(func, args: list, kwargs: dict) -> tuple[str, object]:
    """("result", what came back) or ("error", the WizardError's message), on copies of the arguments
    (a copied object prints at another address: addresses are left out)."""
    try:
        return "result", func(*copy.deepcopy(args), **copy.deepcopy(kwargs))
    except WizardError as exc:
        return "error", re.sub(r" at 0x[0-9a-f]+", "", str(exc))


def same(a: object, b: object) -> bool:
    """Equal results, for the kinds the API returns (tables compare with .equals; objects by their text)."""
    if hasattr(a, "equals"):
        return bool(a.equals(b))
    try:
        if a == b:
            return True
    except (TypeError, ValueError):
        pass
    return re.sub(r" at 0x[0-9a-f]+", "", repr(a)) == re.sub(r" at 0x[0-9a-f]+", "", repr(b))


@pytest.mark.parametrize("name", sorted(CALLABLES))
def test_random_arguments_give_a_result_or_a_readable_wizard_error_every_time(name):
    func = CALLABLES[name]

    @settings(max_examples=25, deadline=None, database=None,
              suppress_health_check=list(HealthCheck))
    @given(arguments(func))
    def call(drawn):
        args, kwargs = drawn
        before = repr((args, kwargs))
        kind, got = outcome(func, args, kwargs)
        assert repr((args, kwargs)) == before, "the call changed its arguments"
        if kind == "error":
            message = str(got).strip()
            assert message.endswith((".", "?")), message
            assert not any(words in message for words in PYTHON_WORDS), message
        again = outcome(func, args, kwargs)
        assert again[0] == kind and same(again[1], got), (name, args, kwargs, got, again[1])

    call()
