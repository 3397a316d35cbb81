"""Two trainers: "Who wins the trick?" (:class:`TrickTrainer`) and "Which cards may I play?"
(:class:`LegalPlayTrainer`).

Tricks are made the way a real game makes them: hands are dealt from the
ruleset's deck and each player puts down a card the engine's
:func:`~wizard_edu.legal_plays` allows.  The answer and its reason come from
:func:`~wizard_edu.explain_trick` and :func:`~wizard_edu.engine.rules.core.check_play`.
"""

from __future__ import annotations

import html
import random
from collections.abc import Iterable
from typing import Any

import ipywidgets as widgets

from ..engine.cards import COLOURS, Card
from ..engine.rules.rulesets import Ruleset, get_ruleset
from ..errors import WizardError
from ..teach import progress
from ..teach.exercises import (  # noqa: F401 (LEVELS and the level names: the trainers' public names)
    CLASSIC_LEVELS,
    JUNIOR_LEVELS,
    LEVELS,
    Level,
    dealt_hand,
    dealt_trick,
    play_reason,
)
from .common import (
    WidgetBase,
    card_button,
    guarded,
    replace_children,
    restyle_card_button,
    status_message,
    text_button,
    trick_html,
    trump_badge,
    vocab_for,
)

ORDINALS = ("1st", "2nd", "3rd", "4th", "5th", "6th")

#: The rule that decided a trick, in words a child can remember.
RULE_TITLES = {
    "first-wizard": "Rule 1: the first Wizard wins",
    "highest-trump": "Rule 2: no Wizard, so the highest trump wins",
    "highest-led": "Rule 3: no Wizard and no trump, so the highest card of the colour led wins",
    "first-jester": "Only Jesters were played, so the first one wins",
}

STYLE = """<style>
.wizard-widget .wizard-selected { outline: 4px solid #1a73e8; outline-offset: 2px; }
.wizard-widget .wizard-marked-legal { outline: 3px solid #1b5e20; outline-offset: 2px; }
.wizard-widget .wizard-marked-illegal { opacity: 0.55; }
.wizard-widget .wizard-card-button:focus, .wizard-widget .widget-button:focus { outline: 3px solid #1a73e8; }
</style>"""


#: Right answers in a row that move an auto-levelling trainer up a level.
LEVEL_UP_STREAK = 5


def _ordinal(i: int) -> str:
    return ORDINALS[i] if i < len(ORDINALS) else f"{i + 1}th"


