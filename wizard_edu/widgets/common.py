"""Pieces the widgets share: card buttons, status messages, tricks.  Drawing only, no rules; words come
from :mod:`wizard_edu.teach.vocabulary`."""

from __future__ import annotations

import functools
import html
from collections.abc import Callable, Iterable, Sequence
from typing import Any

import ipywidgets as widgets

from ..display.html import CARD_CSS, CARD_HEIGHT, CARD_WIDTH, card_html, cards_html
from ..display.themes import FILL, INK, Theme, get_theme
from ..engine.actions import ActionKind
from ..engine.cards import Card
from ..engine.events import (
    BidChanged,
    BidMade,
    CardPlayed,
    Event,
    GameOver,
    PassChosen,
    RoundFinished,
    TrickFinished,
    TrumpChosen,
)
from ..engine.game import Action, Game, TrickRecord
from ..engine.phases import PhaseName
from ..engine.rules.anniversary import AnniversaryPhase
from ..engine.rules.rulesets import Ruleset, get_ruleset
from ..errors import WizardError, WrongPhaseError
from ..teach.vocabulary import Vocabulary, vocabulary
from .placeholder import STOPPED_CSS, kid_bundle

#: The actions that name the trump (the Anniversary's Werewolf holder names it too).
NAMING_KINDS = (ActionKind.TRUMP, AnniversaryPhase.WEREWOLF)
_KIND_STYLE = {"ok": ("#e7f6ec", "#1b5e20", "\u2714"), "error": ("#fdecea", "#8a1c1c", "\u2716"),
               "info": ("#eef3fb", "#1f3b63", "\u2139"), "hint": ("#fff8e1", "#5d4300", "\u2605")}


def vocab_for(rules: str | Ruleset, theme: str | Theme | Vocabulary | None = None) -> Vocabulary:
    """The words to use: the theme asked for, else Fool Frogs for Junior rules and Classic otherwise."""
    return vocabulary(get_ruleset(rules) if not isinstance(rules, Ruleset) else rules, theme)


def theme_for(rules: str | Ruleset, theme: str | Theme | None = None) -> Theme:
    """The theme to draw with: the one asked for, else Fool Frogs for Junior rules and Classic otherwise."""
    return vocab_for(rules, theme).theme


def card_class(card: Card) -> str:
    """The CSS class naming one card: ``wizard-card-R7``, ``wizard-card-W``, ``wizard-card-J``."""
    return "wizard-card-" + str(card).replace(":", "-")


def card_button(card: Card | str, theme: str | Theme | Vocabulary | None = None,
                on_click: Callable[[Card], Any] | None = None, *, extra_classes: Iterable[str] = (),
                width: str = "auto", rules: str | Ruleset = "classic") -> widgets.Button:
    """A real, focusable button for one card, drawn as :func:`~wizard_edu.display.html.card_html`
    draws it: the face's label over its symbol ("7" over "▲"; US Games "K" over "♠"), its colour,
    at least 48 x 68 CSS pixels; tooltip "red 7 (▲)" / "the king of spades (♠)".

    ``on_click(card)`` is called when it is pressed (by mouse or keyboard).  Words come from the
    :class:`~wizard_edu.teach.vocabulary.Vocabulary` (a theme name makes one for ``rules``).
    """
    card = Card.parse(card)
    vocab = theme if isinstance(theme, Vocabulary) else vocabulary(rules, get_theme(theme))
    fill, ink, _symbol = vocab.card_style(card)
    button = widgets.Button(description=vocab.button_label(card), tooltip=vocab.tooltip(card),
                            layout=widgets.Layout(width=width if width != "auto" else f"{CARD_WIDTH}px",
                                                  min_width=f"{CARD_WIDTH}px", height=f"{CARD_HEIGHT}px"))
    button.style.button_color = fill
    button.style.text_color = ink
    button.style.font_weight = "bold"
    button.style.font_size = "19px"
    if card.colour:
        button.add_class(f"wizard-colour-{card.colour}")
    button.add_class("wizard-card-button")
    button.add_class(card_class(card))
    if card.is_special:
        button.add_class("wizard-special-card")
    for cls in extra_classes:
        button.add_class(cls)
    button.card = card
    if on_click is not None:
        button.on_click(lambda b: on_click(b.card))  # the button's card now (restyle may change it)
    return button


