"""Run the CLI with ``python -m kg``."""

from kg.cli_fast import main

main()
