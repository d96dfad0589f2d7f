"""dealpool's pipeline: the library that samples, solves, stores, checks, reports and exports a pool
(the modules and subpackages here, no Click), and the command line over it (`pipeline.cli`). It
knows nothing of game rules: it asks the engine, through `import engine` only. docs/architecture.md
lists the modules and their roles."""
