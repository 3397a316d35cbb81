"""wizard-edu: learn Wizard Junior, Classic Wizard and the probability behind them.

The public API::

    >>> from wizard_edu import Card, trick_winner, legal_plays, score_round
    >>> str(Card.parse("g13"))
    'G13'
    >>> trick_winner("R3 R9 B2", trump="B")
    2
"""

from .engine.cards import (
    COLOUR_NAMES,
    COLOURS,
    Card,
    Cards,
    anniversary_deck,
    cards,
    classic_deck,
    junior_deck,
    sorted_hand,
)
from .engine.game import Action, Game, RoundRecord, SeatView, TrickRecord
from .engine.rules import (
    DEALER_CHOOSES,
    RULESETS,
    PlayVerdict,
    Ruleset,
    TrickResult,
    allowed_bids,
    check_bid,
    explain_play,
    explain_trick,
    get_ruleset,
    lead_colour,
    legal_plays,
    round_sizes,
    score_round,
    trick_winner,
    trump_from_card,
)
from .engine.scorepad import score_pad
from .errors import (
    BidError,
    CardTextError,
    IllegalPlayError,
    OutOfTurnError,
    PlayerCountError,
    PositionError,
    SaveFileError,
    TrumpError,
    UnknownRulesetError,
    WizardError,
    WrongPhaseError,
)
from .players import RandomPlayer, RuleOfThumbPlayer, make_player, play_game

__version__ = "0.1.0"

__all__ = [
    "COLOURS", "COLOUR_NAMES", "Card", "Cards", "anniversary_deck", "cards", "classic_deck",
    "junior_deck", "sorted_hand",
    "BidError", "CardTextError", "IllegalPlayError", "OutOfTurnError", "PlayerCountError", "PositionError",
    "SaveFileError", "TrumpError", "UnknownRulesetError", "WizardError", "WrongPhaseError",
    "Action", "Game", "RoundRecord", "SeatView", "TrickRecord",
    "RandomPlayer", "RuleOfThumbPlayer", "make_player", "play_game",
    "DEALER_CHOOSES", "RULESETS", "Ruleset", "TrickResult", "allowed_bids", "check_bid",
    "explain_trick", "explain_play", "PlayVerdict", "get_ruleset", "lead_colour", "legal_plays", "round_sizes", "score_round",
    "trick_winner", "trump_from_card", "score_pad", "__version__",
]
