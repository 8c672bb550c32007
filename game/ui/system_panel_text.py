"""The words of a rule system's battle panel: the prompt, the status lines, the log and an option's button.

Read from the session and the system's view as the screen's viewer may read them (hidden information stays the
view's: ``SystemBattleScene.viewer``); no rule is computed here, and nothing is drawn.
"""

from __future__ import annotations

import html
import inspect
from typing import TYPE_CHECKING, Any

from game.ui import style, theme
from game.ui.scenes import common

if TYPE_CHECKING:
    from game.ui.scenes.system_battle import SystemBattleScene

LOG_LINES = 14


def _takes_viewer(fn: Any) -> bool:
    """Whether a view function takes a second argument (the viewer) besides the state."""
    try:
        params = inspect.signature(fn).parameters.values()
    except (TypeError, ValueError):
        return False
    positional = [p for p in params if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD, p.VAR_POSITIONAL)]
    return len(positional) >= 2 or any(p.kind is p.VAR_POSITIONAL for p in positional)


def pick_size(d: Any) -> str:
    """How many of a subset question's options to turn on, in words: "2" or "1 to 3"."""
    least, most = d.pick
    return f"{least}" if least == most else f"{least} to {most}"


class SystemPanelText:
    """The panel's texts for one screen."""

    def __init__(self, scene: SystemBattleScene):
        self.scene = scene

    def option(self, d: Any, key: str) -> str:
        """An option's button: its label, its odds badge, and whether it is on (a subset's)."""
        badge = self.scene.badges.get(key, "")
        text = d.option(key).label + (f" ({badge})" if badge else "")
        n = next(i for i, o in enumerate(d.options) if o.key == key)
        text = f"{n + 1}. {text}" if n < 9 else text  # its number key, as in the battle screen
        if d.free == "subset":
            return ("[x] " if key in self.scene.picked else "[  ] ") + text
        return text

    def prompt(self) -> str:
        """The question asked, how to answer it, and why the last answer was refused."""
        s, d = self.scene.session, self.scene.session.pending
        if d is None:
            return f"<b>{html.escape(self.scene.view.outcome(s.state) or 'The battle is over.')}</b>"
        side = s.state.sides[d.side].name
        if s.watching:
            done = len(s.recorder.answers)
            return (f"<b>Watching</b> the saved battle: answer {done} of {s.to_watch}"
                    + (" — the save stops here." if s.watched_all else f". Next: {html.escape(side)}, "
                       f"{html.escape(d.prompt)}"))
        if not s.human_to_answer():
            return f"{html.escape(side)} (the AI) is thinking…"
        out = f"<b>{html.escape(side)}</b>: {html.escape(d.prompt)} [{html.escape(d.rule)}]"
        if d.free == "point":
            out += "<br>Click the table where it goes; the dots are suggested spots, Enter takes the first."
        elif d.free == "angle":
            out += "<br>Click where it should look; Enter keeps its facing."
        elif d.free == "subset":
            out += (f"<br>Choose {pick_size(d)}: click an option (or press its number) to turn it on or off, then Done "
                    "or Enter.")
        elif d.kind.hint:
            out += f"<br>{html.escape(d.kind.hint)}"
        if d.secret:
            out += "<br>In secret: the other side learns your answer only once both sides have answered."
        if s.error:
            out += f"<br>{common.colour_span(html.escape(s.error), theme.BAD)}"
        return out

    def status(self) -> str:
        """Each side's status line, as the viewer knows it."""
        lines = []
        scene, status = self.scene, self.scene.view.status
        state = scene.session.state
        seen = status(state, scene.viewer()) if scene.hidden and _takes_viewer(status) else status(state)
        for side, text in seen:
            colour = style.SIDE_COLOURS[side]
            lines.append(common.colour_span(html.escape(state.sides[side].letter), colour) + " " + html.escape(text))
        return "<br>".join(lines)

    def log(self) -> str:
        """The log's last lines the viewer may read, newest first."""
        log = self.scene.log_lines()[-LOG_LINES:]
        return "<b>The log, newest first</b><br>" + "<br>".join(html.escape(t) for t in reversed(log))
