"""``python -m urlinspector``: the same program as the ``urlinspector`` command."""

import sys

from urlinspector.app import entry

if __name__ == "__main__":
    sys.exit(entry())
