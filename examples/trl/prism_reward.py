#!/usr/bin/env python3
"""A TRL reward function (GRPOTrainer / RLOOTrainer) backed by `prism serve`.

    from prism_reward import prism_reward
    trainer = GRPOTrainer(model=..., reward_funcs=[prism_reward], train_dataset=dataset)

TRL calls `reward_func(prompts=..., completions=..., completion_ids=..., **columns)` with every
other dataset column as a keyword argument (plus trainer_state, log_extra, log_metric); the dataset
needs a `problem_id` column. Completions are strings, or conversations: lists of messages
`{"role": "assistant", "content": ..., "reasoning_content": ...}` — a thinking model's reasoning
(Qwen3-style, `parse_response` in transformers >= 5) is where the derivation is, so it is scored
with the content; several messages are joined with blank lines.

Returns one value per completion: the server's reward mix, or None for a completion that cannot
be scored (its problem id is not loaded in the server, or the item is malformed). Current TRL
turns None into NaN and leaves such completions out of the advantages and the logged mean; a
warning names the row when every reward function returned None for it.

Environment: PRISM_URL (default http://127.0.0.1:8000), PRISM_SERVER_TOKEN, PRISM_TIMEOUT (seconds
per request, default 300), PRISM_RETRY_SECONDS (default 300). Standard library only.
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


def _message_text(message):
    if not isinstance(message, dict):
        return str(message)
    parts = [message.get("reasoning_content"), message.get("content")]
    texts = []
    for part in parts:
        if isinstance(part, list):  # multimodal content: its text parts
            part = "\n".join(p.get("text", "") for p in part if isinstance(p, dict))
        if isinstance(part, str) and part.strip():
            texts.append(part)
    return "\n\n".join(texts)


def completion_text(completion):
    """The text scored for one completion: a string as is; a conversation's messages (reasoning and
    content of each) joined with blank lines, so formulas of consecutive turns never run together."""
    if isinstance(completion, str):
        return completion
    if isinstance(completion, dict):
        return _message_text(completion)
    return "\n\n".join(t for t in (_message_text(m) for m in completion) if t)


def prism_reward(completions, problem_id=None, **kwargs):
    """PRISM reward, one float (or None: unscorable) per completion; `problem_id` is the dataset column."""
    if problem_id is None:
        raise ValueError("prism_reward needs a `problem_id` column in the dataset (TRL passes columns by name)")
    items = [{"problem_id": str(p), "response": completion_text(c)} for c, p in zip(completions, problem_id)]
    results = _post("/v1/score", {"items": items, "detail": "summary"})["results"]
    return [None if r.get("reward") is None else float(r["reward"]) for r in results]
