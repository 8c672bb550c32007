"""``python -m game``: the game and its command-line tools."""

import sys

from game.cli import main

if __name__ == "__main__":
    sys.exit(main())
