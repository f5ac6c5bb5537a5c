#!/bin/bash
# Offline scoring on a Slurm cluster: an array of N scoring tasks, then a merge job that runs once
# they all succeed. Prints the merge job's id (wait for it with `squeue -j ID`, or sbatch --wait).
#   deploy/slurm/submit.sh RESPONSES.jsonl OUT N [prism score flags…]
# Extra sbatch options (partition, account, time) go in SBATCH_* environment variables
# (e.g. SBATCH_PARTITION=cpu); PRISM names the command (default `prism`).
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
RESPONSES=${1:?usage: submit.sh RESPONSES OUT N [flags]}
OUT=${2:?usage: submit.sh RESPONSES OUT N [flags]}
N=${3:?usage: submit.sh RESPONSES OUT N [flags]}
shift 3
mkdir -p "$OUT/logs"
ARRAY=$(sbatch --parsable --array=0-$((N - 1)) --output="$OUT/logs/score-%a.log" \
  "$HERE/score-array.sbatch" "$RESPONSES" "$OUT" "$@")
sbatch --parsable --dependency=afterok:"${ARRAY%%;*}" --kill-on-invalid-dep=yes \
  --output="$OUT/logs/merge.log" "$HERE/merge.sbatch" "$OUT"
