"""Run the CLI with ``python -m kg``."""

from kg.cli import main

main()
