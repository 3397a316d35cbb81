"""One vocabulary: the single place that turns the kit's words into the words a learner sees.

The engine, the rules and the coach speak the kit's language: card text (``R7``, ``B13``, ``W``,
``J``), colour words (red, green, blue, yellow), "Jester" and "bid".  A card game at a real table
has its own words, which depend on two things:

* the **ruleset**: Wizard Junior *predicts* tricks and has *Fool Frogs*; Classic Wizard *bids*;
* the **face theme** (the printing): the US Games cards are a playing deck with suits and ranks
  2-10, J, Q, K, A (so the kit's ``R13`` is the ace of hearts, ``B12`` the king of spades); the AMIGO cards call the colours People (blue), Elves (green),
  Dwarves (red) and Giants (yellow); the Anniversary special cards have their own pictures.

A :class:`Vocabulary` does both, once.  Widgets build their own sentences from its methods
(:meth:`Vocabulary.card_name`, :meth:`Vocabulary.move_line`, ...), and pass every sentence that
comes from elsewhere (an engine error, a trick's reason, a coach's hint) through
:meth:`Vocabulary.text` exactly once, so nothing is translated twice and nothing is missed.

Events: today the table learns what happened from the engine's records (an action, the trick it
finished, the round it scored); :meth:`Vocabulary.move_line`, :meth:`Vocabulary.trick_line` and
:meth:`Vocabulary.round_line` are the only places that put those into words, so switching the
table to the engine's events changes this module and nothing else.

>>> us = Vocabulary("classic", "us")
>>> us.text("You must follow red: you hold R13.")
'You must follow hearts: you hold the ace of hearts.'
>>> us.button_label(Card.parse("G7"))
'8\\n♣'
>>> Vocabulary("junior").text("You cannot bid now: players are bidding.")
'You cannot predict now: players are predicting.'
>>> Vocabulary("classic", "amigo").card_name(Card.parse("R7"))
'Dwarves 7'
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from ..display.html import SPECIAL_STYLE, card_face
from ..display.themes import Theme, get_theme
from ..engine.actions import ActionKind
from ..engine.cards import COLOUR_NAMES, Card
from ..engine.phases import PhaseText
from ..engine.rules.core import DEALER_CHOOSES, trump_from_card
from ..engine.rules.rulesets import Ruleset, get_ruleset

#: Which rule decided a trick, as a short name (the trick's reason already says why).
RULE_NUMBERS = {"first-wizard": "rule 1: the first Wizard", "highest-trump": "rule 2: the highest trump",
                "highest-led": "rule 3: the colour led", "first-jester": "only Jesters"}

#: The name the kit's own tables give the learner (the other seats have animal names).  A sentence
#: about "You" takes the plain verb: "You deal", "You win" (see :meth:`Vocabulary.says`).
YOU = "You"

_COLOUR_LETTER = {name: letter for letter, name in COLOUR_NAMES.items()}

# One regular expression finds every kit word a learner might need in other words; each match
# is replaced once (re.sub never looks at its own replacements), so nothing is translated twice.
_KIT_WORDS = re.compile(
    r"(?P<card>\b[RGBY](?:1[0-3]|[1-9])\b(?!:))"             # card text: R7, B13
    r"|(?P<named>\b(?:red|green|blue|yellow) (?:1[0-3]|[1-9])\b)"  # a card by name: red 12
    r"|(?P<colour>\b(?:red|green|blue|yellow)\b)"             # a colour word
    r"|(?P<jester>\bJesters?\b)"                              # the Jester
    r"|(?P<lone>(?<![\w:])[WJF](?![\w:]))"                   # W, J, F on their own
    r"|(?P<bid>\b(?:[Bb]idding|[Bb]idders?|[Bb]ids|[Bb]id)\b)"  # bid words
)
_SUIT_CARD = re.compile(r"\b(heart|club|spade|diamond)s card\b")
_COLOUR_WORD = re.compile(r"\bcolour(s?)\b")
_DOUBLE_THE = re.compile(r"\b([Tt]he) the\b")
_NOUN_BEFORE = re.compile(r"(?:\b(?:a|the|your|their|his|her|its|this|that|each|every|one|my|our)\s+)$",
                          re.IGNORECASE)


class Vocabulary:
    """The words for one ruleset and one face theme.  See the module docstring."""

    def __init__(self, rules: str | Ruleset = "classic", theme: str | Theme | None = None) -> None:
        self.ruleset = get_ruleset(rules) if not isinstance(rules, Ruleset) else rules
        self.junior = self.ruleset.scoring == "junior"
        if theme is None:
            theme = "junior" if self.ruleset.name == "junior" else "classic"
        self.theme = get_theme(theme)
        # The kit's card text is what the Classic and Junior faces print; other faces need names.
        self.kit_faces = not self.theme.rank_labels and self.theme.colour_names == COLOUR_NAMES

    # -- single words ------------------------------------------------------------------
    @property
    def bid_verb(self) -> str:
        """"predict" (Junior) or "bid" (Classic)."""
        return "predict" if self.junior else "bid"

    @property
    def bid_noun(self) -> str:
        """"prediction" (Junior) or "bid" (Classic)."""
        return "prediction" if self.junior else "bid"

    @property
    def bid_heading(self) -> str:
        """A table heading: "Predicted" (Junior) or "Bid" (Classic)."""
        return "Predicted" if self.junior else "Bid"

    def verb(self, word: str, you: bool) -> str:
        """``word`` for "You" or for a player by name ("predicts", "passes")."""
        if you:
            return word
        return word + ("es" if word.endswith(("ss", "sh", "ch")) else "s")

    @staticmethod
    def is_you(name: str) -> bool:
        """True for the learner's own name at the kit's tables ("You"), which takes the plain verb."""
        return name == YOU

    def says(self, name: str, word: str, you: bool | None = None) -> str:
        """A player's name and a verb that agrees with it.  ``you``: the table says whether this is
        the seat it speaks to as "You" (``TableController.you``); left out, the name tells.

        >>> v = Vocabulary("classic")
        >>> v.says("You", "deal"), v.says("Owl", "deal"), v.says("You", "win"), v.says("Fox", "pass")
        ('You deal', 'Owl deals', 'You win', 'Fox passes')
        """
        return f"{name} {self.verb(word, self.is_you(name) if you is None else you)}"

    def colour(self, colour: str | None) -> str:
        """A colour's name in this theme ("red", "Dwarves"); "no trump" for ``None``."""
        return "no trump" if colour is None else self.theme.colour_names[colour]

    @property
    def jester(self) -> str:
        return self.theme.jester

    @property
    def card_help(self) -> str:
        """How to type a card, for these rules: Junior cards go from 1 to 8 and have Fool Frogs (F)."""
        if self.junior:
            return ("Write a colour letter (R, G, B, Y) and a number from 1 to 8, like R7, "
                    "or W for a Wizard, F for a Fool Frog.")
        return ("Write a colour letter (R, G, B, Y) and a number from 1 to 13, like R7 or G13, "
                "or W for a Wizard, J for a Jester.")

    def card_error(self, error: Exception) -> str:
        """A card that could not be read (:class:`~wizard_edu.errors.CardTextError`), said for these rules.

        >>> Vocabulary("junior").card_error(ValueError("'R14' is not a card: number cards go from 1 to 13."))
        "'R14' is not a card. Write a colour letter (R, G, B, Y) and a number from 1 to 8, like R7, or W for a Wizard, F for a Fool Frog."
        """
        match = re.match(r"(.*? is not a card)", str(error))
        return f"{match.group(1) if match else 'That is not a card'}. {self.card_help}"

    # -- cards -----------------------------------------------------------------------
    def face(self, card: Card) -> str:
        """What the card face prints: "7", "A" (US Games), "W", "F" (Fool Frog), "Dragon"."""
        return self.theme.card_label(card)

    def card_name(self, card: Card | str) -> str:
        """The card's name in words: "red 7", "red A", "Dwarves 7", "Fool Frog", "Juggler (blue)"."""
        return self.theme.card_name(Card.parse(card))

    def card_text(self, card: Card | str) -> str:
        """The short text a learner reads for a card: the kit's text where the faces print it
        ("R7", "F"), else the card's name ("red A")."""
        card = Card.parse(card)
        if self.kit_faces and card.is_number:
            return str(card)
        if card.is_jester:
            return self.face(card) if self.kit_faces else self.jester
        if card.is_wizard:
            return "W" if self.kit_faces else self.theme.wizard
        return self.card_name(card)

    def button_label(self, card: Card | str) -> str:
        """The label on a card button: what the drawn card shows, the face's label over its
        symbol ("7\\n▲", "K\\n♠" under US Games, "F\\n☺"): hand, trick and questions look alike."""
        label, symbol, _fill, _ink = card_face(Card.parse(card), self.theme)
        return f"{label}\n{symbol}"

    def card_style(self, card: Card) -> tuple[str, str, str]:
        """(fill, ink, symbol) for a card: its colour's, or its own for a Wizard, Jester or special."""
        _label, symbol, fill, ink = card_face(card, self.theme)
        return fill, ink, symbol

    def tooltip(self, card: Card | str) -> str:
        """A card button's tooltip: its name and symbol, "green 8 (♣)"."""
        card = Card.parse(card)
        return f"{self.card_name(card)} ({self.card_style(card)[2]})"

    def cards(self, cards: Sequence[Card | str]) -> str:
        """Several cards in words, joined by commas."""
        return ", ".join(self.card_text(c) for c in cards)

    # -- sentences from elsewhere ------------------------------------------------------
    def text(self, message: str) -> str:
        """Translate a sentence in the kit's words (an engine message, a reason, a hint) once."""
        said = _KIT_WORDS.sub(lambda m: self._word(m, message), str(message))
        if self.theme.suits:  # a playing deck has suits: "the highest spade, the suit led"
            said = _SUIT_CARD.sub(lambda m: m.group(1), said)
            said = _COLOUR_WORD.sub(lambda m: "suit" + m.group(1), said)
        # "the blue 12" becomes "the the king of spades" under the US faces: one "the" is enough.
        return _DOUBLE_THE.sub(r"\1", said)

    def _word(self, m: re.Match, whole: str) -> str:
        kind, word = m.lastgroup, m.group()
        if kind == "card":
            # Junior sentences name the card as a child says it ("yellow 4"), not by its code.
            return word if self.kit_faces and not self.junior else self.card_name(Card.parse(word))
        if kind == "named":
            colour, rank = word.split(" ")
            return self.card_name(Card.parse(_COLOUR_LETTER[colour] + rank))
        if kind == "colour":
            return self.theme.colour_names[_COLOUR_LETTER[word]]
        if kind == "jester":
            return self.jester + ("s" if word.endswith("s") else "")
        if kind == "lone":
            return self.card_text(Card.parse(word))
        if kind == "bid" and self.junior:
            low = word.lower()
            if low == "bidding":
                new = "predicting"
            elif low in ("bidder", "bidders"):
                new = "player" + low[6:]
            elif low == "bids":
                new = "predictions"
            else:
                new = "prediction" if _NOUN_BEFORE.search(whole[:m.start()]) else "predict"
            return new.capitalize() if word[0].isupper() else new
        return word

    # -- sentences of the table --------------------------------------------------------------
    def trump_sentence(self, trump_card: Card | None, trump: str | None, dealer_name: str,
                       you: bool | None = None) -> str:
        """What the turned-up card means, in words (the meaning comes from :func:`trump_from_card`);
        ``you``: the dealer is the seat the table speaks to as "You" (left out, the name tells)."""
        if trump_card is None:
            return "No card is left to turn up, so there is no trump this round."
        meaning = trump_from_card(trump_card, self.ruleset)
        name = self.card_name(trump_card)
        if meaning == DEALER_CHOOSES:
            if trump is None:
                chooses = self.verb("choose", self.is_you(dealer_name) if you is None else you)
                return f"A {name} was turned up: {dealer_name} (the dealer) {chooses} the trump colour."
            return f"A {name} was turned up, so {dealer_name} (the dealer) chose {self.colour(trump)} as trump."
        if meaning is None:
            return f"A {name} was turned up: there is no trump this round."
        return f"The turned-up card is {name}: {self.colour(meaning)} {self._is(meaning)} trump."

    def _is(self, colour: str | None) -> str:
        """"is" or "are": "red is trump", "spades are trump", "Dwarves are trump"."""
        return "are" if self.colour(colour).endswith("s") else "is"

    def rule_name(self, rule: str) -> str:
        """Which rule decided a trick, short ("rule 2: the highest trump")."""
        return self.text(RULE_NUMBERS.get(rule, rule))

    def action(self, action: Any) -> str:
        """An action in words: "predict 2", "play red 7", "choose green as trump"."""
        if action.kind == ActionKind.BID:
            return f"{self.bid_verb} {action.value}"
        if action.kind == ActionKind.PLAY:
            if action.value is None:
                return "play the card you cannot see"
            return f"play {self.card_name(action.value)}"
        if action.kind == ActionKind.TRUMP:
            return "choose no trump" if action.value is None else f"choose {self.colour(action.value)} as trump"
        text = self._variant_text(action.kind)
        if text is not None and text.action_words is not None:
            return text.action_words(self, action.value)
        return self.text(str(action))

    def _variant_text(self, kind: str) -> PhaseText | None:
        """The words of the ruleset's own step that takes actions of ``kind`` (None for none)."""
        for phase in self.ruleset.hooks.phases.values():
            if phase.action == kind:
                return phase.text
        return None

    def move_line(self, name: str, you: bool, action: Any, card: Card | None = None,
                  shown: bool = True) -> str:
        """One line of the log for a move: "Owl predicts 1.", "You play green 8.".

        ``card`` is the card really played (also when it was unseen); ``shown`` is False for a
        card passed face down to someone else.
        """
        kind, value = action.kind, action.value
        if kind == ActionKind.BID:
            return f"{name} {self.verb(self.bid_verb, you)} {value}."
        if kind == ActionKind.TRUMP:
            what = "no trump" if value is None else f"{self.colour(value)} as trump"
            return f"{name} {self.verb('choose', you)} {what}."
        if kind == ActionKind.PLAY:
            what = self.card_name(card if card is not None else value)
            if value is None:
                what = f"the card {'you' if you else 'they'} could not see: {what}"
            return f"{name} {self.verb('play', you)} {what}."
        text = self._variant_text(kind)
        if text is not None and text.move_words is not None:
            return text.move_words(self, name, you, value, shown)
        return f"{name}: {self.text(str(action))}."

    def trick_reason(self, result: Any) -> str:
        """A finished trick's reason (from :func:`~wizard_edu.engine.rules.core.explain_trick`) in these words."""
        return self.text(result.reason)

    def trick_line(self, trick: Any, names: Sequence[str], learner: int | None = None,
                   you: int | None = -1) -> str:
        """"Fox wins the trick. red A wins: ..." for a finished trick record; ``you``: the seat the
        table speaks to as "You" ("You win the trick"; left out, the learner's name tells)."""
        reason = self.trick_reason(trick.result)
        reason = reason[:1].upper() + reason[1:]  # a new sentence: "The ace of spades wins: ..."
        if trick.winner_seat is None:
            return reason
        winner = names[trick.winner_seat]
        if you == -1:  # not told: the learner's name says
            spoken = trick.winner_seat == learner and self.is_you(winner)
        else:
            spoken = trick.winner_seat == you
        return f"{winner} {self.verb('win', spoken)} the trick. {reason}"

    def round_line(self, record: Any, seat: int) -> str:
        """"Round 3 is over: you predicted 1 and won 1 trick, so you score 1 point."""
        pts, won = record.points[seat], record.won[seat]
        said = "predicted" if self.junior else "bid"
        return (f"Round {record.number} is over: you {said} {record.bids[seat]} and won {won} "
                f"trick{'s' if won != 1 else ''}, so you score {pts} point{'s' if pts not in (1, -1) else ''}.")

    def score_pad(self, pad: Any) -> Any:
        """The score pad with this ruleset's column names (Junior: "predicted" instead of "bid")."""
        if not self.junior:
            return pad
        return pad.rename(columns={"bid": "predicted"}, level=1)


def vocabulary(rules: str | Ruleset = "classic", theme: str | Theme | Vocabulary | None = None) -> Vocabulary:
    """The vocabulary for ``rules`` and ``theme`` (a Vocabulary passes through)."""
    if isinstance(theme, Vocabulary):
        return theme
    return Vocabulary(rules, theme)


__all__ = ["Vocabulary", "vocabulary", "SPECIAL_STYLE", "RULE_NUMBERS"]
