# ---- Emissary guide helpers (the same in every guide script) ----
# Needs Python 3.8+ and the `requests` package (pip install requests).
# Settings come from the environment:
#   EMISSARY_API_KEY        your API key (required)
#   EMISSARY_BASE_URL       API address (default https://api.withemissary.com)
#   EMISSARY_POLL_DEADLINE  seconds a wait may last before it gives up (default 7200)
#   EMISSARY_POLL_INTERVAL  seconds before the first re-check of a wait (default 5)
#   EMISSARY_CONNECT_TIMEOUT  seconds to wait for a connection (default 10)
#   EMISSARY_TIMEOUT        seconds to wait for a reply (default 30; uploads pass more)
#   EMISSARY_INFERENCE_TIMEOUT  seconds to wait for an inference reply (default 120)
#   EMISSARY_RETRIES        attempts of a call that is safe to repeat (default 5)
import email.utils
import os
import random
import sys
import time

try:
    import requests
except ImportError:
    print("error: this script needs the requests package: python3 -m pip install requests", file=sys.stderr)
    sys.exit(2)

API_KEY = os.environ.get("EMISSARY_API_KEY", "")
if not API_KEY:
    print("error: EMISSARY_API_KEY is not set. Run: export EMISSARY_API_KEY=<your API key>", file=sys.stderr)
    sys.exit(2)
BASE_URL = (os.environ.get("EMISSARY_BASE_URL") or "https://api.withemissary.com").rstrip("/")

_current_step = "(before the first step)"

# Statuses a wait stops on: they do not turn into Success or Deployed (/fine-tuning/limits#polling).
JOB_STOPPED = {"Failed", "TimedOut", "Cancelled"}
DEPLOYMENT_STOPPED = {"Failed", "Cancelled", "Terminated", "TimedOut"}


class GuideError(Exception):
    """A step that cannot go on. `run` prints it and exits with status 1."""


class ApiError(GuideError):
    """A call that got no 2xx reply (status is None when no reply came at all)."""

    def __init__(self, step, method, path, status, body):
        self.step, self.method, self.path, self.status, self.body = step, method, path, status, body
        got = f"HTTP {status}" if status is not None else "no reply"
        super().__init__(f"{method} {path} failed ({got}) in step '{step}'\n{body}")


class WaitFailed(GuideError):
    """A wait whose `failed` check came true."""


def step(title):
    """Print `==> title` to stderr; errors name the last step."""
    global _current_step
    _current_step = title
    print(f"==> {title}", file=sys.stderr, flush=True)


# Calls that are safe to repeat (see /fine-tuning/limits#safe-to-retry): reads, and inference,
# which creates nothing. A create is never repeated: its answer may be lost after it worked.
INFERENCE_PATHS = {"/v1/completions", "/v1/chat/completions", "/v1/classification", "/v1/embeddings"}
RETRY_STATUSES = {429, 500, 502, 503, 504}
LOST = "\nThe call may still have worked: look for the object before you run the script again."


def _setting(name, default):
    return float(os.environ.get(name) or default)


def _retry_after(reply):
    """Seconds a Retry-After header asks for (a number or an HTTP date), else 0."""
    value = (reply.headers.get("Retry-After") or "").strip()
    if value.isdigit():
        return float(value)
    try:
        return max(0.0, email.utils.parsedate_to_datetime(value).timestamp() - time.time())
    except (TypeError, ValueError):
        return 0.0


