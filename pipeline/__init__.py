"""dealpool's pipeline: the CLI, sampling, workers, Parquet storage, checks, export.
It knows nothing of game rules: it asks the engine."""
