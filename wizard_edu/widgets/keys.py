"""Number keys at the table: a child presses 2 on the keyboard to predict (or bid) 2 tricks.

:class:`NumberKeys` is a tiny `anywidget <https://anywidget.dev>`_ with nothing to see. Put inside a
widget (the table), it listens for the keys 0-9 while the focus is anywhere in that widget (a card,
a button, or the table itself after a click on it; in a kid-mode page with one table, also when
nothing has the focus yet) and sends each key to the kernel, where ``on_key(text)`` is called, just
as a click on a button is sent. Keys typed into a text box stay that box's.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import anywidget
import traitlets

#: The browser side: one keydown listener on the page, which answers only for keys meant for the
#: widget this element sits in (the closest ``.wizard-widget``).
_ESM = r"""
function render({ model, el }) {
  el.classList.add("wizard-number-keys-listener");
  el.style.display = "none";
  const onKey = (event) => {
    if (!/^[0-9]$/.test(event.key) || event.ctrlKey || event.altKey || event.metaKey) return;
    const target = event.target;
    if (target.closest && target.closest("input, textarea, select, [contenteditable='true']")) return;
    event.preventDefault();
    event.stopPropagation();  // JupyterLab's own number shortcuts would change the cell
    model.send({ key: event.key });
  };
  // Nothing has the focus yet (a kid-mode page just opened): the keys are the table's if it is
  // the only one on the page.
  const onPageKey = (event) => {
    const nothingFocused = event.target === document.body || event.target === document.documentElement;
    if (nothingFocused && document.body.contains(el) && document.querySelectorAll(".wizard-table").length === 1) {
      onKey(event);
    }
  };
  let owner = null, tries = 0;
  const attach = () => {  // the view is put into the page just after render: wait for it
    owner = el.closest(".wizard-widget");
    if (!owner) { if (tries++ < 600) requestAnimationFrame(attach); return; }
    // A click on the table (not only on a button) gives it the focus, so its keys reach it.
    if (!owner.hasAttribute("tabindex")) owner.setAttribute("tabindex", "-1");
    owner.addEventListener("keydown", onKey);
  };
  requestAnimationFrame(attach);
  document.addEventListener("keydown", onPageKey);
  return () => {
    document.removeEventListener("keydown", onPageKey);
    if (owner) owner.removeEventListener("keydown", onKey);
  };
}
export default { render };
"""


class NumberKeys(anywidget.AnyWidget):
    """The number keys 0-9 for the widget it sits in: ``NumberKeys(on_key)``; ``on_key("3")``."""

    _esm = traitlets.Unicode(_ESM).tag(sync=True)

    def __init__(self, on_key: Callable[[str], Any], **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.add_class("wizard-number-keys")
        self._on_key = on_key
        self.on_msg(self._message)

    def _message(self, _widget: Any, content: Any, _buffers: Any) -> None:
        if isinstance(content, dict):
            self.press(str(content.get("key", "")))

    def press(self, key: str) -> None:
        """What the browser does for a key press: ``on_key`` gets the key's digit (others are ignored)."""
        if len(key) == 1 and key.isdigit():
            self._on_key(key)

    def __repr__(self) -> str:
        return "NumberKeys()"


__all__ = ["NumberKeys"]
