"""Traits as hooks: one registered class per trait (one file each) and the inherent qualities.

The engine calls the hook methods of every rule object a model carries (its type's
inherent qualities and its traits) at named points; adding a trait never edits the
combat code: drop a module here with one ``@trait("id")`` class. Every module in
this package is imported (and so registered) the first time the hooks are asked for.
"""

from game.rules.traits.base import QUALITIES, TRAITS, TraitRule, hooks_of, quality, trait

__all__ = ["QUALITIES", "TRAITS", "TraitRule", "hooks_of", "quality", "trait"]
