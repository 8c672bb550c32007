"""Traits as hooks: one registered class per trait (one file each) and the inherent qualities.

The engine calls the hook methods of every rule object a model carries (its type's
inherent qualities and its traits) at named points; adding a trait never edits the
combat code: drop a module here with one ``@trait("id")`` class.
"""

import importlib
import pkgutil

from game.rules.traits.base import QUALITIES, TRAITS, TraitRule, hooks_of, quality, trait

__all__ = ["QUALITIES", "TRAITS", "TraitRule", "hooks_of", "quality", "trait"]

for _info in pkgutil.iter_modules(__path__):
    if _info.name != "base":
        importlib.import_module(f"{__name__}.{_info.name}")
