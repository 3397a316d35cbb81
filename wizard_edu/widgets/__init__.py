"""ipywidgets user interfaces for wizard-edu.  No rules live here.

Every widget reads the engine (:class:`wizard_edu.Game`, :func:`wizard_edu.explain_trick`,
:func:`wizard_edu.legal_plays`, ...) and sends it actions.  Each widget is an
``ipywidgets.VBox`` subclass: show it by leaving it as the last line of a cell.
Its buttons call a plain Python API, which is also what tests and notebooks can
call without a browser.  A refused action never raises from a button: the
engine's message is shown in the widget's status area and nothing changes.
The Python methods return ``True``/``False`` (accepted or refused) and leave the
message in ``.message``.

Quick reference (all arguments are keyword-friendly; ``seed`` makes everything repeatable)::

    from wizard_edu.widgets import TableWidget, TrickTrainer, LegalPlayTrainer, DealWidget, PredictionWidget

    table = TableWidget(rules="junior", players=4, seat=0, opponents=None, seed=1,
                        theme=None, names=None, first_dealer=None, **ruleset_options)
        rules      "junior" | "classic" | "anniversary" | a Ruleset; extra keyword options go to
                   get_ruleset (e.g. bid_rule="canadian", bidding="hidden").
        players    3-6 (everyone, including the learner).
        seat       the learner's seat (0-based).
        opponents  players-1 computer players: names ("rule-of-thumb", "random", any key of
                   wizard_edu.players.table.PLAYER_TYPES) or objects with .act(view) -> Action.
                   Default: rule-of-thumb players.  Each is seeded from seed and its seat.
        theme      "junior" | "classic" | "us" | "amigo" (default: "junior" for Junior rules, else "classic").
        names      all players' names (default: "You" for the learner, animal names for the others).
        first_dealer  the seat that deals round 1 (default: the last seat, so seat 0, Player 1, sits on the
                   dealer's left, bids first and leads).
      table.game                 the wizard_edu.Game (read it, don't change it behind the widget's back)
      table.bid(n)               the learner predicts n tricks            -> bool
      table.play("R7")           the learner plays a card (text or Card)  -> bool
      table.choose_trump("R")    the learner, as dealer, names trump after a Wizard turned up -> bool
      table.act(action)          any wizard_edu.Action for the learner     -> bool
      table.hint()               a hint for the learner (wizard_edu.players.coach.hint if available,
                                 else the rule-of-thumb player's choice)   -> str
      table.new_game(seed=None)  start again (same players; a new seed if given)
      table.save_json() -> str   the game in progress as JSON (Game.to_json plus the table's settings)
      table.load_json(text)      resume a saved game; a broken or foreign file -> False + message, nothing lost
      table.score_pad()          the pandas DataFrame score pad
      table.show_score_pad()     show it inside the widget (HTML); table.chart() -> a Chart of running
                                 totals (shows as a PNG picture; .figure is the matplotlib Figure);
                                 table.show_chart() draws it into the widget (PNG); New game clears it
      table.simple()             hide Seed, Save and Load (what a kid-mode app shows)
      table.vocab                the wizard_edu.teach.vocabulary.Vocabulary: every word the table shows
      table.message              the last status message (plain text); table.events: list of plain-text
                                 lines of what happened ("Owl bids 1.", "Fox wins the trick: ...")
      table.last_trick           the last finished TrickRecord (kept across the end of a round)
      table.view                 the learner's SeatView
      table.last_hint            the Action the last hint suggested (its card button gets ``wizard-hinted``)
      Every phase of the engine has buttons: trump colours, predictions, cards (a click plays the card; in
      the Anniversary "pass" phase it passes it); a Juggler/Cloud click asks for its colour; Werewolf,
      Cloud and Clairvoyance's unseen card get action buttons (``wizard-action-button``).  Cards the
      learner may play carry ``wizard-legal``, the others ``wizard-not-legal`` (still clickable: the
      engine's reason is shown).  Computer players act inside the same callback until it is the
      learner's turn again (typically well under 10 ms per click without the coach); a Simulator
      first shows "Owl is thinking…".  The second click of a double-click on the same button, and
      a click on a card already played, are ignored (no error over a move that worked).

    trainer = TrickTrainer(rules="junior", level=1, seed=0, players=4, theme=None, auto_level=True)
        levels: trainer.levels (names).  Junior: "follow", "trump", "wizards-and-frogs", "anything".
        Classic adds "jester-lead", "wizard-lead", "jester-then-wizard", "only-jesters".
        level is a 1-based number or a level name.
      trainer.trick, trainer.trump, trainer.result (TrickResult), trainer.players
      trainer.answer(i)          i = 0-based position in play order of the card you think wins -> bool (right?)
      trainer.next()             a new trick;  trainer.set_level(level)
      trainer.streak, trainer.best_streak, trainer.right, trainer.asked, trainer.feedback (text)
      With auto_level, 5 right in a row moves to the next level.

    legal = LegalPlayTrainer(rules="junior", seed=0, players=4, theme=None, hand_size=5)
      legal.hand, legal.trick, legal.trump, legal.legal (the engine's legal_plays)
      legal.toggle("R3")         select/unselect a card you think may be played
      legal.check()              compare your selection with the engine  -> bool
      legal.reveal()             mark every card and say why (check_play's messages) -> dict card text -> reason
      legal.why("G9")            one card's reason;  legal.next() a new hand and trick

    deal = DealWidget(players=4, round=1, seed=0, rules="junior", theme=None)
      deal.deal(players=None, round=None, seed=None)   deal again (seed None keeps the seed; new_seed() = next)
      deal.game, deal.hands, deal.trump_card, deal.trump (colour, None or DEALER_CHOOSES), deal.dealer,
      deal.leader, deal.summary() -> str

    predict = PredictionWidget(round=3, players=4, seed=0, rules="junior", seat=0, theme=None)
      predict.predict(n)         your prediction; then the round is played out -> bool
      predict.result             the RoundRecord once scored; predict.new_hand(seed=None)

    q = Question("How many cards?", answer=lambda: len(junior_deck()))   checked question: see
      wizard_edu/widgets/question.py (q.answer_with("36") -> feedback, q.correct, q.tries, ...)
    ProgressPanel()            "Where am I?": the learner's progress (wizard_edu.teach.progress)

Words: every label, tooltip, log line and message goes through one
:class:`wizard_edu.teach.vocabulary.Vocabulary` for the ruleset and the card faces (``theme``): Junior
predicts and has Fool Frogs, Classic bids; the US Games faces print 2-10, J, Q, K, A (buttons read
"▲ 8" for the kit's R7); AMIGO names the colours People, Elves, Dwarves and Giants.

Kid mode: ``from wizard_edu.widgets.kidapp import kid_app; kid_app(widget)`` frames one widget as an
app (big cards, "Back to all games" links, grown-up controls hidden); see notebooks/apps/.

Small helpers for notebooks::

    trump_meaning("R5", rules="junior")      -> "The turned-up card is red 5: red is trump."
    trick_reason("F G3 G7 R8", trump=None)    -> "green 7 wins: it is the highest green card, the colour led."
    TableWidget(..., autosave="name")         -> a table that saves itself in the learner's folder
    running_totals_chart(game)                -> a Chart (PNG picture) of running totals (any Game)
    card_button(card, theme, on_click)        -> a styled, focusable ipywidgets.Button for one card
    status_message(text, kind)                -> HTML for a status line (kind: info, ok, error, hint)

CSS classes for tests and styling: every widget root has ``wizard-widget`` plus its own
(``wizard-table``, ``wizard-trick-trainer``, ``wizard-legal-trainer``, ``wizard-deal``,
``wizard-predict``); card buttons ``wizard-card-button`` and ``wizard-card-R7`` (``wizard-card-W``,
``wizard-card-J``), legal ones also ``wizard-legal``; ``wizard-bid-button`` (+ ``wizard-bid-2``),
``wizard-trump-button`` (+ ``wizard-trump-R``), ``wizard-status``, ``wizard-trainer-feedback``,
``wizard-trainer-card``, ``wizard-next-button``, ``wizard-streak``, ``wizard-trick``, ``wizard-log``,
``wizard-new-game``, ``wizard-hint-button``, ``wizard-scorepad``, ``wizard-save-button``,
``wizard-load-button``, ``wizard-save-text``, ``wizard-upload``, ``wizard-round-over``,
``wizard-game-over``, ``wizard-header``, ``wizard-players`` (chips: ``wizard-chips``), ``wizard-prompt``,
``wizard-hand-buttons``, ``wizard-actions``, ``wizard-action-button`` (+ ``wizard-werewolf-R``/``-none``,
``wizard-cloud-button``, ``wizard-named-R``, ``wizard-unseen-card-button``), ``wizard-position-2``
(trainer card by place in the trick), ``wizard-check-button``, ``wizard-reveal-button``,
``wizard-selected``, ``wizard-marked-legal``/``wizard-marked-illegal``, ``wizard-level``,
``wizard-deal-button``, ``wizard-round-tiles``, ``wizard-players-choice``, ``wizard-seed``,
``wizard-special-card`` (an Anniversary special), ``wizard-thinking`` (a computer is thinking),
``wizard-pad-paper`` (the score pad), ``wizard-chart``, ``wizard-kid-app`` and ``wizard-kid-back``
(kid-mode apps).  The table (``docs/table.md``): ``wizard-felt`` (the drawn table, inside the widget
with ``wizard-players`` and ``wizard-trick``), ``wizard-seat`` (+ ``wizard-seat-2``, ``wizard-seat-turn``,
``wizard-seat-you``), ``wizard-played`` (a trick's card in front of its player, ``data-seat``) and
``wizard-winner`` (the winning one), ``wizard-last-trick`` (the trick's reason), ``wizard-seat-last``
(the last trick on its winner's pile), ``wizard-round-tile`` (+ ``wizard-right``/``wizard-wrong``),
``wizard-bid-keys`` (the words "or press a number key"), ``wizard-number-keys`` (the number keys' listener), ``wizard-resume`` (the offer to go on with a saved game).
Looking back (``widgets/lookback.py``; at a class table ``widgets/class_lookback.py``, the same classes): ``wizard-lookback-button``, ``wizard-predictions-button``,
``wizard-lookback-status`` (the friendly line, "ready"), ``wizard-lookback`` (what they show), with
``wizard-bid-chances`` (the chance of each bid) and ``wizard-calibration`` (the calibration picture).
Drawn cards are ``wizard-card`` with ``data-card="R7"``.

Browser tests: ``tests/browser/conftest.py`` gives the ``lab``, ``browser``, ``page`` and
``run_notebook`` fixtures; ``tests/browser/browser_helpers.py`` has ``open_and_run_all``, ``widget``,
``menu`` and ``shutdown_kernels``.
"""

