"""Controllers by name, for ``simulate``, the benchmark and the menus: name -> factory(seed) -> controller.

Registering a controller is one line: ``register("hard", lambda seed: Hard(seed))``.
"""

from __future__ import annotations

from collections.abc import Callable

from game.ai.random_legal import RandomLegal
from game.rules.decisions import Controller
from game.rules.deployment import AutoDeploy

Factory = Callable[[int], Controller]
CONTROLLERS: dict[str, Factory] = {}


def register(name: str, factory: Factory) -> None:
    """Add (or replace) a controller under ``name``; ``factory(seed)`` makes one for one side of one game."""
    CONTROLLERS[name] = factory


def make(name: str, seed: int) -> Controller:
    if name not in CONTROLLERS:
        raise KeyError(f"no controller named '{name}'; known: {', '.join(sorted(CONTROLLERS))}")
    return CONTROLLERS[name](seed)


def names() -> list[str]:
    return sorted(CONTROLLERS)


register("random", lambda seed: AutoDeploy(RandomLegal(seed)))
register("aggressive", lambda seed: AutoDeploy(RandomLegal(seed, aggressive=True)))


def _tactical(level: str) -> Factory:
    from game.ai.tactical import Tactical

    return lambda seed: AutoDeploy(Tactical(seed, level))


register("easy", _tactical("easy"))
register("normal", _tactical("normal"))
register("hard", _tactical("hard"))
