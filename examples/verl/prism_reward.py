#!/usr/bin/env python3
"""A verl custom reward function that asks `prism serve` for the PRISM reward.

verl's default is the reward loop (`reward_model.use_reward_loop: true`), whose reward managers
(`naive`, the default, `dapo`, `limited`) call `compute_score(data_source=..., solution_str=...,
ground_truth=..., extra_info=...)` once per response. Config (the parquet's
`reward_model.ground_truth` holds the problem id, or a dict with `problem_id`):

    custom_reward_function.path=examples/verl/prism_reward.py
    custom_reward_function.name=compute_score

Only with the legacy path (`reward_model.use_reward_loop=false`) does verl know the `batch` reward
manager: `reward_model.reward_manager=batch custom_reward_function.name=compute_score_batch` (one
request per batch).

Returns a dict: `score` is the reward (the server's mix of step score and final-answer
correctness); `step_score`, `final_correct`, `timeout` are logged by verl. A ground truth that
names no problem loaded in the server raises ValueError at once (verl has no "unscorable" value:
a silent 0 would train on a wrong reward).

Environment: PRISM_URL (default http://127.0.0.1:8000), PRISM_SERVER_TOKEN (sent as a Bearer token),
PRISM_TIMEOUT seconds per request (default 300), PRISM_RETRY_SECONDS (default 300).
Standard library only.
"""
import http.client
import json
import os
import time
import urllib.error
import urllib.request


def _post(path, payload):
    """POST JSON to `prism serve`. Retries what a restarting or busy server says — 503 (after
    Retry-After) and connection errors (refused, reset, timed out: a pod replaced in a rolling
    update) — with exponential backoff, for at most PRISM_RETRY_SECONDS (default 300) in all; any
    other HTTP error raises at once with the server's message."""
    url = os.environ.get("PRISM_URL", "http://127.0.0.1:8000").rstrip("/") + path
    headers = {"Content-Type": "application/json"}
    token = os.environ.get("PRISM_SERVER_TOKEN")
    if token:
        headers["Authorization"] = f"Bearer {token}"
    body = json.dumps(payload).encode("utf-8")
    deadline = time.monotonic() + float(os.environ.get("PRISM_RETRY_SECONDS", "300"))
    backoff = 0.25
    while True:
        request = urllib.request.Request(url, data=body, headers=headers, method="POST")
        try:
            with urllib.request.urlopen(request, timeout=float(os.environ.get("PRISM_TIMEOUT", "300"))) as response:
                return json.loads(response.read().decode("utf-8"))
        except urllib.error.HTTPError as error:
            if error.code != 503:
                detail = error.read().decode("utf-8", "replace")[:500]
                raise RuntimeError(f"prism serve answered {error.code} to {path}: {detail}") from error
            last, wait = f"HTTP 503 {error.reason}", float(error.headers.get("Retry-After", "1"))
        except (urllib.error.URLError, ConnectionError, TimeoutError, http.client.HTTPException) as error:
            last, wait = repr(error), backoff
            backoff = min(backoff * 2, 8.0)
        if time.monotonic() + wait > deadline:
            raise RuntimeError(f"prism serve at {url} did not answer within PRISM_RETRY_SECONDS; last: {last}")
        time.sleep(wait)


def _problem_id(ground_truth):
    if isinstance(ground_truth, dict):
        return str(ground_truth.get("problem_id", ""))
    return "" if ground_truth is None else str(ground_truth)


def _as_verl(result, ground_truth):
    if result.get("reward") is None:
        error = result.get("error") or {}
        raise ValueError(
            f"prism serve cannot score the response for ground_truth={ground_truth!r}: "
            f"{error.get('code')}: {error.get('message')} "
            "(reward_model.ground_truth must hold a problem id the server has loaded)"
        )
    return {
        "score": float(result["reward"]),
        "step_score": float(result.get("step_score", 0.0)),
        "final_correct": 1.0 if result.get("final_answer_correct") is True else 0.0,
        "timeout": 1.0 if result.get("status") == "timeout" else 0.0,
    }


def compute_score_batch(data_sources, solution_strs, ground_truths, extra_infos=None, **kwargs):
    """verl's legacy batch reward manager entry: one request for the whole batch."""
    for g in ground_truths:
        if _problem_id(g).strip() == "":
            raise ValueError(f"empty ground truth {g!r}: reward_model.ground_truth must hold the problem id")
    items = [{"problem_id": _problem_id(g), "response": s} for s, g in zip(solution_strs, ground_truths)]
    results = _post("/v1/score", {"items": items, "detail": "summary"})["results"]
    return [_as_verl(r, g) for r, g in zip(results, ground_truths)]


def compute_score(data_source, solution_str, ground_truth, extra_info=None, **kwargs):
    """verl's custom reward function (the reward loop's managers call it once per response)."""
    return compute_score_batch([data_source], [solution_str], [ground_truth], [extra_info])[0]
