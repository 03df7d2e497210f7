# ---- Emissary guide helpers (the same in every guide script) ----
# Needs bash, curl and jq. Settings come from the environment:
#   EMISSARY_API_KEY        your API key (required)
#   EMISSARY_BASE_URL       API address (default https://api.withemissary.com)
#   EMISSARY_POLL_DEADLINE  seconds a wait may last before it gives up (default 7200)
#   EMISSARY_POLL_INTERVAL  seconds before the first re-check of a wait (default 5)
#   EMISSARY_CONNECT_TIMEOUT  seconds to wait for a connection (default 10)
#   EMISSARY_TIMEOUT        seconds a call may take (default 30; uploads pass more)
#   EMISSARY_INFERENCE_TIMEOUT  seconds an inference call may take (default 120)
#   EMISSARY_RETRIES        attempts of a call that is safe to repeat (default 5)
set -euo pipefail
shopt -s inherit_errexit 2>/dev/null || true

for tool in curl jq; do
  if ! command -v "$tool" >/dev/null; then
    echo "error: this script needs $tool; install it and run the script again" >&2
    exit 2
  fi
done
if [ -z "${EMISSARY_API_KEY:-}" ]; then
  echo "error: EMISSARY_API_KEY is not set. Run: export EMISSARY_API_KEY=<your API key>" >&2
  exit 2
fi
BASE_URL="${EMISSARY_BASE_URL:-https://api.withemissary.com}"
BASE_URL="${BASE_URL%/}"
STEP="(before the first step)"
# A jq filter for the deployment statuses a wait stops on (/fine-tuning/limits#polling).
DEPLOYMENT_STOPPED='.status == "Failed" or .status == "Cancelled" or .status == "Terminated" or .status == "TimedOut"'

# step TITLE: print "==> TITLE" to stderr; errors name the last step.
step() {
  STEP="$1"
  printf '==> %s\n' "$1" >&2
}

# api METHOD PATH [curl args...]: print the reply body; on a failed call, print why and exit 1.
# Reads and inference (safe to repeat, see /fine-tuning/limits#safe-to-retry) are repeated on a
# dropped connection, a time-out, 429 and 5xx, with growing waits and jitter, honouring
# Retry-After. Any other call is sent once: a create whose answer is lost may still have worked.
api() {
  local method="$1" path="$2" reply head status attempts=1 attempt=1 delay=1 wait why pause lost=""
  local max_time="${EMISSARY_TIMEOUT:-30}"
  shift 2
  case "$method $path" in
    "GET "*) attempts="${EMISSARY_RETRIES:-5}" ;;
    # A deployment's first call after a quiet spell may load the model: inference waits longer.
    "POST /v1/completions" | "POST /v1/chat/completions" | "POST /v1/classification" | "POST /v1/embeddings")
      attempts="${EMISSARY_RETRIES:-5}" max_time="${EMISSARY_INFERENCE_TIMEOUT:-120}" ;;
    *) lost="The call may still have worked: look for the object before you run the script again." ;;
  esac
  reply="$(mktemp)" || exit 1
  head="$reply.head"
  while :; do
    wait=0
    # Later curl options win: a call may pass its own --max-time (uploads).
    if status="$(curl --silent --show-error --request "$method" \
        --connect-timeout "${EMISSARY_CONNECT_TIMEOUT:-10}" --max-time "$max_time" \
        --header "X-API-Key: $EMISSARY_API_KEY" --dump-header "$head" \
        --output "$reply" --write-out '%{http_code}' "$@" "$BASE_URL$path")"; then
      if [ "$status" -ge 200 ] && [ "$status" -lt 300 ]; then
        break
      fi
      why="HTTP $status"
      case "$status" in 429 | 500 | 502 | 503 | 504) ;; *) attempt="$attempts" ;; esac
      if [ "$attempt" -ge "$attempts" ]; then
        printf "error: %s %s failed (HTTP %s) in step '%s'\n" "$method" "$path" "$status" "$STEP" >&2
        cat "$reply" >&2
        echo >&2
        if [ "$status" -ge 500 ] && [ -n "$lost" ]; then echo "$lost" >&2; fi
        rm -f "$reply" "$head"
        exit 1
      fi
      # Retry-After in seconds (an HTTP date counts as 0: the backoff below still applies).
      wait="$(tr -d '\r' <"$head" | awk 'tolower($1) == "retry-after:" && $2 ~ /^[0-9]+$/ { print $2 }' | tail -n 1)"
      wait="${wait:-0}"
    else
      why="no reply (curl exit $?)"
      if [ "$attempt" -ge "$attempts" ]; then
        printf "error: %s %s failed (no reply) in step '%s'\n" "$method" "$path" "$STEP" >&2
        if [ -n "$lost" ]; then echo "$lost" >&2; fi
        rm -f "$reply" "$head"
        exit 1
      fi
    fi
    # Half to all of a doubling wait (1, 2, 4 ... 60 s), and never less than Retry-After.
    pause="$(awk -v d="$delay" -v w="$wait" -v s="$RANDOM" \
      'BEGIN { srand(s); p = d * (0.5 + 0.5 * rand()); if (p < w) p = w; printf "%.2f", p }')"
    attempt=$((attempt + 1))
    printf '    %s %s: %s; try %s of %s in %s s\n' "$method" "$path" "$why" "$attempt" "$attempts" "$pause" >&2
    sleep "$pause"
    delay=$((delay * 2 > 60 ? 60 : delay * 2))
  done
  cat "$reply"
  rm -f "$reply" "$head"
}

