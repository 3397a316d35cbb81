"""The two tables of the variant seam: the rulesets by name, and each variant's hooks by key.

:mod:`.rulesets` puts the editions into :data:`RULESETS` and finds a ruleset's hooks through
:func:`~wizard_edu.engine.rules.variant.variant_rules`; :func:`~wizard_edu.engine.rules.variant.register_variant`
adds a variant's hooks and its ruleset entry here.  (The tables live apart so that neither of the two
modules needs the other to find them: the rulesets read the variants, never the other way round.)
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:  # pragma: no cover
    from .rulesets import Ruleset
    from .variant import VariantRules

#: The rulesets by name: the three editions, and any edition a variant registers.
RULESETS: dict[str, Ruleset] = {}
#: Each variant's hooks by its key (:attr:`~wizard_edu.engine.rules.rulesets.Ruleset.variant`).
VARIANT_RULES: dict[str, VariantRules] = {}

__all__ = ["RULESETS", "VARIANT_RULES"]