def api(method, path, *, json=None, files=None, data=None, params=None, timeout=None):
    """Call the API and return the parsed JSON reply (None when the body is empty).

    `timeout` is the seconds to wait for the reply (default EMISSARY_TIMEOUT, EMISSARY_INFERENCE_TIMEOUT for inference). Reads and inference
    are repeated on a dropped connection, a time-out, 429 and 5xx, with growing waits and jitter,
    honouring Retry-After; any other call is sent once.
    """
    inference = method == "POST" and path in INFERENCE_PATHS
    safe = method == "GET" or inference
    attempts = int(_setting("EMISSARY_RETRIES", 5)) if safe else 1
    # A deployment's first call after a quiet spell may load the model: inference waits longer.
    default = _setting("EMISSARY_INFERENCE_TIMEOUT", 120) if inference else _setting("EMISSARY_TIMEOUT", 30)
    limits = (_setting("EMISSARY_CONNECT_TIMEOUT", 10), timeout or default)
    delay = 1.0
    for attempt in range(1, attempts + 1):
        wait = 0.0
        try:
            reply = requests.request(
                method,
                BASE_URL + path,
                headers={"X-API-Key": API_KEY},
                json=json,
                files=files,
                data=data,
                params=params,
                timeout=limits,
            )
        except (requests.ConnectionError, requests.Timeout) as exc:
            if attempt == attempts:
                raise ApiError(_current_step, method, path, None, f"{exc}{'' if safe else LOST}") from exc
            why = type(exc).__name__
        except requests.RequestException as exc:
            raise ApiError(_current_step, method, path, None, str(exc)) from exc
        else:
            if 200 <= reply.status_code < 300:
                break
            if reply.status_code not in RETRY_STATUSES or attempt == attempts:
                lost = LOST if not safe and reply.status_code >= 500 else ""
                raise ApiError(_current_step, method, path, reply.status_code, reply.text + lost)
            why, wait = f"HTTP {reply.status_code}", _retry_after(reply)
        # Half to all of a doubling wait (1, 2, 4 ... 60 s), and never less than Retry-After.
        pause = max(wait, delay * random.uniform(0.5, 1.0))
        print(f"    {method} {path}: {why}; try {attempt + 1} of {attempts} in {pause:.1f} s", file=sys.stderr, flush=True)
        time.sleep(pause)
        delay = min(delay * 2, 60)
    if not reply.content:
        return None
    try:
        return reply.json()
    except ValueError:
        return reply.text


def wait_for(path, *, done, what, deadline_s=None, failed=None):
    """Poll GET `path` until done(body) is true; return that body.

    Waits grow from EMISSARY_POLL_INTERVAL (5 s) by doubling up to 60 s, with jitter.
    Raises WaitFailed when failed(body) is true and TimeoutError past the deadline.
    """
    if deadline_s is None:
        deadline_s = float(os.environ.get("EMISSARY_POLL_DEADLINE") or 7200)
    delay = float(os.environ.get("EMISSARY_POLL_INTERVAL") or 5)
    started = time.monotonic()
    while True:
        body = api("GET", path)
        if failed is not None and failed(body):
            raise WaitFailed(f"{what} failed in step '{_current_step}'\n{body}")
        if done(body):
            return body
        left = deadline_s - (time.monotonic() - started)
        if left <= 0:
            raise TimeoutError(
                f"{what} was not ready after {deadline_s:g} s in step '{_current_step}'; last reply:\n{body}"
            )
        pause = min(delay * random.uniform(0.8, 1.2), left)
        print(f"    waiting for {what}: next check in {pause:.1f} s", file=sys.stderr, flush=True)
        time.sleep(pause)
        delay = min(delay * 2, 60)


# [start:pick-checkpoint]
def pick_checkpoint(checkpoints, metric):
    """Return the number of the checkpoint with the highest `metric` score.

    How aggregated_test_result is keyed is not documented: this reads the entry named `metric`,
    or the only entry if there is just one. Scores arrive as strings. With no score at all, it
    falls back to the last checkpoint.
    """
    if not checkpoints:
        raise GuideError("the training job finished without any checkpoint")
    best, best_score = None, None
    for item in sorted(checkpoints, key=lambda c: c["checkpoint"]):
        results = (item.get("test_results") or {}).get("aggregated_test_result") or {}
        key = metric if metric in results else (next(iter(results)) if len(results) == 1 else None)
        try:
            score = float(results[key])
        except (KeyError, TypeError, ValueError):
            score = None
        print(f"    checkpoint {item['checkpoint']}: {key} = {score}", file=sys.stderr)
        if score is not None and (best_score is None or score > best_score):
            best, best_score = item["checkpoint"], score
    if best is None:
        best = max(c["checkpoint"] for c in checkpoints)
        print(f"    no score found: using the last checkpoint, {best}", file=sys.stderr)
    return best
# [end:pick-checkpoint]


def run(main):
    """Run main(); on a failed call, step or wait print why and exit with status 1."""
    try:
        main()
    except (GuideError, TimeoutError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        sys.exit(1)
    except KeyboardInterrupt:
        sys.exit(130)
# ---- end of helpers ----
