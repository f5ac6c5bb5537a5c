#!/usr/bin/env python3
"""An OpenRLHF custom reward function backed by `prism serve`: pass this file as the reward URL.

    python3 -m openrlhf.cli.train_ppo_ray ... \\
        --reward.remote_url examples/openrlhf/prism_reward_func.py --data.label_key problem_id

OpenRLHF loads `reward_func(queries, prompts, labels)` from the file and calls it (in a thread) for
each sample: `queries` are the decoded prompt + response, `prompts` the prompts, `labels` the
dataset field named by `--data.label_key` (the problem id). This function posts them to the
server's /get_reward and returns {"rewards", "scores", "extra_logs"}.

Why a function rather than the server's URL: OpenRLHF's own HTTP client tries 5 times one second
apart and then leaves the sample without a reward (training then fails later, far from the cause);
this one retries connection errors and 503 with backoff for PRISM_RETRY_SECONDS, so a server
restarting in a rolling update is waited for, and raises a clear error for what retrying cannot
fix (an empty label: --data.label_key is missing; a label naming no loaded problem).

Environment: PRISM_URL (default http://127.0.0.1:8000), PRISM_SERVER_TOKEN, PRISM_TIMEOUT (seconds
per request, default 300), PRISM_RETRY_SECONDS (default 300). Standard library only (torch tensors
are returned when torch is importable, as OpenRLHF's examples do).
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


def reward_func(queries, prompts, labels):
    """OpenRLHF's custom reward entry: one reward per query."""
    for i, label in enumerate(labels):
        if label is None or str(label).strip() == "":
            raise ValueError(f"labels[{i}] is empty: pass --data.label_key naming the dataset field with the problem id")
    result = _post("/get_reward", {"query": list(queries), "prompts": list(prompts), "labels": [str(x) for x in labels]})
    rewards, logs = result["rewards"], result["extra_logs"]
    try:
        import torch

        return {
            "rewards": torch.tensor(rewards, dtype=torch.float32),
            "scores": torch.tensor(result["scores"], dtype=torch.float32),
            "extra_logs": {k: torch.tensor(v, dtype=torch.float32) for k, v in logs.items()},
        }
    except ImportError:
        return {"rewards": rewards, "scores": result["scores"], "extra_logs": logs}