# wait_for PATH JQ_DONE WHAT [DEADLINE_S] [JQ_FAILED]: poll GET PATH until the jq filter
# JQ_DONE is true, then print that body. Waits grow from EMISSARY_POLL_INTERVAL (5 s) by
# doubling up to 60 s, with jitter. Exits 1 when JQ_FAILED is true or past the deadline.
wait_for() {
  local path="$1" done_filter="$2" what="$3"
  local deadline="${4:-${EMISSARY_POLL_DEADLINE:-7200}}" failed_filter="${5:-}"
  local delay="${EMISSARY_POLL_INTERVAL:-5}" started="$SECONDS" body left pause
  while :; do
    body="$(api GET "$path")" || exit 1
    if [ -n "$failed_filter" ] && _jq_true "$failed_filter" "$body"; then
      printf "error: %s failed in step '%s'\n%s\n" "$what" "$STEP" "$body" >&2
      exit 1
    fi
    if _jq_true "$done_filter" "$body"; then
      printf '%s\n' "$body"
      return 0
    fi
    left="$(awk -v d="$deadline" -v e="$((SECONDS - started))" 'BEGIN { print d - e }')"
    if awk -v l="$left" 'BEGIN { exit !(l <= 0) }'; then
      printf "error: %s was not ready after %s s in step '%s'; last reply:\n%s\n" \
        "$what" "$deadline" "$STEP" "$body" >&2
      exit 1
    fi
    pause="$(awk -v d="$delay" -v l="$left" -v s="$RANDOM" \
      'BEGIN { srand(s); p = d * (0.8 + 0.4 * rand()); if (p > l) p = l; printf "%.2f", p }')"
    printf '    waiting for %s: next check in %s s\n' "$what" "$pause" >&2
    sleep "$pause"
    delay="$(awk -v d="$delay" 'BEGIN { d *= 2; if (d > 60) d = 60; print d }')"
  done
}

# [start:pick-checkpoint]
# pick_checkpoint METRIC < checkpoints.json: print the number of the checkpoint with the highest
# METRIC score. How aggregated_test_result is keyed is not documented: this reads the entry named
# METRIC, or the only entry if there is just one. Scores arrive as strings. With no score at all,
# it takes the last checkpoint.
pick_checkpoint() {
  local scored best
  scored="$(jq --arg metric "$1" '
    sort_by(.checkpoint) | map(
      (.test_results.aggregated_test_result // {}) as $results
      | (if $results | has($metric) then $metric
         elif ($results | length) == 1 then ($results | keys[0])
         else null end) as $key
      | {checkpoint, key: $key, score: (if $key then (($results[$key] | tonumber?) // null) else null end)})')"
  jq -r '.[] | "    checkpoint \(.checkpoint): \(.key) = \(.score)"' <<<"$scored" >&2
  if [ "$(jq length <<<"$scored")" -eq 0 ]; then
    echo "error: the training job finished without any checkpoint" >&2
    exit 1
  fi
  best="$(jq -r 'map(select(.score != null)) | max_by(.score) | .checkpoint // empty' <<<"$scored")"
  if [ -z "$best" ]; then
    best="$(jq -r 'last | .checkpoint' <<<"$scored")"
    echo "    no score found: using the last checkpoint, $best" >&2
  fi
  printf '%s\n' "$best"
}
# [end:pick-checkpoint]

# _jq_true FILTER JSON: status 0 when FILTER gives true, 1 when false or null; exits on a bad filter.
_jq_true() {
  local code=0
  printf '%s' "$2" | jq -e "$1" >/dev/null 2>&1 || code=$?
  if [ "$code" -gt 1 ]; then
    printf "error: jq filter '%s' failed on the reply in step '%s'\n%s\n" "$1" "$STEP" "$2" >&2
    exit 1
  fi
  return "$code"
}
# ---- end of helpers ----
