"""``python -m urlinspector``: the command line (see :mod:`urlinspector.cli`)."""

import sys

from urlinspector.cli import main

if __name__ == "__main__":
    sys.exit(main())