from importlib import import_module
from typing import Any

# Each widget is imported when first used, so an app that shows one widget does not load the
# others (and their numpy, pandas, matplotlib): a kid-mode app opens faster.
_WHERE = {"TableWidget": "table", "running_totals_chart": "table", "TrickTrainer": "trainer",
          "LegalPlayTrainer": "trainer", "DealWidget": "deal", "PredictionWidget": "predict",
          "WinProbabilityExplorer": "explorer", "LawOfLargeNumbers": "prob_lln", "RoundOneHeatMap": "prob_heatmap",
          "card_button": "common", "status_message": "common", "trick_reason": "common",
          "trump_meaning": "common", "Question": "question", "ProgressPanel": "question",
          "my_predictions": "lookback", "LookBackPanel": "lookback"}

__all__ = ["TableWidget", "TrickTrainer", "LegalPlayTrainer", "DealWidget", "PredictionWidget",
           "card_button", "status_message", "trick_reason", "trump_meaning", "running_totals_chart",
           "WinProbabilityExplorer", "LawOfLargeNumbers", "RoundOneHeatMap", "Question", "ProgressPanel",
           "my_predictions", "LookBackPanel"]


def __getattr__(name: str) -> Any:
    if name in _WHERE:
        value = getattr(import_module(f".{_WHERE[name]}", __name__), name)
        globals()[name] = value
        return value
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted([*globals(), *__all__])
