"""``python -m game``: the game and its command-line tools."""

import multiprocessing
import os
import sys

from game.cli import main


def run() -> int:
    # the packaged app is its own interpreter: a worker process it spawns (Try it, Fairness, the lab) starts here
    # and must run its task, not the game (a no-op outside a frozen app)
    multiprocessing.freeze_support()
    try:
        code = main()
        sys.stdout.flush()
    except BrokenPipeError:  # output piped into `head` and cut off: not an error of ours
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
    except KeyboardInterrupt:
        return 130
    return code


if __name__ == "__main__":
    sys.exit(run())
