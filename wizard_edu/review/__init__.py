"""Learn from play: look back at a finished round, and keep a learner's record of predictions.

* :func:`review_round` (:mod:`wizard_edu.review.lookback`): for one seat of a finished round, the
  chance of each bid from what the seat saw when it bid, the best bid, the turning point and every
  trick with its winner and why, in words for the ruleset and age.
* :mod:`wizard_edu.review.record`: "My predictions", every finished round of a learner kept in
  ``~/.wizard-edu/predictions.json`` (bounded, written atomically, a damaged file kept aside).
* :func:`summarize` (:mod:`wizard_edu.review.summary`): how good the predictions are (exact ones,
  too high or too low, a calibration table) next to the hard computer player's in the same seats.

This layer sits above the engine, the players and the simulator and below the screens (widgets).
"""

from __future__ import annotations

from .lookback import RoundReview, TrickStep, TurningPoint, bid_time_game, review_round

__all__ = ["review_round", "RoundReview", "TurningPoint", "TrickStep", "bid_time_game"]