def seed_box(value: int | None = 0, width: str = "13em") -> widgets.Text:
    """A Seed box that shows plain digits (a number box shows big seeds as ``1e+2…``)."""
    # "Shuffle", not "Seed": the word a child meets (the glossary: "Shuffle number (seed)").
    box = widgets.Text(value=str(value if value is not None else 0), description="Shuffle",
                       tooltip="The shuffle number: the same number deals the same game", continuous_update=False,
                       layout=widgets.Layout(width=width), style={"description_width": "4em"})
    box.add_class("wizard-seed")
    return box


def read_seed(box: widgets.Text) -> int:
    """The whole number typed in a Seed box; a clear error for anything else."""
    text = str(box.value).strip().replace(" ", "").replace("_", "")
    if not text.isdigit():
        raise WizardError(f"Type a whole number as the seed, like 7 or 2024, not {str(box.value)!r}.")
    return int(text)


#: Seconds after an accepted click during which another click on the same kind of button is
#: taken as the second half of a double-click and ignored.
DOUBLE_CLICK_SECONDS = 0.4


def restyle_card_button(button: widgets.Button, card: Card, vocab: Vocabulary) -> widgets.Button:
    """Turn an existing card button into ``card``'s (label, tooltip, colours, CSS class).

    Reusing a button is much faster in the browser than closing it and making a new one."""
    old = getattr(button, "card", None)
    if old is not None and old != card:
        button.remove_class(card_class(old))
        button.remove_class("wizard-special-card")
    if old is not None and old.colour:
        button.remove_class(f"wizard-colour-{old.colour}")
    if card.colour:
        button.add_class(f"wizard-colour-{card.colour}")
    fill, ink, _symbol = vocab.card_style(card)
    button.description = vocab.button_label(card)
    button.tooltip = vocab.tooltip(card)
    button.style.button_color = fill
    button.style.text_color = ink
    button.add_class(card_class(card))
    if card.is_special:
        button.add_class("wizard-special-card")
    button.card = card
    return button


def status_message(text: str, kind: str = "info") -> str:
    """HTML for a status line: a coloured box with an icon, so it is not told by colour alone."""
    bg, ink, icon = _KIND_STYLE.get(kind, _KIND_STYLE["info"])
    return (f'<div class="wizard-message wizard-message-{kind}" role="status" '
            f'style="background:{bg};color:{ink};padding:4px 8px;border-radius:4px;margin:2px 0">'
            f'{icon} {html.escape(text)}</div>')


def status_area() -> widgets.HTML:
    """An (initially empty) HTML widget with class ``wizard-status``.

    It also carries the cards' page styles (:data:`~wizard_edu.display.html.CARD_CSS`), so every
    widget with a status area draws its card buttons as cards."""
    area = widgets.HTML(value=CARD_CSS + STOPPED_CSS)
    area.add_class("wizard-status")
    return area


def text_button(label: str, tooltip: str, css: str, on_click: Callable[[], Any] | None = None,
                width: str = "auto") -> widgets.Button:
    """A labelled, focusable button with a tooltip and a CSS class."""
    button = widgets.Button(description=label, tooltip=tooltip, layout=widgets.Layout(width=width))
    button.add_class(css)
    if on_click is not None:
        button.on_click(lambda _b: on_click())
    return button


def seat_to_move(game: Game) -> int:
    """The seat whose turn it is, for the widgets' loops that run only while the game goes on."""
    seat = game.to_move
    if seat is None:
        raise WrongPhaseError("The game is over: nobody has a turn.")
    return seat


def guarded(method: Callable) -> Callable:
    """Wrap a button callback: any error becomes a message in the widget, never a traceback."""

    @functools.wraps(method)
    def wrapper(self, *args, **kwargs):
        try:
            return method(self, *args, **kwargs)
        except WizardError as exc:
            self.say(str(exc), "error")
        except Exception as exc:  # noqa: BLE001 - a child must never see a traceback
            self.say(f"Something went wrong inside the widget ({type(exc).__name__}: {exc}). "
                     "The game is unchanged.", "error")
        return None

    return wrapper


def trump_badge(trump: str | None, theme: Theme) -> str:
    """A small coloured badge naming the trump colour (or "no trump")."""
    if trump is None:
        return ('<span class="wizard-trump-badge" style="padding:2px 6px;border:1px solid #555;'
                'border-radius:4px">no trump</span>')
    return (f'<span class="wizard-trump-badge" style="padding:2px 6px;border-radius:4px;'
            f'background:{FILL[trump]};color:{INK[trump]}">{theme.symbol(trump)} '
            f'trump: {html.escape(theme.colour_names[trump])}</span>')