class TrickTrainer(WidgetBase):
    """Click the card you think wins the trick; the engine says whether you are right and which rule decided it."""

    kid_name = "The trick trainer"

    def __init__(self, rules: str | Ruleset = "junior", level: int | str = 1, seed: int | None = 0,
                 players: int = 4, theme: str | None = None, auto_level: bool = True) -> None:
        super().__init__("wizard-trick-trainer")
        self.ruleset = get_ruleset(rules)
        self.ruleset.check_players(players)
        self.players = players
        self.vocab = vocab_for(self.ruleset, theme)
        self.theme = self.vocab.theme
        self.levels: tuple[str, ...] = JUNIOR_LEVELS if self.ruleset.name == "junior" else CLASSIC_LEVELS
        self.rng = random.Random(seed)
        self.seed = seed
        self.auto_level = auto_level
        self.streak = self.best_streak = self.right = self.asked = 0
        self.feedback = ""
        self.answered: int | None = None
        self.level = self._level_name(level)
        self._slots: list[widgets.VBox] = []

        self.style_html = widgets.HTML(STYLE)
        self.title_html = widgets.HTML()
        self.title_html.add_class("wizard-trainer-title")
        self.cards_box = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap"))
        self.cards_box.add_class("wizard-trainer-trick")
        self.feedback_html = widgets.HTML()
        self.feedback_html.add_class("wizard-trainer-feedback")
        self.streak_html = widgets.HTML()
        self.streak_html.add_class("wizard-streak")
        self.next_button = text_button("Next trick", "Show a new trick", "wizard-next-button", self._click_next)
        options = [(f"{i + 1}. {self.vocab.text(LEVELS[n].title)}", n) for i, n in enumerate(self.levels)]
        # Wide enough for the longest level's name, so no text is cut off.
        longest = max(len(label) for label, _ in options)
        self.level_choice = widgets.Dropdown(options=options, value=self.level, description="Level",
                                             style={"description_width": "3.5em"},
                                             layout=widgets.Layout(width=f"{longest * 0.62 + 7:.1f}em",
                                                                   max_width="100%"))
        self.level_choice.add_class("wizard-level")
        self.level_choice.observe(self._on_level, names="value")
        self.children = (self.style_html, self.title_html, self.cards_box, self.feedback_html, self.status,
                         widgets.HBox([self.next_button, self.level_choice]), self.streak_html)
        self.next()

    # -- levels ----------------------------------------------------------------------
    def _level_name(self, level: int | str) -> str:
        if isinstance(level, int) and not isinstance(level, bool) and 1 <= level <= len(self.levels):
            return self.levels[level - 1]
        if isinstance(level, str) and level.strip().lower() in self.levels:
            return level.strip().lower()
        raise WizardError(f"There is no level {level!r}: choose 1 to {len(self.levels)} or one of "
                          f"{', '.join(self.levels)}.")

    def set_level(self, level: int | str) -> None:
        """Change level (a 1-based number or a name) and show a new trick from it."""
        self.level = self._level_name(level)
        self.next()

    @property
    def level_number(self) -> int:
        return self.levels.index(self.level) + 1

    # -- making a trick ----------------------------------------------------------------
    def next(self) -> None:
        """Deal a new trick for the current level."""
        if self.level_choice.value != self.level:
            self.level_choice.value = self.level  # the observer sees no change of level
        dealt = dealt_trick(self.rng, self.ruleset, self.level, self.players)
        self.exercise = dealt.exercise
        self.trick, self.trump, self.trump_note, self.result = dealt.trick, dealt.trump, dealt.note, dealt.result
        self.answered = None
        self.feedback = ""
        self.feedback_html.value = ""
        self._draw()
        self.say("Which card wins this trick? Click it.", "info")

    def _draw(self) -> None:
        spec = LEVELS[self.level]
        self.title_html.value = (
            f"<b>Level {self.level_number}: {html.escape(self.vocab.text(spec.title))}</b><br>"
            f"{trump_badge(self.trump, self.theme)} {html.escape(self.vocab.text(self.trump_note))}"
            f"<br>Cards in the order they were played:")
        # One slot (place label + card button) per place in the trick, kept from trick to trick and
        # only restyled: making and closing widgets is the slow part of a click in the browser.
        while len(self._slots) < len(self.trick):
            i = len(self._slots)
            label = widgets.HTML(f"<div style='text-align:center;font-size:0.85em'>{_ordinal(i)}</div>")
            button = card_button(self.trick[i], self.vocab,
                                 extra_classes=("wizard-trainer-card", f"wizard-position-{i}"))
            button.on_click(lambda _b, k=i: self._click_answer(k))
            self._slots.append(widgets.VBox([label, button], layout=widgets.Layout(align_items="center")))
        for i, card in enumerate(self.trick):
            button = self._slots[i].children[1]
            restyle_card_button(button, card, self.vocab)
            button.tooltip = f"{self.vocab.card_name(card)}, played {_ordinal(i)}"
            button.remove_class("wizard-winner")
        shown = tuple(self._slots[:len(self.trick)])
        if self.cards_box.children != shown:
            self.cards_box.children = shown
        self._draw_streak()

    def _draw_streak(self) -> None:
        self.streak_html.value = (f"Streak: <b>{self.streak}</b> &middot; best {self.best_streak} &middot; "
                                  f"right {self.right} of {self.asked}")

    # -- answering -------------------------------------------------------------------------
    def answer(self, choice: int | str | Card) -> bool:
        """Say which card wins: its position in play order (0 = first) or its text.  True when right."""
        if isinstance(choice, (str, Card)) and not isinstance(choice, bool):
            card = Card.parse(choice)
            if card not in self.trick:
                self.say(f"{self.vocab.card_text(card)} is not in this trick.", "error")
                return False
            choice = list(self.trick).index(card)
        if not isinstance(choice, int) or isinstance(choice, bool) or not 0 <= choice < len(self.trick):
            self.say(f"Choose a card from 0 to {len(self.trick) - 1} (its place in the trick).", "error")
            return False
        if self.answered is not None:
            self.say("You already answered this trick: press Next trick for a new one.", "info")
            return choice == self.result.winner
        self.answered = choice
        self.asked += 1
        right = self.exercise.check(choice).correct
        # The trick's reason already says why; the rule is named once, briefly, not said again.
        reason = self.vocab.trick_reason(self.result)
        reason = reason[:1].upper() + reason[1:]  # a sentence of its own: "Yellow 4 wins: ..."
        rule = self.vocab.rule_name(self.result.rule)
        if right:
            self.right += 1
            self.streak += 1
            self.best_streak = max(self.best_streak, self.streak)
            text = f"Right! {reason} ({rule.capitalize()}.)"
        else:
            self.streak = 0
            chosen = self.vocab.card_name(self.trick[choice])
            text = f"Not this time: the {chosen} does not win. {reason} ({rule.capitalize()}.)"
        self.feedback = text
        self.feedback_html.value = status_message(text, "ok" if right else "error")
        for i, box in enumerate(self.cards_box.children):
            if i == self.result.winner:
                box.children[1].add_class("wizard-winner")
        self._draw_streak()
        if right and self.auto_level and self.streak % LEVEL_UP_STREAK == 0 \
                and self.level_number < len(self.levels):
            nxt = self.levels[self.level_number]
            self.say(f"{self.streak} in a row! The next trick comes from level {self.level_number + 1}.", "ok")
            self.level = nxt
        else:
            self.say("Press Next trick for another one.", "info")
        return right

    @guarded
    def _click_answer(self, i: int) -> None:
        before = self.level_number
        self.answer(i)
        if self.level_number > before:
            # Saved from a learner's click only (Run All never clicks), and never in the way: a broken
            # progress file must not stop the trainer.
            progress.note_level(f"trick-trainer-{self.ruleset.name}", self.level_number)

    @guarded
    def _click_next(self) -> None:
        self.next()

    @guarded
    def _on_level(self, change: dict[str, Any]) -> None:
        if change["new"] != self.level:
            self.level = change["new"]
            self.next()

    def _summary(self) -> str:
        return (f"{self.ruleset.title}, level {self.level_number} {self.level!r}, trick {self.trick}, "
                f"streak {self.streak}")


