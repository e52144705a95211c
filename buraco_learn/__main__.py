"""``python -m buraco_learn``: the ``buraco-learn`` command (see :mod:`buraco_learn.cli`)."""

from .cli import main

if __name__ == "__main__":
    raise SystemExit(main())
