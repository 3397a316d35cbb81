"""Learn from play: look back at a finished round, and keep a learner's record of predictions.

* :func:`review_round` (:mod:`wizard_edu.review.lookback`): for one seat of a finished round, the
  chance of each bid from what the seat saw when it bid, the best bid, the turning point and every
  trick with its winner and why, in words for the ruleset and age.
* :func:`note_round`, :func:`load_predictions` (:mod:`wizard_edu.review.record`): "My predictions",
  every finished round of a learner kept in ``~/.wizard-edu/predictions.json`` (the last 2,000
  rounds, written atomically, a damaged file kept aside with a warning), with the hard computer
  player's line in the same seat.
* :func:`summarize` (:mod:`wizard_edu.review.summary`): how good the predictions are (exact ones,
  too high or too low, a calibration table) next to the hard computer player's in the same seats.

This layer sits above the engine, the players and the simulator and below the screens (widgets).
Its text speaks the kit's own words (card names, "Jester"); a screen passes it through its
vocabulary (``wizard_edu.teach.vocabulary``) for Fool Frogs and card faces, as for a coach's hint.
"""

from __future__ import annotations

from .lookback import RoundReview, TrickStep, TurningPoint, bid_time_game, review_round
from .record import (
    HardRound,
    Predictions,
    PredictionsWarning,
    RoundEntry,
    add_round,
    hard_player_round,
    load_predictions,
    note_round,
    predictions_path,
    read_learners,
    round_entry,
)
from .summary import PredictionSummary, calibration_table, summarize

__all__ = ["review_round", "RoundReview", "TurningPoint", "TrickStep", "bid_time_game",
           "RoundEntry", "HardRound", "Predictions", "PredictionsWarning", "hard_player_round", "round_entry",
           "load_predictions", "add_round", "note_round", "predictions_path", "read_learners",
           "summarize", "PredictionSummary", "calibration_table"]