def chips_html(n: int | None, label: str = "", verb: str = "predicts") -> str:
    """Prediction chips: one round chip per predicted trick, a ring for a prediction of zero.

    ``verb`` is the ruleset's word ("predicts" in Junior, "bids" in Classic: see the vocabulary)."""
    if n is None:
        nothing = "no prediction yet" if verb == "predicts" else "no bid yet"
        return f'<span class="wizard-chips" title="{nothing}">?</span>'
    chip = ('<span style="display:inline-block;width:0.9em;height:0.9em;border-radius:50%;'
            'background:#f2b134;border:1px solid #7a5200;margin-right:1px"></span>')
    ring = ('<span style="display:inline-block;width:0.9em;height:0.9em;border-radius:50%;'
            'border:2px solid #7a5200;margin-right:1px"></span>')
    body = chip * n if n else ring
    return (f'<span class="wizard-chips" title="{verb} {n} trick{"s" if n != 1 else ""}" '
            f'aria-label="{label}{verb} {n}">{body} {n}</span>')


def trick_html(plays: Iterable[tuple[int, Card]], names: tuple[str, ...], theme: Theme,
               winner_seat: int | None = None) -> str:
    """The cards of a trick with who played each; the winner's card is framed."""
    cells = []
    for seat, card in plays:
        mark = "border:3px solid #222;border-radius:8px;" if seat == winner_seat else ""
        cells.append(f'<div style="display:inline-block;text-align:center;margin:2px;padding:2px;{mark}">'
                     f'{card_html(card, theme)}<div style="font-size:0.8em">{html.escape(names[seat])}'
                     f'</div></div>')
    return '<div class="wizard-trick-cards">' + "".join(cells) + "</div>"


def hand_html(hand: Iterable[Card], theme: Theme) -> str:
    """A row of face-up cards."""
    return cards_html(list(hand), theme)


def game_at_round(round_number: int, players: int = 4, rules: str | Ruleset = "junior", seed: int = 0,
                  first_dealer: int | None = None, names: Iterable[str] | None = None, **options: Any) -> Game:
    """A :class:`Game` at the start of round ``round_number`` (1-based).

    Round ``r`` is dealt from the seed alone, so earlier rounds are simply played
    through with the first legal action each time (their result does not matter).
    """
    game = Game(players=players, rules=rules, seed=seed, first_dealer=first_dealer, names=names, **options)
    if not isinstance(round_number, int) or not 1 <= round_number <= len(game.round_sizes):
        raise WizardError(f"With {players} players there are rounds 1 to {len(game.round_sizes)}, "
                          f"not {round_number!r}.")
    while game.round_number < round_number:
        game.apply(game.legal_actions()[0])
    return game


class WidgetBase(widgets.VBox):
    """A VBox with a status area and a short, deterministic text repr.

    Its plain text in a notebook (what shows before a run) is a sentence about :attr:`kid_name`
    (see :mod:`.placeholder`); ``repr()`` is the summary."""

    #: What the widget is, in a child's words, for the sentence in its place before a run.
    kid_name = "The game"

    def __init__(self, css: str, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.add_class("wizard-widget")
        self.add_class(css)
        self.status = status_area()
        self.message = ""
        self.message_kind = "info"

    def say(self, text: str, kind: str = "info") -> None:
        """Show ``text`` in the status area (kinds: info, ok, error, hint)."""
        self.message = text
        self.message_kind = kind
        self.status.value = CARD_CSS + STOPPED_CSS + status_message(text, kind)

    def _summary(self) -> str:  # pragma: no cover - overridden
        return ""

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self._summary()})"

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return kid_bundle(self, self.kid_name, **kwargs)


def replace_children(box: widgets.Box, children: list[widgets.Widget]) -> None:
    """Swap a box's children, closing the old widgets that are not reused (no leaks)."""
    keep = {id(c) for c in children}
    old = list(box.children)
    box.children = tuple(children)
    for child in old:
        if id(child) not in keep:
            child.close()


def apply_recording(game: Game, seat: int, action: Any) -> tuple[Event, ...]:
    """Apply ``action`` for ``seat`` and return what happened: the engine's events.

    (Raises, changing nothing, if the move is refused.)  The events carry everything a widget
    shows: the card played, a finished trick with its winner, rule and reason (also the round's
    last trick, although the game has already dealt the next round), a scored round.
    """
    return game.apply(action, seat)


def finished_trick(events: Iterable[Event]) -> TrickRecord | None:
    """The trick these events finished (as the round kept it), if any."""
    return next((e.record for e in events if isinstance(e, TrickFinished)), None)


