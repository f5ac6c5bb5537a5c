#!/usr/bin/env python3
"""A verl custom reward function that asks `prism serve` for the PRISM step-score reward.

verl config (the parquet's `reward_model.ground_truth` holds the problem id):

    custom_reward_function.path=examples/verl/prism_reward.py
    custom_reward_function.name=compute_score
    # or, with verl's batch reward manager (one HTTP request per batch):
    # reward_model.reward_manager=batch custom_reward_function.name=compute_score_batch

Environment: PRISM_URL (default http://127.0.0.1:8000), PRISM_SERVER_TOKEN (sent as a Bearer token),
PRISM_TIMEOUT seconds (default 300). Returns a dict: `score` is the reward (the server's mix of step
score and final-answer correctness); `step_score`, `final_correct`, `timeout` are logged by verl.
Standard library only.
"""
import json
import os
import time
import urllib.error
import urllib.request


def _post(path, payload, tries=5):
    url = os.environ.get("PRISM_URL", "http://127.0.0.1:8000").rstrip("/") + path
    headers = {"Content-Type": "application/json"}
    token = os.environ.get("PRISM_SERVER_TOKEN")
    if token:
        headers["Authorization"] = f"Bearer {token}"
    body = json.dumps(payload).encode("utf-8")
    for attempt in range(tries):
        request = urllib.request.Request(url, data=body, headers=headers, method="POST")
        try:
            with urllib.request.urlopen(request, timeout=float(os.environ.get("PRISM_TIMEOUT", "300"))) as response:
                return json.loads(response.read().decode("utf-8"))
        except urllib.error.HTTPError as error:
            # 503: the server's queue is full; wait as it asks, then retry.
            if error.code != 503 or attempt == tries - 1:
                raise
            time.sleep(float(error.headers.get("Retry-After", "1")))
    raise RuntimeError("unreachable")


def _problem_id(ground_truth):
    if isinstance(ground_truth, dict):
        return str(ground_truth.get("problem_id", ""))
    return str(ground_truth)


def _as_verl(result):
    return {
        "score": float(result.get("reward", 0.0)),
        "step_score": float(result.get("step_score", 0.0)),
        "final_correct": 1.0 if result.get("final_answer_correct") is True else 0.0,
        "timeout": 1.0 if result.get("status") == "timeout" else 0.0,
    }


def compute_score_batch(data_sources, solution_strs, ground_truths, extra_infos=None, **kwargs):
    """verl batch reward manager entry: one request for the whole batch."""
    items = [{"problem_id": _problem_id(g), "response": s} for s, g in zip(solution_strs, ground_truths)]
    results = _post("/v1/score", {"items": items, "detail": "summary"})["results"]
    return [_as_verl(r) for r in results]


def compute_score(data_source, solution_str, ground_truth, extra_info=None, **kwargs):
    """verl's custom reward function signature: one response, its problem id as ground truth."""
    return compute_score_batch([data_source], [solution_str], [ground_truth], [extra_info])[0]


if __name__ == "__main__":
    import sys

    answers = sys.argv[1] if len(sys.argv) > 1 else "data/answers/mechanics.jsonl"
    with open(answers, encoding="utf-8") as f:
        rows = [json.loads(line) for line in f if line.strip()][:6]
    one = compute_score("prism-physics", rows[0]["response"], rows[0]["problem_id"], extra_info={"index": 0})
    assert isinstance(one["score"], float), one
    batch = compute_score_batch(["prism-physics"] * len(rows), [r["response"] for r in rows], [r["problem_id"] for r in rows])
    assert len(batch) == len(rows) and batch[0] == one, (batch, one)
    print(json.dumps({"ok": True, "scores": [b["score"] for b in batch]}))
