#!/usr/bin/env bash
# Record a release's golden fixtures (issue 37): `make golden-record RELEASE=<commit>`.
#
# Makes a throwaway checkout of RELEASE outside the repository, sets it up with its own
# environment (`make .venv/.installed node_modules/.installed`, as CI does), and runs
# tools/golden_release/record.py there, with that release's own code, page agent and table agent:
# the evenings (Chromium, its `fatekit serve` on a SQLite file) and the random games, at once.
# The fixtures land in tests/golden_releases/<commit day>-<short commit>/ of this checkout;
# commit them (docs/table.md, "Golden releases"). The checkout is removed at the end.
#
# EVENING_STEPS (default 300) and GAMES (default 2000) change how much is played; GAME_JOBS
# (default 3) how many runs of games are played at once.
set -euo pipefail

release="${1:?usage: record.sh <commit>}"
here="$(cd "$(dirname "$0")/../.." && pwd)"
commit="$(git -C "$here" rev-parse --verify "$release^{commit}")"
short="$(git -C "$here" rev-parse --short=7 "$commit")"
day="$(git -C "$here" log -1 --format=%cd --date=short "$commit")"
out="$here/tests/golden_releases/$day-$short"
work="$(mktemp -d "${TMPDIR:-/tmp}/fatekit-release-$short.XXXXXX")"

if [ -e "$out/release.json" ]; then
  echo "$out already holds a release's fixtures: they are never recorded again" >&2
  exit 2
fi
cleanup() {
  git -C "$here" worktree remove --force "$work/tree" >/dev/null 2>&1 || true
  rm -rf "$work"
}
trap cleanup EXIT

git -C "$here" worktree add --detach "$work/tree" "$commit" >/dev/null
(cd "$work/tree" && make .venv/.installed node_modules/.installed)
mkdir -p "$out"
recorder="$here/tools/golden_release/record.py"
cd "$work/tree"
CI=true .venv/bin/python "$recorder" --out "$out" evenings --steps "${EVENING_STEPS:-300}" \
  >"$work/evenings.log" 2>&1 &
evenings=$!
.venv/bin/python "$recorder" --out "$out" games --games "${GAMES:-2000}" --jobs "${GAME_JOBS:-3}" \
  >"$work/games.log" 2>&1 &
games=$!
status=0
wait "$evenings" || status=$?
wait "$games" || status=$?
grep -v '^  ' "$work/evenings.log" | tail -n 20 || true
tail -n 3 "$work/games.log" || true
if [ "$status" -ne 0 ]; then
  echo "recording $short failed (status $status)" >&2
  exit "$status"
fi
du -sh "$out"
echo "recorded $short into $out: commit it"