class LegalPlayTrainer(WidgetBase):
    """Pick the cards of a hand that may be played onto a trick; the engine checks and says why."""

    kid_name = "The card trainer"

    def __init__(self, rules: str | Ruleset = "junior", seed: int | None = 0, players: int = 4,
                 theme: str | None = None, hand_size: int = 5) -> None:
        super().__init__("wizard-legal-trainer")
        self.ruleset = get_ruleset(rules)
        self.ruleset.check_players(players)
        self.players = players
        self.hand_size = hand_size
        self.vocab = vocab_for(self.ruleset, theme)
        self.theme = self.vocab.theme
        self.rng = random.Random(seed)
        self.seed = seed
        self.selected: set[str] = set()
        self.right = self.asked = 0
        self.feedback = ""
        self.style_html = widgets.HTML(STYLE)
        self.trick_html = widgets.HTML()
        self.trick_html.add_class("wizard-trick")
        self.hand_box = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap"))
        self.hand_box.add_class("wizard-hand-buttons")
        self.feedback_html = widgets.HTML()
        self.feedback_html.add_class("wizard-trainer-feedback")
        self.check_button = text_button("Check", "Check the cards you picked", "wizard-check-button",
                                        self._click_check)
        self.reveal_button = text_button("Show me why", "Mark every card and explain",
                                         "wizard-reveal-button", self._click_reveal)
        self.next_button = text_button("New hand", "Deal a new hand and trick", "wizard-next-button",
                                       self._click_next)
        self.score_html = widgets.HTML()
        self.score_html.add_class("wizard-streak")
        self.children = (self.style_html, self.trick_html, self.hand_box, self.status, self.feedback_html,
                         widgets.HBox([self.check_button, self.reveal_button, self.next_button]),
                         self.score_html)
        self.next()

    def next(self) -> None:
        """Deal a new hand and a trick in progress (usually one where some cards may not be played)."""
        dealt = dealt_hand(self.rng, self.ruleset, self.players, self.hand_size)
        self.exercise = dealt.exercise
        trick, mine, trump, note = dealt.trick, dealt.hand, dealt.trump, dealt.note
        self.trick, self.hand, self.trump, self.trump_note = trick, mine, trump, note
        self.legal = dealt.exercise.answer
        self.selected = set()
        self.checked = False
        self.feedback = ""
        self.feedback_html.value = ""
        if trick:
            shown = trick_html([(i, c) for i, c in enumerate(trick)], ORDINALS, self.theme)
            top = "Cards already in the trick (1st is the lead):"
        else:
            shown, top = "", "The trick is empty: you lead."
        self.trick_html.value = (f"{trump_badge(trump, self.theme)} {html.escape(self.vocab.text(note))}"
                                 f"<br>{top}{shown}<br>Your hand:")
        buttons = [card_button(c, self.vocab, self._click_toggle, extra_classes=("wizard-legal-choice",))
                   for c in mine]
        replace_children(self.hand_box, buttons)
        self._draw_score()
        self.say("Which of your cards may you play? Click them, then press Check.", "info")

    def _draw_score(self) -> None:
        self.score_html.value = f"Right {self.right} of {self.asked}"

    def _button(self, text: str) -> widgets.Button | None:
        for b in self.hand_box.children:
            if str(b.card) == text:
                return b
        return None

    def toggle(self, card: str | Card) -> bool:
        """Select (or unselect) a card you think may be played.  False if it is not in the hand."""
        card = Card.parse(card)
        if card not in self.hand:
            self.say(f"{self.vocab.card_text(card)} is not in your hand.", "error")
            return False
        text = str(card)
        on = text not in self.selected
        (self.selected.add if on else self.selected.discard)(text)
        for b in self.hand_box.children:
            if str(b.card) == text:
                label = self.vocab.button_label(card)
                b.description = f"\u2713 {label}" if on else label
                (b.add_class if on else b.remove_class)("wizard-selected")
        order = [str(c) for c in self.hand]
        picked: list[str] = sorted(self.selected, key=order.index)
        chosen = self.vocab.cards(picked)
        self.say(f"Selected: {chosen or 'nothing yet'}.", "info")
        return True

    def why(self, card: str | Card) -> str:
        """Why this card may or may not be played (the engine's own message when it may not)."""
        card = Card.parse(card)
        if card not in self.hand:
            return f"{self.vocab.card_text(card)} is not in your hand."
        label = self.vocab.card_text(card)
        names = {colour: self.vocab.colour(colour) for colour in COLOURS}
        ok, because = play_reason(card, self.hand, self.trick, self.ruleset, names)
        return self.vocab.text(f"{label}: yes, {because}" if ok else f"{label}: no. {because}")

    def _in_hand_order(self, texts: Iterable[str]) -> list[str]:
        order = [str(c) for c in self.hand]
        return sorted(set(texts), key=order.index)

    def check(self) -> bool:
        """Compare your selection with the cards the engine allows.  True when exactly right."""
        legal = {str(c) for c in self.legal}
        missed = sorted(legal - self.selected)
        wrong = sorted(self.selected - legal)
        self.asked += 1
        if self.exercise.check(sorted(self.selected)).correct:
            self.right += 1
            text = f"Right! You may play {self.vocab.cards(self._in_hand_order(legal))}."
        else:
            parts = []
            if wrong:
                parts += [self.why(t) for t in wrong]
            if missed:
                parts.append(f"You missed {self.vocab.cards(self._in_hand_order(missed))}: "
                             + " ".join(self.why(t) for t in missed))
            text = "Not quite. " + " ".join(parts)
        self.feedback = text
        self.feedback_html.value = status_message(text, "ok" if not missed and not wrong else "error")
        self._draw_score()
        self.checked = True
        return not missed and not wrong

    def reveal(self) -> dict[str, str]:
        """Mark every card legal or not and explain each; returns {card text: reason}."""
        reasons = {}
        legal = {str(c) for c in self.legal}
        for b in self.hand_box.children:
            text = str(b.card)
            reasons[text] = self.why(text)
            ok = text in legal
            b.add_class("wizard-marked-legal" if ok else "wizard-marked-illegal")
            b.description = ("\u2714 " if ok else "\u2716 ") + self.vocab.button_label(b.card)
        lines = "".join(f"<li>{html.escape(r)}</li>" for r in reasons.values())
        self.feedback = " ".join(reasons.values())
        self.feedback_html.value = f"<ul class='wizard-reasons'>{lines}</ul>"
        return reasons

    @guarded
    def _click_toggle(self, card: Card) -> None:
        self.toggle(card)

    @guarded
    def _click_check(self) -> None:
        self.check()

    @guarded
    def _click_reveal(self) -> None:
        self.reveal()

    @guarded
    def _click_next(self) -> None:
        self.next()

    def _summary(self) -> str:
        return f"{self.ruleset.title}, hand {self.hand}, trick {self.trick or 'empty'}, right {self.right} of {self.asked}"


__all__ = ["TrickTrainer", "LegalPlayTrainer", "LEVELS", "JUNIOR_LEVELS", "CLASSIC_LEVELS", "RULE_TITLES"]
