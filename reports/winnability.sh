#!/usr/bin/env bash
# The winnability run (issue 16; docs/results.md): numbered deals of klondike-1 and klondike-3 drawn
# by `sample --numbers-from SEED`, solved at the default budgets on a 2-worker LocalCluster, in rounds
# of STEP more deals a board, so that both boards grow together and a stop at any time leaves a
# prefix of the same sample. Resumable: run it again and it carries on (solve skips what is done).
#   reports/winnability.sh [DATA=data/winnability] [UPTO=100000] [STEP=200] [CLUSTER=local:2]
# Then: .venv/bin/python reports/results.py --data data/winnability
set -euo pipefail
cd "$(dirname "$0")/.."
DATA=${DATA:-data/winnability} UPTO=${UPTO:-100000} STEP=${STEP:-200} CLUSTER=${CLUSTER:-local:2}
SEED=16  # the seed docs/results.md states (reports/results.py SEED)
BOARDS=klondike-1,klondike-3
mkdir -p "$DATA"
for ((n = STEP; n <= UPTO; n += STEP)); do
    echo "commit: $(git rev-parse HEAD)" >> "$DATA/run.log"  # the engine's source, for docs/results.md
    .venv/bin/dealpool --data "$DATA" sample --boards "$BOARDS" --numbers-from "$SEED" --count "$n"
    .venv/bin/dealpool --data "$DATA" solve --boards "$BOARDS" --cluster "$CLUSTER" --quiet | tee -a "$DATA/run.log"
done
