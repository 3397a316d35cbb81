"""The table widget's score pad, chart of running totals and saving: a mixin of
:class:`~wizard_edu.widgets.table.TableWidget` (its controller, vocabulary, boxes and ``say``).

Loading is all or nothing: a broken, changed or foreign file shows a sentence and the game goes on."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..display.charts import Chart
from ..errors import SaveFileError, WizardError
from ..tables.controller import CLASS_GAME
from .common import vocab_for
from .table_parts import running_totals_chart


class TablePadAndSaves:
    """Score pad, chart and saves of the table widget (see :class:`~wizard_edu.widgets.table.TableWidget`)."""

    controller: Any
    vocab: Any
    game: Any
    events: list[str]
    seed_box: Any
    chart_image: Any
    _pad_visible: bool
    _chart_visible: bool
    if TYPE_CHECKING:  # the table widget's own parts and API, used here
        def __getattr__(self, name: str) -> Any: ...

    # -- score pad, chart, saving ------------------------------------------------------------------
    def score_pad(self):
        """The score pad as a pandas DataFrame (Junior says "predicted" instead of "bid")."""
        return self.vocab.score_pad(self.game.score_pad())

    def show_score_pad(self) -> None:
        """Show the score pad inside the widget."""
        self._pad_visible = True
        self._render_pad()

    def chart(self, figsize: tuple[float, float] = (6, 3.2)) -> Chart:
        """A chart (shown as a picture) of everyone's running total after each round."""
        return running_totals_chart(self.game, figsize)

    def show_chart(self) -> None:
        """Draw the chart of running totals into the widget (as a PNG image)."""
        self.chart_image.value = self.chart().png()
        self.chart_image.layout.display = None
        self._chart_visible = True

    def save_json(self) -> str:
        """The game in progress as JSON: :meth:`Game.to_json` plus the table's seat, opponents and theme."""
        return self.controller.save_json()

    def load_json(self, text: str | bytes) -> bool:
        """Resume a saved game.  All or nothing: a broken, tampered or foreign file shows a message
        and changes nothing (the current game goes on and every button keeps working)."""
        if not self.controller.can_restart:
            self.say(CLASS_GAME, "error")
            return False
        lost = "Could not load that game, so the current game goes on."
        kept = dict(vars(self.controller)), self.vocab, list(self.events)
        try:
            self.controller.load(text)
        except SaveFileError as exc:
            why = str(exc)
            if "broken or incomplete (" in why:  # the engine's last resort names a Python error
                why = "That saved game has been changed or damaged, so it cannot be read. Save the game again."
            self.say(f"{lost} {self.vocab.text(why)}", "error")
            return False
        except WizardError as exc:
            self.say(f"{lost} This saved game is broken ({self.vocab.text(str(exc))}).", "error")
            return False
        try:  # everything was checked; should drawing the loaded game still fail, put the old one back
            self._use_vocab(vocab_for(self.game.ruleset, self.controller.theme))
            self._begin()
        except Exception:  # noqa: BLE001 - all or nothing: the table must keep working
            vars(self.controller).update(kept[0])
            self._use_vocab(kept[1])
            self.events = kept[2]
            self.seed_box.value = str(self.game.seed)
            self._render()
            self.say(f"{lost} This saved game has been changed or damaged. Save the game again.", "error")
            return False
        return True
