"""`python -m pipeline`: the `dealpool` command."""

from pipeline.cli import main

main()