def finished_round(events: Iterable[Event]) -> RoundFinished | None:
    """The round these events scored, if any."""
    return next((e for e in events if isinstance(e, RoundFinished)), None)


def winners_sentence(names: Sequence[str], winners: Iterable[int]) -> str:
    """"Game over! The winner is Fox." (all the winners on a tie)."""
    who = [names[s] for s in winners]
    return f"Game over! The winner{'s are' if len(who) > 1 else ' is'} {' and '.join(who)}."


def narrate(events: Iterable[Event], game: Any, learner: int, vocab: Vocabulary,
            action: Any = None, you: int | None = None) -> list[str]:
    """The events of one move as lines of the log, in the vocabulary's words, for ``learner``.

    Only what the learner's view shows is told: a hidden or secret bid of another player is
    "made" but not named until the learner's view shows it (hidden bids: once all are in, when
    the line lists them all); a card another player passes face down is "a card".  ``action`` is
    the move as it was asked for (it tells an unseen Clairvoyance card from a chosen one).
    ``game`` is the game after the move; ``you`` the seat spoken to as "You" ("You play", not
    "You plays"): the table controller says which (``TableController.you``).
    """
    names = game.names
    you_seat = you
    lines: list[str] = []
    for event in events:
        seat = getattr(event, "seat", None)
        you = seat is not None and seat == you_seat
        name = names[seat] if seat is not None else ""
        if isinstance(event, BidMade):
            shown = seat == learner or game.visible_bids(learner)[event.seat] is not None
            if shown:
                lines.append(vocab.move_line(name, you, Action(ActionKind.BID, event.bid)))
            else:
                lines.append(f"{name} {'have' if you else 'has'} made a {vocab.bid_noun}: "
                             f"it stays hidden for now.")
            if game.ruleset.bidding == "hidden" and game.phase != PhaseName.BID:  # the last one: all shown now
                said = ", ".join(f"{names[s]} {b}" for s, b in enumerate(game.visible_bids(learner)))
                lines.append(f"All the {vocab.bid_noun}s are in: {said}.")
        elif isinstance(event, TrumpChosen):
            # The move says which it was (a dealer may also name trump under a turned-up Werewolf).
            kind = action.kind if action is not None and action.kind in NAMING_KINDS else ActionKind.TRUMP
            lines.append(vocab.move_line(name, you, Action(kind, event.trump)))
        elif isinstance(event, CardPlayed):
            unseen = action is not None and action.kind == ActionKind.PLAY and action.value is None
            lines.append(vocab.move_line(name, you, Action(ActionKind.PLAY, None if unseen else event.card), event.card))
        elif isinstance(event, PassChosen):
            lines.append(vocab.move_line(name, you, Action(AnniversaryPhase.PASS, event.card), shown=seat == learner))
        elif isinstance(event, BidChanged):
            lines.append(vocab.move_line(name, you, Action(AnniversaryPhase.CLOUD, event.change)))
        elif isinstance(event, TrickFinished):
            lines.append(vocab.trick_line(event.record, names, learner, you=you_seat))
        elif isinstance(event, RoundFinished):
            lines.append(vocab.round_line(event, learner))
        elif isinstance(event, GameOver):
            lines.append(winners_sentence(names, event.winners))
        # RoundStarted, CardsPassed and WerewolfSwapped: the table itself shows the new deal.
    return lines


def trump_meaning(card: Card | str | None, rules: str | Ruleset = "junior", theme: str | Theme | None = None,
                  dealer: str = "the dealer") -> str:
    """What a turned-up card means for trump, in a sentence (from :func:`trump_from_card`).

    >>> trump_meaning("R5")
    'The turned-up card is red 5: red is trump.'
    >>> trump_meaning("F")
    'A Fool Frog was turned up: there is no trump this round.'
    """
    card = None if card is None else Card.parse(card)
    text = vocab_for(rules, theme).trump_sentence(card, None, dealer)
    return text.replace(f"{dealer} (the dealer)", dealer) if dealer == "the dealer" else text


def trick_reason(trick: Iterable[Card | str] | str, trump: str | None = None, rules: str | Ruleset = "junior",
                 theme: str | Theme | None = None) -> str:
    """Who wins a trick and why, in the theme's words (the engine's :func:`explain_trick` decides).

    >>> trick_reason("F G3 G7 R8")
    'green 7 wins: it is the highest green card, the colour led.'
    """
    from ..engine.rules.core import explain_trick

    return vocab_for(rules, theme).trick_reason(explain_trick(trick, trump, rules))
