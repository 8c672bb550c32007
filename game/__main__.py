"""``python -m game``: the game and its command-line tools."""

import os
import sys

from game.cli import main


def run() -> int:
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
